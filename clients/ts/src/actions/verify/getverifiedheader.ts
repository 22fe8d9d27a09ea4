// One of the verifying actions, one a file; actions/verify.ts gathers
// them and makes them methods.
import type { VerifiedHeader } from '../../header.js';
import type { Client, VerifyOptions } from '../../client.js';
import { verifiedHeaderWithin, withinCall } from './shared.js';

/** The header at `height` (the head when absent), verified against the client's trust. */
export async function getVerifiedHeader(client: Client, o: VerifyOptions = {}): Promise<VerifiedHeader> {
  return withinCall(client, o, (call) => verifiedHeaderWithin(client, call));
}
