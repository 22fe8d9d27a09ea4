// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { AtHeight, Client } from '../../client.js';
import type { Validators } from '../../records.js';
import { withHeight } from '../internal.js';
import { rpc } from './rpc.js';

/** The node's validator set at a height (`gif_validators`): the set to pin with `trust`, once checked. */
export async function getValidators(client: Client, o: AtHeight = {}) {
  return rpc<Validators>(client, 'gif_validators', withHeight([], o), o);
}
