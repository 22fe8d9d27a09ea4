// The proof checks bench/speed.mjs (Node) and bench/speed-browser.mjs
// (Chromium) measure, the same code in both: an 18-sibling membership
// proof as bench_core's ProofVerification checks (a 100,000-leaf tree),
// one at a time and a hundred at once, as the node sends it (JSON, hex).
import {
  innerHash, keyBit, leafHash, objectKey, toHex, valueHash, traitsHash, verifyObjectProof, verifyObjectProofs,
} from '../dist/index.js';
import { H } from '../dist/hash.js';
import { wasmKernel } from '../dist/wasm.js';

const random = (n) => crypto.getRandomValues(new Uint8Array(n));

function rate(f, ms) {
  for (let i = 0; i < 300; i++) f();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 20; i++) f();
    n += 20;
  }
  return (n * 1000) / (performance.now() - start);
}

export function measureProofs(ms = 2000) {
  const displayKey = 'pixel-cats#4242';
  const key = objectKey(displayKey);
  const owner = random(20);
  const contentHash = H(random(100));
  const traits = traitsHash([{ trait: 'Eyes', value: 'Gold' }]);
  const siblings = Array.from({ length: 18 }, () => random(32));
  let root = leafHash(key, valueHash(owner, contentHash, traits));
  for (let i = 0; i < 18; i++) root = keyBit(key, 17 - i) === 0 ? innerHash(root, siblings[i]) : innerHash(siblings[i], root);
  // Through JSON, as a node's answer arrives: flat strings, as parsed.
  const proof = JSON.parse(JSON.stringify({
    key: toHex(key), displayKey, objectRoot: toHex(root),
    leaf: { owner: toHex(owner), contentHash: toHex(contentHash), traitsHash: toHex(traits) },
    otherLeaf: null, siblings: siblings.map(toHex),
  }));
  const hundred = Array.from({ length: 100 }, () => ({ proof, displayKey }));
  const block = random(64);
  return {
    kernel: wasmKernel() !== null,
    sha256Of64: rate(() => H(block), ms),
    oneByOne: rate(() => verifyObjectProof(proof, displayKey, root), ms),
    hundredAtOnce: 100 * rate(() => verifyObjectProofs(hundred, root), ms),
  };
}
