// H and K of docs/PROTOCOL.md: SHA-256 and Keccak-256 (Ethereum's padding).
// H runs in WebAssembly where it can (src/wasm.ts), else in JavaScript.
import { keccak_256 } from '@noble/hashes/sha3';
import { utf8 } from './bytes.js';
import { sha256 } from './sha256.js';
import { wasmKernel, wasmSha256, wasmSha256Text } from './wasm.js';

export function H(data: Uint8Array): Uint8Array {
  const kernel = wasmKernel();
  return kernel ? wasmSha256(kernel, data) : sha256(data);
}

/** H of a text's UTF-8. */
export function Htext(text: string): Uint8Array {
  const kernel = wasmKernel();
  return (kernel && wasmSha256Text(kernel, text)) || sha256(utf8(text));
}

export function K(data: Uint8Array): Uint8Array {
  return keccak_256(data);
}
