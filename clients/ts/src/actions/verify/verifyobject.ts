// One of the verifying actions, one a file; actions/verify.ts gathers
// them and makes them methods.
import { displayKey, hash32 } from '../../commitments.js';
import { checkSlug, checkTokenId } from '../../arguments.js';
import { VerificationError } from '../../errors.js';
import { decodeContents } from '../../content.js';
import type { HeaderJson } from '../../header.js';
import { verifyObjectProof } from '../../proof.js';
import { getObjectBytes as objectBytes } from '../public/getobjectbytes.js';
import { getProof as proofOf } from '../public/getproof.js';
import type { Client, VerifyOptions } from '../../client.js';
import type { HexAddress, HexHash } from '../../records.js';
import { checkContent, present, unfinished, verifiedHeaderWithin, withinCall } from './shared.js';

/** An object proven at a height: its owner and hashes, the header they were proven against, and its GIF. */
export interface VerifiedObject {
  displayKey: string;
  owner: HexAddress;
  contentHash: HexHash;
  traitsHash: HexHash;
  height: number;
  header: HeaderJson;
  /** The validators whose signatures on the header recovered. */
  signers: HexAddress[];
  /** The GIF's bytes, which hash to the proven contentHash. */
  content: Uint8Array;
}

/** Who owned `slug#tokenId` at the height (the head when absent), proven: the header signed by a quorum of the trusted set, the proof to its object root, the content to the leaf. Rejects with a VerificationError naming the step that failed. */
export async function verifyObject(client: Client, slug: string, tokenId: number, o: VerifyOptions = {}): Promise<VerifiedObject> {
  return withinCall(client, o, (call) => verifyObjectWithin(client, slug, tokenId, call));
}

async function verifyObjectWithin(client: Client, slug: string, tokenId: number, o: VerifyOptions): Promise<VerifiedObject> {
  const key = displayKey(checkSlug(slug), checkTokenId(tokenId));
  const v = await verifiedHeaderWithin(client, o);
  const at = { ...o, height: v.header.height };
  // Both at once; the proof decides first (an absent object has no content).
  const [proof, bytes] = await Promise.allSettled([proofOf(client, slug, tokenId, at), objectBytes(client, slug, tokenId, at)]);
  if (proof.status === 'rejected') throw unfinished(proof.reason, `the proof of ${key}`);
  const leaf = present(verifyObjectProof(proof.value, key, hash32(v.header.objectRoot)), key, v.header);
  // Only bytes checked against the header make a verdict: the node's
  // error in place of the content is none.
  if (bytes.status === 'rejected') throw unfinished(bytes.reason, `the content of ${key}`);
  const [decoded] = decodeContents([{ key, hex: bytes.value }]);
  return { ...checkContent(leaf, key, decoded!), height: v.header.height, header: v.header, signers: v.signers };
}
