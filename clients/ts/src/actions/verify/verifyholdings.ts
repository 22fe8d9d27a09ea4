// One of the verifying actions, one a file; actions/verify.ts gathers
// them and makes them methods.
import { fromHex, toHex } from '../../bytes.js';
import { displayKey, hash32, parseDisplayKey } from '../../commitments.js';
import { checkAddress } from '../../arguments.js';
import { RateLimitedError, RpcError, TimeoutError, UnfinishedError, VerificationError } from '../../errors.js';
import { decodeContents } from '../../content.js';
import type { HeaderJson } from '../../header.js';
import { verifyHoldingsProof, verifyObjectProofs, type ObjectProofJson } from '../../proof.js';
import { getHoldingsProof as holdingsProof } from '../public/getholdingsproof.js';
import { getObjects as objects } from '../public/getobjects.js';
import type { Client, VerifyOptions } from '../../client.js';
import { wholeCall } from '../../transport.js';
import type { HexAddress } from '../../records.js';
import { verifiedHeaderWithin, checkContent, present, unfinished } from './shared.js';
import type { VerifiedObject } from './verifyobject.js';

/** An address's complete holdings at a height, each object proven, against a signed header. */
export interface VerifiedHoldings {
  address: HexAddress;
  height: number;
  header: HeaderJson;
  signers: HexAddress[];
  /** Every object the address held at the height, each proven and its content checked. */
  objects: Omit<VerifiedObject, 'header' | 'signers' | 'height'>[];
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
  // Set where a batch fails, in the same turn as the failure: its
  // rejection reaches the call's end (which aborts what is under way) only
  // turns later, and the other worker, whose answer may be handled in
  // between, must start no batch after it.
  let failed = false;
  const failing = (e: unknown): never => {
    failed = true;
    throw e;
  };
  const checkBatch = (slice: string[], answers: unknown[]): VerifiedHoldings['objects'] => {
    slice.forEach((key, i) => {
      const [proofAnswer, bytes] = [answers[2 * i], answers[2 * i + 1]];
      if (proofAnswer instanceof RpcError) throw unfinished(proofAnswer, `the proof of ${key}`);
      if (bytes instanceof RpcError) throw unfinished(bytes, `the content of ${key}`);
    });
    // The batch's proofs walked together, four at a time (verifyObjectProofs).
    const items = slice.map((key, i) => ({ proof: answers[2 * i] as ObjectProofJson, displayKey: key }));
    const leaves = verifyObjectProofs(items, hash32(v.header.objectRoot)).map((l, i) => present(l, slice[i]!, v.header));
    const decoded = decodeContents(slice.map((key, i) => ({ key, hex: answers[2 * i + 1] })));
    return slice.map((key, i) => {
      const checked = checkContent(leaves[i]!, key, decoded[i]!);
      if (checked.owner !== owner)
        throw new VerificationError('holdings', `${key} is in ${owner}'s holdings, but its proof names ${checked.owner}`);
      return checked;
    });
  };
  const worker = async () => {
    while (!failed && nextBatch < batches.length) {
      const index = nextBatch++;
      const slice = batches[index]!;
      const calls = slice.flatMap((key) => {
        const { slug, tokenId } = parseDisplayKey(key)!;
        return [
          { method: 'gif_proof', params: [slug, tokenId, height] },
          { method: 'gif_getObjectBytes', params: [slug, tokenId, height] },
        ];
      });
      const answers = await client.transport
        .rpcBatch(client.options.rpc, calls, o)
        .catch((e: unknown) => failing(unfinished(e, `the proofs of ${slice.length} objects`)));
      try {
        checkedBatches[index] = checkBatch(slice, answers);
      } catch (e) {
        failing(e);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  const objects = checkedBatches.flat();
  return { address: owner, height, header: v.header, signers: v.signers, objects };
}
