// Proofs and headers verified per second on one core, and the time of a
// whole verifyHoldings, in Node. Run after `npm run build`: node bench/speed.mjs
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  innerHash, keyBit, leafHash, objectKey, toHex, valueHash, traitsHash, verifyHeader, verifyObjectProof,
} from '../dist/index.js';
import { H } from '../dist/hash.js';

function rate(name, f, ms = 2000) {
  for (let i = 0; i < 200; i++) f();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 100; i++) f();
    n += 100;
  }
  const perSecond = (n * 1000) / (performance.now() - start);
  console.log(`${name}: ${Math.round(perSecond).toLocaleString('en')} /s`);
  return perSecond;
}

// A membership proof with 18 siblings, as bench_core's (a 100,000-leaf tree).
const displayKey = 'pixel-cats#4242';
const key = objectKey(displayKey);
const owner = randomBytes(20);
const contentHash = H(randomBytes(100));
const traits = traitsHash([{ trait: 'Eyes', value: 'Gold' }]);
const siblings = Array.from({ length: 18 }, () => new Uint8Array(randomBytes(32)));
let root = leafHash(key, valueHash(owner, contentHash, traits));
for (let i = 0; i < 18; i++) root = keyBit(key, 17 - i) === 0 ? innerHash(root, siblings[i]) : innerHash(siblings[i], root);
const proof = {
  key: toHex(key), displayKey, objectRoot: toHex(root),
  leaf: { owner: toHex(owner), contentHash: toHex(contentHash), traitsHash: toHex(traits) },
  otherLeaf: null, siblings: siblings.map(toHex),
};
const sha = rate('64-byte SHA-256 (two blocks)', () => H(siblings[0].length ? new Uint8Array(64) : null));
const proofs = rate('verifyObjectProof, 18 siblings', () => verifyObjectProof(proof, displayKey, root));
// The proof's 41 SHA-256 blocks: the key (1), the value (2), the leaf (2)
// and 18 inner nodes (2 each). At the speed of a 64-byte hash, that many
// blocks and nothing else would be this many proofs a second:
const limit = (sha * 2) / 41;
console.log(`  the hashes alone allow ${Math.round(limit).toLocaleString('en')} /s: the check runs at ${(proofs / limit).toFixed(2)} of that`);

const vectors = JSON.parse(readFileSync(new URL('../../../../shared/vectors/commitments.json', import.meta.url), 'utf8'));
const trusted = vectors.validators.members.map((m) => m.address);
const header = vectors.headers[1];
rate('verifyHeader, 3 of 4 signatures recovered', () => verifyHeader(header, trusted), 3000);
