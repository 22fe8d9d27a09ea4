// The client's own SHA-256 against @noble/hashes and Node's crypto, byte for
// byte, on every length around the block boundaries and on random inputs.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { sha256 as noble } from '@noble/hashes/sha2';
import { sha256 } from '../dist/sha256.js';

const hex = (b) => Buffer.from(b).toString('hex');

test('every length from 0 to 300 bytes, and random ones to 100 KB', () => {
  for (let n = 0; n <= 300; n++) {
    const data = new Uint8Array(randomBytes(n));
    assert.equal(hex(sha256(data)), hex(noble(data)), `${n} bytes`);
  }
  for (let i = 0; i < 50; i++) {
    const data = new Uint8Array(randomBytes(Math.floor(Math.random() * 100_000)));
    assert.equal(hex(sha256(data)), createHash('sha256').update(data).digest('hex'), `${data.length} bytes`);
  }
  assert.equal(hex(sha256(new TextEncoder().encode('abc'))), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  // A view into a larger buffer hashes only its own bytes.
  const big = new Uint8Array(randomBytes(200));
  assert.equal(hex(sha256(big.subarray(10, 75))), hex(noble(big.subarray(10, 75))));
});
