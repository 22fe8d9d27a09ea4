// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkHeight, checkSlug, checkTokenId } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { ObjectRecord } from '../../records.js';
import { rest } from '../internal.js';

/** One object at a height (REST `/v1/objects/:slug/:id`). Unverified: `verifyObject` proves its owner. */
export async function getObject(client: Client, slug: string, tokenId: number, o: AtHeight = {}): Promise<ObjectRecord> {
  return (await rest<ObjectRecord>(client, `/objects/${checkSlug(slug)}/${checkTokenId(tokenId)}`, { height: checkHeight(o.height) }, o)).data;
}
