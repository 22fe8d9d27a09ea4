// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';
import { sendRawTransaction } from './sendrawtransaction.js';

/** A signed transaction as sendTransaction takes it (transactions.ts makes them). */
export interface RawTransaction {
  raw: string;
}

/** Sends a signed transaction; its hash once the node took it (an RpcError -32003 says why not). */
export function sendTransaction(client: Client, tx: RawTransaction | string, o?: CallOptions): Promise<string> {
  return sendRawTransaction(client, typeof tx === 'string' ? tx : tx.raw, o);
}
