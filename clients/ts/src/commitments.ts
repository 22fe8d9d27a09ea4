// The leaf, trie and holdings commitments of docs/PROTOCOL.md ("What an
// auditor checks"), as the node and the C++ core compute them.
import { concat, compare, fromHex, u16, u64, utf8, ZERO_HASH, type Hash } from './bytes.js';
import { H, Htext, K } from './hash.js';

/** One of an object's traits: a name and its value. */
export interface Trait {
  trait: string;
  value: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_TOKEN_ID = 2n ** 53n;

/** Whether `slug` is a collection slug: `^[a-z0-9][a-z0-9-]{0,63}$`. */
export function isValidSlug(slug: string): boolean {
  return SLUG.test(slug);
}

/** `slug#id`, or null when it is not one (leading zeros, ids of 2^53 or more). */
export function parseDisplayKey(key: string): { slug: string; tokenId: number } | null {
  if (typeof key !== 'string') return null;
  const at = key.lastIndexOf('#');
  if (at < 0) return null;
  const slug = key.slice(0, at);
  const id = key.slice(at + 1);
  if (!isValidSlug(slug) || !/^(0|[1-9][0-9]*)$/.test(id) || BigInt(id) >= MAX_TOKEN_ID) return null;
  return { slug, tokenId: Number(id) };
}

/** An object's display key, `slug#id`. */
export function displayKey(slug: string, tokenId: number | bigint): string {
  return `${slug}#${BigInt(tokenId)}`;
}

/** The trie key of a display key (PROTOCOL: the hash of `slug#id`). */
export function objectKey(key: string): Hash {
  return Htext(key);
}

/** The hash an object's leaf commits its traits to. */
export function traitsHash(traits: readonly Trait[]): Hash {
  // Bytewise on the UTF-8 form, not by UTF-16 code units.
  const encoded = traits.map((t) => [utf8(t.trait), utf8(t.value)] as const);
  encoded.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  const parts: Uint8Array[] = [];
  for (const [trait, value] of encoded) parts.push(u16(trait.length), trait, u16(value.length), value);
  return H(concat(...parts));
}

/** An object leaf's value hash: its owner, content hash and traits hash. */
export function valueHash(owner: Uint8Array, contentHash: Hash, traits: Hash): Hash {
  return H(concat(owner, contentHash, traits));
}

function tagged(tag: number, a: Hash, b: Hash): Hash {
  const buf = new Uint8Array(65);
  buf[0] = tag;
  buf.set(a, 1);
  buf.set(b, 33);
  return H(buf);
}

/** A trie leaf's hash, of its key and value hash. */
export function leafHash(key: Hash, value: Hash): Hash {
  return tagged(0x00, key, value);
}

/** A trie node's hash, of its two children. */
export function innerHash(left: Hash, right: Hash): Hash {
  return tagged(0x01, left, right);
}

/** Bit `i` of a key, 0 = the most significant bit of byte 0. */
export function keyBit(key: Hash, i: number): number {
  return (key[i >> 3]! >> (7 - (i & 7))) & 1;
}

/** The root of a trie over (key, valueHash) leaves with distinct keys. */
export function sparseMerkleRoot(leaves: ReadonlyArray<readonly [Hash, Hash]>): Hash {
  const sorted = [...leaves].sort((a, b) => compare(a[0], b[0]));
  const rootOf = (begin: number, end: number, depth: number): Hash => {
    if (begin === end) return ZERO_HASH;
    if (end - begin === 1 || depth >= 256) return leafHash(sorted[begin]![0], sorted[begin]![1]);
    let mid = begin;
    while (mid < end && keyBit(sorted[mid]![0], depth) === 0) mid++;
    return innerHash(rootOf(begin, mid, depth + 1), rootOf(mid, end, depth + 1));
  };
  return rootOf(0, sorted.length, 0);
}

/** Where a listed object waits: the last 20 bytes of K("gif/escrow" ‖ key). */
export function escrowAddress(key: Hash): Uint8Array {
  return K(concat(utf8('gif/escrow'), key)).slice(12);
}

/** The holdings trie's key of an owner. */
export function holdingsKey(owner: Uint8Array): Hash {
  return H(owner);
}

/** The root of an owner's own set of object keys. */
export function holdingsSubRoot(objectKeys: readonly Hash[]): Hash {
  return sparseMerkleRoot(objectKeys.map((k) => [k, ZERO_HASH] as const));
}

/** A holdings leaf's value hash: how many objects, and their subroot. */
export function holdingsValueHash(count: number | bigint, subRoot: Hash): Hash {
  return H(concat(u64(count), subRoot));
}

/** The 32 bytes of a `0x` hash; throws naming `what` when it is none. */
export const hash32 = (text: string, what = 'hash'): Hash => fromHex(text, 32, what);
