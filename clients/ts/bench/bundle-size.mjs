// The size a page pays for the client: a page that calls verifyObject,
// bundled and minified by esbuild and gzipped, beside viem's
// createPublicClient + getBlockNumber (a page that trusts its node).
// Run after `npm run build`: node bench/bundle-size.mjs
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const actions = fileURLToPath(new URL('../dist/actions/index.js', import.meta.url));
const pages = {
  '@gifscan/client: createPublicClient + verifyObject': `
    import { createPublicClient } from ${JSON.stringify(dist)};
    const client = createPublicClient({ rest: location.origin, rpc: location.origin + '/rpc' });
    client.verifyObject('pixel-cats', 1).then((v) => console.log(v.owner));`,
  '@gifscan/client: createPublicClient + getBlockNumber': `
    import { createPublicClient } from ${JSON.stringify(dist)};
    createPublicClient({ rest: location.origin, rpc: location.origin + '/rpc' }).getBlockNumber().then(console.log);`,
  '@gifscan/client/actions: createBaseClient + getBlockNumber': `
    import { createBaseClient, getBlockNumber } from ${JSON.stringify(actions)};
    getBlockNumber(createBaseClient({ rest: location.origin, rpc: location.origin + '/rpc' })).then(console.log);`,
  'viem: createClient + getBlockNumber (tree-shaken actions)': `
    import { createClient, http } from 'viem';
    import { getBlockNumber } from 'viem/actions';
    getBlockNumber(createClient({ transport: http(location.origin) })).then(console.log);`,
  '@gifscan/client/verify: createBaseClient + verifyObject (tree-shaken actions)': `
    import { createBaseClient } from ${JSON.stringify(actions)};
    import { verifyObject } from ${JSON.stringify(fileURLToPath(new URL('../dist/verify.js', import.meta.url)))};
    verifyObject(createBaseClient({ rest: location.origin, rpc: location.origin + '/rpc' }), 'pixel-cats', 1).then((v) => console.log(v.owner));`,
  'viem: createPublicClient + getBlockNumber': `
    import { createPublicClient, http } from 'viem';
    createPublicClient({ transport: http(location.origin) }).getBlockNumber().then(console.log);`,
};

const rows = [];
for (const [name, contents] of Object.entries(pages)) {
  const out = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const bytes = out.outputFiles[0].contents;
  // secp256k1's curve order, in every build of the signature code.
  const secp = Buffer.from(bytes).toString().toLowerCase().includes('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
  rows.push({ page: name, minifiedKiB: +(bytes.length / 1024).toFixed(1), gzippedKiB: +(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1), secp256k1: secp });
}
console.table(rows);
