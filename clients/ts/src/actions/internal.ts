// What the public actions share: a REST read with its amounts made bigint,
// a JSON-RPC record, a list's items, an optional height. Not exported from
// the package.
import { checkAddress, checkSlug, checkWhole } from '../arguments.js';
import { InvalidArgumentError } from '../errors.js';
import { withAmounts } from '../records.js';
import type { AtHeight, Client, ObjectFilter, PageOptions } from '../client.js';
import type { CallOptions, RestAnswer } from '../transport.js';
import { pages } from './public/pages.js';
import { rpc } from './public/rpc.js';

/** A REST query: each name's value, or values. */
export type RestQuery = Record<string, string | number | boolean | string[] | undefined>;

/** A REST read at `path` (under /v1), its amounts made bigint. */
export async function rest<T>(client: Client, path: string, query: RestQuery = {}, o?: CallOptions): Promise<RestAnswer<T>> {
  const answer = await client.transport.rest<T>(restBase(client, path), path, query, o);
  return { ...answer, data: withAmounts(answer.data) };
}

/** The client's REST base URL without a trailing slash; a client of the JSON-RPC alone has none. */
export function restBase(client: Client, what: string): string {
  const base = client.options.rest;
  if (!base) throw new InvalidArgumentError('rest', `${what} is read over REST: this client was made with a JSON-RPC URL alone`);
  return base.replace(/\/$/, '');
}

/** A JSON-RPC call whose answer is a record: its amounts made bigint. */
export async function rpcRecord<T>(client: Client, method: string, params: unknown[], o?: CallOptions): Promise<T> {
  return withAmounts(await rpc<T>(client, method, params, o));
}

/** Every item of a list, across its pages. */
export async function* items<T>(client: Client, path: string, query: RestQuery, o: PageOptions = {}): AsyncGenerator<T> {
  for await (const page of pages<T>(client, path, query, o)) yield* page.items;
}

export function withHeight(params: unknown[], o: AtHeight): unknown[] {
  return o.height === undefined ? params : [...params, checkWhole(o.height, 'height')];
}

export function objectQuery(f: ObjectFilter) {
  return {
    collection: f.collection === undefined ? undefined : checkSlug(f.collection, 'collection'),
    owner: f.owner === undefined ? undefined : checkAddress(f.owner, 'owner'),
    trait: f.traits ? Object.entries(f.traits).map(([k, v]) => `${k}:${v}`) : undefined,
    sort: f.sort,
    listed: f.listed,
  };
}
