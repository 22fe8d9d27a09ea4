// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import type { Client } from '../../client.js';
import type { CallOptions } from '../../transport.js';

/** Any JSON-RPC call: its result, or an RpcError with the node's code and data. */
export function rpc<T>(client: Client, method: string, params: unknown[] = [], o?: CallOptions): Promise<T> {
  return client.transport.rpc<T>(client.options.rpc, method, params, o);
}
