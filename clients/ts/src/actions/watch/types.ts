// What a watch takes: where it starts, what it gives, its callbacks.
import { VerificationError } from '../../errors.js';
import type { Activity } from '../../records.js';

/** How a watch of heads goes: from which height, its calls' timeout, and its signal to stop. */
export interface WatchOptions {
  /** The first height to deliver; the head at the start when absent. */
  from?: number;
  signal?: AbortSignal;
  /** How often the head is polled while the websocket is down (ms, 2 s). */
  pollMs?: number;
  /** Each call's timeout while watching (ms, 10 s): a paused node is waited out and retried. */
  callTimeoutMs?: number;
}

/** Which proven object events a watch gives: by type, collection or object, from a height. */
export interface EventFilter extends WatchOptions {
  /**
   * Told of an object whose transactions in a block can have gone two ways
   * that end alike (which took effect needs a receipts root to prove): none
   * of its events there is delivered. The watch goes on.
   */
  onUnproven?: (error: VerificationError) => void;
  collection?: string;
  /** One object, `slug#id`. */
  key?: string;
  types?: Activity['type'][];
}

/** The callback form of a watch: each item to `on`, a failure to `onError`. */
export interface WatchCallbacks<T> {
  /** Called with each item, in order. */
  on: (item: T) => void;
  /**
   * The watch ended for good (a verification that failed, a filter the node
   * refuses, an error thrown by `on`). Without it, the error is written to
   * the console.
   */
  onError?: (error: unknown) => void;
}
