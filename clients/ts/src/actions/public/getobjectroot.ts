// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkWhole } from '../../arguments.js';
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rpc } from './rpc.js';

/** The object root of the header at a height (`gif_objectRoot`). */
export async function getObjectRoot(client: Client, height: number, o?: CallOptions) {
  return rpc<string>(client, 'gif_objectRoot', [checkWhole(height, 'height')], o);
}
