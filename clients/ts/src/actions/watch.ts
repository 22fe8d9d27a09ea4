// Live heads and events, verified, every height exactly once and in order:
// the websocket says a new head exists, and heights are fetched one by one
// from the last delivered, so a reconnect, a node killed and restarted, or
// one paused, loses nothing and repeats nothing (as the explorer's live
// sync does). Without a websocket, the head is polled.
import type { VerifiedHeader } from '../header.js';
import type { VerifiedEvent } from '../events.js';
import type { Client } from '../client.js';
import type { EventFilter, WatchCallbacks, WatchOptions } from './watch/types.js';
import { onHeads } from './watch/onheads.js';
import { onObjectEvents } from './watch/onobjectevents.js';
import { watchHeads } from './watch/watchheads.js';
import { watchObjectEvents } from './watch/watchobjectevents.js';

export type { VerifiedEvent } from '../events.js';
export type { EventFilter, WatchCallbacks, WatchOptions } from './watch/types.js';
export { onHeads } from './watch/onheads.js';
export { onObjectEvents } from './watch/onobjectevents.js';
export { watchHeads } from './watch/watchheads.js';
export { watchObjectEvents } from './watch/watchobjectevents.js';

/** The watchers as methods: `client.extend(watchActions)`. */
export function watchActions(client: Client) {
  return {
    /** Verified heads, every height once and in order, from `from` (the head) on. */
    watchHeads: (o?: WatchOptions) => watchHeads(client, o),
    /** Mints, sales, transfers, lists and delists of verified blocks, in order. */
    watchObjectEvents: (f?: EventFilter) => watchObjectEvents(client, f),
    /** The callback form of watchHeads: returns unwatch(). */
    onHeads: (o: WatchOptions & WatchCallbacks<VerifiedHeader>) => onHeads(client, o),
    /** The callback form of watchObjectEvents: returns unwatch(). */
    onObjectEvents: (f: EventFilter & WatchCallbacks<VerifiedEvent>) => onObjectEvents(client, f),
  };
}
/** The watches as methods (`client.extend(watchActions)`). */
export type WatchActions = ReturnType<typeof watchActions>;
