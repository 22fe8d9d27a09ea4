// The steps the verifying actions share: a header verified against the
// client's trust and the caller's freshness guards, a content checked
// against its leaf, the whole call within its deadline. Not exported from
// the package.
import { equal, type Bytes } from '../../bytes.js';
import { displayKey, hash32 } from '../../commitments.js';
import { checkHeight } from '../../arguments.js';
import { InvalidArgumentError, RateLimitedError, RpcError, UnfinishedError, VerificationError, isRefusal } from '../../errors.js';
import type { DecodedContent } from '../../content.js';
import { verifyHeader, type HeaderJson, type VerifiedHeader } from '../../header.js';
import type { ProvenLeaf } from '../../proof.js';
import { getBlockNumber as blockNumber } from '../public/getblocknumber.js';
import { getHeader as headerAt } from '../public/getheader.js';
import type { Client, Freshness, VerifyOptions } from '../../client.js';
import { wholeCall } from '../../transport.js';

export async function verifiedHeaderWithin(client: Client, o: VerifyOptions): Promise<VerifiedHeader> {
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
export function checkOptions(o: VerifyOptions) {
  for (const [name, value] of [['minHeight', o.minHeight], ['maxAgeSeconds', o.maxAgeSeconds]] as const)
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0))
      throw new InvalidArgumentError(name, `${name}: ${String(value)} is not a number, 0 or more: a guard that is no number would guard nothing`);
  checkHeight(o.height);
}

// After the signatures: the height and time checked are the validators', not the node's word.
export function checkFreshness(header: HeaderJson, o: Freshness) {
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
export function checkContent(
  leaf: ProvenLeaf,
  key: string,
  decoded: DecodedContent,
): { displayKey: string; owner: ProvenLeaf['owner']; contentHash: ProvenLeaf['contentHash']; traitsHash: ProvenLeaf['traitsHash']; content: Bytes } {
  if (!equal(decoded.hash, hash32(leaf.contentHash)))
    throw new VerificationError('content', `${key}'s content does not hash to the proven ${leaf.contentHash}`);
  const { owner, contentHash, traitsHash } = leaf;
  return { displayKey: key, owner, contentHash, traitsHash, content: decoded.content };
}

export function present(leaf: ProvenLeaf | null, key: string, header: HeaderJson): ProvenLeaf {
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
export function unfinished(error: unknown, what: string): unknown {
  // A rate limit waited out to the deadline stays what it is, with its wait.
  if (error instanceof RateLimitedError || (!(error instanceof RpcError) && !isRefusal(error))) return error;
  const words = error instanceof Error ? error.message : String(error);
  return new UnfinishedError(`could not finish: the node did not answer ${what} (${words})`, { cause: error });
}

/** `timeoutMs` bounds the whole call, every request in it together. */
export async function withinCall<T>(client: Client, o: VerifyOptions, call: (o: VerifyOptions) => Promise<T>): Promise<T> {
  const whole = wholeCall(o, client.options.timeoutMs ?? 30_000);
  try {
    return await call({ ...o, ...whole.options });
  } finally {
    whole.done();
  }
}
