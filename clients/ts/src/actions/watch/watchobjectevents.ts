// One of the watching actions, one a file; actions/watch.ts gathers them
// and makes them methods.
import { checkSlug } from '../../arguments.js';
import { parseDisplayKey } from '../../commitments.js';
import { InvalidArgumentError, VerificationError } from '../../errors.js';
import { provenBlockEvents, type VerifiedEvent } from '../../events.js';
import type { HeaderJson } from '../../header.js';
import type { CallOptions } from '../../transport.js';
import type { Client } from '../../client.js';
import type { EventFilter } from './types.js';
import { isFatal, Wake } from './shared.js';
import { watchHeads } from './watchheads.js';

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
