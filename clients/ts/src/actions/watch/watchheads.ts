// One of the watching actions, one a file; actions/watch.ts gathers them
// and makes them methods.
import { VerificationError } from '../../errors.js';
import { verifyHeader, type HeaderJson, type VerifiedHeader } from '../../header.js';
import type { CallOptions } from '../../transport.js';
import { getBlockNumber as blockNumber } from '../public/getblocknumber.js';
import { getHeader as headerAt } from '../public/getheader.js';
import type { Client } from '../../client.js';
import type { WatchOptions } from './types.js';
import { isFatal, webSocketOf, subscribeHeads, Wake } from './shared.js';

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
