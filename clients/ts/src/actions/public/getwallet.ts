// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkAddress, checkHeight } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { HexAddress, Wallet } from '../../records.js';
import { rest } from '../internal.js';

/** An address's balance, nonce, counters and holdings by collection (REST `/v1/wallets/:address`). */
export async function getWallet(client: Client, address: HexAddress, o: AtHeight = {}): Promise<Wallet> {
  return (await rest<Wallet>(client, `/wallets/${checkAddress(address)}`, { height: checkHeight(o.height) }, o)).data;
}
