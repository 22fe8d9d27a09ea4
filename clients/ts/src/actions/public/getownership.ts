// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkAddress } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { HexAddress, OwnedObject } from '../../records.js';
import { withHeight } from '../internal.js';
import { rpc } from './rpc.js';

/** What an address holds, by display key, each with its leaf's root (`gif_getOwnership`). Unverified: `verifyHoldings` proves it complete. */
export async function getOwnership(client: Client, address: HexAddress, o: AtHeight = {}) {
  return rpc<OwnedObject[]>(client, 'gif_getOwnership', withHeight([checkAddress(address)], o), o);
}
