// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkSlug, checkTokenId } from '../../arguments.js';
import type { Client } from '../../client.js';
import type { Listing } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { rpcRecord } from '../internal.js';

/** An object's listing, null when not for sale (`gif_getListing`). */
export async function getListing(client: Client, slug: string, tokenId: number, o?: CallOptions) {
  return rpcRecord<Listing | null>(client, 'gif_getListing', [checkSlug(slug), checkTokenId(tokenId)], o);
}
