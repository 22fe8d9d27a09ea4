// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkHeight, checkSlug } from '../../arguments.js';
import type { AtHeight, Client } from '../../client.js';
import type { TraitCounts } from '../../records.js';
import { rest } from '../internal.js';

/** How many of a collection's objects have each trait value (REST, a devnet addition). */
export async function getTraitCounts(client: Client, slug: string, o: AtHeight = {}): Promise<TraitCounts> {
  return (await rest<TraitCounts>(client, `/collections/${checkSlug(slug)}/traits`, { height: checkHeight(o.height) }, o)).data;
}
