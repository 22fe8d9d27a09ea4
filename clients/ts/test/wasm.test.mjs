// The WebAssembly kernel (wasm/sha256.c, src/wasm.ts) against the same
// oracles as the JavaScript SHA-256: Node's crypto and @noble/hashes, byte
// for byte; its path walks against the JavaScript walk; its verdicts on
// malformed proofs against the JavaScript ones, word for word; and the
// committed module against a fresh build of its source.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { sha256 as noble } from '@noble/hashes/sha2';
import {
  innerHash,
  keyBit,
  leafHash,
  objectKey,
  toHex,
  valueHash,
  verifyObjectProof,
  verifyObjectProofs,
} from '../dist/index.js';
import { H, Htext } from '../dist/hash.js';
import { setWasmDisabled, wasmKernel, wasmSha256 } from '../dist/wasm.js';

const hex = (b) => Buffer.from(b).toString('hex');
const node = (b) => createHash('sha256').update(b).digest('hex');
const packageDir = fileURLToPath(new URL('..', import.meta.url));

test('the committed module is what wasm/sha256.c builds to', () => {
  const r = spawnSync(process.execPath, ['wasm/build.mjs', '--check'], { cwd: packageDir, encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}(clang and wasm-ld come with scripts/setup.sh)`);
});

test('the kernel runs here, and its SHA-256 is Node\'s and noble\'s on every length', () => {
  const k = wasmKernel();
  assert.ok(k, 'Node 18 and later run WebAssembly with SIMD');
  for (let n = 0; n <= 300; n++) {
    const data = new Uint8Array(randomBytes(n));
    assert.equal(hex(H(data)), hex(noble(data)), `${n} bytes`);
  }
  // Around the kernel's 64 KiB chunks: whole chunks, one byte either side.
  for (const n of [65535, 65536, 65537, 131072, 131073, 200_001]) {
    const data = new Uint8Array(randomBytes(n));
    assert.equal(hex(wasmSha256(k, data)), node(data), `${n} bytes`);
  }
  const big = new Uint8Array(randomBytes(300));
  assert.equal(hex(H(big.subarray(7, 200))), node(big.subarray(7, 200)), 'a view hashes only its own bytes');
});

test('a text is hashed as its UTF-8, however long or odd', () => {
  const texts = ['', 'pixel-cats#1', 'ü€𝄞', 'lone \ud800 surrogate', 'x'.repeat(70_000), 'é'.repeat(40_000)];
  for (const t of texts) assert.equal(hex(Htext(t)), node(Buffer.from(new TextEncoder().encode(t))), t.slice(0, 20));
});

// A proof of `depth` random siblings for a random object, and its root.
function randomProof(depth, n) {
  const displayKey = `cats#${n}`;
  const key = objectKey(displayKey);
  const owner = randomBytes(20);
  const content = new Uint8Array(randomBytes(32));
  const traits = new Uint8Array(randomBytes(32));
  const siblings = Array.from({ length: depth }, () => new Uint8Array(randomBytes(32)));
  let root = leafHash(key, valueHash(owner, content, traits));
  for (let i = 0; i < depth; i++)
    root = keyBit(key, depth - 1 - i) === 0 ? innerHash(root, siblings[i]) : innerHash(siblings[i], root);
  const proof = JSON.parse(JSON.stringify({
    key: toHex(key),
    displayKey,
    leaf: { owner: toHex(owner), contentHash: toHex(content), traitsHash: toHex(traits) },
    otherLeaf: null,
    siblings: siblings.map(toHex),
  }));
  return { proof, displayKey, root };
}

test('the kernel walks every depth, alone and four at a time, to the roots JavaScript reaches', () => {
  const depths = [0, 1, 2, 7, 8, 18, 31, 64, 255, 256];
  for (const depth of depths) {
    const { proof, displayKey, root } = randomProof(depth, depth);
    assert.equal(verifyObjectProof(proof, displayKey, root).owner, proof.leaf.owner, `depth ${depth}`);
    const tampered = { ...proof, siblings: proof.siblings.map((s, i) => (i === depth - 1 ? `0x${'00'.repeat(32)}` : s)) };
    if (depth > 0) assert.throws(() => verifyObjectProof(tampered, displayKey, root), { reason: 'root-mismatch' });
  }
});

// Proofs of every object of one random tree: paths of different depths
// under one root, as the node's gif_proof gives them.
function treeOf(count) {
  const objects = Array.from({ length: count }, (_, i) => {
    const displayKey = `cats#${i}`;
    const leaf = { owner: toHex(randomBytes(20)), contentHash: toHex(randomBytes(32)), traitsHash: toHex(randomBytes(32)) };
    const key = objectKey(displayKey);
    const value = valueHash(Buffer.from(leaf.owner.slice(2), 'hex'), Buffer.from(leaf.contentHash.slice(2), 'hex'), Buffer.from(leaf.traitsHash.slice(2), 'hex'));
    return { displayKey, key, leaf, hash: leafHash(key, value) };
  }).sort((a, b) => Buffer.compare(a.key, b.key));
  const rootOf = (b, e, d) => {
    if (b === e) return new Uint8Array(32);
    if (e - b === 1) return objects[b].hash;
    let mid = b;
    while (mid < e && keyBit(objects[mid].key, d) === 0) mid++;
    return innerHash(rootOf(b, mid, d + 1), rootOf(mid, e, d + 1));
  };
  const siblingsOf = (i, b, e, d, out) => {
    if (e - b === 1) return out.reverse();
    let mid = b;
    while (mid < e && keyBit(objects[mid].key, d) === 0) mid++;
    out.push(i < mid ? rootOf(mid, e, d + 1) : rootOf(b, mid, d + 1));
    return i < mid ? siblingsOf(i, b, mid, d + 1, out) : siblingsOf(i, mid, e, d + 1, out);
  };
  const items = objects.map((o, i) => ({
    displayKey: o.displayKey,
    proof: JSON.parse(JSON.stringify({ key: toHex(o.key), displayKey: o.displayKey, leaf: o.leaf, otherLeaf: null, siblings: siblingsOf(i, 0, count, 0, []).map(toHex) })),
  }));
  return { root: rootOf(0, count, 0), items };
}

test('many proofs of one tree, four lanes at a time, as one by one', () => {
  for (const count of [1, 2, 3, 4, 5, 9, 50]) {
    const { root, items } = treeOf(count);
    const depths = new Set(items.map((it) => it.proof.siblings.length));
    if (count === 50) assert.ok(depths.size > 2, `paths of ${[...depths]} siblings`);
    const leaves = verifyObjectProofs(items, root);
    assert.deepEqual(leaves.map((l) => l.owner), items.map((it) => it.proof.leaf.owner));
    for (const it of items) assert.equal(verifyObjectProof(it.proof, it.displayKey, root).owner, it.proof.leaf.owner);
  }
});

function verdict(f) {
  try {
    f();
    return 'holds';
  } catch (e) {
    return `${e.constructor.name} ${e.reason}: ${e.message}`;
  }
}

test('a malformed or forged proof gets the same verdict, word for word, with and without the kernel', () => {
  const { root, items } = treeOf(12);
  const { proof, displayKey } = items[5];
  const s0 = proof.siblings[0];
  const cases = {
    'not a list': { ...proof, siblings: 'no' },
    'too deep': { ...proof, siblings: Array(257).fill(s0) },
    'short sibling': { ...proof, siblings: [s0.slice(0, 64), ...proof.siblings.slice(1)] },
    'a number': { ...proof, siblings: [7, ...proof.siblings.slice(1)] },
    'not hex': { ...proof, siblings: [...proof.siblings.slice(0, 2), `0x${'g'.repeat(64)}`] },
    'past ASCII, same length': { ...proof, siblings: [...proof.siblings.slice(0, 1), `0x${'é'.repeat(64)}`] },
    'a byte past ASCII': { ...proof, siblings: [`0x${'\u0130'.repeat(64)}`] },
    'no 0x': { ...proof, siblings: [`00${s0.slice(2)}`] },
    'upper case (valid)': { ...proof, siblings: proof.siblings.map((s) => `0X${s.slice(2).toUpperCase()}`), key: proof.key.toUpperCase().replace('0X', '0x') },
    'a sibling changed': { ...proof, siblings: [`0x${'11'.repeat(32)}`, ...proof.siblings.slice(1)] },
    'bad owner': { ...proof, leaf: { ...proof.leaf, owner: '0x12' } },
    'leaf and other leaf': { ...proof, otherLeaf: { key: proof.key, valueHash: proof.key } },
    'another key': { ...proof, displayKey: 'cats#999' },
    'no proof at all (null)': null,
    'a number for a proof': 7,
    'a leaf that is a string': { ...proof, leaf: 'x' },
  };
  for (const [name, p] of Object.entries(cases)) {
    const withKernel = [verdict(() => verifyObjectProof(p, displayKey, root)), verdict(() => verifyObjectProofs([items[0], { proof: p, displayKey }], root))];
    setWasmDisabled(true);
    try {
      const without = [verdict(() => verifyObjectProof(p, displayKey, root)), verdict(() => verifyObjectProofs([items[0], { proof: p, displayKey }], root))];
      assert.deepEqual(withKernel, without, name);
    } finally {
      setWasmDisabled(false);
    }
    if (name.includes('(valid)')) assert.equal(withKernel[0], 'holds', name);
    else assert.match(withKernel[0], /^VerificationError /, name);
  }
});

test('the first proof that fails is the one named, even when a later one is malformed', () => {
  const { root, items } = treeOf(9);
  const forged = { ...items[1].proof, siblings: [`0x${'22'.repeat(32)}`, ...items[1].proof.siblings.slice(1)] };
  const malformedProof = { ...items[2].proof, siblings: 'no' };
  const list = [items[0], { proof: forged, displayKey: items[1].displayKey }, { proof: malformedProof, displayKey: items[2].displayKey }];
  assert.throws(() => verifyObjectProofs(list, root), { reason: 'root-mismatch', message: new RegExp(`^${items[1].displayKey}: `) });
  assert.throws(() => verifyObjectProofs([items[0], list[2], list[1]], root), { reason: 'malformed', message: new RegExp(`^${items[2].displayKey}: `) });
  // Past the first group of four.
  assert.throws(() => verifyObjectProofs([...items.slice(0, 6), list[1]], root), { reason: 'root-mismatch' });
});

test('where there is no WebAssembly at all, proofs are checked in JavaScript', () => {
  const script = `
    delete globalThis.WebAssembly;
    const { verifyObjectProof, objectKey, toHex } = await import('./dist/index.js');
    const { wasmKernel } = await import('./dist/wasm.js');
    const v = JSON.parse(process.argv[1]);
    const leaf = verifyObjectProof(v.proof, v.proof.displayKey, Uint8Array.from(Buffer.from(v.root.slice(2), 'hex')));
    console.log(JSON.stringify({ kernel: wasmKernel() !== null, owner: leaf.owner, key: toHex(objectKey('ü')) }));
  `;
  const { root, items } = treeOf(6);
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify({ proof: items[3].proof, root: toHex(root) })], { cwd: packageDir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { kernel: false, owner: items[3].proof.leaf.owner, key: toHex(objectKey('ü')) });
});

// The kernel decodes hex sixteen digits at a time in SIMD lanes: every
// byte value, at places in each lane and across lanes, is a digit or not
// as the JavaScript table says, and a digit decodes to its value.
test('the kernel tells every byte from a hex digit, wherever it stands', () => {
  const k = wasmKernel();
  const isDigit = (v) => /^[0-9a-fA-F]$/.test(String.fromCharCode(v));
  const digits = Buffer.from('0x' + '0123456789abcdefABCDEF0123456789fedcba9876543210FEDCBA0123456789', 'latin1');
  const sibling = k.lanes[0] + 64;
  const places = [0, 1, 14, 15, 16, 17, 30, 31, 32, 33, 47, 48, 62, 63];
  for (let v = 0; v < 256; v++) {
    for (const at of places) {
      const text = Buffer.from(digits);
      text[2 + at] = v;
      k.memory.set(text, k.io);
      const expected = isDigit(v) ? Buffer.from(text.subarray(2).toString('latin1'), 'hex') : null;
      assert.equal(k.unhex(0, 1), expected ? -1 : 0, `byte ${v} at digit ${at}`);
      if (expected) assert.equal(hex(k.memory.subarray(sibling, sibling + 32)), hex(expected), `byte ${v} at digit ${at}`);
      // A content of 40 bytes: two chunks of sixteen, then a tail of eight;
      // the byte in a chunk, then in the tail, the rest digits.
      for (const place of [at, 64 + (at % 16)]) {
        const content = Buffer.concat([digits, digits.subarray(2, 18)]);
        content[2 + place] = v;
        k.memory.set(content, k.io);
        const length = k.unhexContent(0, content.length);
        assert.equal(length, isDigit(v) ? 40 : -1, `byte ${v} at digit ${place} of a content`);
        if (length > 0) assert.equal(hex(k.memory.subarray(k.contents[0], k.contents[0] + 40)), content.subarray(2).toString('latin1').toLowerCase());
      }
    }
  }
});

test('contents are decoded and hashed four at a time as Node hashes them, whatever their sizes', async () => {
  const { decodeContents } = await import('../dist/content.js');
  const sizes = [0, 1, 55, 56, 63, 64, 65, 119, 120, 5500, 32759, 32760, 32766, 32767, 32768, 32769, 70_000, 3];
  const list = sizes.map((n, i) => ({ key: `cats#${i}`, bytes: randomBytes(n) }));
  const asText = (b, i) => (i % 3 === 0 ? `0X${b.toString('hex').toUpperCase()}` : `0x${b.toString('hex')}`);
  for (const disabled of [false, true]) {
    setWasmDisabled(disabled);
    try {
      const out = decodeContents(list.map((c, i) => ({ key: c.key, hex: asText(c.bytes, i) })));
      out.forEach((d, i) => {
        assert.equal(hex(d.content), list[i].bytes.toString('hex'), `${sizes[i]} bytes`);
        assert.equal(hex(d.hash), node(list[i].bytes), `${sizes[i]} bytes`);
      });
    } finally {
      setWasmDisabled(false);
    }
  }
  // What is not hex is named, in the kernel's lanes or not.
  for (const bad of ['0x0', '12ab', '0xzz', `0x${'é'.repeat(4)}`, 7, undefined]) {
    const items = [{ key: 'a#1', hex: '0x00' }, { key: 'b#2', hex: bad }, { key: 'c#3', hex: '0x01' }];
    assert.throws(() => decodeContents(items), { reason: 'content', message: "the node did not give b#2's content" }, String(bad));
  }
});
