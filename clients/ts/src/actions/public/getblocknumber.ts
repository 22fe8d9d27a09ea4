// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rpc } from './rpc.js';

/** The node's head height (`gif_blockNumber`). */
export function getBlockNumber(client: Client, o?: CallOptions) {
  return rpc<number>(client, 'gif_blockNumber', [], o);
}
