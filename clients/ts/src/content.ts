// A GIF's content as the node gives it (0x and hex) decoded, and its
// SHA-256, for the check against the proven contentHash. In the kernel
// (src/wasm.ts) four at a time, in SIMD lanes: 2,069 contents of 5.5 KB
// in 70-95 ms against 190-240 in JavaScript; WebCrypto's native SHA-256,
// a promise each, cost the event loop about as much as the kernel. A
// content larger than the kernel's lanes (CONTENT_MAX, 32,767 bytes), or
// anything where the kernel does not run, is decoded and hashed alone.
import { fromHex } from './bytes.js';
import { VerificationError } from './errors.js';
import { H } from './hash.js';
import { asciiIntoIo, CONTENT_MAX, wasmKernel, type WasmKernel } from './wasm.js';

export interface DecodedContent {
  content: Uint8Array;
  hash: Uint8Array;
}

function decodeAlone(hex: unknown, key: string): DecodedContent {
  let content: Uint8Array;
  try {
    content = fromHex(hex as string, undefined, 'content');
  } catch {
    throw new VerificationError('content', `the node did not give ${key}'s content`);
  }
  return { content, hash: H(content) };
}

// The hex into lane l's content: its size, or -1 when the kernel will not
// take it (too long, not ASCII, not hex: decodeAlone then says which).
function intoLane(k: WasmKernel, lane: number, hex: unknown): number {
  if (typeof hex !== 'string' || hex.length > 2 + 2 * CONTENT_MAX) return -1; // io's size
  if (!asciiIntoIo(k, hex)) return -1;
  return k.unhexContent(lane, hex.length);
}

/** Every content decoded and hashed; a text that is no hex is a VerificationError naming its object. */
export function decodeContents(list: ReadonlyArray<{ key: string; hex: unknown }>): DecodedContent[] {
  const k = wasmKernel();
  if (!k) return list.map(({ key, hex }) => decodeAlone(hex, key));
  const out: DecodedContent[] = new Array(list.length);
  for (let at = 0; at < list.length; at += 4) {
    const sizes = [0, 0, 0, 0];
    const lanes: number[] = [];
    for (let i = at; i < Math.min(at + 4, list.length); i++) {
      const { key, hex } = list[i]!;
      const size = intoLane(k, lanes.length, hex);
      if (size < 0) {
        out[i] = decodeAlone(hex, key);
        continue;
      }
      sizes[lanes.length] = size;
      lanes.push(i);
    }
    if (lanes.length === 0) continue;
    k.hash4(sizes[0]!, sizes[1]!, sizes[2]!, sizes[3]!);
    lanes.forEach((i, lane) => {
      const content = k.memory.slice(k.contents[lane]!, k.contents[lane]! + sizes[lane]!);
      const hash = k.memory.slice(k.contentDigests[lane]!, k.contentDigests[lane]! + 32);
      out[i] = { content, hash };
    });
  }
  return out;
}
