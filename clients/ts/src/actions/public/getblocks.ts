// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client, PageOptions } from '../../client.js';
import type { Block } from '../../records.js';
import { items } from '../internal.js';

/** Blocks, newest first. */
export function getBlocks(client: Client, o: PageOptions = {}) {
  return items<Block>(client, '/blocks', {}, o);
}
