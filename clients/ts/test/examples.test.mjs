// The examples of the README run as a user runs them, against a devnet.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { createClient, PrivateKey } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

const run = promisify(execFile);
const example = (name) => new URL(`../examples/${name}`, import.meta.url).pathname;
let node;
before(async () => {
  node = await startDevnet(['--objects', '12', '--block-time', '0.3']);
});
after(() => node?.stop());

// Three minutes: seven node processes and a TypeScript compile one after
// another, beside the C++ suites (tests/CMakeLists.txt starts ClientTs
// with them). At 60 s, CI's cold run at dc78082 reached follow-heads after
// 57 s, and the test timed out waiting for its third head.
test('verify an owner, audit an address, send a transfer, follow heads', { timeout: 180_000 }, async (t) => {
  const { rest, rpc, ws } = node.endpoints;
  const client = createClient(node.endpoints);
  let first;
  for await (const o of client.objects({ limit: 1 })) {
    first = o;
    break;
  }
  const owner = await run('node', [example('verify-owner.mjs'), rest, rpc, first.key]);
  assert.match(owner.stdout, /owned by 0x[0-9a-f]{40} \(signed by [34] validators\)/);
  // The TypeScript example, compiled as its header says (strict besides),
  // inside the package so that it finds '@gifscan/client' as a user's would.
  const out = new URL('.tsexample/', import.meta.url).pathname;
  await run('node', [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '--strict', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--rootDir', example(''), '--outDir', out, example('verify-owner.ts')]);
  const typed = await run('node', [`${out}verify-owner.js`, rest, rpc, first.key]);
  assert.match(typed.stdout, /owned by 0x[0-9a-f]{40} \(signed by [34] validators\)/);
  const refused = await run('node', [`${out}verify-owner.js`, rest, rpc, 'Pixel Cats#1']).catch((e) => e);
  assert.match(refused.stderr, /^slug: /);
  const audit = await run('node', [example('audit-address.mjs'), rest, rpc, first.owner]);
  assert.match(audit.stdout, /held exactly \d+ objects at height \d+, proven/);
  const sent = await run('node', [example('send-transfer.mjs'), rest, rpc, PrivateKey.devnet(5).address, '0.5']);
  assert.match(sent.stdout, /: success in block \d+/);
  const heads = await new Promise((resolve, reject) => {
    // Ended with the test, however it ends: a follower left running kept
    // this file's process, and so the runner and ctest, waiting for it.
    const child = execFile('node', [example('follow-heads.mjs'), rest, rpc, ws], { signal: t.signal, timeout: 60_000 });
    let out = '';
    child.on('exit', (code, signal) => reject(new Error(`follow-heads ended (${code ?? signal}) before three heads: ${out}`)));
    child.stdout.on('data', (d) => {
      out += d;
      if (out.split('\n').length > 3) {
        child.kill();
        resolve(out);
      }
    });
    child.on('error', reject);
  });
  assert.match(heads, /^\d+ 0x[0-9a-f]{64} signed by 4 of 4$/m);
});
