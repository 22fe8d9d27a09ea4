// The page the browser test bundles (esbuild) and serves from an origin of
// its own: it verifies the first object's owner and receives a live head,
// with the browser's own fetch and WebSocket, and says what it found in
// window.result.
import { createClient } from '../../dist/index.js';
import { wasmKernel } from '../../dist/wasm.js';

const params = new URLSearchParams(location.search);
const client = createClient({ rest: params.get('rest'), rpc: params.get('rpc'), ws: params.get('ws') });

async function run() {
  let first;
  for await (const o of client.objects({ limit: 1 })) {
    first = o;
    break;
  }
  const verified = await client.verifyObject(first.slug, first.tokenId);
  const from = (await client.blockNumber()) + 1;
  let head;
  for await (const h of client.watchHeads({ from })) {
    head = h;
    break;
  }
  // Whether the proofs were walked in WebAssembly: Chromium compiles the
  // module synchronously on its main thread only below a size it sets.
  const kernel = wasmKernel() !== null;
  return { key: first.key, owner: verified.owner, signers: verified.signers.length, head: head.header.height, from, kernel };
}

run().then(
  (r) => (window.result = { ok: true, ...r }),
  (e) => (window.result = { ok: false, error: `${e?.name}: ${e?.message}` }),
);
