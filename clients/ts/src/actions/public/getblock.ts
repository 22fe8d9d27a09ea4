// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkBlockId } from '../../arguments.js';
import type { Client } from '../../client.js';
import type { Block } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { rest } from '../internal.js';

/** A block by height or hash, with its transactions (REST `/v1/blocks/:id`). Unverified: the node's word. */
export async function getBlock(client: Client, height: number | string, o?: CallOptions): Promise<Block> {
  return (await rest<Block>(client, `/blocks/${checkBlockId(height)}`, {}, o)).data;
}
