// @gifscan/client: a typed client for the GIF chain that verifies every
// owner it reports against headers signed by the validators you trust.
export * from './amount.js';
export * from './bytes.js';
export * from './commitments.js';
export * from './errors.js';
export * from './header.js';
export * from './proof.js';
export * from './client.js';
export * from './constants.js';
export * from './createclient.js';
export * from './actions/public.js';
export * from './records.js';
export * from './transport.js';
export * from './verify.js';
export * from './watch.js';
export * from './transactions.js';
export * from './webhooks.js';
export * from './certificate.js';
