// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkWhole } from '../../arguments.js';
import type { Client } from '../../client.js';
import type { Block } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { rpcRecord } from '../internal.js';

/** A block by height over JSON-RPC (`gif_getBlockByHeight`); past the head an RpcError -32001 (not found). */
export async function getBlockByHeight(client: Client, height: number, withTransactions = false, o?: CallOptions) {
  return rpcRecord<Block>(client, 'gif_getBlockByHeight', [checkWhole(height, 'height'), withTransactions], o);
}
