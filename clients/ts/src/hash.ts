// H and K of docs/PROTOCOL.md: SHA-256 and Keccak-256 (Ethereum's padding).
import { keccak_256 } from '@noble/hashes/sha3';
import { sha256 } from './sha256.js';

export function H(data: Uint8Array): Uint8Array {
  return sha256(data);
}

export function K(data: Uint8Array): Uint8Array {
  return keccak_256(data);
}
