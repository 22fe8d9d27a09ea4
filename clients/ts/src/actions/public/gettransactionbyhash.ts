// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkHash } from '../../arguments.js';
import type { Client } from '../../client.js';
import type { HexHash, Receipt, Transaction } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { rpcRecord } from '../internal.js';

/** A transaction and its receipt (null while pending) over JSON-RPC (`gif_getTransaction`); an unknown one is an RpcError -32001 (not found). */
export async function getTransactionByHash(client: Client, hash: HexHash, o?: CallOptions) {
  return rpcRecord<{ transaction: Transaction; receipt: Receipt | null }>(client, 'gif_getTransaction', [checkHash(hash)], o);
}
