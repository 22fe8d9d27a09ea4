// What a call can end in besides its answer. Every error is a BaseError
// (a short message, the details behind it, its cause); every verification
// failure is a VerificationError: there is no "answered but unverified".

/** What every error of the package carries besides its message. */
export interface BaseErrorParameters {
  /** More than the short message: what was asked, what came back. */
  details?: string;
  /** The error this one was caused by. */
  cause?: unknown;
}

// The names of an error's classes, on the error: `instanceof` holds across
// the package's ES module and CommonJS copies (a program may load both).
const BRAND = Symbol.for('@gifscan/client/error-classes');

/** Every error the package throws. */
export class BaseError extends Error {
  override name = 'BaseError';
  static readonly brand: string = 'BaseError';
  /** The message without its details. */
  readonly shortMessage: string;
  readonly details?: string;
  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(parameters.details ? `${shortMessage}\n\nDetails: ${parameters.details}` : shortMessage,
      parameters.cause === undefined ? undefined : { cause: parameters.cause });
    this.shortMessage = shortMessage;
    if (parameters.details !== undefined) this.details = parameters.details;
    const classes: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && 'brand' in c; c = Object.getPrototypeOf(c))
      classes.push((c as { brand: string }).brand);
    Object.defineProperty(this, BRAND, { value: Object.freeze(classes) });
  }

  /** This class's errors, from either copy of the package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const classes = (value as { [BRAND]?: unknown } | null | undefined)?.[BRAND];
    return Array.isArray(classes) && classes.includes((this as unknown as { brand: string }).brand);
  }

  /**
   * Along the chain of causes from this error: the first for which `match`
   * holds (null when none does), or without `match` the deepest cause.
   */
  walk(match?: (error: unknown) => boolean): unknown {
    let at: unknown = this;
    for (let depth = 0; depth < 32 && at !== undefined; depth++) {
      if (match?.(at)) return at;
      const next = (at as { cause?: unknown })?.cause;
      if (next === undefined) return match ? null : at;
      at = next;
    }
    return match ? null : at;
  }
}

/**
 * An argument the call cannot be made with (a slug, token id, address,
 * hash, height, timeout or option that is not one), thrown or rejected
 * before any request is sent. `argument` names it.
 */
export class InvalidArgumentError extends BaseError {
  override name = 'InvalidArgumentError';
  static override readonly brand: string = 'InvalidArgumentError';
  constructor(
    readonly argument: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The node could not be reached: no connection, a reset, a name that does
 * not resolve (fetch's own TypeError is the `cause`). Nothing was answered.
 */
export class HttpRequestError extends BaseError {
  override name = 'HttpRequestError';
  static override readonly brand: string = 'HttpRequestError';
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`cannot reach ${url}`, { details: String((cause as { cause?: unknown })?.cause ?? cause), cause });
  }
}

/** The node answered with a JSON-RPC error. */
export class RpcError extends BaseError {
  override name = 'RpcError';
  static override readonly brand: string = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The node answered with an HTTP status other than success. */
export class HttpError extends BaseError {
  override name = 'HttpError';
  static override readonly brand: string = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** The REST error code (`not_found`, `bad_request`, …) when the body had one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * The node answered, successfully by its status, with what the protocol
 * does not allow: a body that is not JSON, a JSON-RPC answer without a
 * result, a list cursor it had given before.
 */
export class ProtocolError extends BaseError {
  override name = 'ProtocolError';
  static override readonly brand: string = 'ProtocolError';
}

/** The node asked to wait longer than the call may (429 with Retry-After). */
export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';
  static override readonly brand: string = 'RateLimitedError';
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

export class VerificationError extends BaseError {
  override name = 'VerificationError';
  static override readonly brand: string = 'VerificationError';
  constructor(
    readonly reason: VerificationReason,
    message: string,
  ) {
    super(message);
  }
}

/** The call was aborted by its signal or its timeout. */
export class TimeoutError extends BaseError {
  override name = 'TimeoutError';
  static override readonly brand: string = 'TimeoutError';
}

/**
 * Could not finish: the node declined, until the call's deadline, to answer
 * what a verification needs (its rate limit, its answer limit, a read server
 * behind, an internal error, a 5xx, no answer at all). No verdict either
 * way: only bytes checked against a verified header make one, and a
 * VerificationError says that they did not hold. `cause` is the node's last
 * refusal.
 */
export class UnfinishedError extends BaseError {
  override name = 'UnfinishedError';
  static override readonly brand: string = 'UnfinishedError';
}

/**
 * Whether the node declined for its own reasons rather than for what was
 * asked: its rate limit (-32005, 429), its answer limit (-32600 with
 * `data.reason` "answer-limit"), a read server behind (-32006), an internal
 * error (-32603), a 5xx. An honest node says these too: the client asks
 * again, and never takes one for an answer.
 */
export function isRefusal(error: unknown): boolean {
  if (error instanceof RateLimitedError) return true;
  if (error instanceof RpcError) {
    if ([-32005, -32006, -32603].includes(error.code)) return true;
    return error.code === -32600 && (error.data as { reason?: unknown } | undefined)?.reason === 'answer-limit';
  }
  // 501 and 505 say the request is one the server will never serve.
  return error instanceof HttpError && error.status >= 500 && error.status !== 501 && error.status !== 505;
}
