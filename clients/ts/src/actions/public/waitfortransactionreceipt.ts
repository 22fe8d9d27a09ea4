// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkHash } from '../../arguments.js';
import { RpcError, TimeoutError } from '../../errors.js';
import type { Client } from '../../client.js';
import type { HexHash, Receipt } from '../../records.js';
import type { CallOptions } from '../../transport.js';
import { getTransactionByHash } from './gettransactionbyhash.js';

/**
 * Waits until the transaction is mined: its receipt (status success or
 * failed, as the chain says). A hash the node does not know yet (sent
 * through another node, or a read server not yet told) is asked again, as
 * one still pending is, until `timeoutMs` (60 s): then a TimeoutError.
 */
export async function waitForTransactionReceipt(client: Client, hash: HexHash, o: CallOptions & { pollMs?: number } = {}): Promise<Receipt> {
  checkHash(hash);
  const timeoutMs = o.timeoutMs ?? 60_000;
  const endsAt = Date.now() + timeoutMs;
  for (;;) {
    const found = await getTransactionByHash(client, hash, { signal: o.signal, timeoutMs: Math.max(1000, endsAt - Date.now()) }).catch((e: unknown) => {
      if (e instanceof RpcError && e.code === -32001) return null; // not known to it yet
      throw e;
    });
    if (found?.receipt) return found.receipt;
    if (Date.now() + (o.pollMs ?? 500) > endsAt) throw new TimeoutError(`${hash} was not mined within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, o.pollMs ?? 500));
    if (o.signal?.aborted) throw o.signal.reason;
  }
}
