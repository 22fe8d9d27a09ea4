// Bytes and their wire forms (docs/PROTOCOL.md, "Values on the wire"):
// 0x-prefixed lowercase hex, big-endian integers, UTF-8 strings.

/** A 32-byte hash or key. */
export type Hash = Uint8Array;
/**
 * Bytes, by a name of its own: TypeScript 5.7 and later print an inferred
 * `Uint8Array` as `Uint8Array<ArrayBufferLike>` in declarations, which
 * TypeScript before 5.7 cannot read; an alias is printed as it is named.
 */
export type Bytes = Uint8Array;
/** A 20-byte address. */
export type AddressBytes = Uint8Array;

/** `0x` + lowercase hex of `bytes`. */
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** `0x` and the bytes' lower-case hex digits. */
export function toHex(bytes: Uint8Array): `0x${string}` {
  let out: `0x${string}` = '0x';
  for (const b of bytes) out += HEX_BYTES[b];
  return out;
}

// Hex digit values by character code; -1 for anything else.
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) NIBBLE[48 + i] = i;
for (let i = 0; i < 6; i++) NIBBLE[65 + i] = NIBBLE[97 + i] = 10 + i;

/**
 * The bytes of `0x`-prefixed hex; throws a TypeError naming what was
 * wrong. `length`, when given, is the exact byte length required.
 */
export function fromHex(text: string, length?: number, what = 'hex'): Uint8Array {
  if (typeof text !== 'string' || text.length % 2 !== 0 || text.charCodeAt(0) !== 48 || (text.charCodeAt(1) | 32) !== 120)
    throw new TypeError(`${what} must be 0x and an even number of hex digits`);
  const out = new Uint8Array((text.length - 2) / 2);
  for (let i = 0, at = 2; i < out.length; i++, at += 2) {
    const hi = NIBBLE[text.charCodeAt(at)] ?? -1;
    const lo = NIBBLE[text.charCodeAt(at + 1)] ?? -1;
    if (hi < 0 || lo < 0) throw new TypeError(`${what} must be 0x and an even number of hex digits`);
    out[i] = (hi << 4) | lo;
  }
  if (length !== undefined && out.length !== length)
    throw new TypeError(`${what} must be ${length} bytes, not ${out.length}`);
  return out;
}

/** The parts one after another, in a new array. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Whether the two hold the same bytes. */
export function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Bytewise order: negative, zero or positive. */
export function compare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** A big-endian unsigned integer of `size` bytes; throws past its range. */
export function uintBytes(value: bigint | number, size: number): Uint8Array {
  let v = BigInt(value);
  if (v < 0n || v >= 1n << BigInt(8 * size))
    throw new RangeError(`${value} does not fit in ${size} bytes`);
  const out = new Uint8Array(size);
  for (let i = size - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** A number as 2 big-endian bytes. */
export const u16 = (v: number | bigint): Bytes => uintBytes(v, 2);
/** A number as 4 big-endian bytes. */
export const u32 = (v: number | bigint): Bytes => uintBytes(v, 4);
/** A number as 8 big-endian bytes. */
export const u64 = (v: number | bigint): Bytes => uintBytes(v, 8);
/** A number as 32 big-endian bytes. */
export const u256 = (v: number | bigint): Bytes => uintBytes(v, 32);

const encoder = new TextEncoder();
/** The UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** 32 zero bytes: the empty subtree's hash. */
export const ZERO_HASH: Hash = new Uint8Array(32);
