// Live heads and events, verified, every height exactly once and in order:
// the websocket says a new head exists, and heights are fetched one by one
// from the last delivered, so a reconnect, a node killed and restarted, or
// one paused, loses nothing and repeats nothing (as the explorer's live
// sync does). Without a websocket, the head is polled.
import { checkSlug } from '../arguments.js';
import { parseDisplayKey } from '../commitments.js';
import { HttpError, InvalidArgumentError, VerificationError } from '../errors.js';
import { provenBlockEvents, type VerifiedEvent } from '../events.js';
import { verifyHeader, type HeaderJson, type VerifiedHeader } from '../header.js';
import type { Activity } from '../records.js';
import type { CallOptions } from '../transport.js';
import { getBlockNumber as blockNumber } from './public/getblocknumber.js';
import { getHeader as headerAt } from './public/getheader.js';
import type { Client, WebSocketInstance, WebSocketLike } from '../client.js';

export type { VerifiedEvent } from '../events.js';

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

// What asking again cannot mend: a verification that failed, the caller's
// abort, and a request the node refused as it was made (a 4xx other than
// 429: a filter it does not know, a collection that is not there).
function isFatal(e: unknown, signal?: AbortSignal): boolean {
  if (e instanceof HttpError && e.status >= 400 && e.status < 500 && e.status !== 429) return true;
  return e instanceof VerificationError || signal?.aborted === true;
}

class Wake {
  private resolve: (() => void) | null = null;
  notify() {
    this.resolve?.();
    this.resolve = null;
  }
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const onAbort = () => done();
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.resolve = done;
    });
  }
}

/** The websocket the client was given, or the platform's. */
function webSocketOf(client: Client): WebSocketLike | undefined {
  return client.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketLike }).WebSocket;
}

/** A websocket subscription to newHeads that tells `onHead` each height, reconnecting with backoff. */
function subscribeHeads(client: Client, onHead: (height: number) => void, signal?: AbortSignal): () => void {
  const url = client.options.ws;
  const Impl = webSocketOf(client);
  if (!url || !Impl) return () => {};
  let socket: WebSocketInstance | null = null;
  let stopped = false;
  let backoff = 250;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    if (stopped) return;
    const s = new Impl(url);
    socket = s;
    s.onopen = () => {
      backoff = 250;
      s.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'gif_subscribe', params: ['newHeads'] }));
    };
    s.onmessage = (event: { data: unknown }) => {
      try {
        const m = JSON.parse(String(event.data));
        const h = m?.params?.result?.height;
        if (m?.method === 'gif_subscription' && Number.isSafeInteger(h)) onHead(h);
      } catch {
        // Not JSON: ignored; heads are fetched by height anyway.
      }
    };
    s.onclose = () => {
      if (stopped) return;
      timer = setTimeout(open, backoff);
      backoff = Math.min(backoff * 2, 10_000);
    };
    s.onerror = () => {};
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
  signal?.addEventListener('abort', stop, { once: true });
  open();
  return stop;
}

/** Every new head, verified against the trusted set and linked to its parent, each height once and in order, through reconnects (websocket, or polling without one). */
export async function* watchHeads(client: Client, o: WatchOptions = {}): AsyncGenerator<VerifiedHeader> {
  // A websocket URL with nothing to open it (Node before 22 without `ws`)
  // would silently become a poll every two seconds: said instead.
  if (client.options.ws && !webSocketOf(client))
    throw new TypeError(
      `a websocket URL (${client.options.ws}) was given but there is no WebSocket here: pass { WebSocket } from 'ws', or leave ws out to poll`,
    );
  const call: CallOptions = { signal: o.signal, timeoutMs: o.callTimeoutMs ?? 10_000 };
  const wake = new Wake();
  let known = -1;
  const stop = subscribeHeads(
    client,
    (h) => {
      if (h > known) known = h;
      wake.notify();
    },
    o.signal,
  );
  let next = o.from ?? -1;
  let parent: HeaderJson | undefined;
  let retry = 250;
  try {
    while (!o.signal?.aborted) {
      try {
        if (next < 0 || known < next) known = Math.max(known, await blockNumber(client, call));
        if (next < 0) next = known;
        while (next <= known && !o.signal?.aborted) {
          const header = await headerAt(client, next, call);
          if (header.height !== next)
            throw new VerificationError('height', `asked for the header at ${next}, the node answered with ${header.height}`);
          const verified = verifyHeader(header, client.trust, { chainId: client.chainId, parent });
          parent = header;
          next++;
          retry = 250;
          yield verified;
        }
        if (!o.signal?.aborted) await wake.wait(o.pollMs ?? 2000, o.signal);
      } catch (e) {
        if (isFatal(e, o.signal)) throw e;
        // The node is away, restarting or paused: try again, backing off.
        await wake.wait(retry, o.signal);
        retry = Math.min(retry * 2, 5000);
      }
    }
  } finally {
    stop();
  }
}

/**
 * Mints, transfers, listings, delistings and sales of verified blocks, in
 * order, each proven (events.ts): the block's transactions recompute its
 * header's txRoot, and the object's proven state before and after the
 * block says which of them took effect. Nothing of the node's activity feed
 * is taken: an event it invents never comes, one it drops comes anyway.
 * A block whose events cannot be proven ends the watch with a
 * VerificationError naming the height.
 */
export async function* watchObjectEvents(client: Client, f: EventFilter = {}): AsyncGenerator<VerifiedEvent> {
  // A filter that could match nothing is the caller's mistake: said at once.
  const known = ['mint', 'sale', 'transfer', 'list', 'delist'];
  for (const t of f.types ?? [])
    if (!known.includes(t)) throw new InvalidArgumentError('types', `types: "${t}" is not an event type (${known.join(', ')})`);
  if (f.collection !== undefined) checkSlug(f.collection, 'collection');
  if (f.key !== undefined && !parseDisplayKey(f.key)) throw new InvalidArgumentError('key', `key: "${f.key}" is not slug#id`);
  const call: CallOptions = { signal: f.signal, timeoutMs: f.callTimeoutMs ?? 10_000 };
  const types = f.types ? new Set(f.types) : null;
  let before: HeaderJson | undefined;
  for await (const head of watchHeads(client, f)) {
    const height = head.header.height;
    for (let attempt = 0; ; attempt++) {
      try {
        const scope = { collection: f.collection, key: f.key, onUnproven: f.onUnproven };
        const events = await provenBlockEvents(client, head.header, scope, call, before?.height === height - 1 ? before : undefined);
        before = head.header;
        for (const e of events) if (!types || types.has(e.type)) yield e;
        break;
      } catch (e) {
        if (isFatal(e, f.signal) || attempt >= 20) throw e;
        await new Wake().wait(Math.min(250 * 2 ** attempt, 5000), f.signal);
      }
    }
  }
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

/** Runs a watch in the background: its items to callbacks; returns unwatch(). */
function watchWith<T>(
  source: (signal: AbortSignal) => AsyncGenerator<T>,
  outer: AbortSignal | undefined,
  callbacks: WatchCallbacks<T>,
): () => void {
  const controller = new AbortController();
  const unwatch = () => controller.abort();
  if (outer?.aborted) unwatch();
  else outer?.addEventListener('abort', unwatch, { once: true });
  const run = async () => {
    try {
      for await (const item of source(controller.signal)) callbacks.on(item);
    } catch (e) {
      if (controller.signal.aborted) return;
      // Not an unhandled rejection that ends the process: said, at least.
      (callbacks.onError ?? ((error: unknown) => console.error('@gifscan/client: a watch ended:', error)))(e);
    } finally {
      outer?.removeEventListener('abort', unwatch);
    }
  };
  void run();
  return unwatch;
}

/** watchHeads, each verified header to `on`; call the returned function to stop. */
export function onHeads(client: Client, o: WatchOptions & WatchCallbacks<VerifiedHeader>): () => void {
  return watchWith((signal) => watchHeads(client, { ...o, signal }), o.signal, o);
}

/** watchObjectEvents, each event to `on`; call the returned function to stop. */
export function onObjectEvents(client: Client, f: EventFilter & WatchCallbacks<VerifiedEvent>): () => void {
  return watchWith((signal) => watchObjectEvents(client, { ...f, signal }), f.signal, f);
}

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
