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
export async function block(client: Client, height: number | string, o?: CallOptions): Promise<Block> {
  return (await rest<Block>(client, `/blocks/${checkBlockId(height)}`, {}, o)).data;
}
export async function transaction(client: Client, hash: HexHash, o?: CallOptions): Promise<{ transaction: Transaction; receipt: Receipt | null }> {
  return (await rest<{ transaction: Transaction; receipt: Receipt | null }>(client, `/txs/${checkHash(hash)}`, {}, o)).data;
}
export function objects(client: Client, f: ObjectFilter = {}) {
  return items<ObjectSummary>(client, '/objects', objectQuery(f), f);
}
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
export function collections(client: Client, o: PageOptions & { category?: string; sort?: 'volume' | 'floor' | 'items' | 'owners' | 'name' | 'newest' } = {}) {
  return items<Collection>(client, '/collections', { category: o.category, sort: o.sort }, o);
}
export async function traitCounts(client: Client, slug: string, o: AtHeight = {}): Promise<TraitCounts> {
  return (await rest<TraitCounts>(client, `/collections/${checkSlug(slug)}/traits`, { height: checkHeight(o.height) }, o)).data;
}
export async function wallet(client: Client, address: HexAddress, o: AtHeight = {}): Promise<Wallet> {
  return (await rest<Wallet>(client, `/wallets/${checkAddress(address)}`, { height: checkHeight(o.height) }, o)).data;
}
export function activity(client: Client, f: ActivityFilter = {}) {
  const collection = f.collection === undefined ? undefined : checkSlug(f.collection, 'collection');
  const address = f.address === undefined ? undefined : checkAddress(f.address);
  return items<Activity>(client, '/activity', { type: f.types?.join(','), collection, address, since: f.since }, f);
}
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

export function rpc<T>(client: Client, method: string, params: unknown[] = [], o?: CallOptions): Promise<T> {
  return client.transport.rpc<T>(client.options.rpc, method, params, o);
}
export function chainIdOfNode(client: Client, o?: CallOptions) {
  return rpc<number>(client, 'gif_chainId', [], o);
}
export function blockNumber(client: Client, o?: CallOptions) {
  return rpc<number>(client, 'gif_blockNumber', [], o);
}
export async function blockByHeight(client: Client, height: number, withTransactions = false, o?: CallOptions) {
  return rpcRecord<Block | null>(client, 'gif_getBlockByHeight', [checkWhole(height, 'height'), withTransactions], o);
}
export async function transactionByHash(client: Client, hash: HexHash, o?: CallOptions) {
  return rpcRecord<{ transaction: Transaction; receipt: Receipt | null } | null>(client, 'gif_getTransaction', [checkHash(hash)], o);
}
export async function objectByKey(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpcRecord<ObjectRecord | null>(client, 'gif_getObject', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
export async function objectBytes(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpc<string | null>(client, 'gif_getObjectBytes', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
export async function listing(client: Client, slug: string, tokenId: number, o?: CallOptions) {
  return rpcRecord<Listing | null>(client, 'gif_getListing', [checkSlug(slug), checkTokenId(tokenId)], o);
}
export async function proof(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpc<ObjectProofJson>(client, 'gif_proof', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
export async function ownership(client: Client, address: HexAddress, o: AtHeight = {}) {
  return rpc<string[]>(client, 'gif_getOwnership', withHeight([checkAddress(address)], o), o);
}
export async function objectRoot(client: Client, height: number, o?: CallOptions) {
  return rpc<string>(client, 'gif_objectRoot', [checkWhole(height, 'height')], o);
}
export async function validators(client: Client, o: AtHeight = {}) {
  return rpc<Validators>(client, 'gif_validators', withHeight([], o), o);
}
export async function holdingsProof(client: Client, address: HexAddress, o: AtHeight = {}) {
  return rpc<HoldingsProofJson>(client, 'gif_holdingsProof', withHeight([checkAddress(address)], o), o);
}
export function sendRawTransaction(client: Client, raw: string, o?: CallOptions) {
  return rpc<string>(client, 'gif_sendRawTransaction', [raw], o);
}
export function createWebhook(client: Client, params: { url: string; types: ('mint' | 'sale' | 'transfer')[]; collection?: string; address?: string; key?: string }, o?: CallOptions) {
  return rpc<{ id: string; secret: string; height: number }>(client, 'gif_createWebhook', [params], o);
}
export function deleteWebhook(client: Client, id: string, secret: string, o?: CallOptions) {
  return rpc<boolean>(client, 'gif_deleteWebhook', [id, secret], o);
}
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
    pages: <T>(path: string, query: RestQuery, o?: PageOptions) => pages<T>(client, path, query, o),
    blocks: (...a: Rest<typeof blocks>) => blocks(client, ...a),
    block: (...a: Rest<typeof block>) => block(client, ...a),
    transaction: (...a: Rest<typeof transaction>) => transaction(client, ...a),
    objects: (...a: Rest<typeof objects>) => objects(client, ...a),
    object: (...a: Rest<typeof object>) => object(client, ...a),
    frames: (...a: Rest<typeof frames>) => frames(client, ...a),
    collections: (...a: Rest<typeof collections>) => collections(client, ...a),
    traitCounts: (...a: Rest<typeof traitCounts>) => traitCounts(client, ...a),
    wallet: (...a: Rest<typeof wallet>) => wallet(client, ...a),
    activity: (...a: Rest<typeof activity>) => activity(client, ...a),
    mempool: (...a: Rest<typeof mempool>) => mempool(client, ...a),
    graphql: <T = Record<string, unknown>>(query: TypedQuery<T>, variables?: Record<string, unknown>, o?: CallOptions) =>
      graphql<T>(client, query, variables, o),
    rpc: <T>(method: string, params?: unknown[], o?: CallOptions) => rpc<T>(client, method, params, o),
    chainIdOfNode: (...a: Rest<typeof chainIdOfNode>) => chainIdOfNode(client, ...a),
    blockNumber: (...a: Rest<typeof blockNumber>) => blockNumber(client, ...a),
    blockByHeight: (...a: Rest<typeof blockByHeight>) => blockByHeight(client, ...a),
    transactionByHash: (...a: Rest<typeof transactionByHash>) => transactionByHash(client, ...a),
    objectByKey: (...a: Rest<typeof objectByKey>) => objectByKey(client, ...a),
    objectBytes: (...a: Rest<typeof objectBytes>) => objectBytes(client, ...a),
    listing: (...a: Rest<typeof listing>) => listing(client, ...a),
    proof: (...a: Rest<typeof proof>) => proof(client, ...a),
    ownership: (...a: Rest<typeof ownership>) => ownership(client, ...a),
    objectRoot: (...a: Rest<typeof objectRoot>) => objectRoot(client, ...a),
    validators: (...a: Rest<typeof validators>) => validators(client, ...a),
    holdingsProof: (...a: Rest<typeof holdingsProof>) => holdingsProof(client, ...a),
    sendRawTransaction: (...a: Rest<typeof sendRawTransaction>) => sendRawTransaction(client, ...a),
    createWebhook: (...a: Rest<typeof createWebhook>) => createWebhook(client, ...a),
    deleteWebhook: (...a: Rest<typeof deleteWebhook>) => deleteWebhook(client, ...a),
    webhookStatus: (...a: Rest<typeof webhookStatus>) => webhookStatus(client, ...a),
    sendTransaction: (...a: Rest<typeof sendTransaction>) => sendTransaction(client, ...a),
    nextNonce: (...a: Rest<typeof nextNonce>) => nextNonce(client, ...a),
    waitForReceipt: (...a: Rest<typeof waitForReceipt>) => waitForReceipt(client, ...a),
    header: (...a: Rest<typeof header>) => header(client, ...a),
  };
}
export type PublicActions = ReturnType<typeof publicActions>;
