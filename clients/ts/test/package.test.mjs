// The packed tarball as a new user installs it in a project of their own:
// ESM import, CommonJS require, strict TypeScript from both, and source maps
// whose sources are in the package.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');

test('the tarball installs and works from ESM, CommonJS and strict TypeScript', { timeout: 180_000 }, () => {
  const work = mkdtempSync(join(tmpdir(), 'gifscan-pack-'));
  // The tarball of the build the other tests run: no prepack here, which would
  // build dist/ again (some 20 s) under the tests running beside this one.
  const said = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  const packed = JSON.parse(said.slice(said.search(/^\[/m)));
  const files = packed[0].files.map((f) => f.path);
  for (const wanted of ['dist/index.js', 'dist/cjs/index.js', 'dist/cjs/package.json', 'src/index.ts', 'wasm/sha256.c', 'examples/verify-owner.mjs', 'README.md', 'CHANGELOG.md', 'docs/api/index.html'])
    assert.ok(files.includes(wanted), `${wanted} is in the package`);
  const project = join(work, 'project');
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user', version: '1.0.0', private: true }));
  // Its dependencies from npm's cache when they are there (the build installed them).
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed[0].filename)], {
    cwd: project,
  });
  const installed = join(project, 'node_modules/@gifscan/client');

  const esm = spawnSync(process.execPath, ['--input-type=module', '-e', "import { createClient, verifyObject } from '@gifscan/client'; console.log(typeof createClient, typeof verifyObject);"], { cwd: project, encoding: 'utf8' });
  assert.equal(esm.stdout.trim(), 'function function', esm.stderr);
  const cjs = spawnSync(process.execPath, ['-e', "const { createClient, checkCertificate } = require('@gifscan/client'); console.log(typeof createClient, typeof checkCertificate);"], { cwd: project, encoding: 'utf8' });
  assert.equal(cjs.stdout.trim(), 'function function', cjs.stderr);
  // The subpaths, both ways.
  for (const [sub, name] of [['actions', 'blockNumber'], ['verify', 'verifyObject'], ['transactions', 'signTransaction'], ['webhooks', 'verifyWebhook']]) {
    const both = spawnSync(process.execPath, ['--input-type=module', '-e', `import { ${name} } from '@gifscan/client/${sub}'; import { createRequire } from 'node:module'; const r = createRequire(process.cwd() + '/'); console.log(typeof ${name}, typeof r('@gifscan/client/${sub}').${name});`], { cwd: project, encoding: 'utf8' });
    assert.equal(both.stdout.trim(), 'function function', `${sub}: ${both.stderr}`);
  }

  // Strict TypeScript, as an ES module and as CommonJS (TS1479 before).
  const usage = `import { createClient, VerificationError } from '@gifscan/client';
const client = createClient({ rest: 'http://127.0.0.1:8545', rpc: 'http://127.0.0.1:8546' });
export async function owner(): Promise<string> {
  try { return (await client.verifyObject('pixel-cats', 1, { maxAgeSeconds: 30 })).owner; }
  catch (e) { if (e instanceof VerificationError) return e.reason; throw e; }
}
`;
  for (const [name, module] of [['esm.mts', 'nodenext'], ['cjs.cts', 'nodenext']]) {
    writeFileSync(join(project, name), usage);
    const r = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--module', module, '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', join(project, name)], { cwd: project, encoding: 'utf8' });
    assert.equal(r.status, 0, `${name}: ${r.stdout}${r.stderr}`);
  }

  // Every source map's sources are in the package.
  for (const map of files.filter((f) => f.endsWith('.js.map'))) {
    const at = dirname(join(installed, map));
    for (const source of JSON.parse(readFileSync(join(installed, map), 'utf8')).sources)
      assert.ok(existsSync(resolve(at, source)), `${map} names ${source}`);
  }
});
