// createClient: a client with every action as a method, as 0.1 had it. A
// page that wants less builds its own: createBaseClient and the actions it
// calls (`@gifscan/client/actions`), or `.extend()` with the decorators it
// needs.
import { publicActions, type PublicActions } from './actions/public.js';
import { createBaseClient, type Client, type ClientOptions } from './client.js';
import { verifyActions, type VerifyActions } from './verify.js';
import { watchActions, type WatchActions } from './watch.js';

/** A client with every action as a method. */
export type GifClient = Client & PublicActions & VerifyActions & WatchActions;

/** A client of one node, verifying against `trust` (required off this machine; the devnet's set by default on loopback). */
export function createClient(options: ClientOptions): GifClient {
  return createBaseClient(options).extend(publicActions).extend(verifyActions).extend(watchActions);
}
