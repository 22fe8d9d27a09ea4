// The README runs as written: every ```js block of it, a whole program,
// against a real devnet (its URLs put in place of the README's
// 127.0.0.1:8545-8547), from a folder of its own beside a certificate made
// by gifscan-cli as the README says.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { startDevnet } from './devnet.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = process.env.GIFSCAN_CLI ?? join(root, '../../build/release/app/gifscan-cli');
// Inside the package, so that '@gifscan/client' resolves to it as to an installed one.
const scratch = join(root, 'test', '.readme');
const blocks = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
let node;
let cwd;

before(async () => {
  node = await startDevnet(['--objects', '40', '--block-time', '0.3']);
  // A devnet running for a moment, as a reader's is: blocks past genesis
  // (whose header is days old, and fails the README's freshness guard).
  const { createClient } = await import('../dist/index.js');
  const client = createClient(node.endpoints);
  while ((await client.blockNumber()) < 3) await new Promise((r) => setTimeout(r, 100));
  cwd = mkdtempSync(join(tmpdir(), 'gifscan-readme-'));
  mkdirSync(scratch, { recursive: true });
  execFileSync(cli, ['--rest', node.endpoints.rest, '--rpc', node.endpoints.rpc, 'certificate', 'pixel-cats#1', '-o', join(cwd, 'cert.json')]);
});
after(() => {
  node?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

test('the README has its programs', () => assert.ok(blocks.length >= 5, `${blocks.length} blocks`));

for (const [i, block] of blocks.entries()) {
  test(`README block ${i + 1} runs as written`, { timeout: 90_000 }, async () => {
    const { rest, rpc, ws } = node.endpoints;
    const program = block
      .replaceAll('http://127.0.0.1:8545', rest)
      .replaceAll('http://127.0.0.1:8546', rpc)
      .replaceAll('ws://127.0.0.1:8547', ws);
    const file = join(scratch, `block${i + 1}.mjs`);
    writeFileSync(file, program);
    const { code, out } = await run(file);
    assert.equal(code, 0, `block ${i + 1}:\n${block}\n---\n${out}`);
    assert.ok(out.trim().length > 0, 'it says something');
  });
}
