// Proofs and headers verified per second on one core, in Node. Run after
// `npm run build`: node bench/speed.mjs [C++ proofs/s from bench_core's
// ProofVerification, run the same minute, for the ratios]
import { readFileSync } from 'node:fs';
import { verifyHeader } from '../dist/index.js';
import { setWasmDisabled } from '../dist/wasm.js';
import { measureProofs } from './proofspeed.mjs';

const cpp = Number(process.argv[2]) || undefined;
const fmt = (n) => Math.round(n).toLocaleString('en');
const ratio = (n) => (cpp ? ` (${(n / cpp).toFixed(2)}× C++)` : '');
for (const [name, disabled] of [['WebAssembly kernel', false], ['JavaScript only', true]]) {
  setWasmDisabled(disabled);
  const m = measureProofs();
  console.log(`${name}:`);
  console.log(`  64-byte SHA-256: ${fmt(m.sha256Of64)} /s`);
  console.log(`  verifyObjectProof, one at a time: ${fmt(m.oneByOne)} /s${ratio(m.oneByOne)}`);
  console.log(`  verifyObjectProofs, 100 at once: ${fmt(m.hundredAtOnce)} /s${ratio(m.hundredAtOnce)}`);
}
setWasmDisabled(false);

const vectors = JSON.parse(readFileSync(new URL('../../../../shared/vectors/commitments.json', import.meta.url), 'utf8'));
const trusted = vectors.validators.members.map((m) => m.address);
const header = vectors.headers[1];
for (let i = 0; i < 20; i++) verifyHeader(header, trusted);
let n = 0;
const start = performance.now();
while (performance.now() - start < 3000) {
  verifyHeader(header, trusted);
  n++;
}
console.log(`verifyHeader, 3 of 4 signatures recovered: ${fmt((n * 1000) / (performance.now() - start))} /s`);
