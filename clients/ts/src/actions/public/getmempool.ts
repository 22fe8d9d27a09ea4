// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { rest } from '../internal.js';

/** How many transactions wait for a block (REST `/v1/mempool`, a devnet addition). */
export async function getMempool(client: Client, o?: CallOptions): Promise<{ pending: number }> {
  return (await rest<{ pending: number }>(client, '/mempool', {}, o)).data;
}
