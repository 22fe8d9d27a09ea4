// The records the node serves (docs/PROTOCOL.md, "Records"): addresses and
// hashes as 0x-prefixed hex, amounts as bigint base units (the node sends
// decimal strings; the actions turn them into bigint: formatGif shows them).
import type { HeaderJson } from './header.js';
import type { Trait } from './commitments.js';
import { ProtocolError } from './errors.js';

/** 0x and hexadecimal digits. */
export type Hex = `0x${string}`;
/** 0x and 40 hexadecimal digits, lower case as the node writes them. */
export type HexAddress = Hex;
/** 0x and 64 hexadecimal digits. */
export type HexHash = Hex;

/** A block: its header, and its transactions' hashes or, when asked for, the transactions themselves. */
export type Block = HeaderJson & { txHashes?: HexHash[]; transactions?: Transaction[] };

/** A transaction as the node records it: the fields its kind has, and where it was mined (null while pending). */
export interface Transaction {
  hash: HexHash;
  from: HexAddress;
  nonce: number;
  kind: string;
  gasPrice: bigint;
  gasLimit: number;
  to?: HexAddress;
  amount?: bigint;
  slug?: string;
  tokenId?: number;
  key?: string;
  name?: string;
  category?: string;
  traits?: Trait[];
  price?: bigint;
  maxPrice?: bigint;
  bytes?: number;
  blockHeight: number | null;
  blockHash: HexHash | null;
  index: number | null;
}

/** What a transaction did to an object: a mint, sale, transfer, listing or delisting. */
export interface ReceiptEvent {
  type: 'mint' | 'transfer' | 'list' | 'delist' | 'sale' | 'payment';
  key: string | null;
  from: HexAddress | null;
  to: HexAddress | null;
  price: bigint | null;
}

/** How a mined transaction ended: its status, gas, fee and events. */
export interface Receipt {
  status: 'success' | 'failed';
  error: string | null;
  gasUsed: number;
  fee: bigint;
  blockHeight: number;
  index: number;
  events: ReceiptEvent[];
}

/** An object for sale: its seller, the escrow holding it, and its price. */
export interface Listing {
  key: string;
  seller: HexAddress;
  escrow: HexAddress;
  price: bigint;
  listedAt: number;
  txHash: HexHash;
}

/** An object's sale: its price, buyer, seller and block. */
export interface Sale {
  price: bigint;
  height: number;
  [field: string]: unknown;
}

/** An object as lists give it: key, owner, rarity, and its listing and last sale where present. */
export interface ObjectSummary {
  key: string;
  slug: string;
  tokenId: number;
  owner: HexAddress;
  rarityRank: number;
  traits: Trait[];
  frames: number;
  /** The GIF's size in bytes, where the node says it in a list (it does since 0.3's node). */
  bytes?: number;
  listing?: Listing | null;
  lastSale?: Sale | null;
}

/** An object as its own page gives it: the summary, its traits, content hash and frames. */
export interface ObjectRecord extends ObjectSummary {
  bytes: number;
  canvasWidth: number;
  canvasHeight: number;
  contentHash: HexHash;
  traitsHash: HexHash;
  root: HexHash;
  mintedAt: number;
  mintTx: HexHash;
  listing: Listing | null;
  lastSale: Sale | null;
}

/** A collection with its figures: items, owners, listed, floor and volumes. */
export interface Collection {
  slug: string;
  name: string;
  category: string;
  creator: HexAddress;
  items: number;
  owners: number;
  listed: number;
  floorPrice: bigint | null;
  volume24h: bigint;
  volumeTotal: bigint;
  sales24h: number;
  createdAt: number;
}

/** An address: its balance, nonce, counters and holdings by collection. */
export interface Wallet {
  address: HexAddress;
  balance: bigint;
  nonce: number;
  holdings: { slug: string; count: number }[];
  listed: number;
  counters: {
    txCount: number;
    minted: number;
    bought: number;
    sold: number;
    transfersIn: number;
    transfersOut: number;
  };
}

/** An entry of the activity feed: what happened to which object, between whom, in which block. */
export interface Activity {
  id: string;
  type: 'mint' | 'sale' | 'transfer' | 'list' | 'delist';
  key: string;
  slug: string;
  tokenId: number;
  from: HexAddress | null;
  to: HexAddress | null;
  price: bigint | null;
  txHash: HexHash;
  height: number;
  timestamp: number;
}

/** How many of a collection's objects have each trait value (a devnet addition). */
export interface TraitCounts {
  items: number;
  values: { trait: string; value: string; count: number }[];
}

/** One object an address holds, as `gif_getOwnership` lists it (sorted by display key). */
export interface OwnedObject {
  key: string;
  slug: string;
  tokenId: number;
  /** The root of the object's leaf in the address's holdings trie. */
  root: HexHash;
}

/** A node's validator set at a height, with its hash and fingerprint. */
export interface Validators {
  validators: HexAddress[];
  validatorsHash: HexHash;
  quorum: number;
}

/** The fields of the records above that hold amounts (base units). */
export const AMOUNT_FIELDS: ReadonlySet<string> = new Set(['gasPrice', 'amount', 'price', 'maxPrice', 'fee', 'floorPrice', 'volume24h', 'volumeTotal', 'balance']);

/**
 * A record as the node sent it, its amounts (decimal strings under the
 * names above, at any depth) made bigint. Anything else is left as it came.
 */
export function withAmounts<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withAmounts(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    let converted: unknown;
    if (AMOUNT_FIELDS.has(name) && v !== null) {
      if (typeof v !== 'string' || !/^(0|[1-9][0-9]*)$/.test(v))
        throw new ProtocolError(`the node sent ${name} as ${JSON.stringify(v)}, not a decimal string of base units`);
      converted = BigInt(v);
    } else {
      converted = withAmounts(v);
    }
    // A key named __proto__ from the node is data, not this object's prototype.
    Object.defineProperty(out, name, { value: converted, enumerable: true, writable: true, configurable: true });
  }
  return out as T;
}
