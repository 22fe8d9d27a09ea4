// The records the node serves (docs/PROTOCOL.md, "Records"), as they come:
// amounts are decimal strings of base units (use unitsOf / formatGif).
import type { HeaderJson } from './header.js';
import type { Trait } from './commitments.js';

export type Block = HeaderJson & { txHashes?: string[]; transactions?: Transaction[] };

export interface Transaction {
  hash: string;
  from: string;
  nonce: number;
  kind: string;
  gasPrice: string;
  gasLimit: number;
  to?: string;
  amount?: string;
  slug?: string;
  tokenId?: number;
  key?: string;
  name?: string;
  category?: string;
  traits?: Trait[];
  price?: string;
  maxPrice?: string;
  bytes?: number;
  blockHeight: number | null;
  blockHash: string | null;
  index: number | null;
}

export interface ReceiptEvent {
  type: 'mint' | 'transfer' | 'list' | 'delist' | 'sale' | 'payment';
  key: string | null;
  from: string | null;
  to: string | null;
  price: string | null;
}

export interface Receipt {
  status: 'success' | 'failed';
  error: string | null;
  gasUsed: number;
  fee: string;
  blockHeight: number;
  index: number;
  events: ReceiptEvent[];
}

export interface Listing {
  key: string;
  seller: string;
  escrow: string;
  price: string;
  listedAt: number;
  txHash: string;
}

export interface Sale {
  price: string;
  height: number;
  [field: string]: unknown;
}

export interface ObjectSummary {
  key: string;
  slug: string;
  tokenId: number;
  owner: string;
  rarityRank: number;
  traits: Trait[];
  frames: number;
  listing?: Listing | null;
  lastSale?: Sale | null;
}

export interface ObjectRecord extends ObjectSummary {
  bytes: number;
  canvasWidth: number;
  canvasHeight: number;
  contentHash: string;
  traitsHash: string;
  root: string;
  mintedAt: number;
  mintTx: string;
  listing: Listing | null;
  lastSale: Sale | null;
}

export interface Collection {
  slug: string;
  name: string;
  category: string;
  creator: string;
  items: number;
  owners: number;
  listed: number;
  floorPrice: string | null;
  volume24h: string;
  volumeTotal: string;
  sales24h: number;
  createdAt: number;
}

export interface Wallet {
  address: string;
  balance: string;
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

export interface Activity {
  id: string;
  type: 'mint' | 'sale' | 'transfer' | 'list' | 'delist';
  key: string;
  slug: string;
  tokenId: number;
  from: string | null;
  to: string | null;
  price: string | null;
  txHash: string;
  height: number;
  timestamp: number;
}

export interface TraitCounts {
  items: number;
  values: { trait: string; value: string; count: number }[];
}

export interface Validators {
  validators: string[];
  validatorsHash: string;
  quorum: number;
}
