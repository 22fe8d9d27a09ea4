// What the watches share: which failures end one, the websocket that says
// a new head exists, and running a watch for callbacks. Not exported from
// the package.
import { HttpError, VerificationError } from '../../errors.js';
import type { Client, WebSocketInstance, WebSocketLike } from '../../client.js';
import type { WatchCallbacks } from './types.js';

// What asking again cannot mend: a verification that failed, the caller's
// abort, and a request the node refused as it was made (a 4xx other than
// 429: a filter it does not know, a collection that is not there).
export function isFatal(e: unknown, signal?: AbortSignal): boolean {
  if (e instanceof HttpError && e.status >= 400 && e.status < 500 && e.status !== 429) return true;
  return e instanceof VerificationError || signal?.aborted === true;
}

export class Wake {
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
export function webSocketOf(client: Client): WebSocketLike | undefined {
  return client.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketLike }).WebSocket;
}

/** A websocket subscription to newHeads that tells `onHead` each height, reconnecting with backoff. */
export function subscribeHeads(client: Client, onHead: (height: number) => void, signal?: AbortSignal): () => void {
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

/** Runs a watch in the background: its items to callbacks; returns unwatch(). */
export function watchWith<T>(
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
