// The WebAssembly SHA-256 and path walk of wasm/sha256.c, instantiated on
// first use. Where WebAssembly is missing or refused (a Content-Security-
// Policy without 'wasm-unsafe-eval', an engine without SIMD, a browser that
// will not compile synchronously on its main thread) every caller falls
// back to the JavaScript SHA-256: the same bytes, about half the speed.
import { fromHex } from './bytes.js';
import { SHA256_CONSTANTS } from './sha256.js';
import { SHA256_WASM } from './sha256wasm.js';

/** The module's functions and its memory, as wasm/sha256.c exports them. */
export interface WasmKernel {
  memory: Uint8Array;
  /** Where a message is written before begin/blocks/end (IO_SIZE bytes). */
  io: number;
  /** io as its own view, made once: a view made for each call cost Chromium a fifth of a microsecond. */
  ioBytes: Uint8Array;
  ioSize: number;
  /** Where end() leaves the digest. */
  digest: number;
  /** Lane l's key at lane(l), its start at +32, sibling i at +64+32i, its root at ROOT. */
  lanes: readonly number[];
  begin(): void;
  blocks(length: number): void;
  end(length: number, total: number): void;
  walk(depth: number): void;
  walk4(d0: number, d1: number, d2: number, d3: number): void;
  /** count siblings' hex ("0x" + 64 digits each) from io into a lane: -1, or the first that is not hex. */
  unhex(lane: number, count: number): number;
  /** A lane's start from its key and the owner, content and traits hashes in io. */
  objectLeaf(lane: number): void;
  /** A content's hex text in io decoded into lane l's content: its byte count, or -1. */
  unhexContent(lane: number, length: number): number;
  /** The four lanes' contents of these sizes hashed at once, into their digests. */
  hash4(s0: number, s1: number, s2: number, s3: number): void;
  contents: readonly number[];
  contentDigests: readonly number[];
}

export const IO_SIZE = 65536;
/** The largest content the kernel decodes and hashes four at a time: its hex, 0x and two digits a byte, fills io. */
export const CONTENT_MAX = (IO_SIZE - 2) / 2;
export const MAX_DEPTH = 256;
/** Offsets inside a lane, as struct Lane in wasm/sha256.c lays it out. */
export const LANE_START = 32;
export const LANE_SIBLINGS = 64;
export const LANE_ROOT = 64 + MAX_DEPTH * 32;

interface Exports {
  memory: WebAssembly.Memory;
  constants(): number;
  io(): number;
  digest(): number;
  lane(i: number): number;
  begin(): void;
  blocks(length: number): void;
  end(length: number, total: number): void;
  walk(depth: number): void;
  walk4(d0: number, d1: number, d2: number, d3: number): void;
  unhex(lane: number, count: number): number;
  objectLeaf(lane: number): void;
  unhexContent(lane: number, length: number): number;
  hash4(s0: number, s1: number, s2: number, s3: number): void;
  content(lane: number): number;
  contentDigest(lane: number): number;
}

let kernel: WasmKernel | null | undefined;

function instantiate(): WasmKernel | null {
  if (typeof WebAssembly !== 'object') return null;
  try {
    const module = new WebAssembly.Module(fromHex(SHA256_WASM) as BufferSource);
    const x = new WebAssembly.Instance(module, {}).exports as unknown as Exports;
    // The module has no allocator: its memory never grows, one view serves.
    const memory = new Uint8Array(x.memory.buffer);
    // The module's SHA-256 constants are not in its bytes: they come from here.
    const constants = new Int32Array(x.memory.buffer, x.constants(), 72);
    constants.set(SHA256_CONSTANTS[0]!);
    constants.set(SHA256_CONSTANTS[1]!, 64);
    return {
      memory,
      io: x.io(),
      ioBytes: memory.subarray(x.io(), x.io() + IO_SIZE),
      ioSize: IO_SIZE,
      digest: x.digest(),
      lanes: [x.lane(0), x.lane(1), x.lane(2), x.lane(3)],
      begin: x.begin,
      blocks: x.blocks,
      end: x.end,
      walk: x.walk,
      walk4: x.walk4,
      unhex: x.unhex,
      objectLeaf: x.objectLeaf,
      unhexContent: x.unhexContent,
      hash4: x.hash4,
      contents: [0, 1, 2, 3].map((l) => x.content(l)),
      contentDigests: [0, 1, 2, 3].map((l) => x.contentDigest(l)),
    };
  } catch {
    return null;
  }
}

/** The kernel, or null where WebAssembly cannot run here. */
export function wasmKernel(): WasmKernel | null {
  if (kernel === undefined) kernel = instantiate();
  return kernel;
}

/** Tests only: run as if WebAssembly were missing (true) or as found (false). */
export function setWasmDisabled(disabled: boolean): void {
  kernel = disabled ? null : undefined;
}

/** SHA-256 of `data` in WebAssembly; the kernel must be there. */
export function wasmSha256(k: WasmKernel, data: Uint8Array): Uint8Array {
  const m = k.memory;
  k.begin();
  let at = 0;
  // Whole chunks while more than one chunk is left, then the rest in end().
  while (data.length - at > k.ioSize) {
    m.set(data.subarray(at, at + k.ioSize), k.io);
    k.blocks(k.ioSize);
    at += k.ioSize;
  }
  m.set(data.subarray(at), k.io);
  k.end(data.length - at, data.length);
  return m.slice(k.digest, k.digest + 32);
}

const encoder = new TextEncoder();

/** SHA-256 of a text's UTF-8, encoded straight into the kernel's memory; null when it does not fit. */
export function wasmSha256Text(k: WasmKernel, text: string): Uint8Array | null {
  const written = text.length <= 64 ? copiedInto(text, k.ioBytes) : encodedInto(text, k.ioBytes);
  if (written < 0) return null;
  k.begin();
  k.end(written, written);
  return k.memory.slice(k.digest, k.digest + 32);
}

// A short ASCII text's bytes, one by one: Chromium's encodeInto costs some
// 0.3 µs a call whatever the length, and a display key is some twenty
// characters. -1 for a text past ASCII, which encodedInto takes.
function copiedInto(text: string, into: Uint8Array): number {
  let all = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    all |= c;
    into[i] = c;
  }
  return all < 0x80 ? text.length : encodedInto(text, into);
}

function encodedInto(text: string, into: Uint8Array): number {
  const { read, written } = encoder.encodeInto(text, into);
  return read === text.length ? written : -1;
}

/** A text of hex (siblings, a content) into the kernel's io, a byte a character: false when it holds a character past ASCII or does not fit. */
export function asciiIntoIo(k: WasmKernel, text: string): boolean {
  return encodedInto(text, k.ioBytes) === text.length;
}
