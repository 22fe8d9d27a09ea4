// Every kind of transaction built and signed as the vectors have it, and a
// transfer sent to a real devnet and mined.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { PrivateKey, createClient, fromHex, intrinsicGas, parseGif, signTransaction, unitsOf, RpcError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

const vectors = JSON.parse(
  readFileSync(new URL('../../../../shared/vectors/commitments.json', import.meta.url), 'utf8'),
);

test('the devnet keys', () => {
  for (const a of vectors.devAccounts) {
    assert.equal(PrivateKey.devnet(a.index).address, a.address);
    assert.equal(PrivateKey.fromHex(a.privateKey).address, a.address);
  }
  assert.throws(() => PrivateKey.fromHex('0x00'), /32 bytes/);
  assert.throws(() => PrivateKey.fromHex(`0x${'0'.repeat(64)}`), /not a valid/);
});

test('every kind signs to the vectors bytes and hash', () => {
  for (const t of vectors.transactions) {
    const tx = {
      ...t,
      gasPrice: BigInt(t.gasPrice),
      ...(t.amount ? { amount: BigInt(t.amount) } : {}),
      ...(t.price ? { price: BigInt(t.price) } : {}),
      ...(t.maxPrice ? { maxPrice: BigInt(t.maxPrice) } : {}),
      ...(t.content ? { content: fromHex(t.content) } : {}),
    };
    const key = PrivateKey.fromHex(vectors.devAccounts[t.signerIndex].privateKey);
    const signed = signTransaction(tx, key);
    assert.equal(signed.raw, t.raw, t.kind);
    assert.equal(signed.hash, t.hash, t.kind);
    assert.equal(signed.from, t.from, t.kind);
  }
  assert.equal(intrinsicGas({ kind: 'mint', content: new Uint8Array(10) }), 50160);
});

let node;
before(async () => {
  node = await startDevnet(['--objects', '8', '--block-time', '0.3', '--traffic', 'off']);
});
after(() => node?.stop());

test('a transfer is sent, mined and paid', async () => {
  const client = createClient(node.endpoints);
  const key = PrivateKey.devnet(1);
  const to = PrivateKey.devnet(7).address;
  const before = unitsOf((await client.wallet(to)).balance);
  const tx = signTransaction(
    { kind: 'transfer', to, amount: parseGif('1.25'), nonce: await client.nextNonce(key.address), gasPrice: 1_000_000_000n },
    key,
  );
  assert.equal(await client.sendTransaction(tx), tx.hash);
  const receipt = await client.waitForReceipt(tx.hash);
  assert.equal(receipt.status, 'success');
  assert.equal(unitsOf((await client.wallet(to)).balance) - before, parseGif('1.25'));
  // The edge refuses in its own words: the same nonce again.
  await assert.rejects(client.sendTransaction(tx), (e) => e instanceof RpcError && e.code === -32003);
});
