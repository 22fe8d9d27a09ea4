// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkSlug, checkTokenId } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { Hex } from '../../records.js';
import { withHeight } from '../internal.js';
import { rpc } from './rpc.js';

/** An object's GIF as `0x` hex (`gif_getObjectBytes`); one that does not exist then is an RpcError -32001 (not found). */
export async function getObjectBytes(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpc<Hex>(client, 'gif_getObjectBytes', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
