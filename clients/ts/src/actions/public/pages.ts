// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { ProtocolError } from '../../errors.js';
import type { Client, Page, PageOptions } from '../../client.js';
import type { RestAnswer } from '../../transport.js';
import { rest, items } from '../internal.js';
import type { RestQuery } from '../internal.js';

/** Walks a list from its first page (or `cursor`) to its end, page by page. */
export async function* pages<T>(client: Client, path: string, query: RestQuery, o: PageOptions = {}): AsyncGenerator<Page<T>> {
  let cursor = o.cursor;
  const seen = new Set<string>();
  for (;;) {
    const answer: RestAnswer<T[]> = await rest<T[]>(client, path, { ...query, limit: o.limit, cursor }, o);
    yield { items: answer.data, height: answer.height, cursor: answer.cursor ?? null };
    if (!answer.cursor) return;
    // A node that repeats a cursor would page for ever.
    if (seen.has(answer.cursor)) throw new ProtocolError(`the node repeated a cursor of ${path}`, { details: `cursor ${answer.cursor}` });
    seen.add(answer.cursor);
    cursor = answer.cursor;
  }
}
