// SHA-256 (FIPS 180-4) for the trie's many short messages: one module-level
// schedule, no objects per call. @noble/hashes's is general (streaming,
// every SHA-2) and allocates a hasher per call, which made a proof check
// 0.05× the C++ core's; this one is held to it byte for byte
// (test/sha256.test.mjs) on every length around the block boundaries.

// FIPS 180-4's constants are the first 32 fractional bits of the cube roots
// of the first 64 primes, and of the square roots of the first 8 for the
// initial hash: computed here exactly, in integers (the k-th root of
// p·2^32k, Newton's method from above), not written out, since 72 random
// words were a sixth of this module's size in a page that verifies.
// test/sha256.test.mjs holds the result to Node's SHA-256.
function rootBits(p: number, k: bigint): number {
  const n = BigInt(p) << (32n * k);
  let x = 1n << 36n;
  for (let y = x; (y = ((k - 1n) * x + n / x ** (k - 1n)) / k) < x; ) x = y;
  return Number(x & 0xffffffffn) | 0;
}
function primes(count: number): number[] {
  const found: number[] = [];
  for (let n = 2; found.length < count; n++) if (found.every((p) => n % p)) found.push(n);
  return found;
}
const PRIMES = /* @__PURE__ */ primes(64);
const K = /* @__PURE__ */ Int32Array.from(PRIMES, (p) => rootBits(p, 3n));
const IV = /* @__PURE__ */ Int32Array.from(PRIMES.slice(0, 8), (p) => rootBits(p, 2n));
/** K and then the initial hash, which the WebAssembly kernel takes from here (src/wasm.ts). */
export const SHA256_CONSTANTS: readonly Int32Array[] = [K, IV];
const W = new Int32Array(64);
const H = new Int32Array(8);
const TAIL = new Uint8Array(128);

function compress(block: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++, at += 4)
    W[i] = (block[at]! << 24) | (block[at + 1]! << 16) | (block[at + 2]! << 8) | block[at + 3]!;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!, b = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

export function sha256(data: Uint8Array): Uint8Array {
  H.set(IV);
  const length = data.length;
  const whole = length - (length % 64);
  for (let at = 0; at < whole; at += 64) compress(data, at);
  // The tail, the 0x80 byte and the length in bits, in one or two blocks.
  const rest = length - whole;
  TAIL.fill(0);
  TAIL.set(data.subarray(whole), 0);
  TAIL[rest] = 0x80;
  const blocks = rest < 56 ? 1 : 2;
  const bits = length * 8;
  const end = blocks * 64;
  const high = Math.floor(bits / 0x100000000);
  TAIL[end - 8] = high >>> 24;
  TAIL[end - 7] = high >>> 16;
  TAIL[end - 6] = high >>> 8;
  TAIL[end - 5] = high;
  TAIL[end - 4] = bits >>> 24;
  TAIL[end - 3] = bits >>> 16;
  TAIL[end - 2] = bits >>> 8;
  TAIL[end - 1] = bits;
  compress(TAIL, 0);
  if (blocks === 2) compress(TAIL, 64);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = H[i]!;
    out[4 * i] = v >>> 24;
    out[4 * i + 1] = v >>> 16;
    out[4 * i + 2] = v >>> 8;
    out[4 * i + 3] = v;
  }
  return out;
}
