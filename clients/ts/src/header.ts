// Headers of version 2 and their commits (docs/PROTOCOL.md, "Header",
// "Validators", "Verified"): a header is verified only when its hash
// recomputes, it names the set the caller trusts, and a quorum of that set
// (the proposer among them) signed it.
import { concat, equal, fromHex, toHex, u64, utf8, type Hash } from './bytes.js';
import { hash32 } from './commitments.js';
import { VerificationError } from './errors.js';
import { K } from './hash.js';
import { recoverPublicKeyXY } from './secp256k1.js';

import { CHAIN_ID } from './constants.js';
import type { Hex, HexAddress, HexHash } from './records.js';

/** A header as the node sends it (REST `/v1/blocks/:h`, gif_getBlockByHeight). */
export interface HeaderJson {
  height: number;
  parentHash: HexHash;
  timestamp: number;
  proposer: HexAddress;
  objectRoot: HexHash;
  txRoot: HexHash;
  txCount: number;
  validatorsHash: HexHash;
  holdingsRoot: HexHash;
  hash: HexHash;
  commit?: { index: number; signature: Hex }[];
}

/** A header that held every check, with who signed it. */
export interface VerifiedHeader {
  header: HeaderJson;
  /** Addresses of the validators whose signatures recovered, in index order. */
  signers: HexAddress[];
  quorum: number;
  setSize: number;
}

export { CHAIN_ID, DEVNET_VALIDATORS } from './constants.js';

function field(text: unknown, what: string): Hash {
  try {
    return hash32(text as string, what);
  } catch (e) {
    throw new VerificationError('malformed', (e as Error).message);
  }
}

function integer(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new VerificationError('malformed', `${what} is not a non-negative integer`);
  return value;
}

/** K(u64 height ‖ parentHash ‖ u64 timestamp ‖ proposer ‖ objectRoot ‖ txRoot ‖ u64 txCount ‖ validatorsHash ‖ holdingsRoot). */
export function headerHash(h: HeaderJson): Hash {
  let proposer: Uint8Array;
  try {
    proposer = fromHex(h.proposer, 20, 'proposer');
  } catch (e) {
    throw new VerificationError('malformed', (e as Error).message);
  }
  return K(
    concat(
      u64(integer(h.height, 'height')),
      field(h.parentHash, 'parentHash'),
      u64(integer(h.timestamp, 'timestamp')),
      proposer,
      field(h.objectRoot, 'objectRoot'),
      field(h.txRoot, 'txRoot'),
      u64(integer(h.txCount, 'txCount')),
      field(h.validatorsHash, 'validatorsHash'),
      field(h.holdingsRoot, 'holdingsRoot'),
    ),
  );
}

/** K(address_0 ‖ … ‖ address_n-1). */
export function validatorsHash(addresses: readonly string[]): Hash {
  return K(concat(...addresses.map((a, i) => fromHex(a, 20, `validator ${i}`))));
}

/** The first 8 bytes of validatorsHash, grouped by two bytes: `29b0:5fef:2346:bfe9`. */
export function fingerprint(addresses: readonly string[]): string {
  const hex = toHex(validatorsHash(addresses)).slice(2, 18);
  return hex.match(/.{4}/g)!.join(':');
}

/** What a validator signs: K("gif-chain/commit" ‖ u64 chainId ‖ hash). */
export function commitMessage(chainId: number, hash: Hash): Hash {
  return K(concat(utf8('gif-chain/commit'), u64(chainId), hash));
}

/** The address a 65-byte `r ‖ s ‖ v` signature of `digest` recovers to (low s, v 0 or 1), or null. */
export function recoverAddress(digest: Hash, signature: Uint8Array): `0x${string}` | null {
  const xy = recoverPublicKeyXY(digest, signature);
  return xy ? toHex(K(xy).slice(12)) : null;
}

/**
 * Verifies a header against the validators the caller trusts, in the order
 * docs/PROTOCOL.md gives; `parent`, when the caller holds the verified
 * header below it, must be linked to. Throws a VerificationError naming the
 * first check that failed.
 */
export function verifyHeader(
  h: HeaderJson,
  trusted: readonly string[],
  opts: { chainId?: number; parent?: HeaderJson } = {},
): VerifiedHeader {
  const set = trusted.map((a) => a.toLowerCase() as HexAddress);
  if (set.length < 1 || set.length > 100)
    throw new VerificationError('untrusted', 'a trusted set has 1 to 100 validators');
  if (!equal(headerHash(h), field(h.hash, 'hash')))
    throw new VerificationError('header-hash', 'hash does not recompute');
  if (!equal(field(h.validatorsHash, 'validatorsHash'), validatorsHash(set)))
    throw new VerificationError(
      'untrusted',
      `validatorsHash is not the trusted set (fingerprint ${toHex(field(h.validatorsHash, 'validatorsHash')).slice(2, 18).match(/.{4}/g)!.join(':')}, trusted ${fingerprint(set)})`,
    );
  const commit = Array.isArray(h.commit) ? h.commit : [];
  if (commit.length === 0) throw new VerificationError('commit', 'the header carries no commit: unsigned');
  for (let i = 0; i < commit.length; i++) {
    const index = commit[i]!.index;
    if (!Number.isInteger(index) || index < 0 || index >= set.length || (i > 0 && index <= commit[i - 1]!.index))
      throw new VerificationError('commit', 'commit indexes');
  }
  const message = commitMessage(opts.chainId ?? CHAIN_ID, field(h.hash, 'hash'));
  const signers: HexAddress[] = [];
  for (const c of commit) {
    let signature: Uint8Array;
    try {
      signature = fromHex(c.signature, 65, 'signature');
    } catch {
      throw new VerificationError('commit', `signature ${c.index} does not recover to its validator`);
    }
    if (recoverAddress(message, signature) !== set[c.index])
      throw new VerificationError('commit', `signature ${c.index} does not recover to its validator`);
    signers.push(set[c.index]!);
  }
  if (3 * signers.length <= 2 * set.length)
    throw new VerificationError('quorum', `no quorum (${signers.length} of ${set.length})`);
  const proposer = set[h.height % set.length]!;
  if (!signers.includes(proposer)) throw new VerificationError('proposer', 'proposer did not sign');
  if (opts.parent && opts.parent.height + 1 === h.height && opts.parent.hash !== h.parentHash)
    throw new VerificationError('parent', `parentHash does not link to the header at height ${opts.parent.height}`);
  return { header: h, signers, quorum: Math.floor((2 * set.length) / 3) + 1, setSize: set.length };
}
