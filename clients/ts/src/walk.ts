// A proof's path from its start (a leaf's hash, or zero) up to the root it
// reaches: in the WebAssembly kernel's lanes where it runs (src/wasm.ts),
// in JavaScript where it does not. Both give the same root and the same
// verdict on malformed siblings (test/wasm.test.mjs).
import { toHex, type Hash } from './bytes.js';
import { hash32, innerHash, keyBit } from './commitments.js';
import { VerificationError } from './errors.js';
import { asciiIntoIo, LANE_ROOT, LANE_SIBLINGS, LANE_START, MAX_DEPTH, type WasmKernel } from './wasm.js';

/** A path in JavaScript's hands: its key, its start and its siblings from the leaf up. */
export interface Path {
  key: Hash;
  start: Hash;
  siblings: Hash[];
}

/** Where a path is being put together: one of the kernel's four lanes. */
export interface Lane {
  k: WasmKernel;
  lane: number;
}

export function walkInJs(path: Path): Hash {
  let h = path.start;
  const depth = path.siblings.length;
  for (let i = 0; i < depth; i++) {
    const s = path.siblings[i]!;
    h = keyBit(path.key, depth - 1 - i) === 0 ? innerHash(h, s) : innerHash(s, h);
  }
  return h;
}

export function malformed<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new VerificationError('malformed', (e as Error).message);
  }
}

function checkList(list: unknown): asserts list is unknown[] {
  if (!Array.isArray(list)) throw new VerificationError('malformed', 'siblings is not a list');
  if (list.length > MAX_DEPTH)
    throw new VerificationError('too-deep', `${list.length} siblings: a path is at most ${MAX_DEPTH} deep`);
}

/** The siblings of a proof as bytes; the first that is no 32-byte hex is named. */
export function siblingHashes(list: unknown): Hash[] {
  checkList(list);
  // One loop, the element's name spelled only when it is wrong: a proof has
  // some twenty siblings and this runs for every proof checked.
  const out: Hash[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    try {
      out[i] = hash32(list[i] as string);
    } catch {
      out[i] = malformed(() => hash32(list[i] as string, `siblings[${i}]`));
    }
  }
  return out;
}

/**
 * The siblings decoded straight into a lane by the kernel: their text
 * copied in, no array of their own. Anything the kernel
 * would not take goes through siblingHashes, which names what is wrong.
 * Returns the depth.
 */
export function siblingsIntoLane(list: unknown, into: Lane): number {
  checkList(list);
  const { k, lane } = into;
  if (copyText(list, k) && k.unhex(lane, list.length) < 0) return list.length;
  const hashes = siblingHashes(list);
  setLaneSiblings(into, hashes);
  return hashes.length;
}

// Every sibling's 66 characters into io, back to back: false when one is
// no string of that length or holds a character past ASCII (its UTF-8
// would be longer). One join and one encodeInto: ten times the speed of
// copying character by character.
function copyText(list: unknown[], k: WasmKernel): boolean {
  for (const s of list) if (typeof s !== 'string' || s.length !== 66) return false;
  return asciiIntoIo(k, list.join(''));
}

export function setLaneKey(into: Lane, key: Hash): void {
  into.k.memory.set(key, into.k.lanes[into.lane]!);
}

function setLaneSiblings(into: Lane, siblings: readonly Hash[]): void {
  const at = into.k.lanes[into.lane]! + LANE_SIBLINGS;
  siblings.forEach((h, i) => into.k.memory.set(h, at + 32 * i));
}

export function setLaneStart(into: Lane, start: Hash): void {
  into.k.memory.set(start, into.k.lanes[into.lane]! + LANE_START);
}

export function laneRoot(k: WasmKernel, lane: number): Hash {
  const at = k.lanes[lane]! + LANE_ROOT;
  return k.memory.slice(at, at + 32);
}

/** A JavaScript path walked in the kernel's first lane. */
export function walkInLane(k: WasmKernel, path: Path): Hash {
  const into = { k, lane: 0 };
  setLaneKey(into, path.key);
  setLaneStart(into, path.start);
  setLaneSiblings(into, path.siblings);
  k.walk(path.siblings.length);
  return laneRoot(k, 0);
}

export function rootReached(computed: Hash, root: Hash): void {
  for (let i = 0; i < 32; i++)
    if (computed[i] !== root[i])
      throw new VerificationError(
        'root-mismatch',
        `the proof leads to ${toHex(computed)}, the verified header commits to ${toHex(root)}`,
      );
}
