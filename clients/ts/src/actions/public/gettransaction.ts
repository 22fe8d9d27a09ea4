// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkHash } from '../../arguments.js';
import type { Client } from '../../client.js';
import type { HexHash, Receipt, Transaction } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { rest } from '../internal.js';

/** A transaction and its receipt (null while pending) by hash (REST `/v1/txs/:hash`). */
export async function getTransaction(client: Client, hash: HexHash, o?: CallOptions): Promise<{ transaction: Transaction; receipt: Receipt | null }> {
  return (await rest<{ transaction: Transaction; receipt: Receipt | null }>(client, `/txs/${checkHash(hash)}`, {}, o)).data;
}
