// @gifscan/client/watch: verified heads and object events as they come,
// as async iterables and as callbacks, and the errors they end with.
export * from './actions/watch.js';
export { AmbiguousEventsError, decodeObjectTransaction, provenBlockEvents, type ObjectScope, type ObjectTransaction } from './events.js';
export * from './errors.js';
