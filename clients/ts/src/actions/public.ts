// The reads and writes of docs/PROTOCOL.md as free functions over a Client:
// every /v1 REST endpoint and every JSON-RPC method, typed, with the
// optional height; lists as async iterables over pages that keep the first
// page's pinned height; GraphQL; sending transactions. No signature code:
// a page that imports these alone reads the chain without secp256k1.
import type { ActivityFilter, AtHeight, Client, GraphqlResult, ObjectFilter, Page, PageOptions } from '../client.js';
import type { Bytes } from '../bytes.js';
import { checkAddress, checkBlockId, checkHash, checkHeight, checkSlug, checkTokenId, checkWhole } from '../arguments.js';
import { HttpError, ProtocolError, TimeoutError } from '../errors.js';
import type { HeaderJson } from '../header.js';
import type { HoldingsProofJson, ObjectProofJson } from '../proof.js';
import { withAmounts } from '../records.js';
import type {
  HexAddress,
  HexHash,
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
} from '../records.js';
import type { CallOptions, RestAnswer } from '../transport.js';

/** A REST query: each name's value, or values. */
export type RestQuery = Record<string, string | number | boolean | string[] | undefined>;

/** A signed transaction as sendTransaction takes it (transactions.ts makes them). */
export interface RawTransaction {
  raw: string;
}

// REST

async function rest<T>(client: Client, path: string, query: RestQuery = {}, o?: CallOptions): Promise<RestAnswer<T>> {
  const answer = await client.transport.rest<T>(client.options.rest, path, query, o);
  return { ...answer, data: withAmounts(answer.data) };
}

/** A JSON-RPC call whose answer is a record: its amounts made bigint. */
async function rpcRecord<T>(client: Client, method: string, params: unknown[], o?: CallOptions): Promise<T> {
  return withAmounts(await rpc<T>(client, method, params, o));
}

/** Walks a list from its first page (or `cursor`) to its end, page by page. */
export async function* pages<T>(client: Client, path: string, query: RestQuery, o: PageOptions = {}): AsyncGenerator<Page<T>> {
  let cursor = o.cursor;
  const seen = new Set<string>();
  for (;;) {
    const answer: RestAnswer<T[]> = await rest<T[]>(client, path, { ...query, limit: o.limit, cursor }, o);
    yield { items: answer.data, height: answer.height, cursor: answer.cursor ?? null };
    if (!answer.cursor) return;
    // A node that repeats a cursor would page for ever.
    if (seen.has(answer.cursor)) throw new ProtocolError(`the node repeated a cursor of ${path}`, { details: `cursor ${answer.cursor}` });
    seen.add(answer.cursor);
    cursor = answer.cursor;
  }
}

async function* items<T>(client: Client, path: string, query: RestQuery, o: PageOptions = {}): AsyncGenerator<T> {
  for await (const page of pages<T>(client, path, query, o)) yield* page.items;
}

/** Blocks, newest first. */
export function blocks(client: Client, o: PageOptions = {}) {
  return items<Block>(client, '/blocks', {}, o);
}
/** A block by height or hash, with its transactions (REST `/v1/blocks/:id`). Unverified: the node's word. */
export async function block(client: Client, height: number | string, o?: CallOptions): Promise<Block> {
  return (await rest<Block>(client, `/blocks/${checkBlockId(height)}`, {}, o)).data;
}
/** A transaction and its receipt (null while pending) by hash (REST `/v1/txs/:hash`). */
export async function transaction(client: Client, hash: HexHash, o?: CallOptions): Promise<{ transaction: Transaction; receipt: Receipt | null }> {
  return (await rest<{ transaction: Transaction; receipt: Receipt | null }>(client, `/txs/${checkHash(hash)}`, {}, o)).data;
}
/** Objects, filtered and sorted as `f` says, page by page (REST `/v1/objects`). */
export function objects(client: Client, f: ObjectFilter = {}) {
  return items<ObjectSummary>(client, '/objects', objectQuery(f), f);
}
/** One object at a height (REST `/v1/objects/:slug/:id`). Unverified: `verifyObject` proves its owner. */
export async function object(client: Client, slug: string, tokenId: number, o: AtHeight = {}): Promise<ObjectRecord> {
  return (await rest<ObjectRecord>(client, `/objects/${checkSlug(slug)}/${checkTokenId(tokenId)}`, { height: checkHeight(o.height) }, o)).data;
}
/** The GIF's bytes (`/frames`), or frame N composited on the canvas. */
export async function frames(client: Client, slug: string, tokenId: number, o: CallOptions & { frame?: number } = {}): Promise<Bytes> {
  const url = new URL(`${client.options.rest.replace(/\/$/, '')}/v1/objects/${checkSlug(slug)}/${checkTokenId(tokenId)}/frames`);
  if (o.frame !== undefined) url.searchParams.set('frame', String(checkWhole(o.frame, 'frame')));
  const { response, body } = await client.transport.request(url.toString(), { method: 'GET' }, o, 'rest', true);
  if (!response.ok) throw new HttpError(response.status, `HTTP ${response.status} for the frames`);
  return body as Uint8Array;
}
/** Collections with their figures, page by page (REST `/v1/collections`). */
export function collections(client: Client, o: PageOptions & { category?: string; sort?: 'volume' | 'floor' | 'items' | 'owners' | 'name' | 'newest' } = {}) {
  return items<Collection>(client, '/collections', { category: o.category, sort: o.sort }, o);
}
/** How many of a collection's objects have each trait value (REST, a devnet addition). */
export async function traitCounts(client: Client, slug: string, o: AtHeight = {}): Promise<TraitCounts> {
  return (await rest<TraitCounts>(client, `/collections/${checkSlug(slug)}/traits`, { height: checkHeight(o.height) }, o)).data;
}
/** An address's balance, nonce, counters and holdings by collection (REST `/v1/wallets/:address`). */
export async function wallet(client: Client, address: HexAddress, o: AtHeight = {}): Promise<Wallet> {
  return (await rest<Wallet>(client, `/wallets/${checkAddress(address)}`, { height: checkHeight(o.height) }, o)).data;
}
/** The activity feed, newest first, filtered as `f` says (REST `/v1/activity`). */
export function activity(client: Client, f: ActivityFilter = {}) {
  const collection = f.collection === undefined ? undefined : checkSlug(f.collection, 'collection');
  const address = f.address === undefined ? undefined : checkAddress(f.address);
  return items<Activity>(client, '/activity', { type: f.types?.join(','), collection, address, since: f.since }, f);
}
/** How many transactions wait for a block (REST `/v1/mempool`, a devnet addition). */
export async function mempool(client: Client, o?: CallOptions): Promise<{ pending: number }> {
  return (await rest<{ pending: number }>(client, '/mempool', {}, o)).data;
}

// GraphQL

/**
 * A GraphQL query that carries the type of its result, as a
 * TypedDocumentNode does: graphql() infers `data` from it. The text as it
 * is at run time.
 */
export type TypedQuery<T> = string & { readonly __result?: T };

/** `query`, typed: `typedQuery<{ head: { height: number } }>('{ head { height } }')`. */
export function typedQuery<T>(query: string): TypedQuery<T> {
  return query as TypedQuery<T>;
}

/** The head's height and hash: `{ head { height hash } }`. */
export const HEAD_QUERY = typedQuery<{ head: { height: number; hash: HexHash } }>('{ head { height hash } }');

/** One GraphQL query (POST /graphql); errors are in the result, as GraphQL has them. */
export async function graphql<T = Record<string, unknown>>(
  client: Client,
  query: TypedQuery<T>,
  variables?: Record<string, unknown>,
  o?: CallOptions,
): Promise<GraphqlResult<T>> {
  const { response, body } = await client.transport.request(
    `${client.options.rest.replace(/\/$/, '')}/graphql`,
    { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ query, variables }) },
    o,
    'rest',
  );
  if (!body || typeof body !== 'object') {
    if (!response.ok) throw new HttpError(response.status, 'the node did not answer /graphql with JSON');
    throw new ProtocolError('the node did not answer /graphql with JSON');
  }
  return body as GraphqlResult<T>;
}

// JSON-RPC

/** Any JSON-RPC call: its result, or an RpcError with the node's code and data. */
export function rpc<T>(client: Client, method: string, params: unknown[] = [], o?: CallOptions): Promise<T> {
  return client.transport.rpc<T>(client.options.rpc, method, params, o);
}
/** The chain id the node says it serves (`gif_chainId`). */
export function chainIdOfNode(client: Client, o?: CallOptions) {
  return rpc<number>(client, 'gif_chainId', [], o);
}
/** The node's head height (`gif_blockNumber`). */
export function blockNumber(client: Client, o?: CallOptions) {
  return rpc<number>(client, 'gif_blockNumber', [], o);
}
/** A block by height over JSON-RPC (`gif_getBlockByHeight`), null past the head. */
export async function blockByHeight(client: Client, height: number, withTransactions = false, o?: CallOptions) {
  return rpcRecord<Block | null>(client, 'gif_getBlockByHeight', [checkWhole(height, 'height'), withTransactions], o);
}
/** A transaction and its receipt over JSON-RPC (`gif_getTransaction`), null when unknown. */
export async function transactionByHash(client: Client, hash: HexHash, o?: CallOptions) {
  return rpcRecord<{ transaction: Transaction; receipt: Receipt | null } | null>(client, 'gif_getTransaction', [checkHash(hash)], o);
}
/** One object over JSON-RPC (`gif_getObject`), null when it does not exist then. */
export async function objectByKey(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpcRecord<ObjectRecord | null>(client, 'gif_getObject', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
/** An object's GIF as `0x` hex (`gif_getObjectBytes`), null when it does not exist then. */
export async function objectBytes(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpc<string | null>(client, 'gif_getObjectBytes', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
/** An object's listing, null when not for sale (`gif_getListing`). */
export async function listing(client: Client, slug: string, tokenId: number, o?: CallOptions) {
  return rpcRecord<Listing | null>(client, 'gif_getListing', [checkSlug(slug), checkTokenId(tokenId)], o);
}
/** An object's Merkle proof at a height (`gif_proof`): check it with `verifyObjectProof`, or call `verifyObject`. */
export async function proof(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpc<ObjectProofJson>(client, 'gif_proof', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
/** What an address holds, as display keys (`gif_getOwnership`). Unverified: `verifyHoldings` proves it complete. */
export async function ownership(client: Client, address: HexAddress, o: AtHeight = {}) {
  return rpc<string[]>(client, 'gif_getOwnership', withHeight([checkAddress(address)], o), o);
}
/** The object root of the header at a height (`gif_objectRoot`). */
export async function objectRoot(client: Client, height: number, o?: CallOptions) {
  return rpc<string>(client, 'gif_objectRoot', [checkWhole(height, 'height')], o);
}
/** The node's validator set at a height (`gif_validators`): the set to pin with `trust`, once checked. */
export async function validators(client: Client, o: AtHeight = {}) {
  return rpc<Validators>(client, 'gif_validators', withHeight([], o), o);
}
/** An address's holdings proof at a height (`gif_holdingsProof`). */
export async function holdingsProof(client: Client, address: HexAddress, o: AtHeight = {}) {
  return rpc<HoldingsProofJson>(client, 'gif_holdingsProof', withHeight([checkAddress(address)], o), o);
}
/** Sends signed bytes (`gif_sendRawTransaction`): the hash once the node took it. */
export function sendRawTransaction(client: Client, raw: string, o?: CallOptions) {
  return rpc<string>(client, 'gif_sendRawTransaction', [raw], o);
}
/** Registers a webhook (`gif_createWebhook`): its id, its secret (kept by you) and the height it starts after. */
export function createWebhook(client: Client, params: { url: string; types: ('mint' | 'sale' | 'transfer')[]; collection?: string; address?: string; key?: string }, o?: CallOptions) {
  return rpc<{ id: string; secret: string; height: number }>(client, 'gif_createWebhook', [params], o);
}
/** Deletes a webhook by id and secret (`gif_deleteWebhook`). */
export function deleteWebhook(client: Client, id: string, secret: string, o?: CallOptions) {
  return rpc<boolean>(client, 'gif_deleteWebhook', [id, secret], o);
}
/** A webhook's deliveries and failures (`gif_webhookStatus`). */
export function webhookStatus(client: Client, id: string, secret: string, o?: CallOptions) {
  return rpc<Record<string, unknown>>(client, 'gif_webhookStatus', [id, secret], o);
}

// Transactions

/** Sends a signed transaction; its hash once the node took it (an RpcError -32003 says why not). */
export function sendTransaction(client: Client, tx: RawTransaction | string, o?: CallOptions): Promise<string> {
  return sendRawTransaction(client, typeof tx === 'string' ? tx : tx.raw, o);
}
/** The nonce the next transaction of `address` takes. */
export async function nextNonce(client: Client, address: HexAddress, o?: CallOptions): Promise<number> {
  return (await wallet(client, address, o)).nonce;
}
/** Waits until the transaction is mined: its receipt (status success or failed, as the chain says). */
export async function waitForReceipt(client: Client, hash: HexHash, o: CallOptions & { pollMs?: number } = {}): Promise<Receipt> {
  checkHash(hash);
  const timeoutMs = o.timeoutMs ?? 60_000;
  const endsAt = Date.now() + timeoutMs;
  for (;;) {
    const found = await transactionByHash(client, hash, { signal: o.signal, timeoutMs: Math.max(1000, endsAt - Date.now()) });
    if (found?.receipt) return found.receipt;
    if (Date.now() + (o.pollMs ?? 500) > endsAt) throw new TimeoutError(`${hash} was not mined within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, o.pollMs ?? 500));
    if (o.signal?.aborted) throw o.signal.reason;
  }
}

/** The header at a height over JSON-RPC, without its transactions. */
export async function header(client: Client, height: number, o?: CallOptions): Promise<HeaderJson> {
  const b = await blockByHeight(client, height, false, o);
  if (!b) throw new HttpError(404, `no block ${height}`, 'not_found');
  return b;
}

function withHeight(params: unknown[], o: AtHeight): unknown[] {
  return o.height === undefined ? params : [...params, checkWhole(o.height, 'height')];
}

function objectQuery(f: ObjectFilter) {
  return {
    collection: f.collection === undefined ? undefined : checkSlug(f.collection, 'collection'),
    owner: f.owner === undefined ? undefined : checkAddress(f.owner, 'owner'),
    trait: f.traits ? Object.entries(f.traits).map(([k, v]) => `${k}:${v}`) : undefined,
    sort: f.sort,
    listed: f.listed,
  };
}


/** An action's arguments after the client. */
type Rest<F> = F extends (client: Client, ...args: infer A) => unknown ? A : never;

/** The actions above as methods: `createBaseClient(o).extend(publicActions)`. */
export function publicActions(client: Client) {
  return {
    /** {@link pages}, as a method. */
    pages: <T>(path: string, query: RestQuery, o?: PageOptions) => pages<T>(client, path, query, o),
    /** {@link blocks}, as a method. */
    blocks: (...a: Rest<typeof blocks>) => blocks(client, ...a),
    /** {@link block}, as a method. */
    block: (...a: Rest<typeof block>) => block(client, ...a),
    /** {@link transaction}, as a method. */
    transaction: (...a: Rest<typeof transaction>) => transaction(client, ...a),
    /** {@link objects}, as a method. */
    objects: (...a: Rest<typeof objects>) => objects(client, ...a),
    /** {@link object}, as a method. */
    object: (...a: Rest<typeof object>) => object(client, ...a),
    /** {@link frames}, as a method. */
    frames: (...a: Rest<typeof frames>) => frames(client, ...a),
    /** {@link collections}, as a method. */
    collections: (...a: Rest<typeof collections>) => collections(client, ...a),
    /** {@link traitCounts}, as a method. */
    traitCounts: (...a: Rest<typeof traitCounts>) => traitCounts(client, ...a),
    /** {@link wallet}, as a method. */
    wallet: (...a: Rest<typeof wallet>) => wallet(client, ...a),
    /** {@link activity}, as a method. */
    activity: (...a: Rest<typeof activity>) => activity(client, ...a),
    /** {@link mempool}, as a method. */
    mempool: (...a: Rest<typeof mempool>) => mempool(client, ...a),
    /** {@link graphql}, as a method. */
    graphql: <T = Record<string, unknown>>(query: TypedQuery<T>, variables?: Record<string, unknown>, o?: CallOptions) =>
      graphql<T>(client, query, variables, o),
    /** {@link rpc}, as a method. */
    rpc: <T>(method: string, params?: unknown[], o?: CallOptions) => rpc<T>(client, method, params, o),
    /** {@link chainIdOfNode}, as a method. */
    chainIdOfNode: (...a: Rest<typeof chainIdOfNode>) => chainIdOfNode(client, ...a),
    /** {@link blockNumber}, as a method. */
    blockNumber: (...a: Rest<typeof blockNumber>) => blockNumber(client, ...a),
    /** {@link blockByHeight}, as a method. */
    blockByHeight: (...a: Rest<typeof blockByHeight>) => blockByHeight(client, ...a),
    /** {@link transactionByHash}, as a method. */
    transactionByHash: (...a: Rest<typeof transactionByHash>) => transactionByHash(client, ...a),
    /** {@link objectByKey}, as a method. */
    objectByKey: (...a: Rest<typeof objectByKey>) => objectByKey(client, ...a),
    /** {@link objectBytes}, as a method. */
    objectBytes: (...a: Rest<typeof objectBytes>) => objectBytes(client, ...a),
    /** {@link listing}, as a method. */
    listing: (...a: Rest<typeof listing>) => listing(client, ...a),
    /** {@link proof}, as a method. */
    proof: (...a: Rest<typeof proof>) => proof(client, ...a),
    /** {@link ownership}, as a method. */
    ownership: (...a: Rest<typeof ownership>) => ownership(client, ...a),
    /** {@link objectRoot}, as a method. */
    objectRoot: (...a: Rest<typeof objectRoot>) => objectRoot(client, ...a),
    /** {@link validators}, as a method. */
    validators: (...a: Rest<typeof validators>) => validators(client, ...a),
    /** {@link holdingsProof}, as a method. */
    holdingsProof: (...a: Rest<typeof holdingsProof>) => holdingsProof(client, ...a),
    /** {@link sendRawTransaction}, as a method. */
    sendRawTransaction: (...a: Rest<typeof sendRawTransaction>) => sendRawTransaction(client, ...a),
    /** {@link createWebhook}, as a method. */
    createWebhook: (...a: Rest<typeof createWebhook>) => createWebhook(client, ...a),
    /** {@link deleteWebhook}, as a method. */
    deleteWebhook: (...a: Rest<typeof deleteWebhook>) => deleteWebhook(client, ...a),
    /** {@link webhookStatus}, as a method. */
    webhookStatus: (...a: Rest<typeof webhookStatus>) => webhookStatus(client, ...a),
    /** {@link sendTransaction}, as a method. */
    sendTransaction: (...a: Rest<typeof sendTransaction>) => sendTransaction(client, ...a),
    /** {@link nextNonce}, as a method. */
    nextNonce: (...a: Rest<typeof nextNonce>) => nextNonce(client, ...a),
    /** {@link waitForReceipt}, as a method. */
    waitForReceipt: (...a: Rest<typeof waitForReceipt>) => waitForReceipt(client, ...a),
    /** {@link header}, as a method. */
    header: (...a: Rest<typeof header>) => header(client, ...a),
  };
}
/** The reads and writes as methods (`createBaseClient(o).extend(publicActions)`). */
export type PublicActions = ReturnType<typeof publicActions>;
