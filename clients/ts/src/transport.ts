// HTTP for the client: every call has a timeout and may be aborted by the
// caller's signal; a 429's Retry-After is waited out a bounded number of
// times and never past the call's own deadline (then RateLimitedError).
// What a node declines for its own reasons is never an answer (isRefusal):
// a batch's calls it refused in place (its rate limit, its answer limit, a
// read server behind, an internal error) and a whole batch answered 5xx or
// not at all are asked again after the wait it gave or a backoff, until the
// call's deadline; a single call answered -32603 or -32006 likewise. A
// batch takes as many of the client's own tokens as it holds calls, so that
// large verifications pace themselves at the node's rate instead of bursting.
import { HttpError, HttpRequestError, InvalidArgumentError, ProtocolError, RateLimitedError, RpcError, TimeoutError, isRefusal } from './errors.js';

/** A `fetch` the client may be given in place of the global one. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** What every call takes. */
export interface CallOptions {
  /** Aborts the call (then it rejects with the signal's reason, or an AbortError). */
  signal?: AbortSignal;
  /** Milliseconds the whole call may take, retries included (the client's default otherwise). */
  timeoutMs?: number;
  /** @internal The end of the call this request is part of (Date.now() ms): wins over timeoutMs. */
  deadlineAt?: number;
}

/** How the client's requests go: timeouts, its own pace, batches, fallback nodes, answer limits. */
export interface TransportOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  /** How many times a 429 is waited out before RateLimitedError (3). */
  maxRetries?: number;
  /**
   * The client's own budget for JSON-RPC batches, a token a call: `rate` a
   * second, at most `burst` at once (50 and 200: the node's default burst,
   * so that a small audit goes at once, and a rate under its 60 a second,
   * so that a long one is paced below the node's patience, not refused).
   */
  rate?: number;
  burst?: number;
  /**
   * JSON-RPC calls made close together go as one batch (a request and a
   * round trip for many): those made within `wait` ms of the first (0: in
   * the same turn of the event loop), at most `size` (100) at once. Each
   * call keeps its own answer, error, timeout and signal. Off by default.
   */
  batch?: boolean | { wait?: number; size?: number };
  /** The node's own URLs, which `fallback` stands in for. */
  rest?: string;
  rpc?: string;
  /**
   * Other nodes of the same chain, asked in turn when one cannot be
   * reached or answers 502, 503 or 504; the one that answered is asked
   * first from then on. Verification makes mixing them safe: an answer
   * is checked against the validators' signatures, whichever node gave it.
   */
  fallback?: readonly { rest: string; rpc: string }[];
  /**
   * With `fallback`: how long (ms) a node may take to answer before the
   * next is asked (10 000, as viem's transports; never past the call's own
   * deadline). A node that accepts and never answers would otherwise hold
   * the whole call until it times out, the others never asked. The last
   * node gets what is left of the call.
   */
  fallbackAfterMs?: number;
  /**
   * The most bytes a node's answer may have (64 MiB, as the explorer's
   * own client); counted as it arrives, and the call rejects with a
   * ProtocolError past it, so that a node answering gigabytes cannot take
   * the process's memory. `Infinity`: no limit.
   */
  maxAnswerBytes?: number;
}

/** A timeout as given: a positive number of ms, `Infinity` for none. */
function checkedTimeout(ms: number | undefined, what = 'timeoutMs'): number | undefined {
  if (ms === undefined) return undefined;
  if (typeof ms !== 'number' || Number.isNaN(ms) || ms <= 0)
    throw new InvalidArgumentError(what, `${what}: ${String(ms)} is not a positive number of milliseconds or Infinity`);
  return ms;
}

// setTimeout's longest wait (about 24.8 days); a longer one fires at once.
const kLongestTimer = 2 ** 31 - 1;

/** JSON-RPC methods that must not be sent twice: a second node may take them again. */
const kOnce = new Set(['gif_sendRawTransaction', 'gif_createWebhook', 'gif_deleteWebhook']);

/** Whether a request's body holds a call that must not be made twice. */
function isOnce(init: RequestInit): boolean {
  if (typeof init.body !== 'string' || !init.body.includes('"method"')) return false;
  try {
    const parsed = JSON.parse(init.body) as { method?: unknown } | { method?: unknown }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).some((c) => kOnce.has(String(c?.method)));
  } catch {
    return false;
  }
}

/** A call waiting for its batch. */
interface Queued {
  method: string;
  params: unknown[];
  timeoutMs: number;
  signal: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A signal that aborts with the caller's or at the deadline, and how to let it go. */
function deadline(options: CallOptions, fallbackMs: number) {
  const controller = new AbortController();
  const ms = options.deadlineAt !== undefined ? Math.max(0, options.deadlineAt - Date.now()) : checkedTimeout(options.timeoutMs) ?? fallbackMs;
  // A wait longer than a timer can hold (Infinity among them) is none.
  const arm = (wait: number, total: number) =>
    wait <= kLongestTimer ? setTimeout(() => controller.abort(new TimeoutError(`no answer within ${total} ms`)), wait) : undefined;
  let timer = arm(ms, ms);
  const onAbort = () => controller.abort(options.signal!.reason);
  if (options.signal) {
    if (options.signal.aborted) controller.abort(options.signal.reason);
    else options.signal.addEventListener('abort', onAbort, { once: true });
  }
  const startedAt = Date.now();
  const d = {
    signal: controller.signal,
    endsAt: startedAt + ms,
    done() {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
    /** Moves the end to `at` (later only), while the call is under way. */
    extendTo(at: number) {
      if (at <= d.endsAt || controller.signal.aborted) return;
      clearTimeout(timer);
      d.endsAt = at;
      timer = arm(at - Date.now(), at - startedAt);
    },
    controller,
  };
  return d;
}

/**
 * @internal
 * One deadline for a call made of several requests (a verification: the
 * head, the header, a proof, the content): the options each request takes,
 * whose signal aborts with a TimeoutError when the whole call's `timeoutMs`
 * is up, and `done()` to let the timer go and abort what is left.
 */
export function wholeCall(options: CallOptions, fallbackMs: number): { options: CallOptions; done(): void; extendTo(at: number): CallOptions } {
  const d = deadline(options, fallbackMs);
  // Each request gets what is left of the call, so that a 429 whose wait
  // would outlast the call is told (RateLimitedError), not slept through.
  // Its end aborts what is still under way: a call that rejected on one
  // step leaves no request asking the node for the others.
  const done = () => {
    d.done();
    d.controller.abort(new DOMException('the call has ended', 'AbortError'));
  };
  // A call whose work is known only once it has begun (verifyHoldings)
  // may move its end: the options its later requests take.
  const extendTo = (at: number): CallOptions => {
    d.extendTo(at);
    return { signal: d.signal, deadlineAt: d.endsAt };
  };
  return { options: { signal: d.signal, deadlineAt: d.endsAt }, done, extendTo };
}

/**
 * `work`, or the signal's reason as soon as it aborts, whichever is first.
 * fetch is handed the signal as well, but the fetch of Node 18 (undici)
 * now and then neither rejects nor settles when a request it has started
 * is aborted (undici#1862): without this race such a call would outlive
 * its deadline forever.
 */
function settleBy<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // The loser's rejection is seen here, not reported as unhandled.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterSeconds(response: Response, body: unknown): number {
  const header = Number(response.headers.get('Retry-After'));
  if (Number.isFinite(header) && header >= 0) return header;
  const data = (body as { error?: { data?: { retryAfter?: unknown } } })?.error?.data?.retryAfter;
  return typeof data === 'number' && data >= 0 ? data : 1;
}

/** What a REST answer carries besides its data. */
export interface RestAnswer<T> {
  data: T;
  height: number;
  cursor?: string | null;
}

/**
 * How long to wait (ms) before asking again what the node declined: the wait
 * it asked for (its rate limit, a read server behind), none for its answer
 * limit when the round answered something (the rest goes in the next,
 * smaller batch), else a backoff that doubles.
 */
function againAfterMs(error: unknown, attempt: number, progressed: boolean): number {
  const backoff = Math.min(8000, 500 * 2 ** Math.min(attempt, 4));
  if (error instanceof RateLimitedError) return Math.max(1, error.retryAfter) * 1000;
  if (error instanceof RpcError && (error.code === -32005 || error.code === -32006)) {
    const asked = (error.data as { retryAfter?: unknown } | undefined)?.retryAfter;
    return (typeof asked === 'number' && asked >= 1 && Number.isFinite(asked) ? asked : 1) * 1000;
  }
  if (error instanceof RpcError && error.code === -32600) return progressed ? 0 : backoff;
  return backoff;
}

/** The calls a node declined for its own reasons, and the longest wait they ask for. */
function refusedCalls(out: (unknown | RpcError)[], attempt: number, calls: { method: string }[]): { indexes: number[]; wait: number; rateLimited: number } {
  const indexes: number[] = [];
  out.forEach((a, i) => {
    // A send refused for the node's rate limit never reached it; refused
    // for any other reason it may have: not asked again.
    const send = calls[i]?.method === 'gif_sendRawTransaction';
    if (isRefusal(a) && (!send || (a as RpcError).code === -32005)) indexes.push(i);
  });
  const progressed = indexes.length < out.length;
  let wait = 0;
  let rateLimited = 0;
  for (const i of indexes) {
    const ms = againAfterMs(out[i], attempt, progressed);
    wait = Math.max(wait, ms);
    if ((out[i] as RpcError).code === -32005) rateLimited = Math.max(rateLimited, ms / 1000);
  }
  return { indexes, wait, rateLimited };
}

/** The client's HTTP: timeouts, the client's own pace, batches, fallback nodes and answer limits. One per client. */
export class Transport {
  private readonly fetchImpl: FetchLike;
  readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly rate: number;
  private readonly burst: number;
  private tokens: number;
  private tokensAt = Date.now();
  private queue: Promise<void> = Promise.resolve();
  private readonly batching: { wait: number; size: number } | null;
  private readonly batches = new Map<string, Queued[]>();
  private readonly nodes: readonly { rest: string; rpc: string }[];
  private readonly fallbackAfterMs: number;
  private readonly maxAnswerBytes: number;
  private preferred = 0;

  constructor(options: TransportOptions = {}) {
    const f = options.fetch ?? (globalThis.fetch as FetchLike | undefined);
    if (!f) throw new TypeError('no fetch: pass one as the fetch option');
    this.fetchImpl = f.bind(globalThis);
    this.timeoutMs = checkedTimeout(options.timeoutMs) ?? 30_000;
    this.maxAnswerBytes = checkedTimeout(options.maxAnswerBytes, 'maxAnswerBytes') ?? 64 * 1024 * 1024;
    this.maxRetries = options.maxRetries ?? 3;
    this.rate = options.rate ?? 50;
    this.burst = options.burst ?? 200;
    this.tokens = this.burst;
    this.nodes = options.rest && options.rpc ? [{ rest: options.rest, rpc: options.rpc }, ...(options.fallback ?? [])] : [];
    this.fallbackAfterMs = checkedTimeout(options.fallbackAfterMs, 'fallbackAfterMs') ?? 10_000;
    const b = options.batch;
    this.batching = b ? { wait: (b === true ? 0 : b.wait) ?? 0, size: Math.min(100, (b === true ? 100 : b.size) ?? 100) } : null;
  }

  /** The client's own pace: calls a second. */
  get callsPerSecond(): number {
    return this.rate;
  }

  /** How long (ms) the client's own pace needs for `calls` more calls from now, tokens at hand counted. */
  paceMs(calls: number): number {
    const now = Date.now();
    const tokens = Math.min(this.burst, this.tokens + ((now - this.tokensAt) / 1000) * this.rate);
    return Math.max(0, ((calls - tokens) / this.rate) * 1000);
  }

  /** Waits, in turn, until `cost` of the client's tokens are there, and takes them. */
  private take(cost: number, signal: AbortSignal): Promise<void> {
    const want = Math.min(cost, this.burst);
    const turn = this.queue.then(async () => {
      const now = Date.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.tokensAt) / 1000) * this.rate);
      this.tokensAt = now;
      if (this.tokens < want) await sleep(((want - this.tokens) / this.rate) * 1000, signal);
      this.tokens = Math.max(0, this.tokens + ((Date.now() - this.tokensAt) / 1000) * this.rate - want);
      this.tokensAt = Date.now();
    });
    // A caller that gave up does not hold the others back.
    this.queue = turn.catch(() => {});
    return turn;
  }

  /**
   * One request, 429s waited out within the deadline; the response and its
   * parsed JSON body (`raw`: its bytes, a GIF's). With fallback nodes, a
   * node that cannot be reached, answers 502/503/504 or takes longer than
   * fallbackAfterMs gives its turn to the next, the same path asked.
   */
  async request(
    url: string,
    init: RequestInit,
    options: CallOptions = {},
    which?: 'rest' | 'rpc',
    raw = false,
  ): Promise<{ response: Response; body: unknown }> {
    // Which of the node's URLs this is: said by the caller, or the longer
    // base it starts with (an RPC URL may be the REST one and a path).
    if (this.nodes.length < 2) return this.requestOne(url, init, options, raw);
    const kinds = (['rest', 'rpc'] as const).slice().sort((a, b) => this.nodes[0]![b].length - this.nodes[0]![a].length);
    const kind = which && url.startsWith(this.nodes[0]![which]) ? which : kinds.find((k) => url.startsWith(this.nodes[0]![k]));
    if (!kind) return this.requestOne(url, init, options, raw);
    const path = url.slice(this.nodes[0]![kind].length);
    const endsAt = options.deadlineAt ?? Date.now() + (checkedTimeout(options.timeoutMs) ?? this.timeoutMs);
    // A call that must not be made twice (a transaction, a webhook's
    // registration) moves on only from a node that could not be reached:
    // one slow to answer may have taken it.
    const once = isOnce(init);
    let failure: unknown;
    for (let i = 0; i < this.nodes.length; i++) {
      const n = (this.preferred + i) % this.nodes.length;
      const last = i === this.nodes.length - 1;
      // Each node but the last has its turn to begin answering (its
      // headers); its answer then has the rest of the call.
      const turn = last || once ? undefined : this.fallbackAfterMs;
      try {
        const answer = await this.requestOne(this.nodes[n]![kind] + path, init, { signal: options.signal, deadlineAt: endsAt }, raw, turn);
        if ([502, 503, 504].includes(answer.response.status) && !last) {
          failure = new HttpError(answer.response.status, `HTTP ${answer.response.status} from ${this.nodes[n]![kind]}`);
          continue;
        }
        this.preferred = n;
        return answer;
      } catch (e) {
        // A node that could not be reached, or did not begin answering in
        // its turn: anything else (an answer, an abort, the call's own
        // deadline) is the call's.
        const movesOn = e instanceof HttpRequestError || (e instanceof TimeoutError && (e as { turn?: boolean }).turn === true);
        if (options.signal?.aborted || !movesOn) throw e;
        failure = e;
      }
    }
    throw failure;
  }

  /**
   * One request to one node, 429s waited out within the call's deadline.
   * With `turnMs`, a node that has not begun to answer (its headers) by
   * then is given up with a TimeoutError marked `turn`, for the next.
   */
  private async requestOne(url: string, init: RequestInit, options: CallOptions, raw = false, turnMs?: number): Promise<{ response: Response; body: unknown }> {
    const d = deadline(options, this.timeoutMs);
    try {
      for (let attempt = 0; ; attempt++) {
        // fetch's own TypeError (no connection, a reset) says nothing of
        // where: wrapped, with the URL; an abort stays the call's.
        const reached = <T>(work: Promise<T>, signal: AbortSignal) =>
          settleBy(work, signal).catch((e: unknown) => {
            throw e instanceof TypeError && !signal.aborted ? new HttpRequestError(url, e) : e;
          });
        const turn = turnMs === undefined ? null : new AbortController();
        const turnTimer = turn && setTimeout(() => turn.abort(Object.assign(new TimeoutError(`${url} did not begin to answer within ${turnMs} ms`), { turn: true })), Math.min(turnMs!, kLongestTimer));
        const onCallAbort = () => turn?.abort(d.signal.reason);
        d.signal.addEventListener('abort', onCallAbort, { once: true });
        let response: Response;
        let bytes: Uint8Array;
        try {
          const signal = turn ? turn.signal : d.signal;
          if (d.signal.aborted) onCallAbort();
          try {
            response = await reached(this.fetchImpl(url, { ...init, signal }), signal);
          } finally {
            if (turnTimer) clearTimeout(turnTimer);
          }
          // Begun: the body has the rest of the call (a large batch on a
          // slow link is not cut at the turn and asked again elsewhere);
          // the call's end still stops the request, through the turn's signal.
          bytes = await reached(this.readBytes(response, url, d.controller), d.signal);
        } finally {
          d.signal.removeEventListener('abort', onCallAbort);
        }
        if (raw && response.status !== 429) return { response, body: bytes };
        const text = new TextDecoder().decode(bytes);
        let body: unknown = undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          if (response.ok) throw new ProtocolError(`the node's answer is not JSON`, { details: `${url}: ${text.slice(0, 80)}` });
        }
        if (response.status !== 429) return { response, body };
        const wait = retryAfterSeconds(response, body);
        if (attempt >= this.maxRetries || Date.now() + wait * 1000 > d.endsAt)
          throw new RateLimitedError(wait, `the node asks to wait ${wait} s${attempt >= this.maxRetries ? ` after ${attempt + 1} tries` : ', past this call\'s deadline'}`);
        await sleep(wait * 1000, d.signal);
      }
    } finally {
      d.done();
    }
  }

  /** The answer's bytes, counted as they arrive: a ProtocolError past maxAnswerBytes. */
  private async readBytes(response: Response, url: string, controller: AbortController): Promise<Uint8Array> {
    const tooLarge = () => {
      const error = new ProtocolError(`the node's answer is over ${this.maxAnswerBytes} bytes`, { details: url });
      controller.abort(error);
      return error;
    };
    const declared = Number(response.headers.get('Content-Length'));
    if (Number.isFinite(declared) && declared > this.maxAnswerBytes) {
      void response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    const parts: Uint8Array[] = [];
    let bytes = 0;
    const take = (value: Uint8Array) => {
      bytes += value.byteLength;
      parts.push(value);
      return bytes > this.maxAnswerBytes;
    };
    const body = response.body as unknown;
    if (body && typeof (body as ReadableStream<Uint8Array>).getReader === 'function') {
      const reader = (body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (take(value)) {
          void reader.cancel().catch(() => {});
          throw tooLarge();
        }
      }
    } else if (body && typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
      // A fetch of node-fetch's kind: its body is a Node stream.
      for await (const value of body as AsyncIterable<Uint8Array>)
        if (take(value instanceof Uint8Array ? value : new TextEncoder().encode(String(value)))) throw tooLarge();
    } else {
      const all = new Uint8Array(await response.arrayBuffer());
      if (take(all)) throw tooLarge();
    }
    if (parts.length === 1) return parts[0]!;
    const all = new Uint8Array(bytes);
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.byteLength;
    }
    return all;
  }

  /** GET of a REST path: the record, or an HttpError in the node's words. */
  async rest<T>(base: string, path: string, query: Record<string, string | number | boolean | undefined | string[]>, options?: CallOptions): Promise<RestAnswer<T>> {
    const url = new URL(`${base.replace(/\/$/, '')}/v1${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(v));
    }
    const { response, body } = await this.request(url.toString(), { method: 'GET' }, options, 'rest');
    if (!response.ok) {
      const error = (body as { error?: { code?: string; message?: string } })?.error;
      throw new HttpError(response.status, error?.message ?? `HTTP ${response.status}`, error?.code);
    }
    // PROTOCOL's shape: {data, height} (and a list's cursor); anything else
    // is no answer, never `undefined` for a record.
    const answer = body as Partial<RestAnswer<T>> | undefined;
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer) || answer.data === undefined || typeof answer.height !== 'number')
      throw new ProtocolError(`the node's answer to ${path} is not a record`, { details: 'expected {"data": …, "height": N}' });
    return answer as RestAnswer<T>;
  }

  /** One JSON-RPC call: its result, or an RpcError with the node's code and data. */
  async rpc<T>(url: string, method: string, params: unknown[], options?: CallOptions): Promise<T> {
    if (this.batching) return this.rpcInBatch<T>(url, method, params, options ?? {});
    return this.rpcAlone<T>(url, method, params, options);
  }

  /** The call in the next batch to `url`; its own deadline and signal still its own. */
  private rpcInBatch<T>(url: string, method: string, params: unknown[], options: CallOptions): Promise<T> {
    const d = deadline(options, this.timeoutMs);
    const answer = new Promise<unknown>((resolve, reject) => {
      let queued = this.batches.get(url);
      if (!queued) {
        queued = [];
        this.batches.set(url, queued);
        const flush = () => this.flushBatch(url);
        if (this.batching!.wait > 0) setTimeout(flush, this.batching!.wait);
        else queueMicrotask(flush);
      }
      queued.push({ method, params, timeoutMs: options.timeoutMs ?? this.timeoutMs, signal: d.signal, resolve, reject });
      if (queued.length >= this.batching!.size) this.flushBatch(url);
    });
    return settleBy(answer, d.signal).finally(() => d.done()) as Promise<T>;
  }

  private flushBatch(url: string) {
    const all = this.batches.get(url);
    if (!all) return;
    this.batches.delete(url);
    // A call aborted while it waited is not sent (a transaction stays unsent).
    const queued = all.filter((q) => !q.signal.aborted);
    if (queued.length === 0) return;
    const timeoutMs = Math.max(...queued.map((q) => q.timeoutMs));
    // The batch stops once every call in it has stopped (aborted, or past
    // its own deadline): none outlives its callers.
    const stop = new AbortController();
    let left = queued.length;
    for (const q of queued)
      q.signal.addEventListener('abort', () => --left === 0 && stop.abort(q.signal.reason), { once: true });
    this.rpcBatch(url, queued.map(({ method, params }) => ({ method, params })), { timeoutMs, signal: stop.signal }).then(
      (answers) =>
        answers.forEach((a, i) =>
          a instanceof RpcError
            ? queued[i]!.reject(a)
            : a === undefined
              ? queued[i]!.reject(new ProtocolError(`the node's batch answer to ${queued[i]!.method} has no result`))
              : queued[i]!.resolve(a),
        ),
      (error) => queued.forEach((q) => q.reject(error)),
    );
  }

  /** One call, asked again while the node declines it for its own reasons (-32603, -32006), within its deadline. */
  private async rpcAlone<T>(url: string, method: string, params: unknown[], options: CallOptions = {}): Promise<T> {
    // The first ask is the call as given (its own timeout and its words);
    // one asked again gets what is left of it.
    const endsAt = options.deadlineAt ?? Date.now() + (checkedTimeout(options.timeoutMs) ?? this.timeoutMs);
    let ask = options;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.rpcOnce<T>(url, method, params, ask);
      } catch (e) {
        // A send is not asked again: one that reached the mempool would
        // come back refused as a duplicate (the caller decides).
        if (!(e instanceof RpcError) || !isRefusal(e) || method === 'gif_sendRawTransaction') throw e;
        const wait = againAfterMs(e, attempt, false);
        if (Date.now() + wait >= endsAt) throw e;
        await sleep(wait, options.signal ?? new AbortController().signal);
        ask = { signal: options.signal, deadlineAt: endsAt };
      }
    }
  }

  private async rpcOnce<T>(url: string, method: string, params: unknown[], options: CallOptions): Promise<T> {
    const { response, body } = await this.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      },
      options,
      'rpc',
    );
    const answer = body as { result?: T; error?: { code: number; message: string; data?: unknown } } | undefined;
    if (answer?.error) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
    if (!response.ok) throw new HttpError(response.status, `the node did not answer ${method} as JSON-RPC`);
    if (!answer || !('result' in answer)) throw new ProtocolError(`the node did not answer ${method} as JSON-RPC`, { details: 'no result and no error' });
    return answer.result as T;
  }

  /**
   * A JSON-RPC batch (at most 100 calls): each call's result or RpcError,
   * in the order asked.
   */
  async rpcBatch(url: string, calls: { method: string; params: unknown[] }[], options: CallOptions = {}): Promise<(unknown | RpcError)[]> {
    if (calls.length === 0) return [];
    if (calls.length > 100) throw new RangeError('a batch holds at most 100 calls');
    // One deadline for the whole call, its waits for the node included.
    const d = deadline(options, this.timeoutMs);
    try {
      const out: (unknown | RpcError)[] = new Array(calls.length);
      let pending = calls.map((_, i) => i);
      let refusedBefore = false;
      for (let attempt = 0; ; attempt++) try {
        await this.take(pending.length, d.signal);
        let answers: (unknown | RpcError)[];
        try {
          answers = await this.sendBatch(url, pending.map((i) => calls[i]!), { signal: d.signal, timeoutMs: Math.max(1, d.endsAt - Date.now()) });
        } catch (e) {
          // The whole batch declined (5xx, -32603 or -32006 for all of it) or
          // the node out of reach: asked again, as long as the deadline allows.
          // A whole batch refused for the rate limit is waited out as its
          // calls refused in place are.
          const whole = isRefusal(e) || (e instanceof HttpRequestError && !d.signal.aborted);
          const wait = againAfterMs(e, attempt, false);
          if (!whole || Date.now() + wait >= d.endsAt) throw e;
          await sleep(wait, d.signal);
          continue;
        }
        answers.forEach((a, k) => (out[pending[k]!] = a));
        const refused = refusedCalls(answers, attempt, pending.map((i) => calls[i]!));
        if (refused.indexes.length === 0) return out;
        pending = refused.indexes.map((k) => pending[k]!);
        if (Date.now() + refused.wait >= d.endsAt) {
          if (refused.rateLimited > 0)
            throw new RateLimitedError(refused.rateLimited, `the node kept refusing ${pending.length} of the batch's calls for its rate limit until this call's deadline`);
          // What it still declines stays in place, its error the node's own.
          return out;
        }
        refusedBefore = true;
        await sleep(refused.wait, d.signal);
      } catch (e) {
        // The deadline came while calls were being asked again: they stay
        // as the node last declined them, which says more than the clock.
        // The whole call's own deadline (its signal aborted with a
        // TimeoutError at the same moment) is the clock too; only an abort
        // of the caller's is the caller's.
        const callersAbort = options.signal?.aborted && !(options.signal.reason instanceof TimeoutError);
        if (refusedBefore && e instanceof TimeoutError && !callersAbort) return out;
        throw e;
      }
    } finally {
      d.done();
    }
  }

  private async sendBatch(url: string, calls: { method: string; params: unknown[] }[], options: CallOptions): Promise<(unknown | RpcError)[]> {
    const { response, body } = await this.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, method: c.method, params: c.params }))),
      },
      options,
      'rpc',
    );
    if (!Array.isArray(body)) {
      const error = (body as { error?: { code: number; message: string; data?: unknown } })?.error;
      if (error?.code === -32005) {
        const wait = Number((error.data as { retryAfter?: unknown } | undefined)?.retryAfter ?? 1);
        throw new RateLimitedError(Number.isFinite(wait) ? wait : 1, error.message);
      }
      if (error) throw new RpcError(error.code, error.message, error.data);
      if (!response.ok) throw new HttpError(response.status, 'the node did not answer the batch as JSON-RPC');
      throw new ProtocolError('the node did not answer the batch as JSON-RPC', { details: 'its answer is not a list' });
    }
    // An error made only for a call left unanswered: each one made costs a
    // stack trace, and a batch of a hundred answered calls needs none.
    const unanswered = {};
    const out: (unknown | RpcError)[] = new Array(calls.length).fill(unanswered);
    for (const a of body as { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }[]) {
      if (typeof a?.id !== 'number' || a.id < 0 || a.id >= calls.length) continue;
      out[a.id] = a.error ? new RpcError(a.error.code, a.error.message, a.error.data) : a.result;
    }
    return out.map((a) => (a === unanswered ? new RpcError(-32603, 'no answer in the batch') : a));
  }
}
