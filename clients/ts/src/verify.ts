// @gifscan/client/verify: the verifying actions, and what a page that
// verifies needs beside them — the checks of headers, proofs and
// certificates, and the errors they reject with — from one subpath.
export * from './actions/verify.js';
export * from './header.js';
export * from './proof.js';
export * from './certificate.js';
export * from './errors.js';
