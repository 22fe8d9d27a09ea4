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
import { header as headerAt, proof as proofOf, rpc } from './actions/public.js';
import type { Client } from './client.js';

/** An event with the verified header of its block. */
export interface VerifiedEvent extends Activity {
  header: HeaderJson;
}

/** What one transaction of a block does to an object, as its bytes say. */
export interface ObjectTransaction {
  index: number;
  hash: string;
  sender: string;
  kind: 'mint' | 'transferObject' | 'list' | 'delist' | 'buy';
  key: string;
  slug: string;
  tokenId: number;
  to?: string;
  price?: bigint;
  maxPrice?: bigint;
}

const KINDS = { 3: 'mint', 4: 'transferObject', 5: 'list', 6: 'delist', 7: 'buy' } as const;

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
    r.take(8 + 32 + 8); // nonce, gas price, gas limit
    const kind = KINDS[Number(r.uint(1)) as keyof typeof KINDS];
    if (!kind) return null;
    const slug = r.string();
    const id = r.uint(8);
    if (!isValidSlug(slug) || id >= 1n << 53n) return null;
    const tx: ObjectTransaction = { index, hash: toHex(K(raw)), sender: '', kind, key: displayKey(slug, id), slug, tokenId: Number(id) };
    if (kind === 'mint' || kind === 'transferObject') tx.to = toHex(r.take(20));
    if (kind === 'mint') {
      const traits = Number(r.uint(2));
      for (let i = 0; i < traits; i++) {
        r.take(Number(r.uint(2))); // the trait's name
        r.take(Number(r.uint(2))); // its value
      }
      r.take(Number(r.uint(4)));
    }
    if (kind === 'list') tx.price = r.uint(32);
    if (kind === 'buy') tx.maxPrice = r.uint(32);
    if (r.at !== unsigned.length) return null;
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
    const next = page.next;
    if (next !== null && (!Number.isSafeInteger(next) || (next as number) <= from))
      throw new VerificationError('proof', `the node's raw block ${header.height} pages backwards`);
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
 * transaction, found in its own block (a verified header, the txRoot
 * recomputed), says the seller (its sender) and the price.
 */
async function provenListing(client: Client, tx: ObjectTransaction, before: HeaderJson, o: CallOptions): Promise<Listed> {
  const l: { txHash?: unknown; listedAt?: unknown } | null = await rpc(client, 'gif_getListing', [tx.slug, tx.tokenId, before.height], o);
  const at = l?.listedAt;
  if (!l || !Number.isSafeInteger(at) || (at as number) > before.height || typeof l.txHash !== 'string')
    throw new VerificationError('proof', `${tx.key} is in escrow at ${before.height} but the node names no listing for it`);
  const header = await headerAt(client, at as number, o);
  verifyHeader(header, client.trust, { chainId: client.chainId });
  const raws = await provenTransactions(client, header, o);
  const list = raws.map((raw, i) => decodeObjectTransaction(raw, i, client.chainId)).find((t) => t?.hash === l.txHash);
  if (!list || list.kind !== 'list' || list.key !== tx.key)
    throw new VerificationError('proof', `the listing the node names for ${tx.key} is not a list transaction of block ${at}`);
  return { seller: list.sender, price: list.price! };
}

/** An object's state between transactions: its owner, and its listing while in escrow. */
interface State {
  owner: string | null;
  listed?: Listed;
}

/**
 * One way the block's transactions on an object could have gone: which
 * took effect (`took[i]`), the events they make, and the state they leave;
 * null when a transaction marked as taking effect could not have.
 */
function replay(txs: ObjectTransaction[], took: boolean[], start: State, escrow: string, header: HeaderJson): { events: VerifiedEvent[]; end: State } | null {
  let s = start;
  const events: VerifiedEvent[] = [];
  for (const [i, tx] of txs.entries()) {
    if (!took[i]) continue;
    const listed = s.owner === escrow ? s.listed : undefined;
    const event = (type: Activity['type'], from: string | null, to: string | null, price: bigint | null): VerifiedEvent =>
      ({ id: `${header.height}-${tx.index}`, type, key: tx.key, slug: tx.slug, tokenId: tx.tokenId, from, to, price, txHash: tx.hash, height: header.height, timestamp: header.timestamp, header }) as VerifiedEvent;
    if (tx.kind === 'mint' && s.owner === null) {
      events.push(event('mint', null, tx.to!, null));
      s = { owner: tx.to! };
    } else if (tx.kind === 'transferObject' && s.owner === tx.sender && s.owner !== escrow) {
      events.push(event('transfer', tx.sender, tx.to!, null));
      s = { owner: tx.to! };
    } else if (tx.kind === 'list' && s.owner === tx.sender && s.owner !== escrow) {
      events.push(event('list', tx.sender, escrow, tx.price!));
      s = { owner: escrow, listed: { seller: tx.sender, price: tx.price! } };
    } else if (tx.kind === 'delist' && listed && listed.seller === tx.sender) {
      events.push(event('delist', escrow, tx.sender, null));
      s = { owner: tx.sender };
    } else if (tx.kind === 'buy' && listed && tx.maxPrice! >= listed.price) {
      events.push(event('sale', listed.seller, tx.sender, listed.price));
      s = { owner: tx.sender };
    } else return null;
  }
  return { events, end: s };
}

/**
 * The events of an object's transactions in one block: the only way they
 * could have gone that leads from its proven state before the block to its
 * proven state after it. Every way is tried (a transaction may fail for
 * what no header commits to: funds, a collection's creator, a GIF's
 * limits); when two ways with different events both lead there, no event
 * of that object is proven.
 */
function decide(txs: ObjectTransaction[], start: State, endOwner: string | null, escrow: string, header: HeaderJson): VerifiedEvent[] {
  if (txs.length > 10) throw new VerificationError('proof', `${txs[0]!.key} is touched by ${txs.length} transactions in block ${header.height}: more than can be proven without a receipts root`);
  let found: VerifiedEvent[] | null = null;
  for (let mask = 0; mask < 1 << txs.length; mask++) {
    const way = replay(txs, txs.map((_, i) => (mask & (1 << i)) !== 0), start, escrow, header);
    if (!way || way.end.owner !== endOwner) continue;
    const ids = (events: VerifiedEvent[]) => events.map((e) => e.id).join(',');
    if (found && ids(found) !== ids(way.events))
      throw new VerificationError(
        'proof',
        `the transactions on ${txs[0]!.key} in block ${header.height} can have gone two ways that end alike: which took effect cannot be proven without a receipts root`,
      );
    found = way.events;
  }
  if (!found)
    throw new VerificationError('proof', `no way the transactions on ${txs[0]!.key} in block ${header.height} could have gone ends with its proven owner`);
  return found;
}

/** Which objects a watch asks about. */
export interface ObjectScope {
  collection?: string;
  key?: string;
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
  if (header.height > 0 && !before) {
    before = await headerAt(client, header.height - 1, o);
    verifyHeader(before, client.trust, { chainId: client.chainId });
  }
  if (before && before.hash !== header.parentHash)
    throw new VerificationError('parent', `the header below block ${header.height} is not its parent`);
  const events: VerifiedEvent[] = [];
  for (const txs of byKey.values()) {
    const first = txs[0]!;
    const escrow = toHex(escrowAddress(objectKey(first.key)));
    const owner = before ? await provenOwner(client, first, before, o) : null;
    const start: State = { owner };
    if (owner === escrow && txs.some((t) => t.kind === 'delist' || t.kind === 'buy')) start.listed = await provenListing(client, first, before!, o);
    events.push(...decide(txs, start, await provenOwner(client, first, header, o), escrow, header));
  }
  // In the block's order, as the node's feed gives them.
  return events.sort((a, b) => Number(a.id.split('-')[1]) - Number(b.id.split('-')[1]));
}
