// A page that only reads the chain carries no signature code: bundled from
// @gifscan/client/actions it has nothing of secp256k1; through createClient
// (every action) it does, which is what this test would catch going wrong.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { build } from 'esbuild';

const dist = (path) => JSON.stringify(fileURLToPath(new URL(`../dist/${path}`, import.meta.url)));
// secp256k1's group order, in every build of the curve.
const order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

async function bundle(contents) {
  const out = await build({ stdin: { contents, loader: 'js', resolveDir: fileURLToPath(new URL('.', import.meta.url)) }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false });
  return Buffer.from(out.outputFiles[0].contents).toString().toLowerCase();
}

test('reading the head through the actions carries no secp256k1', async () => {
  const headOnly = await bundle(`import { createBaseClient, blockNumber } from ${dist('actions/index.js')};
    blockNumber(createBaseClient({ rest: location.origin, rpc: location.origin })).then(console.log);`);
  assert.ok(!headOnly.includes(order), 'secp256k1 in a page that reads the head');
  const everything = await bundle(`import { createClient } from ${dist('index.js')};
    createClient({ rest: location.origin, rpc: location.origin }).verifyObject('a', 1).then(console.log);`);
  assert.ok(everything.includes(order), 'the verifying page has the curve: the check above can see it');
});
