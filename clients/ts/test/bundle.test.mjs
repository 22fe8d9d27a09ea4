// A page that only reads the chain carries no signature code: bundled from
// @gifscan/client/actions it has nothing of secp256k1; through createClient
// (every action) it does, which is what this test would catch going wrong.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';

const dist = (path) => JSON.stringify(fileURLToPath(new URL(`../dist/${path}`, import.meta.url)));
// secp256k1's group order, in every build of the curve.
const order = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

async function bundle(contents) {
  const out = await build({ stdin: { contents, loader: 'js', resolveDir: fileURLToPath(new URL('.', import.meta.url)) }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false });
  return Buffer.from(out.outputFiles[0].contents).toString();
}

test('reading the head through the actions carries no secp256k1', async () => {
  const headOnly = await bundle(`import { createBaseClient, getBlockNumber } from ${dist('actions/index.js')};
    getBlockNumber(createBaseClient({ rest: location.origin, rpc: location.origin })).then(console.log);`);
  assert.ok(!headOnly.toLowerCase().includes(order), 'secp256k1 in a page that reads the head');
  const everything = await bundle(`import { createPublicClient } from ${dist('index.js')};
    createPublicClient({ rest: location.origin, rpc: location.origin }).verifyObject('a', 1).then(console.log);`);
  assert.ok(everything.toLowerCase().includes(order), 'the verifying page has the curve: the check above can see it');
});

// The page 0.3 set out to shrink (32.8 KiB in 0.2): an owner verified, the
// WebAssembly kernel and secp256k1 included, at most 20 KiB gzipped as
// esbuild minifies it. A size, not a time: the same bytes on any machine.
test('a page that verifies an owner is at most 20 KiB gzipped', async () => {
  const page = await bundle(`import { createBaseClient } from ${dist('actions/index.js')};
    import { verifyObject } from ${dist('verify.js')};
    verifyObject(createBaseClient({ rpc: location.origin }), 'pixel-cats', 1).then((v) => console.log(v.owner));`);
  assert.ok(page.toLowerCase().includes(order), 'the page has the curve');
  const gzipped = gzipSync(Buffer.from(page), { level: 9 }).length;
  assert.ok(gzipped <= 20 * 1024, `the verifying page is ${(gzipped / 1024).toFixed(1)} KiB gzipped`);
});
