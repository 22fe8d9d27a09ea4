// One of the watching actions, one a file; actions/watch.ts gathers them
// and makes them methods.
import type { VerifiedEvent } from '../../events.js';
import type { Client } from '../../client.js';
import type { EventFilter, WatchCallbacks } from './types.js';
import { watchWith } from './shared.js';
import { watchObjectEvents } from './watchobjectevents.js';

/** watchObjectEvents, each event to `on`; call the returned function to stop. */
export function onObjectEvents(client: Client, f: EventFilter & WatchCallbacks<VerifiedEvent>): () => void {
  return watchWith((signal) => watchObjectEvents(client, { ...f, signal }), f.signal, f);
}
