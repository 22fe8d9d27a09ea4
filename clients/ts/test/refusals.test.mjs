// A node's own limits are never a verdict. What an honest node declines for
// its own reasons (its 16 MiB answer limit for a batch, -32603, -32006, a
// 503) is asked again, and only what it still declines at the deadline is
// an UnfinishedError, never a VerificationError. Before: a holder of 30
// copies of a 357 KB GIF rejected with VerificationError ("no proof of
// big-reels#14"), and 30 verifyObject calls with batch: true gave 6
// RpcError -32600.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { createClient, PrivateKey, signTransaction, UnfinishedError, VerificationError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';
import { refusingProxy, rewritingProxy } from './proxies.mjs';

const bigGif = new Uint8Array(readFileSync(new URL('../../../../shared/gifs/gifplayer-muybridge.gif', import.meta.url)));
const holder = PrivateKey.fromHex('0x' + '5'.repeat(64)).address;

let node;
before(async () => {
  node = await startDevnet(['--objects', '40', '--block-time', '0.25']);
  // big-reels: 30 copies of the GIF, all the holder's.
  const client = createClient({ ...node.endpoints });
  const minter = PrivateKey.devnet(2);
  let nonce = await client.nextNonce(minter.address);
  const txs = [{ kind: 'createCollection', slug: 'big-reels', name: 'Big reels', category: 'film' }];
  for (let id = 1; id <= 30; id++) txs.push({ kind: 'mint', slug: 'big-reels', tokenId: id, to: holder, content: bigGif });
  let last;
  for (const tx of txs) {
    last = signTransaction({ ...tx, nonce: nonce++, gasPrice: 1_000_000_000n }, minter);
    await client.transport.rpc(node.endpoints.rpc, 'gif_sendRawTransaction', [last.raw]);
  }
  const receipt = await client.waitForReceipt(last.hash, { timeoutMs: 60_000 });
  assert.equal(receipt.status, 'success');
});
after(() => node?.stop());

test('a holder of 30 big GIFs is proven 30 of 30', async () => {
  const client = createClient({ ...node.endpoints });
  const held = await client.verifyHoldings(holder, { timeoutMs: 60_000 });
  assert.equal(held.objects.length, 30);
  for (const o of held.objects) assert.equal(o.owner, holder);
});

test('verifyHoldings sizes its batches by the contents\' sizes: the node never meets its answer limit', async () => {
  let limited = 0;
  let batches = 0;
  const counting = await rewritingProxy(node.endpoints.rpc, (_, body, answer) => {
    const answers = JSON.parse(answer);
    // A batch refused whole (the rate limit) is answered with one error.
    if (body.startsWith('[') && Array.isArray(answers)) {
      batches++;
      limited += answers.filter((a) => a.error?.data?.reason === 'answer-limit').length;
    }
    return answer;
  });
  try {
    const client = createClient({ rest: node.endpoints.rest, rpc: counting.url });
    const held = await client.verifyHoldings(holder, { timeoutMs: 60_000 });
    assert.equal(held.objects.length, 30);
    assert.equal(limited, 0, 'a batch passed the node\'s answer limit');
    assert.ok(batches >= 3, `${batches} batches: 30 contents of 357 KB do not fit in fewer`);
  } finally {
    counting.close();
  }
});

test('30 verifyObject calls at once are proven, batched and not', async () => {
  for (const batch of [true, false]) {
    const client = createClient({ ...node.endpoints, batch });
    const head = await client.blockNumber();
    const all = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => client.verifyObject('big-reels', i + 1, { height: head, timeoutMs: 60_000 })));
    const failed = all.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
    assert.deepEqual(failed, [], `batch: ${batch}`);
    for (const r of all) assert.equal(r.value.owner, holder);
  }
});

// An honest node's other refusals, in turn: an internal error, a read
// server behind.
const internalOrBehind = (i) =>
  (i >> 1) % 2 === 0 ? { code: -32603, message: 'internal error' } : { code: -32006, message: 'behind: the read server is at 1', data: { retryAfter: 1 } };

test('-32603, -32006 and 503 are asked again; a node that never relents is UnfinishedError, no verdict', async () => {
  const once = await refusingProxy(node.endpoints.rpc, internalOrBehind, { whole: 2 });
  try {
    const client = createClient({ rest: node.endpoints.rest, rpc: once.url });
    const held = await client.verifyHoldings(holder, { timeoutMs: 60_000 });
    assert.equal(held.objects.length, 30);
    assert.ok(once.refused.size > 0, 'the proxy refused calls');
  } finally {
    once.close();
  }
  const always = await refusingProxy(node.endpoints.rpc, internalOrBehind, { always: true });
  try {
    const client = createClient({ rest: node.endpoints.rest, rpc: always.url });
    await assert.rejects(client.verifyHoldings(holder, { timeoutMs: 8000 }), (e) => {
      assert.ok(!(e instanceof VerificationError), `a verdict for a refusal: ${e}`);
      assert.ok(e instanceof UnfinishedError, String(e));
      assert.match(e.message, /^could not finish: /);
      return true;
    });
  } finally {
    always.close();
  }
});

// A call that rejects leaves nothing behind: its other batches stop with
// it. A proxy spoils the content of the first batch; the holdings make
// three batches, two in flight at once. Before, the second worker went on
// to the third batch after verifyHoldings had rejected (and a request of a
// call already over, left unanswered, kept the test's process alive).
test('a verifyHoldings that rejects asks the node nothing more', async () => {
  let spoiled = false;
  let rejected = false;
  let askedAfter = 0;
  const spoiling = await rewritingProxy(
    node.endpoints.rpc,
    (_, body, answer) => {
      if (!body.startsWith('[') || spoiled) return answer;
      const calls = JSON.parse(body);
      const answers = JSON.parse(answer);
      // The first content answered (after the tests before, the node may
      // decline some calls for its rate limit).
      const content = answers.find((a) => typeof a.result === 'string' && calls.find((c) => c.id === a.id).method === 'gif_getObjectBytes');
      if (!content) return answer;
      spoiled = true;
      content.result = content.result.slice(0, -2) + (content.result.endsWith('00') ? '01' : '00');
      return JSON.stringify(answers);
    },
    () => rejected && askedAfter++,
  );
  try {
    const client = createClient({ rest: node.endpoints.rest, rpc: spoiling.url });
    await assert.rejects(client.verifyHoldings(holder, { timeoutMs: 60_000 }), (e) => e instanceof VerificationError && e.reason === 'content');
    rejected = true;
    // The second worker's batch takes well under this to answer.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.equal(askedAfter, 0, 'the node was asked again after the call had rejected');
  } finally {
    spoiling.close();
  }
});
