// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rpc } from './rpc.js';

/** Registers a webhook (`gif_createWebhook`): its id, its secret (kept by you) and the height it starts after. */
export function createWebhook(client: Client, params: { url: string; types: ('mint' | 'sale' | 'transfer')[]; collection?: string; address?: string; key?: string }, o?: CallOptions) {
  return rpc<{ id: string; secret: string; height: number }>(client, 'gif_createWebhook', [params], o);
}
