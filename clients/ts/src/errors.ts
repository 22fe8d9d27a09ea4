// What a call can end in besides its answer. Every verification failure is
// a VerificationError: there is no "answered but unverified" result.

/** The node answered with a JSON-RPC error. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The node answered with an HTTP status other than success. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** The REST error code (`not_found`, `bad_request`, …) when the body had one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The node asked to wait longer than the call may (429 with Retry-After). */
export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';
  constructor(
    /** Seconds the node asked the client to wait. */
    readonly retryAfter: number,
    message: string,
  ) {
    super(429, message, 'rate_limited');
  }
}

/** Why a verification did not hold: the step that failed. */
export type VerificationReason =
  | 'header-hash'
  | 'validators'
  | 'untrusted'
  | 'commit'
  | 'quorum'
  | 'proposer'
  | 'parent'
  | 'height'
  | 'chain'
  | 'version'
  | 'kind'
  | 'key'
  | 'malformed'
  | 'absent'
  | 'root-mismatch'
  | 'off-path'
  | 'too-deep'
  | 'key-order'
  | 'content'
  | 'holdings'
  | 'gap'
  | 'signature'
  | 'timestamp'
  | 'trusted'
  | 'proof'
  | 'stale';

export class VerificationError extends Error {
  override name = 'VerificationError';
  constructor(
    readonly reason: VerificationReason,
    message: string,
  ) {
    super(message);
  }
}

/** The call was aborted by its signal or its timeout. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}
