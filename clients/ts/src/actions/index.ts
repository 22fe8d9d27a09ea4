// @gifscan/client/actions: the client and the reads and writes, nothing
// that verifies. A page that reads the chain (the head, a list, a record)
// pays for no signature code here.
export * from '../client.js';
export * from '../constants.js';
export * from './public.js';
export * from '../errors.js';
export * from '../amount.js';
export type * from '../records.js';
export type { CallOptions, FetchLike, RestAnswer, TransportOptions } from '../transport.js';
