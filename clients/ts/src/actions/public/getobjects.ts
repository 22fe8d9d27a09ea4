// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client, ObjectFilter } from '../../client.js';
import type { ObjectSummary } from '../../records.js';
import { items, objectQuery } from '../internal.js';

/** Objects, filtered and sorted as `f` says, page by page (REST `/v1/objects`). */
export function getObjects(client: Client, f: ObjectFilter = {}) {
  return items<ObjectSummary>(client, '/objects', objectQuery(f), f);
}
