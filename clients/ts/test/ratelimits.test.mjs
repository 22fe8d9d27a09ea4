// An honest node's rate limit is never a failed proof: verifyHoldings waits
// out the calls a node refuses for its limit (-32005, in a batch or alone)
// and paces itself at the node's rate; it rejects with VerificationError
// only for what was answered and did not hold, and with RateLimitedError or
// TimeoutError when the node would not answer in time. Before, calls 2-4 of
// four in a row, and the first for a 750-object holder, rejected with
// VerificationError('holdings', 'no proof of …: rate limited').
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient, PrivateKey, RateLimitedError, signTransaction, TimeoutError, UnfinishedError, VerificationError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';
import { refusingProxy } from './proxies.mjs';

// A 1×1 GIF: what a mint needs of content.
const tinyGif = Uint8Array.from(
  atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=='),
  (c) => c.charCodeAt(0),
);

let node;
before(async () => {
  // The node's default limits (60 a second, bursts of 200); 1,000 objects,
  // so that the traffic's accounts hold some 35 each: four audits of one of
  // them ask more than a burst.
  node = await startDevnet(['--objects', '1000', '--block-time', '0.2']);
});
after(() => node?.stop());

/** The owner of the most of the first hundred objects, and how many it holds. */
async function richOwner(client) {
  const counts = new Map();
  for await (const o of client.objects({ limit: 100 })) {
    counts.set(o.owner, (counts.get(o.owner) ?? 0) + 1);
    if ([...counts.values()].reduce((a, b) => a + b, 0) >= 100) break;
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

test('four verifyHoldings back to back are each verified at the default limits', async () => {
  const client = createClient({ ...node.endpoints });
  const owner = await richOwner(client);
  for (let run = 0; run < 4; run++) {
    const held = await client.verifyHoldings(owner);
    assert.ok(held.objects.length >= 20, `run ${run}: ${held.objects.length} objects`);
    for (const o of held.objects) assert.equal(o.owner, owner);
  }
});

// Some 45 s, most of it the node's rate (1,500 calls at 50 a second): not
// under a sanitized node (GIFSCAN_TS_LONG=0), which adds nothing to it.
const long = process.env.GIFSCAN_TS_LONG !== '0';

test('a 750-object holder is verified at the default limits', { skip: !long && 'GIFSCAN_TS_LONG=0' }, async () => {
  const client = createClient({ ...node.endpoints });
  const holder = PrivateKey.fromHex('0x' + '4'.repeat(64)).address;
  // Ten dev accounts mint 75 each into collections of their own, sixty at a
  // time (the pool takes 64 pending a sender).
  const senders = Array.from({ length: 10 }, (_, i) => PrivateKey.devnet(i));
  const minted = [];
  const tag = Date.now() % 100000;
  for (let round = 0; round < 2; round++) {
    const calls = [];
    for (const [i, key] of senders.entries()) {
      let nonce = await client.nextNonce(key.address);
      const slug = `holder-${tag}-${i}`;
      const txs = [];
      if (round === 0) txs.push({ kind: 'createCollection', slug, name: slug, category: 'art' });
      for (let id = round === 0 ? 1 : 60; id < (round === 0 ? 60 : 76); id++)
        txs.push({ kind: 'mint', slug, tokenId: id, to: holder, content: tinyGif });
      for (const tx of txs) {
        const signed = signTransaction({ ...tx, nonce: nonce++, gasPrice: 1_000_000_000n }, key);
        calls.push({ method: 'gif_sendRawTransaction', params: [signed.raw] });
        minted.push(signed.hash);
      }
    }
    for (let at = 0; at < calls.length; at += 100) {
      const answers = await client.transport.rpcBatch(node.endpoints.rpc, calls.slice(at, at + 100));
      for (const a of answers) assert.equal(typeof a, 'string', String(a?.message));
    }
    await client.waitForReceipt(minted.at(-1), { timeoutMs: 60_000 });
  }
  const held = await client.verifyHoldings(holder, { timeoutMs: 120_000 });
  assert.equal(held.objects.length, 750);
  for (const o of held.objects) assert.equal(o.owner, holder);
});

// The node's rate limit, in place of its answer.
const rateLimited = () => ({ code: -32005, message: 'rate limited: retry in 1 s', data: { retryAfter: 1 } });

test('a node that refuses every second call of a batch is waited out; one that never relents is no verdict', async () => {
  const direct = createClient({ ...node.endpoints });
  const owner = await richOwner(direct);
  const once = await refusingProxy(node.endpoints.rpc, rateLimited);
  try {
    const client = createClient({ rest: node.endpoints.rest, rpc: once.url });
    const held = await client.verifyHoldings(owner);
    assert.ok(once.refused.size > 0, 'the proxy refused calls');
    assert.ok(held.objects.length > 0);
  } finally {
    once.close();
  }
  const always = await refusingProxy(node.endpoints.rpc, rateLimited, { always: true });
  try {
    const client = createClient({ rest: node.endpoints.rest, rpc: always.url });
    await assert.rejects(client.verifyHoldings(owner, { timeoutMs: 2500 }), (e) => {
      // No verdict: the refusal itself, the clock, or (when the deadline
      // came while calls were asked again) the node's last refusals.
      assert.ok(!(e instanceof VerificationError), `a verdict for a rate limit: ${e}`);
      return e instanceof RateLimitedError || e instanceof TimeoutError || e instanceof UnfinishedError;
    });
  } finally {
    always.close();
  }
});
