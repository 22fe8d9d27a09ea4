// A GIF's content as the node gives it (0x and hex) decoded, and its
// SHA-256, for the check against the proven contentHash. The decoding is
// the kernel's (src/wasm.ts) where it runs; the hashing is the platform's
// where there is one: WebCrypto's SHA-256 is native (the processor's SHA
// instructions) and in Node runs off the event loop's thread, 3 to 8 times
// quicker on 2,000 contents than the kernel's. Pages served over plain
// http have no WebCrypto, Node 18 has it only as node:crypto's: there the
// kernel hashes, or JavaScript where WebAssembly is refused.
import { fromHex } from './bytes.js';
import { VerificationError } from './errors.js';
import { H } from './hash.js';
import { wasmKernel, wasmUnhex } from './wasm.js';

export interface DecodedContent {
  content: Uint8Array;
  hash: Uint8Array;
}

function decode(hex: unknown, key: string): Uint8Array {
  const k = wasmKernel();
  const fast = k && typeof hex === 'string' ? wasmUnhex(k, hex, false) : null;
  if (fast) return fast.bytes;
  try {
    return fromHex(hex as string, undefined, 'content');
  } catch {
    throw new VerificationError('content', `the node did not give ${key}'s content`);
  }
}

interface Subtle {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): Subtle | undefined {
  return (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
}

/** Every content decoded, then hashed together; a text that is no hex is a VerificationError naming its object. */
export async function decodeContents(list: ReadonlyArray<{ key: string; hex: unknown }>): Promise<DecodedContent[]> {
  const contents = list.map(({ key, hex }) => decode(hex, key));
  const platform = subtle();
  if (platform) {
    try {
      const hashes = await Promise.all(contents.map((c) => platform.digest('SHA-256', c)));
      return contents.map((content, i) => ({ content, hash: new Uint8Array(hashes[i]!) }));
    } catch {
      // A WebCrypto that refuses (an odd embedding): hashed here instead.
    }
  }
  return contents.map((content) => ({ content, hash: H(content) }));
}
