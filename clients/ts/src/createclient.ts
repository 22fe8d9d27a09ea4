// createPublicClient: a client with every action as a method, as viem's is.
// A page that wants less builds its own: createBaseClient and the actions
// it calls (`@gifscan/client/actions`), or `.extend()` with the decorators
// it needs.
import { publicActions, type PublicActions } from './actions/public.js';
import { createBaseClient, type Client, type ClientOptions } from './client.js';
import { verifyActions, type VerifyActions } from './verify.js';
import { watchActions, type WatchActions } from './watch.js';

/** A client with every action as a method. */
export type GifClient = Client & PublicActions & VerifyActions & WatchActions;

/** A client of one node with every action as a method, verifying against `trust` (required off this machine; the devnet's set by default on loopback). */
export function createPublicClient(options: ClientOptions): GifClient {
  return createBaseClient(options).extend(publicActions).extend(verifyActions).extend(watchActions);
}

/**
 * @deprecated Since 0.3: {@link createPublicClient}, as viem names it. In
 * 0.4 `createClient` becomes what `createBaseClient` is now, as viem's
 * `createClient` is.
 */
export const createClient = createPublicClient;
