// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rpc } from './rpc.js';

/** A webhook's deliveries and failures (`gif_webhookStatus`). */
export function getWebhookStatus(client: Client, id: string, secret: string, o?: CallOptions) {
  return rpc<Record<string, unknown>>(client, 'gif_webhookStatus', [id, secret], o);
}
