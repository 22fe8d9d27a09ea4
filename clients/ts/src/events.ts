// A block's object events, proven rather than taken on the node's word: the
// block's transactions, as broadcast, recompute the verified header's txRoot
// and txCount; each transaction that touches an object is decoded and its
// sender recovered; and which of them took effect is decided by the
// object's proven state before the block (against the header below) and
// after it (against the block's own header). An event is what a transaction
// that took effect did; a failed transaction makes none. docs/PROTOCOL.md,
// "Events, proven", says what the header cannot prove without a receipts
// root, and what this does then.
import { concat, equal, fromHex, toHex } from './bytes.js';
import { displayKey, escrowAddress, hash32, isValidSlug, objectKey } from './commitments.js';
import { VerificationError } from './errors.js';
import { K } from './hash.js';
import { recoverAddress, verifyHeader, type HeaderJson } from './header.js';
import { verifyObjectProof, type ObjectProofJson } from './proof.js';
import type { Activity } from './records.js';
import type { CallOptions } from './transport.js';
import { getHeader as headerAt } from './actions/public/getheader.js';
import { getProof as proofOf } from './actions/public/getproof.js';
import { rpc } from './actions/public/rpc.js';
import type { Client } from './client.js';

/** An event with the verified header of its block. */
export interface VerifiedEvent extends Activity {
  header: HeaderJson;
}

/** What one transaction of a block does to an object, as its bytes say. */
export interface ObjectTransaction {
  index: number;
  hash: `0x${string}`;
  sender: `0x${string}`;
  kind: 'mint' | 'transferObject' | 'list' | 'delist' | 'buy';
  key: string;
  slug: string;
  tokenId: number;
  to?: string;
  price?: bigint;
  maxPrice?: bigint;
  /** Its gas limit covers its intrinsic gas (else it fails, visibly). */
  enoughGas: boolean;
}

const KINDS = { 3: 'mint', 4: 'transferObject', 5: 'list', 6: 'delist', 7: 'buy' } as const;
/** PROTOCOL §3's intrinsic gas of the kinds whose gas does not grow with content. */
const INTRINSIC = { transferObject: 30_000, list: 30_000, delist: 20_000, buy: 40_000 } as const;

/** Reads big-endian fields off bytes; any read past the end throws. */
class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  take(n: number): Uint8Array {
    if (n < 0 || this.at + n > this.bytes.length) throw new RangeError('short');
    const out = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  uint(n: number): bigint {
    let v = 0n;
    for (const b of this.take(n)) v = (v << 8n) | BigInt(b);
    return v;
  }
  string(): string {
    return new TextDecoder('utf-8', { fatal: true }).decode(this.take(Number(this.uint(1))));
  }
}

/**
 * The object a raw transaction (PROTOCOL §3) acts on, its sender and its
 * body; null for a transaction that touches no object, is of another chain,
 * or does not decode or recover (the chain's own executor fails it: it
 * makes no event).
 */
export function decodeObjectTransaction(raw: Uint8Array, index: number, chainId: number): ObjectTransaction | null {
  try {
    if (raw.length < 65) return null;
    const unsigned = raw.subarray(0, raw.length - 65);
    const r = new Reader(unsigned);
    if (r.uint(1) !== 1n || r.uint(8) !== BigInt(chainId)) return null;
    r.take(8 + 32); // nonce, gas price
    const gasLimit = r.uint(8);
    const kind = KINDS[Number(r.uint(1)) as keyof typeof KINDS];
    if (!kind) return null;
    const slug = r.string();
    const id = r.uint(8);
    if (!isValidSlug(slug) || id >= 1n << 53n) return null;
    const tx: ObjectTransaction = { index, hash: toHex(K(raw)), sender: '0x', kind, key: displayKey(slug, id), slug, tokenId: Number(id), enoughGas: true };
    if (kind === 'mint' || kind === 'transferObject') tx.to = toHex(r.take(20));
    if (kind === 'mint') {
      const traits = Number(r.uint(2));
      for (let i = 0; i < traits; i++) {
        r.take(Number(r.uint(2))); // the trait's name
        r.take(Number(r.uint(2))); // its value
      }
      const content = Number(r.uint(4));
      r.take(content);
      tx.enoughGas = gasLimit >= BigInt(50_000 + 16 * content);
    }
    if (kind === 'list') tx.price = r.uint(32);
    if (kind === 'buy') tx.maxPrice = r.uint(32);
    if (r.at !== unsigned.length) return null;
    if (kind !== 'mint') tx.enoughGas = gasLimit >= BigInt(INTRINSIC[kind]);
    const sender = recoverAddress(K(unsigned), raw.subarray(raw.length - 65));
    if (!sender) return null;
    tx.sender = sender;
    return tx;
  } catch {
    return null;
  }
}

/** The block's transactions as broadcast, every page, checked against the verified header's txRoot and txCount. */
async function provenTransactions(client: Client, header: HeaderJson, o: CallOptions): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let from: number | null = 0; from !== null; ) {
    const page: { transactions?: unknown; next?: unknown } = await rpc(client, 'gif_getRawBlock', [header.height, from], o);
    if (!Array.isArray(page?.transactions)) throw new VerificationError('proof', `the node's raw block ${header.height} has no transactions list`);
    for (const t of page.transactions) out.push(fromHex(String(t), undefined, 'a raw transaction'));
    // A node that pages on past what the header counts is lying: stopped here.
    if (out.length > header.txCount)
      throw new VerificationError('proof', `block ${header.height} holds more transactions than the ${header.txCount} its header counts`);
    // `next` is the index of the next transaction: the count so far, or the
    // pages do not add up (empty pages for ever among them).
    const next = page.next;
    if (next !== null && (next !== out.length || (next as number) <= from))
      throw new VerificationError('proof', `the node's raw block ${header.height} pages do not add up`);
    from = next as number | null;
  }
  const root = K(concat(...out.map((raw) => K(raw))));
  if (out.length !== header.txCount || !equal(root, hash32(header.txRoot)))
    throw new VerificationError(
      'proof',
      `the transactions the node gives for block ${header.height} do not make its header's txRoot and txCount (${out.length} of ${header.txCount})`,
    );
  return out;
}

/** The header at `height`, verified against the client's trust. */
async function verifiedAt(client: Client, height: number, o: CallOptions): Promise<HeaderJson> {
  const header = await headerAt(client, height, o);
  verifyHeader(header, client.trust, { chainId: client.chainId });
  return header;
}

/** The verified header below `above`, which must be its parent (`known`: one the caller holds verified already). */
async function parentOf(client: Client, above: HeaderJson, o: CallOptions, known?: HeaderJson): Promise<HeaderJson> {
  const below = known ?? (await verifiedAt(client, above.height - 1, o));
  if (below.hash !== above.parentHash) throw new VerificationError('parent', `the header below block ${above.height} is not its parent`);
  return below;
}

/** An object's owner at a height, proven against that height's verified header (null: it did not exist). */
async function provenOwner(client: Client, tx: ObjectTransaction, header: HeaderJson, o: CallOptions): Promise<string | null> {
  const p = await proofOf(client, tx.slug, tx.tokenId, { ...o, height: header.height });
  return verifyObjectProof(p as ObjectProofJson, tx.key, hash32(header.objectRoot))?.owner.toLowerCase() ?? null;
}

/** What a listing holds: who listed and for how much. */
interface Listed {
  seller: string;
  price: bigint;
}

/**
 * The listing of an object in escrow before the block: its list
 * transaction, proven to have taken effect in its own block (the last thing
 * that block did to the object, from its proven owner below that block and
 * in it), says the seller and the price. A node that names none leaves it
 * not listed: then no delist or buy of it takes effect, and the proven
 * owner after the block decides.
 */
async function provenListing(client: Client, tx: ObjectTransaction, before: HeaderJson, o: CallOptions): Promise<Listed | undefined> {
  const l: { txHash?: unknown; listedAt?: unknown } | null = await rpc(client, 'gif_getListing', [tx.slug, tx.tokenId, before.height], o);
  const at = l?.listedAt;
  if (!l || !Number.isSafeInteger(at) || (at as number) > before.height || typeof l.txHash !== 'string') return undefined;
  const listedIn = await verifiedAt(client, at as number, o);
  const raws = await provenTransactions(client, listedIn, o);
  const txs = raws.map((raw, i) => decodeObjectTransaction(raw, i, client.chainId)).filter((t): t is ObjectTransaction => t?.key === tx.key);
  let owner: string | null = null;
  if (listedIn.height > 0) {
    owner = await provenOwner(client, tx, await parentOf(client, listedIn, o), o);
  }
  const escrow = toHex(escrowAddress(objectKey(tx.key)));
  const notProven = (why: string) => new VerificationError('proof', `the listing the node names for ${tx.key} ${why}`);
  if (owner === escrow) throw notProven(`was made in block ${listedIn.height} while it was in escrow already`);
  const events = decide(txs, { owner }, await provenOwner(client, tx, listedIn, o), escrow, listedIn);
  const last = events.at(-1);
  if (!last || last.txHash !== l.txHash || last.type !== 'list') throw notProven(`did not take effect in block ${listedIn.height}`);
  return { seller: last.from!, price: last.price! };
}

/** An object's state between transactions: its owner, and its listing while in escrow. */
interface State {
  owner: string | null;
  listed?: Listed;
}

/** One transaction applied to a state, when it can take effect there: the state after it and its event. */
function apply(tx: ObjectTransaction, s: State, escrow: string, header: HeaderJson): { next: State; event: VerifiedEvent } | null {
  if (!tx.enoughGas) return null;
  const listed = s.owner === escrow ? s.listed : undefined;
  const event = (type: Activity['type'], from: string | null, to: string | null, price: bigint | null): VerifiedEvent =>
    ({ id: `${header.height}-${tx.index}`, type, key: tx.key, slug: tx.slug, tokenId: tx.tokenId, from, to, price, txHash: tx.hash, height: header.height, timestamp: header.timestamp, header }) as VerifiedEvent;
  if (tx.kind === 'mint' && s.owner === null) return { next: { owner: tx.to! }, event: event('mint', null, tx.to!, null) };
  if (tx.kind === 'transferObject' && s.owner === tx.sender && s.owner !== escrow) return { next: { owner: tx.to! }, event: event('transfer', tx.sender, tx.to!, null) };
  if (tx.kind === 'list' && s.owner === tx.sender && s.owner !== escrow && tx.price! > 0n)
    return { next: { owner: escrow, listed: { seller: tx.sender, price: tx.price! } }, event: event('list', tx.sender, escrow, tx.price!) };
  if (tx.kind === 'delist' && listed && listed.seller === tx.sender) return { next: { owner: tx.sender }, event: event('delist', escrow, tx.sender, null) };
  if (tx.kind === 'buy' && listed && tx.maxPrice! >= listed.price && tx.sender !== listed.seller)
    return { next: { owner: tx.sender }, event: event('sale', listed.seller, tx.sender, listed.price) };
  return null;
}

/** Said when an object's events in a block cannot be told apart: skipped, not a lie. */
export class AmbiguousEventsError extends VerificationError {
  override name = 'AmbiguousEventsError';
  static override readonly brand: string = 'AmbiguousEventsError';
}

/**
 * The events of an object's transactions in one block: the only way they
 * could have gone, under the executor's rules, that leads from its proven
 * state before the block to its proven owner after it. A transfer, list or
 * delist takes effect exactly when the state shows it may (its sender the
 * owner or the seller, a price above zero, gas enough); a buy may also fail
 * for the buyer's balance and a mint for its collection's creator or its
 * GIF's limits, which no header commits to, so both ways are tried for
 * those, depth first. Two ways with different events that end alike prove
 * nothing (AmbiguousEventsError); no way at all means the node's state is
 * not its transactions' (VerificationError).
 */
function decide(txs: ObjectTransaction[], start: State, endOwner: string | null, escrow: string, header: HeaderJson): VerifiedEvent[] {
  const key = txs[0]?.key;
  let found: VerifiedEvent[] | null = null;
  let left = 4096;
  const ids = (events: VerifiedEvent[]) => events.map((e) => e.id + e.type).join(',');
  const walk = (i: number, s: State, events: VerifiedEvent[]) => {
    if (--left < 0) throw new AmbiguousEventsError('proof', `the transactions on ${key} in block ${header.height} can have gone more ways than are tried`);
    if (i === txs.length) {
      if (s.owner !== endOwner) return;
      if (found && ids(found) !== ids(events))
        throw new AmbiguousEventsError('proof', `the transactions on ${key} in block ${header.height} can have gone two ways that end alike: which took effect cannot be proven without a receipts root`);
      found = events;
      return;
    }
    const took = apply(txs[i]!, s, escrow, header);
    if (took) walk(i + 1, took.next, [...events, took.event]);
    if (!took || txs[i]!.kind === 'buy' || txs[i]!.kind === 'mint') walk(i + 1, s, events);
  };
  walk(0, start, []);
  if (!found) throw new VerificationError('proof', `no way the transactions on ${key} in block ${header.height} could have gone ends with its proven owner`);
  return found;
}

/** Which objects a watch asks about. */
export interface ObjectScope {
  collection?: string;
  key?: string;
  /**
   * An object whose transactions in a block can have gone two ways that end
   * alike: none of its events there is proven, so none is delivered, and
   * this is told why (not called: skipped silently).
   */
  onUnproven?: (error: VerificationError) => void;
}

/**
 * The object events of the block `header` heads (verified by the caller),
 * proven: `before` is the verified header below it (fetched and verified
 * when absent). Objects outside `scope` are not looked at.
 */
export async function provenBlockEvents(client: Client, header: HeaderJson, scope: ObjectScope, o: CallOptions, before?: HeaderJson): Promise<VerifiedEvent[]> {
  const raws = await provenTransactions(client, header, o);
  const byKey = new Map<string, ObjectTransaction[]>();
  raws.forEach((raw, i) => {
    const tx = decodeObjectTransaction(raw, i, client.chainId);
    if (!tx || (scope.collection && tx.slug !== scope.collection) || (scope.key && tx.key !== scope.key)) return;
    byKey.set(tx.key, [...(byKey.get(tx.key) ?? []), tx]);
  });
  if (byKey.size === 0) return [];
  if (header.height > 0) before = await parentOf(client, header, o, before);
  const events: VerifiedEvent[] = [];
  for (const txs of byKey.values()) {
    const first = txs[0]!;
    const escrow = toHex(escrowAddress(objectKey(first.key)));
    const owner = before ? await provenOwner(client, first, before, o) : null;
    const start: State = { owner };
    if (owner === escrow && txs.some((t) => t.kind === 'delist' || t.kind === 'buy')) start.listed = await provenListing(client, first, before!, o);
    try {
      events.push(...decide(txs, start, await provenOwner(client, first, header, o), escrow, header));
    } catch (e) {
      if (!(e instanceof AmbiguousEventsError)) throw e;
      scope.onUnproven?.(e);
    }
  }
  // In the block's order, as the node's feed gives them.
  return events.sort((a, b) => Number(a.id.split('-')[1]) - Number(b.id.split('-')[1]));
}
