// Ownership certificates of version 2 (docs/PROTOCOL.md, "Ownership
// certificate"), checked offline in the order the protocol gives; the
// first check that fails names the rejection, as gifscan-cli
// check-certificate does.
import { equal, fromHex, toHex } from './bytes.js';
import { hash32, objectKey, parseDisplayKey } from './commitments.js';
import { VerificationError } from './errors.js';
import { H } from './hash.js';
import { CHAIN_ID, DEVNET_VALIDATORS, fingerprint, headerHash, validatorsHash, verifyHeader, type HeaderJson } from './header.js';
import { verifyHoldingsProof, verifyObjectProof, type HoldingsProofJson, type ObjectProofJson } from './proof.js';
import type { HexAddress } from './records.js';

/** An ownership certificate (version 2), as `gifscan-cli certificate` and `holdings -o` write it. */
export interface CertificateJson {
  version: number;
  kind?: string;
  chainId: number;
  network?: string;
  header: HeaderJson;
  validators: HexAddress[];
  displayKey?: string;
  proof?: ObjectProofJson;
  content?: string;
  holdings?: HoldingsProofJson;
}

/** What a certificate proves once every check held. */
export interface CertificateVerdict {
  kind: 'object' | 'holdings';
  height: number;
  header: HeaderJson;
  /** The owner proven (object), or the holder (holdings). */
  owner: HexAddress | null;
  /** Object: whether it existed; holdings: whether anything was held. */
  exists: boolean;
  /** Holdings: every object held. */
  objects?: string[];
  displayKey?: string;
  /** "owned by 0x…", "did not exist", "0x… held exactly N objects". */
  summary: string;
  /** The checks that held, in order. */
  passed: string[];
}

/**
 * Checks a certificate (parsed JSON, or its text) against the validator
 * sets trusted (the devnet's by default; each a list of addresses).
 * Resolves with the verdict, or rejects with a VerificationError whose
 * reason is the check that failed.
 */
export async function checkCertificate(
  certificate: CertificateJson | string,
  opts: { trust?: readonly (readonly string[])[] } = {},
): Promise<CertificateVerdict> {
  let parsed: unknown = certificate;
  if (typeof certificate === 'string') {
    try {
      parsed = JSON.parse(certificate);
    } catch (e) {
      throw new VerificationError('malformed', `the certificate is not JSON: ${(e as Error).message}`);
    }
  }
  const c = parsed as CertificateJson;
  const passed: string[] = [];
  const fail = (reason: ConstructorParameters<typeof VerificationError>[0], message: string): never => {
    throw new VerificationError(reason, message);
  };
  if (c?.version === 1) fail('version', 'a version 1 certificate is unsigned: it proves nothing about the chain');
  if (c?.version !== 2) fail('version', `version ${c?.version} is not 2`);
  passed.push('version');
  if (c.chainId !== CHAIN_ID) fail('chain', `chain id ${c.chainId} is not ${CHAIN_ID}`);
  passed.push('chain');
  if (!c.header || typeof c.header !== 'object') fail('malformed', 'no header');
  if (!equal(headerHash(c.header), hash32(c.header.hash, 'header.hash')))
    fail('header-hash', `the header recomputes to ${toHex(headerHash(c.header))}, not ${c.header.hash}`);
  passed.push('header-hash');
  const validators = Array.isArray(c.validators) ? c.validators.map((a) => String(a).toLowerCase()) : [];
  let named: Uint8Array;
  try {
    named = validatorsHash(validators);
  } catch (e) {
    return fail('validators', (e as Error).message);
  }
  if (validators.length === 0 || !equal(named, hash32(c.header.validatorsHash, 'header.validatorsHash')))
    fail('validators', 'the validators listed are not the set the header names');
  passed.push('validators');
  // Its own set's signatures must be sound before trust is asked at all.
  try {
    verifyHeader(c.header, validators);
  } catch (e) {
    if (e instanceof VerificationError) fail('commit', e.message);
    throw e;
  }
  passed.push('commit');
  const trusted = (opts.trust ?? [DEVNET_VALIDATORS]).some(
    (set) => set.length === validators.length && set.every((a, i) => a.toLowerCase() === validators[i]),
  );
  if (!trusted) fail('trusted', `signed by an unknown validator set, fingerprint ${fingerprint(validators)}: not trusted`);
  passed.push('trusted');
  const height = c.header.height;
  const kind = c.kind ?? 'object';
  if (kind === 'holdings') {
    if (!c.holdings || c.proof || c.content !== undefined || c.displayKey !== undefined)
      fail('kind', c.holdings ? "a holdings certificate also carries an object's proof, key or content" : 'a holdings certificate without holdings');
    const h = c.holdings!;
    if (h.height !== height) fail('height', `the holdings are at height ${h.height}, the header at ${height}`);
    passed.push('height');
    let objects: string[] = [];
    try {
      objects = verifyHoldingsProof(h, h.owner, hash32(c.header.holdingsRoot));
    } catch (e) {
      if (e instanceof VerificationError) fail('holdings', e.message);
      throw e;
    }
    passed.push('holdings');
    const owner = toHex(fromHex(h.owner, 20));
    return {
      kind: 'holdings', height, header: c.header, owner, exists: objects.length > 0, objects, passed,
      summary: objects.length ? `${owner} held exactly ${objects.length} objects` : `${owner} held no objects`,
    };
  }
  if (kind !== 'object') fail('kind', `"${kind}" is not a kind of certificate`);
  if (c.holdings || !c.proof) fail('kind', c.proof ? 'an object certificate carries holdings' : 'an object certificate without a proof');
  const proof = c.proof!;
  if (proof.height !== height) fail('height', `the proof is at height ${proof.height}, the header at ${height}`);
  passed.push('height');
  const key = String(c.displayKey);
  if (!parseDisplayKey(key)) fail('key', `"${key.slice(0, 80)}" is not a well-formed display key`);
  if (proof.displayKey !== key) fail('key', `the proof is for ${proof.displayKey}, the certificate for ${key}`);
  // Both name one object (an edited file renames both), yet the proof's key
  // is another's: say which keys, not one name twice.
  if (proof.key !== toHex(objectKey(key)))
    fail('key', `the proof's key ${proof.key} is not the key of ${key} (${toHex(objectKey(key))}): it proves another object`);
  passed.push('key');
  let leaf: ReturnType<typeof verifyObjectProof> = null;
  try {
    leaf = verifyObjectProof(proof, key, hash32(c.header.objectRoot));
  } catch (e) {
    if (e instanceof VerificationError) fail('proof', e.message);
    throw e;
  }
  passed.push('proof');
  if (c.content !== undefined) {
    if (!leaf) fail('content', 'content is given for an object that did not exist');
    const digest = toHex(H(fromHex(c.content, undefined, 'content')));
    if (digest !== leaf!.contentHash) fail('content', `the content hashes to ${digest}, the leaf commits to ${leaf!.contentHash}`);
    passed.push('content');
  }
  return {
    kind: 'object', height, header: c.header, owner: leaf?.owner ?? null, exists: !!leaf, displayKey: key, passed,
    summary: leaf ? `owned by ${leaf.owner}` : 'did not exist',
  };
}
