// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { HttpError, ProtocolError } from '../../errors.js';
import type { Client, GraphqlResult } from '../../client.js';
import type { HexHash } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { restBase } from '../internal.js';

/**
 * A GraphQL query that carries the type of its result, as a
 * TypedDocumentNode does: graphql() infers `data` from it. The text as it
 * is at run time.
 */
export type TypedQuery<T> = string & { readonly __result?: T };

/** `query`, typed: `typedQuery<{ head: { height: number } }>('{ head { height } }')`. */
export function typedQuery<T>(query: string): TypedQuery<T> {
  return query as TypedQuery<T>;
}

/** The head's height and hash: `{ head { height hash } }`. */
export const HEAD_QUERY = typedQuery<{ head: { height: number; hash: HexHash } }>('{ head { height hash } }');

/** One GraphQL query (POST /graphql); errors are in the result, as GraphQL has them. */
export async function graphql<T = Record<string, unknown>>(
  client: Client,
  query: TypedQuery<T>,
  variables?: Record<string, unknown>,
  o?: CallOptions,
): Promise<GraphqlResult<T>> {
  const { response, body } = await client.transport.request(
    `${restBase(client, 'GraphQL')}/graphql`,
    { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ query, variables }) },
    o,
    'rest',
  );
  if (!body || typeof body !== 'object') {
    if (!response.ok) throw new HttpError(response.status, 'the node did not answer /graphql with JSON');
    throw new ProtocolError('the node did not answer /graphql with JSON');
  }
  return body as GraphqlResult<T>;
}
