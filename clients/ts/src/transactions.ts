// Keys, and transactions of every kind built and signed as docs/PROTOCOL.md
// ("Accounts and transactions") says: the signature covers K(everything
// before it), low s, v 0 or 1; the hash is K(all bytes).
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { concat, fromHex, toHex, u16, u256, u32, u64, utf8 } from './bytes.js';
import { isValidSlug } from './commitments.js';
import type { Trait } from './commitments.js';
import { K } from './hash.js';
import { CHAIN_ID } from './header.js';
import { isValidSecretKey, publicKeyXY, signRecoverable } from './secp256k1.js';

/** What a transaction does, by its kind, without nonce, gas or signature. */
export type TxBody =
  | { kind: 'transfer'; to: string; amount: bigint }
  | { kind: 'createCollection'; slug: string; name: string; category: string }
  | { kind: 'mint'; slug: string; tokenId: number; to: string; traits?: Trait[]; content: Uint8Array }
  | { kind: 'transferObject'; slug: string; tokenId: number; to: string }
  | { kind: 'list'; slug: string; tokenId: number; price: bigint }
  | { kind: 'delist'; slug: string; tokenId: number }
  | { kind: 'buy'; slug: string; tokenId: number; maxPrice: bigint };

/** A transaction ready to sign: its body, nonce, gas and chain. */
export type UnsignedTransaction = TxBody & {
  nonce: number;
  gasPrice: bigint;
  /** The kind's intrinsic gas when absent. */
  gasLimit?: number;
  chainId?: number;
};

/** A signed transaction: the bytes to send, its hash and its sender. */
export interface SignedTransaction {
  /** `0x` + the raw bytes, for gif_sendRawTransaction. */
  raw: `0x${string}`;
  hash: `0x${string}`;
  from: `0x${string}`;
}

const KINDS = { transfer: 1, createCollection: 2, mint: 3, transferObject: 4, list: 5, delist: 6, buy: 7 } as const;

/** A private key: 32 bytes of hex, a valid secp256k1 scalar. */
export class PrivateKey {
  private constructor(private readonly secret: Uint8Array) {}

  /** A key from its 32 bytes as `0x` hex. */
  static fromHex(hex: string): PrivateKey {
    const bytes = fromHex(hex, 32, 'a private key');
    if (!isValidSecretKey(bytes)) throw new RangeError('not a valid secp256k1 private key');
    return new PrivateKey(bytes);
  }

  /** The devnet's funded account `i` (0–9): K("gif-devnet" ‖ u32 i). Public keys: devnet only. */
  static devnet(index: number): PrivateKey {
    return new PrivateKey(K(concat(utf8('gif-devnet'), u32(index))));
  }

  /** The last 20 bytes of K(x ‖ y). */
  get address(): `0x${string}` {
    return toHex(K(publicKeyXY(this.secret)).slice(12));
  }

  /** `r ‖ s ‖ v` of a 32-byte digest: RFC 6979, low s. */
  sign(digest: Uint8Array): Uint8Array {
    return signRecoverable(digest, this.secret, (key, message) => hmac(sha256, key, message));
  }
}

/** The gas a kind of transaction takes (its limit by default). */
export function intrinsicGas(tx: TxBody): number {
  switch (tx.kind) {
    case 'transfer':
      return 21000;
    case 'createCollection':
      return 50000;
    case 'mint':
      return 50000 + 16 * tx.content.length;
    case 'transferObject':
    case 'list':
      return 30000;
    case 'delist':
      return 20000;
    case 'buy':
      return 40000;
  }
}

function str(text: string, what: string): Uint8Array {
  const bytes = utf8(text);
  if (bytes.length > 255) throw new RangeError(`${what} is over 255 bytes`);
  return concat(Uint8Array.of(bytes.length), bytes);
}

function slugId(slug: string, tokenId: number): Uint8Array {
  if (!isValidSlug(slug)) throw new RangeError(`"${slug}" is not a slug`);
  if (!Number.isSafeInteger(tokenId) || tokenId < 0) throw new RangeError(`${tokenId} is not a token id`);
  return concat(str(slug, 'slug'), u64(tokenId));
}

const address = (a: string) => fromHex(a, 20, 'an address');

function body(tx: TxBody): Uint8Array {
  switch (tx.kind) {
    case 'transfer':
      return concat(address(tx.to), u256(tx.amount));
    case 'createCollection':
      return concat(str(tx.slug, 'slug'), str(tx.name, 'name'), str(tx.category, 'category'));
    case 'mint': {
      const traits = tx.traits ?? [];
      const parts = traits.flatMap((t) => {
        const [k, v] = [utf8(t.trait), utf8(t.value)];
        return [u16(k.length), k, u16(v.length), v];
      });
      return concat(slugId(tx.slug, tx.tokenId), address(tx.to), u16(traits.length), ...parts, u32(tx.content.length), tx.content);
    }
    case 'transferObject':
      return concat(slugId(tx.slug, tx.tokenId), address(tx.to));
    case 'list':
      return concat(slugId(tx.slug, tx.tokenId), u256(tx.price));
    case 'delist':
      return slugId(tx.slug, tx.tokenId);
    case 'buy':
      return concat(slugId(tx.slug, tx.tokenId), u256(tx.maxPrice));
  }
}

/** The bytes the signature covers (K of them is what is signed). */
export function unsignedBytes(tx: UnsignedTransaction): Uint8Array {
  const kind = KINDS[tx.kind];
  if (!kind) throw new RangeError(`no transaction kind "${(tx as { kind: string }).kind}"`);
  return concat(
    Uint8Array.of(1),
    u64(tx.chainId ?? CHAIN_ID),
    u64(tx.nonce),
    u256(tx.gasPrice),
    u64(tx.gasLimit ?? intrinsicGas(tx)),
    Uint8Array.of(kind),
    body(tx),
  );
}

/** Signs `tx` with `key`: the raw bytes for `sendTransaction`, their hash and the sender. */
export function signTransaction(tx: UnsignedTransaction, key: PrivateKey): SignedTransaction {
  const unsigned = unsignedBytes(tx);
  const raw = concat(unsigned, key.sign(K(unsigned)));
  return { raw: toHex(raw), hash: toHex(K(raw)), from: key.address };
}
