// A webhook delivery checked as Standard Webhooks 1.0 says: the key is the
// base64 after "whsec_", the signed content is "id.timestamp.body", the
// header lists space-separated "v1,<base64 HMAC-SHA256>" of which one must
// match, and a timestamp more than five minutes away is refused.
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { concat, equal, utf8 } from './bytes.js';
import { ProtocolError, VerificationError } from './errors.js';
import { withAmounts, type Activity, type HexHash } from './records.js';

/** The events a webhook is sent. */
export type WebhookEventType = 'mint' | 'sale' | 'transfer';

/** A delivery's payload: the feed's entry of the event, with its block's hash. */
export type WebhookPayload = {
  [T in WebhookEventType]: {
    type: T;
    /** When the block was made, ISO 8601 UTC. */
    timestamp: string;
    data: Omit<Activity, 'type'> & { type: T; blockHash: HexHash };
  };
}[WebhookEventType];

/** A delivery's headers, as a plain object, a `Headers` or a Node request's. */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>))
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The signature a sender with `secret` puts on `body` (the `v1,…` value). */
export function signWebhook(id: string, timestamp: number, body: string | Uint8Array, secret: string): string {
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  const content = concat(utf8(`${id}.${timestamp}.`), typeof body === 'string' ? utf8(body) : body);
  return `v1,${toBase64(hmac(sha256, key, content))}`;
}

/**
 * Checks a delivery as Standard Webhooks 1.0 says, whatever its body: its
 * parsed JSON, or a VerificationError ('signature' or 'timestamp'). `body`
 * is the request's body exactly as received.
 */
export function verifyWebhookSignature(
  body: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  opts: { now?: number; toleranceSeconds?: number } = {},
): unknown {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new VerificationError('signature', 'webhook-id, webhook-timestamp and webhook-signature are needed');
  const ts = Number(timestamp);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (!/^[0-9]+$/.test(timestamp) || Math.abs(now - ts) > (opts.toleranceSeconds ?? 300))
    throw new VerificationError('timestamp', `webhook-timestamp ${timestamp} is more than five minutes away`);
  let key: Uint8Array;
  try {
    key = fromBase64(secret.startsWith('whsec_') ? secret.slice(6) : secret);
  } catch {
    throw new TypeError('the secret is whsec_ and base64');
  }
  const bytes = typeof body === 'string' ? utf8(body) : body;
  const expected = hmac(sha256, key, concat(utf8(`${id}.${timestamp}.`), bytes));
  const matched = signatures.split(' ').some((s) => {
    const [version, value] = s.split(',', 2);
    if (version !== 'v1' || !value) return false;
    try {
      return equal(fromBase64(value), expected);
    } catch {
      return false;
    }
  });
  if (!matched) throw new VerificationError('signature', 'no signature matches: not from the holder of this secret');
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
  } catch {
    throw new ProtocolError('a signed webhook body is not JSON');
  }
}

/**
 * A gifscan node's delivery checked (verifyWebhookSignature) and its
 * payload given typed by its `type`, amounts as bigint; a signed body that
 * is no mint, sale or transfer payload is a ProtocolError.
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  opts: { now?: number; toleranceSeconds?: number } = {},
): WebhookPayload {
  const payload = verifyWebhookSignature(body, headers, secret, opts);
  const p = payload as { type?: unknown; data?: { type?: unknown } };
  if (!['mint', 'sale', 'transfer'].includes(p?.type as string) || typeof p.data !== 'object' || p.data?.type !== p.type)
    throw new ProtocolError('a signed webhook body is not a mint, sale or transfer payload', { details: JSON.stringify(payload).slice(0, 200) });
  return withAmounts(payload as WebhookPayload);
}
