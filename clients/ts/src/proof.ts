// Object proofs (gif_proof) and holdings proofs (gif_holdingsProof) walked
// to a root: docs/PROTOCOL.md, "Proof" and "Holdings". The root they must
// reach is a verified header's, never the proof's own.
import { compare, equal, fromHex, toHex, ZERO_HASH, type Hash } from './bytes.js';
import {
  hash32,
  holdingsKey,
  holdingsSubRoot,
  holdingsValueHash,
  keyBit,
  leafHash,
  objectKey,
  parseDisplayKey,
  valueHash,
} from './commitments.js';
import { VerificationError } from './errors.js';
import type { HexAddress, HexHash } from './records.js';
import {
  laneRoot,
  malformed,
  rootReached,
  setLaneKey,
  setLaneStart,
  siblingHashes,
  siblingsIntoLane,
  walkInJs,
  walkInLane,
  type Lane,
  type Path,
} from './walk.js';
import { wasmKernel } from './wasm.js';

/** gif_proof's answer as the node sends it. */
export interface ObjectProofJson {
  key: HexHash;
  displayKey: string;
  height?: number;
  objectRoot?: HexHash;
  leaf: { owner: HexAddress; contentHash: HexHash; traitsHash: HexHash } | null;
  otherLeaf: { key: HexHash; valueHash: HexHash } | null;
  siblings: HexHash[];
}

/** gif_holdingsProof's answer as the node sends it. */
export interface HoldingsProofJson {
  owner: HexAddress;
  height: number;
  holdingsRoot?: HexHash;
  /** Display keys, `slug#id`. */
  objects: string[];
  otherLeaf: { key: HexHash; valueHash: HexHash } | null;
  siblings: HexHash[];
}

/** A leaf a proof reached: the object's owner and the hashes it commits to. */
export interface ProvenLeaf {
  owner: HexAddress;
  contentHash: HexHash;
  traitsHash: HexHash;
}

function otherLeafStart(other: { key: string; valueHash: string }, key: Hash, depth: number): Hash {
  const otherKey = malformed(() => hash32(other.key, 'otherLeaf.key'));
  const otherValue = malformed(() => hash32(other.valueHash, 'otherLeaf.valueHash'));
  if (equal(otherKey, key))
    throw new VerificationError('key', 'the other leaf has the key asked about');
  for (let i = 0; i < depth; i++)
    if (keyBit(otherKey, i) !== keyBit(key, i))
      throw new VerificationError('off-path', `the other leaf leaves the key's path at depth ${i}`);
  return leafHash(otherKey, otherValue);
}

// A node's answer that is no object at all (null, a number) is malformed,
// not a TypeError: a verifying call rejects only with VerificationError.
function checkShape(proof: unknown, what: string): void {
  if (typeof proof !== 'object' || proof === null || Array.isArray(proof))
    throw new VerificationError('malformed', `the ${what} is not an object`);
}

function checkKey(proof: ObjectProofJson, displayKey: string): Hash {
  if (!parseDisplayKey(displayKey)) throw new VerificationError('malformed', `"${displayKey}" is no slug#id`);
  checkShape(proof, 'proof');
  const key = objectKey(displayKey);
  if (proof.displayKey !== displayKey)
    throw new VerificationError('key', `the proof is for ${JSON.stringify(proof.displayKey)}, not ${displayKey}`);
  // The name matches: it is the key hash the node got wrong.
  if (!equal(malformed(() => hash32(proof.key, 'key')), key))
    throw new VerificationError('key', `the proof's key for ${displayKey} is ${String(proof.key)}, not the hash of "${displayKey}" (${toHex(key)})`);
  return key;
}

interface LeafFields {
  owner: Uint8Array;
  content: Hash;
  traits: Hash;
  leaf: ProvenLeaf;
}

function leafFields(proof: ObjectProofJson): LeafFields {
  if (proof.otherLeaf) throw new VerificationError('malformed', 'a leaf and an other leaf');
  const owner = malformed(() => fromHex(proof.leaf!.owner, 20, 'leaf.owner'));
  const content = malformed(() => hash32(proof.leaf!.contentHash, 'leaf.contentHash'));
  const traits = malformed(() => hash32(proof.leaf!.traitsHash, 'leaf.traitsHash'));
  // What toHex of the bytes would say, from the text just checked to be hex.
  const lower = (text: string): `0x${string}` => `0x${text.slice(2).toLowerCase()}`;
  const { leaf } = proof;
  return { owner, content, traits, leaf: { owner: lower(leaf!.owner), contentHash: lower(leaf!.contentHash), traitsHash: lower(leaf!.traitsHash) } };
}

// An object proof put together in JavaScript: checked, its start hashed.
function objectPath(proof: ObjectProofJson, displayKey: string): Path & { leaf: ProvenLeaf | null } {
  const key = checkKey(proof, displayKey);
  const siblings = siblingHashes(proof.siblings);
  if (proof.leaf) {
    const f = leafFields(proof);
    return { key, start: leafHash(key, valueHash(f.owner, f.content, f.traits)), siblings, leaf: f.leaf };
  }
  const start = proof.otherLeaf ? otherLeafStart(proof.otherLeaf, key, siblings.length) : ZERO_HASH;
  return { key, start, siblings, leaf: null };
}

// The same checks in the same order, the proof put together in a kernel
// lane: siblings decoded there, the leaf hashed there. Returns the depth.
function objectPathInLane(proof: ObjectProofJson, displayKey: string, into: Lane): { depth: number; leaf: ProvenLeaf | null } {
  const key = checkKey(proof, displayKey);
  const depth = siblingsIntoLane(proof.siblings, into);
  setLaneKey(into, key);
  if (proof.leaf) {
    const f = leafFields(proof);
    const { k } = into;
    k.memory.set(f.owner, k.io);
    k.memory.set(f.content, k.io + 20);
    k.memory.set(f.traits, k.io + 52);
    k.objectLeaf(into.lane);
    return { depth, leaf: f.leaf };
  }
  setLaneStart(into, proof.otherLeaf ? otherLeafStart(proof.otherLeaf, key, depth) : ZERO_HASH);
  return { depth, leaf: null };
}

/**
 * Walks an object proof to `root` (a verified header's objectRoot): the
 * proven leaf, or null when the object is proven absent. Throws a
 * VerificationError naming the step that failed.
 */
export function verifyObjectProof(proof: ObjectProofJson, displayKey: string, root: Hash): ProvenLeaf | null {
  const k = wasmKernel();
  if (!k) {
    const path = objectPath(proof, displayKey);
    rootReached(walkInJs(path), root);
    return path.leaf;
  }
  const { depth, leaf } = objectPathInLane(proof, displayKey, { k, lane: 0 });
  k.walk(depth);
  rootReached(laneRoot(k, 0), root);
  return leaf;
}

function named<T>(displayKey: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof VerificationError) throw new VerificationError(e.reason, `${displayKey}: ${e.message}`);
    throw e;
  }
}

/**
 * Many object proofs to one `root`, as verifyObjectProof each, four at a
 * time in WebAssembly's SIMD lanes: several times the proofs a second of
 * one by one. Throws the VerificationError of the first proof that fails,
 * its message naming the object.
 */
export function verifyObjectProofs(
  items: ReadonlyArray<{ proof: ObjectProofJson; displayKey: string }>,
  root: Hash,
): (ProvenLeaf | null)[] {
  const k = wasmKernel();
  if (!k)
    return items.map(({ proof, displayKey }) => named(displayKey, () => verifyObjectProof(proof, displayKey, root)));
  const leaves: (ProvenLeaf | null)[] = [];
  for (let at = 0; at < items.length; at += 4) {
    const group = items.slice(at, at + 4);
    const depths = [0, 0, 0, 0];
    let failure: unknown = null;
    for (let lane = 0; lane < group.length && failure === null; lane++) {
      const { proof, displayKey } = group[lane]!;
      try {
        const prepared = named(displayKey, () => objectPathInLane(proof, displayKey, { k, lane }));
        depths[lane] = prepared.depth;
        leaves.push(prepared.leaf);
      } catch (e) {
        failure = e;
        group.length = lane;
      }
    }
    // The proofs before a malformed one are walked first: one of them that
    // misses the root is the first failure.
    k.walk4(depths[0]!, depths[1]!, depths[2]!, depths[3]!);
    group.forEach(({ displayKey }, lane) => named(displayKey, () => rootReached(laneRoot(k, lane), root)));
    if (failure !== null) throw failure;
  }
  return leaves;
}

/**
 * Walks a holdings proof to `root` (a verified header's holdingsRoot): the
 * complete list of what the address held, sorted by key.
 */
export function verifyHoldingsProof(proof: HoldingsProofJson, owner: string, root: Hash): string[] {
  checkShape(proof, 'holdings proof');
  const address = malformed(() => fromHex(owner, 20, 'owner'));
  if (malformed(() => toHex(fromHex(proof.owner, 20, 'proof.owner'))) !== toHex(address))
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
  const siblings = siblingHashes(proof.siblings);
  const hk = holdingsKey(address);
  let start: Hash = ZERO_HASH;
  if (keys.length > 0) {
    if (proof.otherLeaf) throw new VerificationError('malformed', 'otherLeaf beside objects');
    start = leafHash(hk, holdingsValueHash(keys.length, holdingsSubRoot(keys)));
  } else if (proof.otherLeaf) {
    start = otherLeafStart(proof.otherLeaf, hk, siblings.length);
  }
  const path = { key: hk, start, siblings };
  const k = wasmKernel();
  rootReached(k ? walkInLane(k, path) : walkInJs(path), root);
  return [...proof.objects];
}
