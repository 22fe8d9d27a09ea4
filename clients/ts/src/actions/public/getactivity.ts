// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkAddress, checkSlug } from '../../arguments.js';
import type { ActivityFilter, Client } from '../../client.js';
import type { Activity } from '../../records.js';
import { items } from '../internal.js';

/** The activity feed, newest first, filtered as `f` says (REST `/v1/activity`). */
export function getActivity(client: Client, f: ActivityFilter = {}) {
  const collection = f.collection === undefined ? undefined : checkSlug(f.collection, 'collection');
  const address = f.address === undefined ? undefined : checkAddress(f.address);
  return items<Activity>(client, '/activity', { type: f.types?.join(','), collection, address, since: f.since }, f);
}
