// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkSlug, checkTokenId } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { ObjectProofJson } from '../../proof.js';
import { withHeight } from '../internal.js';
import { rpc } from './rpc.js';

/** An object's Merkle proof at a height (`gif_proof`): check it with `verifyObjectProof`, or call `verifyObject`. */
export async function getProof(client: Client, slug: string, tokenId: number, o: AtHeight = {}) {
  return rpc<ObjectProofJson>(client, 'gif_proof', withHeight([checkSlug(slug), checkTokenId(tokenId)], o), o);
}
