// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rpc } from './rpc.js';

/** Deletes a webhook by id and secret (`gif_deleteWebhook`). */
export function deleteWebhook(client: Client, id: string, secret: string, o?: CallOptions) {
  return rpc<boolean>(client, 'gif_deleteWebhook', [id, secret], o);
}
