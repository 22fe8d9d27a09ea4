// One of the watching actions, one a file; actions/watch.ts gathers them
// and makes them methods.
import type { VerifiedHeader } from '../../header.js';
import type { Client } from '../../client.js';
import type { WatchOptions, WatchCallbacks } from './types.js';
import { watchWith } from './shared.js';
import { watchHeads } from './watchheads.js';

/** watchHeads, each verified header to `on`; call the returned function to stop. */
export function onHeads(client: Client, o: WatchOptions & WatchCallbacks<VerifiedHeader>): () => void {
  return watchWith((signal) => watchHeads(client, { ...o, signal }), o.signal, o);
}
