// createClient: every /v1 REST endpoint and every JSON-RPC method of
// docs/PROTOCOL.md, typed, with the optional height; lists as async
// iterables over pages that keep the first page's pinned height; GraphQL;
// and the verifying calls (verify.ts, watch.ts).
import type { HeaderJson } from './header.js';
import { DEVNET_VALIDATORS } from './header.js';
import type {
  Activity,
  Block,
  Collection,
  Listing,
  ObjectRecord,
  ObjectSummary,
  Receipt,
  TraitCounts,
  Transaction,
  Validators,
  Wallet,
} from './records.js';
import type { HoldingsProofJson, ObjectProofJson } from './proof.js';
import { Transport, type CallOptions, type FetchLike, type RestAnswer } from './transport.js';
import { HttpError, ProtocolError, TimeoutError } from './errors.js';
import type { SignedTransaction } from './transactions.js';
import type { VerifiedHeader } from './header.js';
import { verifiedHeader, verifyHoldings, verifyObject, type VerifiedHoldings, type VerifiedObject } from './verify.js';
import {
  onHeads,
  onObjectEvents,
  watchHeads,
  watchObjectEvents,
  type EventFilter,
  type VerifiedEvent,
  type WatchCallbacks,
  type WatchOptions,
} from './watch.js';

/**
 * What the client uses of a websocket. Structural, so that the browser's
 * WebSocket (and Node 22's) and `ws`'s class both fit without a cast; the
 * handlers' events are `never` here because each implementation has its
 * own event types, and the client reads only a message's `data`.
 */
export interface WebSocketInstance {
  send(data: string): void;
  close(): void;
  onopen: ((this: never, event: never) => unknown) | null;
  onclose: ((this: never, event: never) => unknown) | null;
  onerror: ((this: never, event: never) => unknown) | null;
  onmessage: ((this: never, event: never) => unknown) | null;
}

/** A WebSocket constructor: globalThis.WebSocket in browsers and Node 22, or `ws`'s. */
export type WebSocketLike = new (url: string) => WebSocketInstance;

export interface ClientOptions {
  /** The REST base URL (`base_url`), e.g. http://127.0.0.1:8545. */
  rest: string;
  /** The JSON-RPC URL (`rpc_url`). */
  rpc: string;
  /** The websocket URL (`rpc_ws_url`), for watchHeads and watchObjectEvents. */
  ws?: string;
  /** Validator addresses trusted to sign headers; the devnet's published set by default. */
  trust?: readonly string[];
  fetch?: FetchLike;
  WebSocket?: WebSocketLike;
  /** Every call's default timeout in ms (30 s). */
  timeoutMs?: number;
  /** How many times a 429 is waited out (3). */
  maxRetries?: number;
  /** The client's own pace for JSON-RPC batches, calls a second (50) and at once (200). */
  rate?: number;
  burst?: number;
  chainId?: number;
}

/** Reads at a height (the head when absent). */
export interface AtHeight extends CallOptions {
  height?: number;
}

/**
 * How fresh a verified answer must be. A proof only says what was true at
 * the header it is checked against: a node (or a lagging replica) that
 * reports an old head gets old owners verified. These refuse that, with a
 * VerificationError whose reason is `stale`.
 */
export interface Freshness {
  /** The header must be at this height or above (one you have already seen). */
  minHeight?: number;
  /** The header's signed timestamp must be at most this many seconds before this machine's clock. */
  maxAgeSeconds?: number;
}

/** A verifying call's options. */
export interface VerifyOptions extends AtHeight, Freshness {}

export interface PageOptions extends CallOptions {
  /** Records a page (1–100, 25 by default). */
  limit?: number;
  /** Start from a page's cursor. */
  cursor?: string;
}

export interface ObjectFilter extends PageOptions {
  collection?: string;
  owner?: string;
  /** `{Name: Value}`: all must hold. */
  traits?: Record<string, string>;
  sort?: 'id' | 'rarity' | 'price' | 'lastSale' | 'listed';
  listed?: boolean;
}

export interface ActivityFilter extends PageOptions {
  types?: Activity['type'][];
  collection?: string;
  address?: string;
  since?: number;
}

export interface GraphqlResult<T = Record<string, unknown>> {
  data?: T;
  errors?: { message: string; path?: (string | number)[]; locations?: { line: number; column: number }[] }[];
  extensions?: { height?: number; cost?: number };
}

/** One page of a list and the height the whole walk answers at. */
export interface Page<T> {
  items: T[];
  height: number;
  cursor: string | null;
}

export class GifClient {
  readonly transport: Transport;
  readonly trust: readonly string[];
  readonly chainId: number;

  constructor(readonly options: ClientOptions) {
    if (!options?.rest || !options?.rpc) throw new TypeError('createClient needs the rest and rpc URLs');
    this.transport = new Transport(options);
    this.trust = Object.freeze([...(options.trust ?? DEVNET_VALIDATORS)].map((a) => a.toLowerCase()));
    this.chainId = options.chainId ?? 6464;
  }

  // --- REST

  private rest<T>(path: string, query: Record<string, string | number | boolean | string[] | undefined> = {}, o?: CallOptions) {
    return this.transport.rest<T>(this.options.rest, path, query, o);
  }

  /** Walks a list from its first page (or `cursor`) to its end, page by page. */
  async *pages<T>(path: string, query: Record<string, string | number | boolean | string[] | undefined>, o: PageOptions = {}): AsyncGenerator<Page<T>> {
    let cursor = o.cursor;
    const seen = new Set<string>();
    for (;;) {
      const answer: RestAnswer<T[]> = await this.rest<T[]>(path, { ...query, limit: o.limit, cursor }, o);
      yield { items: answer.data, height: answer.height, cursor: answer.cursor ?? null };
      if (!answer.cursor) return;
      // A node that repeats a cursor would page for ever.
      if (seen.has(answer.cursor)) throw new ProtocolError(`the node repeated a cursor of ${path}`, { details: `cursor ${answer.cursor}` });
      seen.add(answer.cursor);
      cursor = answer.cursor;
    }
  }

  private async *items<T>(path: string, query: Record<string, string | number | boolean | string[] | undefined>, o: PageOptions = {}): AsyncGenerator<T> {
    for await (const page of this.pages<T>(path, query, o)) yield* page.items;
  }

  /** Blocks, newest first. */
  blocks(o: PageOptions = {}) {
    return this.items<Block>('/blocks', {}, o);
  }
  async block(height: number | string, o?: CallOptions): Promise<Block> {
    return (await this.rest<Block>(`/blocks/${height}`, {}, o)).data;
  }
  async transaction(hash: string, o?: CallOptions): Promise<{ transaction: Transaction; receipt: Receipt | null }> {
    return (await this.rest<{ transaction: Transaction; receipt: Receipt | null }>(`/txs/${hash}`, {}, o)).data;
  }
  objects(f: ObjectFilter = {}) {
    return this.items<ObjectSummary>('/objects', objectQuery(f), f);
  }
  async object(slug: string, tokenId: number, o: AtHeight = {}): Promise<ObjectRecord> {
    return (await this.rest<ObjectRecord>(`/objects/${encodeURIComponent(slug)}/${tokenId}`, { height: o.height }, o)).data;
  }
  /** The GIF's bytes (`/frames`), or frame N composited on the canvas. */
  async frames(slug: string, tokenId: number, o: CallOptions & { frame?: number } = {}): Promise<Uint8Array> {
    const url = new URL(`${this.options.rest.replace(/\/$/, '')}/v1/objects/${encodeURIComponent(slug)}/${tokenId}/frames`);
    if (o.frame !== undefined) url.searchParams.set('frame', String(o.frame));
    const { response } = await this.transport.request(url.toString(), { method: 'GET' }, o);
    if (!response.ok) throw new HttpError(response.status, `HTTP ${response.status} for the frames`);
    return new Uint8Array(await response.arrayBuffer());
  }
  collections(o: PageOptions & { category?: string; sort?: 'volume' | 'floor' | 'items' | 'owners' | 'name' | 'newest' } = {}) {
    return this.items<Collection>('/collections', { category: o.category, sort: o.sort }, o);
  }
  async traitCounts(slug: string, o: AtHeight = {}): Promise<TraitCounts> {
    return (await this.rest<TraitCounts>(`/collections/${encodeURIComponent(slug)}/traits`, { height: o.height }, o)).data;
  }
  async wallet(address: string, o: AtHeight = {}): Promise<Wallet> {
    return (await this.rest<Wallet>(`/wallets/${address}`, { height: o.height }, o)).data;
  }
  activity(f: ActivityFilter = {}) {
    return this.items<Activity>('/activity', { type: f.types?.join(','), collection: f.collection, address: f.address, since: f.since }, f);
  }
  async mempool(o?: CallOptions): Promise<{ pending: number }> {
    return (await this.rest<{ pending: number }>('/mempool', {}, o)).data;
  }

  // --- GraphQL

  /** One GraphQL query (POST /graphql); errors are in the result, as GraphQL has them. */
  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, o?: CallOptions): Promise<GraphqlResult<T>> {
    const { response, body } = await this.transport.request(
      `${this.options.rest.replace(/\/$/, '')}/graphql`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ query, variables }) },
      o,
    );
    if (!body || typeof body !== 'object') {
      if (!response.ok) throw new HttpError(response.status, 'the node did not answer /graphql with JSON');
      throw new ProtocolError('the node did not answer /graphql with JSON');
    }
    return body as GraphqlResult<T>;
  }

  // --- JSON-RPC

  rpc<T>(method: string, params: unknown[] = [], o?: CallOptions): Promise<T> {
    return this.transport.rpc<T>(this.options.rpc, method, params, o);
  }
  chainIdOfNode(o?: CallOptions) {
    return this.rpc<number>('gif_chainId', [], o);
  }
  blockNumber(o?: CallOptions) {
    return this.rpc<number>('gif_blockNumber', [], o);
  }
  blockByHeight(height: number, withTransactions = false, o?: CallOptions) {
    return this.rpc<Block | null>('gif_getBlockByHeight', [height, withTransactions], o);
  }
  transactionByHash(hash: string, o?: CallOptions) {
    return this.rpc<{ transaction: Transaction; receipt: Receipt | null } | null>('gif_getTransaction', [hash], o);
  }
  objectByKey(slug: string, tokenId: number, o: AtHeight = {}) {
    return this.rpc<ObjectRecord | null>('gif_getObject', withHeight([slug, tokenId], o), o);
  }
  objectBytes(slug: string, tokenId: number, o: AtHeight = {}) {
    return this.rpc<string | null>('gif_getObjectBytes', withHeight([slug, tokenId], o), o);
  }
  listing(slug: string, tokenId: number, o?: CallOptions) {
    return this.rpc<Listing | null>('gif_getListing', [slug, tokenId], o);
  }
  proof(slug: string, tokenId: number, o: AtHeight = {}) {
    return this.rpc<ObjectProofJson>('gif_proof', withHeight([slug, tokenId], o), o);
  }
  ownership(address: string, o: AtHeight = {}) {
    return this.rpc<string[]>('gif_getOwnership', withHeight([address], o), o);
  }
  objectRoot(height: number, o?: CallOptions) {
    return this.rpc<string>('gif_objectRoot', [height], o);
  }
  validators(o: AtHeight = {}) {
    return this.rpc<Validators>('gif_validators', withHeight([], o), o);
  }
  holdingsProof(address: string, o: AtHeight = {}) {
    return this.rpc<HoldingsProofJson>('gif_holdingsProof', withHeight([address], o), o);
  }
  sendRawTransaction(raw: string, o?: CallOptions) {
    return this.rpc<string>('gif_sendRawTransaction', [raw], o);
  }
  createWebhook(params: { url: string; types: ('mint' | 'sale' | 'transfer')[]; collection?: string; address?: string; key?: string }, o?: CallOptions) {
    return this.rpc<{ id: string; secret: string; height: number }>('gif_createWebhook', [params], o);
  }
  deleteWebhook(id: string, secret: string, o?: CallOptions) {
    return this.rpc<boolean>('gif_deleteWebhook', [id, secret], o);
  }
  webhookStatus(id: string, secret: string, o?: CallOptions) {
    return this.rpc<Record<string, unknown>>('gif_webhookStatus', [id, secret], o);
  }

  // --- Verified

  /** The header at a height (the head when absent), verified against `trust`. */
  verifiedHeader(o: VerifyOptions = {}): Promise<VerifiedHeader> {
    return verifiedHeader(this, o);
  }
  /**
   * Who owned `slug#tokenId` at the height (the head when absent), proven:
   * the header signed by a quorum of the trusted set, the proof to its
   * objectRoot, the content to the leaf. Rejects with a VerificationError
   * naming the step that failed; an object proven absent is `absent`.
   */
  verifyObject(slug: string, tokenId: number, o: VerifyOptions = {}): Promise<VerifiedObject> {
    return verifyObject(this, slug, tokenId, o);
  }
  /** Everything `address` held at the height, proven complete by the holdings trie, each object proven. */
  verifyHoldings(address: string, o: VerifyOptions = {}): Promise<VerifiedHoldings> {
    return verifyHoldings(this, address, o);
  }
  /** Verified heads, every height once and in order, from `from` (the head) on. */
  watchHeads(o: WatchOptions = {}): AsyncGenerator<VerifiedHeader> {
    return watchHeads(this, o);
  }
  /** Mints, sales, transfers, lists and delists of verified blocks, in order. */
  watchObjectEvents(f: EventFilter = {}): AsyncGenerator<VerifiedEvent> {
    return watchObjectEvents(this, f);
  }
  /** The callback form of watchHeads: returns unwatch(). */
  onHeads(o: WatchOptions & WatchCallbacks<VerifiedHeader>): () => void {
    return onHeads(this, o);
  }
  /** The callback form of watchObjectEvents: returns unwatch(). */
  onObjectEvents(f: EventFilter & WatchCallbacks<VerifiedEvent>): () => void {
    return onObjectEvents(this, f);
  }

  // --- Transactions

  /** Sends a signed transaction; its hash once the node took it (an RpcError -32003 says why not). */
  sendTransaction(tx: SignedTransaction | string, o?: CallOptions): Promise<string> {
    return this.sendRawTransaction(typeof tx === 'string' ? tx : tx.raw, o);
  }
  /** The nonce the next transaction of `address` takes. */
  async nextNonce(address: string, o?: CallOptions): Promise<number> {
    return (await this.wallet(address, o)).nonce;
  }
  /** Waits until the transaction is mined: its receipt (status success or failed, as the chain says). */
  async waitForReceipt(hash: string, o: CallOptions & { pollMs?: number } = {}): Promise<Receipt> {
    const timeoutMs = o.timeoutMs ?? 60_000;
    const endsAt = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.transactionByHash(hash, { signal: o.signal, timeoutMs: Math.max(1000, endsAt - Date.now()) });
      if (found?.receipt) return found.receipt;
      if (Date.now() + (o.pollMs ?? 500) > endsAt) throw new TimeoutError(`${hash} was not mined within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, o.pollMs ?? 500));
      if (o.signal?.aborted) throw o.signal.reason;
    }
  }

  /** The header at a height over JSON-RPC, without its transactions. */
  async header(height: number, o?: CallOptions): Promise<HeaderJson> {
    const b = await this.blockByHeight(height, false, o);
    if (!b) throw new HttpError(404, `no block ${height}`, 'not_found');
    return b;
  }
}

function withHeight(params: unknown[], o: AtHeight): unknown[] {
  return o.height === undefined ? params : [...params, o.height];
}

function objectQuery(f: ObjectFilter) {
  return {
    collection: f.collection,
    owner: f.owner,
    trait: f.traits ? Object.entries(f.traits).map(([k, v]) => `${k}:${v}`) : undefined,
    sort: f.sort,
    listed: f.listed,
  };
}

/** A client of one node, verifying against `trust` (the devnet's set by default). */
export function createClient(options: ClientOptions): GifClient {
  return new GifClient(options);
}
