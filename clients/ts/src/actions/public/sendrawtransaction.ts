// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rpc } from './rpc.js';

/** Sends signed bytes (`gif_sendRawTransaction`): the hash once the node took it. */
export function sendRawTransaction(client: Client, raw: string, o?: CallOptions) {
  return rpc<string>(client, 'gif_sendRawTransaction', [raw], o);
}
