// The package's types as a strict TypeScript user meets them: `ws`'s
// WebSocket and the browser's both fit createClient's option, no cast.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
  const w = await withWs.wallet('0x' + '00'.repeat(20));
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
