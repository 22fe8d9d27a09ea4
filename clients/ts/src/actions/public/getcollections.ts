// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client, PageOptions } from '../../client.js';
import type { Collection } from '../../records.js';
import { items } from '../internal.js';

/** Collections with their figures, page by page (REST `/v1/collections`). */
export function getCollections(client: Client, o: PageOptions & { category?: string; sort?: 'volume' | 'floor' | 'items' | 'owners' | 'name' | 'newest' } = {}) {
  return items<Collection>(client, '/collections', { category: o.category, sort: o.sort }, o);
}
