// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkSlug, checkTokenId } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { ObjectRecord } from '../../records.js';
import { rpcRecord, withHeight } from '../internal.js';

/** One object over JSON-RPC (`gif_getObject`); one that does not exist then is an RpcError -32001 (not found). */
export async function getObjectByKey(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpcRecord<ObjectRecord>(client, 'gif_getObject', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
