// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { HexAddress } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { getWallet } from './getwallet.js';

/**
 * The nonce the next transaction of `address` takes, from its wallet (REST
 * `/v1/wallets/:address`: the protocol has no JSON-RPC method for it, so a
 * client of the JSON-RPC alone cannot ask).
 */
export async function getTransactionCount(client: Client, address: HexAddress, o?: CallOptions): Promise<number> {
  return (await getWallet(client, address, o)).nonce;
}
