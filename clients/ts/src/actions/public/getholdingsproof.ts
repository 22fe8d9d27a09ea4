// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkAddress } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { HoldingsProofJson } from '../../proof.js';
import type { HexAddress } from '../../records.js';
import { withHeight } from '../internal.js';
import { rpc } from './rpc.js';

/** An address's holdings proof at a height (`gif_holdingsProof`). */
export async function getHoldingsProof(client: Client, address: HexAddress, o: AtHeight = {}) {
  return rpc<HoldingsProofJson>(client, 'gif_holdingsProof', withHeight([checkAddress(address)], o), o);
}
