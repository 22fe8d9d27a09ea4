// Object proofs (gif_proof) and holdings proofs (gif_holdingsProof) walked
// to a root: docs/PROTOCOL.md, "Proof" and "Holdings". The root they must
// reach is a verified header's, never the proof's own.
import { compare, equal, fromHex, toHex, ZERO_HASH, type Hash } from './bytes.js';
import {
  hash32,
  holdingsKey,
  holdingsSubRoot,
  holdingsValueHash,
  innerHash,
  keyBit,
  leafHash,
  objectKey,
  parseDisplayKey,
  valueHash,
} from './commitments.js';
import { VerificationError } from './errors.js';

/** gif_proof's answer as the node sends it. */
export interface ObjectProofJson {
  key: string;
  displayKey: string;
  height?: number;
  objectRoot?: string;
  leaf: { owner: string; contentHash: string; traitsHash: string } | null;
  otherLeaf: { key: string; valueHash: string } | null;
  siblings: string[];
}

/** gif_holdingsProof's answer as the node sends it. */
export interface HoldingsProofJson {
  owner: string;
  height: number;
  holdingsRoot?: string;
  objects: string[];
  otherLeaf: { key: string; valueHash: string } | null;
  siblings: string[];
}

export interface ProvenLeaf {
  owner: string;
  contentHash: string;
  traitsHash: string;
}

function walk(start: Hash, key: Hash, siblings: readonly Hash[]): Hash {
  let h = start;
  const depth = siblings.length;
  for (let i = 0; i < depth; i++) {
    const s = siblings[i]!;
    h = keyBit(key, depth - 1 - i) === 0 ? innerHash(h, s) : innerHash(s, h);
  }
  return h;
}

function hashes(list: unknown, what: string): Hash[] {
  if (!Array.isArray(list)) throw new VerificationError('malformed', `${what} is not a list`);
  if (list.length > 256)
    throw new VerificationError('too-deep', `${list.length} siblings: a path is at most 256 deep`);
  return list.map((s, i) => parse(() => hash32(s as string, `${what}[${i}]`)));
}

function parse<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new VerificationError('malformed', (e as Error).message);
  }
}

function otherLeafStart(other: { key: string; valueHash: string }, key: Hash, depth: number): Hash {
  const otherKey = parse(() => hash32(other.key, 'otherLeaf.key'));
  const otherValue = parse(() => hash32(other.valueHash, 'otherLeaf.valueHash'));
  if (equal(otherKey, key))
    throw new VerificationError('key', 'the other leaf has the key asked about');
  for (let i = 0; i < depth; i++)
    if (keyBit(otherKey, i) !== keyBit(key, i))
      throw new VerificationError('off-path', `the other leaf leaves the key's path at depth ${i}`);
  return leafHash(otherKey, otherValue);
}

/**
 * Walks an object proof to `root` (a verified header's objectRoot): the
 * proven leaf, or null when the object is proven absent. Throws a
 * VerificationError naming the step that failed.
 */
export function verifyObjectProof(proof: ObjectProofJson, displayKey: string, root: Hash): ProvenLeaf | null {
  if (!parseDisplayKey(displayKey)) throw new VerificationError('malformed', `"${displayKey}" is no slug#id`);
  const key = objectKey(displayKey);
  if (proof.displayKey !== displayKey || !equal(parse(() => hash32(proof.key, 'key')), key))
    throw new VerificationError('key', `the proof is for ${proof.displayKey}, not ${displayKey}`);
  const siblings = hashes(proof.siblings, 'siblings');
  let start: Hash;
  let leaf: ProvenLeaf | null = null;
  if (proof.leaf) {
    if (proof.otherLeaf) throw new VerificationError('malformed', 'a leaf and an other leaf');
    const owner = parse(() => fromHex(proof.leaf!.owner, 20, 'leaf.owner'));
    const content = parse(() => hash32(proof.leaf!.contentHash, 'leaf.contentHash'));
    const traits = parse(() => hash32(proof.leaf!.traitsHash, 'leaf.traitsHash'));
    start = leafHash(key, valueHash(owner, content, traits));
    leaf = { owner: toHex(owner), contentHash: toHex(content), traitsHash: toHex(traits) };
  } else if (proof.otherLeaf) {
    start = otherLeafStart(proof.otherLeaf, key, siblings.length);
  } else {
    start = ZERO_HASH;
  }
  const computed = walk(start, key, siblings);
  if (!equal(computed, root))
    throw new VerificationError(
      'root-mismatch',
      `the proof leads to ${toHex(computed)}, the verified header commits to ${toHex(root)}`,
    );
  return leaf;
}

/**
 * Walks a holdings proof to `root` (a verified header's holdingsRoot): the
 * complete list of what the address held, sorted by key.
 */
export function verifyHoldingsProof(proof: HoldingsProofJson, owner: string, root: Hash): string[] {
  const address = parse(() => fromHex(owner, 20, 'owner'));
  if (parse(() => toHex(fromHex(proof.owner, 20, 'proof.owner'))) !== toHex(address))
    throw new VerificationError('key', `the proof is for ${proof.owner}, not ${owner}`);
  if (!Array.isArray(proof.objects)) throw new VerificationError('malformed', 'objects is not a list');
  const keys: Hash[] = [];
  for (const k of proof.objects) {
    if (!parseDisplayKey(k)) throw new VerificationError('malformed', `malformed display key "${String(k).slice(0, 80)}"`);
    const key = objectKey(k);
    const last = keys[keys.length - 1];
    if (last && !(compare(last, key) < 0))
      throw new VerificationError('key-order', `keys not strictly ascending at "${k}"`);
    keys.push(key);
  }
  const siblings = hashes(proof.siblings, 'siblings');
  const hk = holdingsKey(address);
  let start: Hash = ZERO_HASH;
  if (keys.length > 0) {
    if (proof.otherLeaf) throw new VerificationError('malformed', 'otherLeaf beside objects');
    start = leafHash(hk, holdingsValueHash(keys.length, holdingsSubRoot(keys)));
  } else if (proof.otherLeaf) {
    start = otherLeafStart(proof.otherLeaf, hk, siblings.length);
  }
  const computed = walk(start, hk, siblings);
  if (!equal(computed, root))
    throw new VerificationError(
      'root-mismatch',
      `the proof leads to ${toHex(computed)}, the verified header commits to ${toHex(root)}`,
    );
  return [...proof.objects];
}
