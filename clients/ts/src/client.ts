// The client at the heart of every call: a node's URLs, its transport (the
// timeouts, the 429s, the client's own pace), the validators trusted, and
// extend() to add actions as methods. The calls themselves are free
// functions over it (actions/public.ts, verify.ts, watch.ts), so that a page
// imports what it uses: reading the head carries no signature code.
import { InvalidArgumentError } from './errors.js';
import { CHAIN_ID, DEVNET_VALIDATORS } from './constants.js';
import type { Activity, HexAddress } from './records.js';
import { Transport, type CallOptions, type FetchLike } from './transport.js';

/**
 * What the client uses of a websocket. Structural, so that the browser's
 * WebSocket (and Node 22's) and `ws`'s class both fit without a cast; the
 * handlers' events are `never` here because each implementation has its
 * own event types, and the client reads only a message's `data`.
 */
export interface WebSocketInstance {
  /** Sends a text frame. */
  send(data: string): void;
  /** Closes the socket. */
  close(): void;
  /** Called once it is open. */
  onopen: ((this: never, event: never) => unknown) | null;
  /** Called once it is closed, from either side. */
  onclose: ((this: never, event: never) => unknown) | null;
  /** Called on an error (a close follows). */
  onerror: ((this: never, event: never) => unknown) | null;
  /** Called with each message; the client reads its `data`. */
  onmessage: ((this: never, event: never) => unknown) | null;
}

/** A WebSocket constructor: globalThis.WebSocket in browsers and Node 22, or `ws`'s. */
export type WebSocketLike = new (url: string) => WebSocketInstance;

/** What `createClient` and `createBaseClient` take: the node's URLs, whom to trust, and the transport's options. */
export interface ClientOptions {
  /**
   * The REST base URL (`base_url`), e.g. http://127.0.0.1:8545. Optional: a
   * client of the JSON-RPC alone verifies and reads all JSON-RPC serves, and
   * its REST and GraphQL actions throw InvalidArgumentError without asking.
   */
  rest?: string;
  /** The JSON-RPC URL (`rpc_url`). */
  rpc: string;
  /** The websocket URL (`rpc_ws_url`), for watchHeads and watchObjectEvents. */
  ws?: string;
  /**
   * Validator addresses trusted to sign headers. Required for a node off
   * this machine; for one on loopback (the local devnet) the devnet's
   * published set by default. Its keys are public: a set trusted for any
   * URL would let anyone sign a chain of their own.
   */
  trust?: readonly string[];
  fetch?: FetchLike;
  WebSocket?: WebSocketLike;
  /** Every call's default timeout in ms (30 s; `Infinity`: none). */
  timeoutMs?: number;
  /** The most bytes a node's answer may have (64 MiB; TransportOptions.maxAnswerBytes). */
  maxAnswerBytes?: number;
  /** How many times a 429 is waited out (3). */
  maxRetries?: number;
  /** The client's own pace for JSON-RPC batches, calls a second (50) and at once (200). */
  rate?: number;
  burst?: number;
  /** JSON-RPC calls made close together sent as one batch (TransportOptions.batch). */
  batch?: boolean | { wait?: number; size?: number };
  /** Other nodes of the chain, asked when this one cannot be reached (TransportOptions.fallback). */
  fallback?: readonly { rest: string; rpc: string }[];
  /** With `fallback`: ms a node may take before the next is asked (10 000; TransportOptions.fallbackAfterMs). */
  fallbackAfterMs?: number;
  chainId?: number;
}

/** Reads at a height (the head when absent). */
export interface AtHeight extends CallOptions {
  height?: number;
}

/**
 * How fresh a verified answer must be. A proof only says what was true at
 * the header it is checked against: a node (or a lagging replica) that
 * reports an old head gets old owners verified. These refuse that, with a
 * VerificationError whose reason is `stale`.
 */
export interface Freshness {
  /** The header must be at this height or above (one you have already seen). */
  minHeight?: number;
  /** The header's signed timestamp must be at most this many seconds before this machine's clock. */
  maxAgeSeconds?: number;
}

/** A verifying call's options. */
export interface VerifyOptions extends AtHeight, Freshness {}

export interface PageOptions extends CallOptions {
  /** Records a page (1–100, 25 by default). */
  limit?: number;
  /** Start from a page's cursor. */
  cursor?: string;
}

export interface ObjectFilter extends PageOptions {
  collection?: string;
  owner?: HexAddress;
  /** `{Name: Value}`: all must hold. */
  traits?: Record<string, string>;
  sort?: 'id' | 'rarity' | 'price' | 'lastSale' | 'listed';
  listed?: boolean;
}

export interface ActivityFilter extends PageOptions {
  types?: Activity['type'][];
  collection?: string;
  address?: HexAddress;
  since?: number;
}

/** A GraphQL answer as GraphQL has it: data, errors, and the height and cost it was read at. */
export interface GraphqlResult<T = Record<string, unknown>> {
  data?: T;
  errors?: { message: string; path?: (string | number)[]; locations?: { line: number; column: number }[] }[];
  extensions?: { height?: number; cost?: number };
}

/** One page of a list and the height the whole walk answers at. */
export interface Page<T> {
  items: T[];
  height: number;
  cursor: string | null;
}

/** A client of one node: what every action takes first. */
export interface Client {
  readonly options: ClientOptions;
  readonly transport: Transport;
  /** The trusted validators' addresses, lower case. */
  readonly trust: readonly string[];
  readonly chainId: number;
  /** This client with `decorate`'s methods added (`client.extend(verifyActions)`). */
  extend<T extends object>(decorate: (client: Client) => T): this & T;
}

/** Whether `url` names this machine (127.0.0.0/8, localhost, [::1]); a URL that does not parse does not. */
function onLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A client of one node with no actions of its own: pass it to the actions. */
export function createBaseClient(options: ClientOptions): Client {
  if (!options?.rpc) throw new InvalidArgumentError('rpc', 'a client needs at least the JSON-RPC URL (rpc)');
  if (!options.rest && options.fallback?.length) throw new InvalidArgumentError('fallback', 'fallback nodes are asked in place of this one: give its rest URL too');
  const urls = [...(options.rest ? [options.rest] : []), options.rpc, ...(options.ws ? [options.ws] : []), ...(options.fallback ?? []).flatMap((n) => [n.rest, n.rpc])];
  if (options.trust === undefined && !urls.every(onLoopback))
    throw new InvalidArgumentError(
      'trust',
      `say which validators to trust for ${urls.find((u) => !onLoopback(u))}: createClient({ trust: [...] }) — the devnet's set, whose keys are public, is trusted by default only for a node on this machine`,
    );
  const base = {
    options,
    transport: new Transport(options),
    trust: Object.freeze([...(options.trust ?? DEVNET_VALIDATORS)].map((a) => a.toLowerCase())),
    chainId: options.chainId ?? CHAIN_ID,
  };
  return withActions(base, {});
}

// A client of `base` with `actions`; extend() adds more. A decorator may
// not replace what the client is (its trust above all): those keys of its
// result are dropped. Frozen, and no `this`: extend may be taken apart.
function withActions(base: Omit<Client, 'extend'>, actions: object): Client {
  const client: Client = Object.freeze({
    ...actions,
    ...base,
    extend<T extends object>(decorate: (client: Client) => T) {
      const added = { ...decorate(client) } as Record<string, unknown>;
      for (const key of ['options', 'transport', 'trust', 'chainId', 'extend']) delete added[key];
      return withActions(base, { ...actions, ...added }) as never;
    },
  });
  return client;
}
