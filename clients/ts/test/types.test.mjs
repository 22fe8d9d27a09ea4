// The package's types as a strict TypeScript user meets them: `ws`'s
// WebSocket and the browser's both fit createClient's option, no cast.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const root = fileURLToPath(new URL('..', import.meta.url));

test('createClient takes ws and the browser WebSocket under strict', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gifscan-types-'));
  writeFileSync(
    join(dir, 'usage.ts'),
    `import WebSocket from 'ws';
import { HEAD_QUERY, createClient } from '${join(root, 'dist/index.js')}';
const endpoints = { rest: 'http://127.0.0.1:8545', rpc: 'http://127.0.0.1:8546', ws: 'ws://127.0.0.1:8547' };
export const withWs = createClient({ ...endpoints, WebSocket });
export const inBrowser = createClient({ ...endpoints, WebSocket: globalThis.WebSocket });
export async function typed(): Promise<[bigint, \`0x\${string}\`, number]> {
  const w = await withWs.wallet(\`0x\${'00'.repeat(20)}\`);
  const { data } = await withWs.graphql(HEAD_QUERY);
  return [w.balance, w.address, data!.head.height];
}
`,
  );
  const tsc = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '--strict', '--noEmit', '--skipLibCheck', '--esModuleInterop',
      '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
      '--lib', 'es2022,dom', '--typeRoots', join(root, 'node_modules/@types'),
      join(dir, 'usage.ts'),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});

// The oldest TypeScript the package supports (5.0, README) and the newest
// it is built with read its declarations without skipLibCheck, in ES
// module and CommonJS programs, with node16 and bundler resolution; what
// was verified is typed as the records are (0x and hex), and so are the
// addresses and hashes a call takes.
test('the declarations hold from TypeScript 5.0 on, without skipLibCheck', () => {
  const usage = `import { createClient, type HexAddress } from '@gifscan/client';
import { verifyObject } from '@gifscan/client/verify';
const client = createClient({ rest: 'http://127.0.0.1:8545', rpc: 'http://127.0.0.1:8546' });
export async function typed() {
  const v = await client.verifyObject('pixel-cats', 1);
  const owner: \`0x\${string}\` = v.owner;
  const signer: \`0x\${string}\` = v.signers[0]!;
  const hash: \`0x\${string}\` = v.header.hash;
  const h = await client.verifyHoldings(owner);
  const address: HexAddress = h.address;
  const gif: Uint8Array = await client.frames('pixel-cats', 1);
  // @ts-expect-error an address is 0x and hex digits, not any string
  await client.verifyHoldings('alice');
  // @ts-expect-error so is a hash
  await client.transaction('nope');
  return [owner, signer, hash, address, gif, verifyObject] as const;
}
`;
  const compilers = { '5.0': 'node_modules/typescript-5.0/bin/tsc', current: 'node_modules/typescript/bin/tsc' };
  for (const [version, tsc] of Object.entries(compilers))
    for (const [type, module, resolution] of [['module', 'nodenext', 'nodenext'], ['commonjs', 'nodenext', 'nodenext'], ['module', 'esnext', 'bundler']]) {
      const dir = mkdtempSync(join(tmpdir(), 'gifscan-types-'));
      mkdirSync(join(dir, 'node_modules/@gifscan'), { recursive: true });
      symlinkSync(root, join(dir, 'node_modules/@gifscan/client'), 'dir');
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
      writeFileSync(join(dir, 'usage.ts'), usage);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module, moduleResolution: resolution, target: 'es2022', lib: ['es2022', 'dom'], types: [] }, files: ['usage.ts'] }),
      );
      const run = spawnSync(process.execPath, [join(root, tsc), '-p', dir], { encoding: 'utf8' });
      assert.equal(run.status, 0, `TypeScript ${version}, ${type}, ${resolution}:\n${run.stdout}${run.stderr}`);
    }
});
