// The verifying calls: an owner, or a wallet's complete holdings, proven
// against a header signed by a quorum of the validators the client
// trusts. Each resolves only when every step held, and otherwise rejects
// with a VerificationError naming the step; there is no "unverified" answer.
import { equal, fromHex, toHex } from '../bytes.js';
import { displayKey, hash32, parseDisplayKey } from '../commitments.js';
import { checkAddress, checkHeight, checkSlug, checkTokenId } from '../arguments.js';
import { InvalidArgumentError, RateLimitedError, RpcError, TimeoutError, UnfinishedError, VerificationError, isRefusal } from '../errors.js';
import { decodeContents, type DecodedContent } from '../content.js';
import { verifyHeader, type HeaderJson, type VerifiedHeader } from '../header.js';
import { verifyHoldingsProof, verifyObjectProof, verifyObjectProofs, type ObjectProofJson, type ProvenLeaf } from '../proof.js';
import { getBlockNumber as blockNumber } from './public/getblocknumber.js';
import { getHeader as headerAt } from './public/getheader.js';
import { getHoldingsProof as holdingsProof } from './public/getholdingsproof.js';
import { getObjectBytes as objectBytes } from './public/getobjectbytes.js';
import { getObjects as objects } from './public/getobjects.js';
import { getProof as proofOf } from './public/getproof.js';
import type { Client, Freshness, VerifyOptions } from '../client.js';
import { wholeCall } from '../transport.js';
import type { HexAddress, HexHash } from '../records.js';

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

/** An address's complete holdings at a height, each object proven, against a signed header. */
export interface VerifiedHoldings {
  address: HexAddress;
  height: number;
  header: HeaderJson;
  signers: HexAddress[];
  /** Every object the address held at the height, each proven and its content checked. */
  objects: Omit<VerifiedObject, 'header' | 'signers' | 'height'>[];
}

/** The header at `height` (the head when absent), verified against the client's trust. */
export async function getVerifiedHeader(client: Client, o: VerifyOptions = {}): Promise<VerifiedHeader> {
  return withinCall(client, o, (call) => verifiedHeaderWithin(client, call));
}

async function verifiedHeaderWithin(client: Client, o: VerifyOptions): Promise<VerifiedHeader> {
  checkOptions(o);
  const height = o.height ?? (await blockNumber(client, o));
  const header = await headerAt(client, height, o);
  if (header.height !== height)
    throw new VerificationError('height', `asked for the header at ${height}, the node answered with ${header.height}`);
  const verified = verifyHeader(header, client.trust, { chainId: client.chainId });
  checkFreshness(header, o);
  return verified;
}

/** A verifying call's options as given, before any request: a guard that is no number would guard nothing. */
function checkOptions(o: VerifyOptions) {
  for (const [name, value] of [['minHeight', o.minHeight], ['maxAgeSeconds', o.maxAgeSeconds]] as const)
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw new InvalidArgumentError(name, `${name}: ${String(value)} is not a number, 0 or more: a guard that is no number would guard nothing`);
  checkHeight(o.height);
}

// After the signatures: the height and time checked are the validators', not the node's word.
function checkFreshness(header: HeaderJson, o: Freshness) {
  if (o.minHeight !== undefined && header.height < o.minHeight)
    throw new VerificationError('stale', `the header is at height ${header.height}, below the ${o.minHeight} asked for`);
  if (o.maxAgeSeconds !== undefined) {
    const age = Date.now() / 1000 - header.timestamp;
    if (age > o.maxAgeSeconds)
      throw new VerificationError(
        'stale',
        `the header at height ${header.height} was signed ${Math.round(age)} s ago, more than the ${o.maxAgeSeconds} s allowed`,
      );
  }
}

// The proven leaf and the content's hash agree: what verifyObject and
// verifyHoldings give for each object.
function checkContent(leaf: ProvenLeaf, key: string, decoded: DecodedContent) {
  if (!equal(decoded.hash, hash32(leaf.contentHash)))
    throw new VerificationError('content', `${key}'s content does not hash to the proven ${leaf.contentHash}`);
  const { owner, contentHash, traitsHash } = leaf;
  return { displayKey: key, owner, contentHash, traitsHash, content: decoded.content };
}

function present(leaf: ProvenLeaf | null, key: string, header: HeaderJson): ProvenLeaf {
  if (!leaf) throw new VerificationError('absent', `${key} did not exist at height ${header.height}: proven absent`);
  return leaf;
}

/**
 * What a verification makes of a request that got no answer: an
 * UnfinishedError where the node declined for its own reasons (isRefusal)
 * until the deadline, or answered with an error in place of what was
 * asked; any other failure (a timeout, an abort, an unreachable node) as
 * it is. Neither is a verdict.
 */
function unfinished(error: unknown, what: string): unknown {
  // A rate limit waited out to the deadline stays what it is, with its wait.
  if (error instanceof RateLimitedError || (!(error instanceof RpcError) && !isRefusal(error))) return error;
  const words = error instanceof Error ? error.message : String(error);
  return new UnfinishedError(`could not finish: the node did not answer ${what} (${words})`, { cause: error });
}

/** `timeoutMs` bounds the whole call, every request in it together. */
async function withinCall<T>(client: Client, o: VerifyOptions, call: (o: VerifyOptions) => Promise<T>): Promise<T> {
  const whole = wholeCall(o, client.options.timeoutMs ?? 30_000);
  try {
    return await call({ ...o, ...whole.options });
  } finally {
    whole.done();
  }
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

/**
 * The holdings' objects in batches of at most 50 (100 calls, the node's
 * most) and at most 8 MiB of expected answer, half the node's 16 MiB limit
 * for a batch: each content counts twice its size (hex) besides its proof,
 * sized by the node's list of the owner's objects; one no list gave counts
 * as the largest content the protocol allows (512 KiB). The sizes are the
 * node's word, used only to ask: what it declines anyway is asked again.
 */
async function batchesBySize(client: Client, owner: HexAddress, keys: string[], o: VerifyOptions): Promise<string[][]> {
  const sizes = new Map<string, number>();
  // A client of the JSON-RPC alone has no list of sizes: each counts as the largest.
  if (client.options.rest) try {
    for await (const s of objects(client, { owner, limit: 100, signal: o.signal, deadlineAt: o.deadlineAt }))
      if (typeof s.bytes === 'number' && s.bytes >= 0) sizes.set(s.key, s.bytes);
  } catch (e) {
    if (o.signal?.aborted) throw e; // the call's end; any other failure only leaves sizes unknown
  }
  const expected = (key: string) => 24 * 1024 + 2 * Math.min(sizes.get(key) ?? 512 * 1024, 1 << 30) + 64;
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    if (batch.length > 0 && (batch.length === 50 || bytes + expected(key) > 8 * 1024 * 1024)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(key);
    bytes += expected(key);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * Without a `timeoutMs` of its own the call's time fits its work: the
 * client's default, and what the client's own pace (`rate`) needs for the
 * calls the holdings take, known once their proof is in (2,069 objects are
 * 4,138 calls, some 80 s at 50 a second: they ended in a TimeoutError at
 * 30 s). With one, a pace that cannot finish within it is said at once.
 */
export async function verifyHoldings(client: Client, address: HexAddress, o: VerifyOptions = {}): Promise<VerifiedHoldings> {
  const own = o.timeoutMs !== undefined || o.deadlineAt !== undefined;
  const defaultMs = client.options.timeoutMs ?? 30_000;
  const whole = wholeCall(o, defaultMs);
  const fit = (calls: number, call: VerifyOptions): VerifyOptions => {
    const paceMs = client.transport.paceMs(calls);
    if (!own) return { ...call, ...whole.extendTo(Date.now() + paceMs + defaultMs) };
    if (Date.now() + paceMs > call.deadlineAt!)
      throw new TimeoutError(
        `the holdings are ${calls} calls, ${Math.ceil(paceMs / 1000)} s at this client's pace of ${client.transport.callsPerSecond} a second (createClient's rate): past this call's timeoutMs`,
      );
    return call;
  };
  try {
    return await verifyHoldingsWithin(client, address, { ...o, ...whole.options }, fit);
  } finally {
    whole.done();
  }
}

async function verifyHoldingsWithin(
  client: Client,
  address: HexAddress,
  call: VerifyOptions,
  fit: (calls: number, call: VerifyOptions) => VerifyOptions,
): Promise<VerifiedHoldings> {
  const owner = toHex(fromHex(checkAddress(address), 20, 'address'));
  const v = await verifiedHeaderWithin(client, call);
  const height = v.header.height;
  const proof = await holdingsProof(client, owner, { ...call, height });
  const keys = verifyHoldingsProof(proof, owner, hash32(v.header.holdingsRoot));
  // A proof and a content an object, and the pages of their sizes.
  const o = fit(2 * keys.length + Math.ceil(keys.length / 100), call);
  // Each object's proof and content, in batches sized by count and bytes, two
  // batches in flight so that checking one overlaps the node's answering
  // the next; the transport paces them at the node's rate, and asks again
  // what the node declines (its answer limit among it). A call the node
  // would not answer is an UnfinishedError, a RateLimitedError or a
  // TimeoutError, never a VerificationError: only what was answered and
  // did not hold is that.
  const batches = await batchesBySize(client, owner, keys, o);
  const checkedBatches: VerifiedHoldings['objects'][] = new Array(batches.length);
  let nextBatch = 0;
  const worker = async () => {
    while (nextBatch < batches.length) {
      const index = nextBatch++;
      const slice = batches[index]!;
      const calls = slice.flatMap((key) => {
        const { slug, tokenId } = parseDisplayKey(key)!;
        return [
          { method: 'gif_proof', params: [slug, tokenId, height] },
          { method: 'gif_getObjectBytes', params: [slug, tokenId, height] },
        ];
      });
      const answers = await client.transport.rpcBatch(client.options.rpc, calls, o).catch((e: unknown) => {
        throw unfinished(e, `the proofs of ${slice.length} objects`);
      });
      slice.forEach((key, i) => {
        const [proofAnswer, bytes] = [answers[2 * i], answers[2 * i + 1]];
        if (proofAnswer instanceof RpcError) throw unfinished(proofAnswer, `the proof of ${key}`);
        if (bytes instanceof RpcError) throw unfinished(bytes, `the content of ${key}`);
      });
      // The batch's proofs walked together, four at a time (verifyObjectProofs).
      const items = slice.map((key, i) => ({ proof: answers[2 * i] as ObjectProofJson, displayKey: key }));
      const leaves = verifyObjectProofs(items, hash32(v.header.objectRoot)).map((l, i) => present(l, slice[i]!, v.header));
      const decoded = decodeContents(slice.map((key, i) => ({ key, hex: answers[2 * i + 1] })));
      checkedBatches[index] = slice.map((key, i) => {
        const checked = checkContent(leaves[i]!, key, decoded[i]!);
        if (checked.owner !== owner)
          throw new VerificationError('holdings', `${key} is in ${owner}'s holdings, but its proof names ${checked.owner}`);
        return checked;
      });
    }
  };
  await Promise.all([worker(), worker()]);
  const objects = checkedBatches.flat();
  return { address: owner, height, header: v.header, signers: v.signers, objects };
}

/** @deprecated Since 0.3: {@link getVerifiedHeader}, as viem names it; removed in 0.4. */
export const verifiedHeader = getVerifiedHeader;

/** The verifying calls as methods: `client.extend(verifyActions)`. */
export function verifyActions(client: Client) {
  return {
    /** The header at a height (the head when absent), verified against `trust`. */
    getVerifiedHeader: (o?: VerifyOptions) => getVerifiedHeader(client, o),
    /** @deprecated Since 0.3: {@link getVerifiedHeader}; removed in 0.4. */
    verifiedHeader: (o?: VerifyOptions) => getVerifiedHeader(client, o),
    /**
     * Who owned `slug#tokenId` at the height (the head when absent), proven:
     * the header signed by a quorum of the trusted set, the proof to its
     * objectRoot, the content to the leaf. Rejects with a VerificationError
     * naming the step that failed; an object proven absent is `absent`.
     */
    verifyObject: (slug: string, tokenId: number, o?: VerifyOptions) => verifyObject(client, slug, tokenId, o),
    /** Everything `address` held at the height, proven complete by the holdings trie, each object proven. */
    verifyHoldings: (address: HexAddress, o?: VerifyOptions) => verifyHoldings(client, address, o),
  };
}
/** The verifying calls as methods (`client.extend(verifyActions)`). */
export type VerifyActions = ReturnType<typeof verifyActions>;
