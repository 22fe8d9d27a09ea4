// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { HttpError } from '../../errors.js';
import type { Client } from '../../client.js';
import type { HeaderJson } from '../../header.js';
import type { CallOptions } from '../../transport.js';
import { getBlockByHeight } from './getblockbyheight.js';

/** The header at a height over JSON-RPC, without its transactions. */
export async function getHeader(client: Client, height: number, o?: CallOptions): Promise<HeaderJson> {
  const b = await getBlockByHeight(client, height, false, o);
  if (!b) throw new HttpError(404, `no block ${height}`, 'not_found');
  return b;
}
