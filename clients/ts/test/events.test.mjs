// Object events are proven from the blocks, never taken from the node's
// feed: a proxy that invents a sale in every /v1/activity answer, drops
// one entry and alters another changes nothing a watcher gets, and a node
// whose raw block leaves a transaction out ends the watch with a
// VerificationError naming the height. Before, an invented sale arrived as
// a VerifiedEvent with the block's verified header attached.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { createClient, VerificationError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';
import { rewritingProxy } from './proxies.mjs';

let node;
before(async () => {
  node = await startDevnet(['--objects', '40', '--block-time', '0.3']);
});
after(() => node?.stop());

/** The events of `blocks` heights from `from` on, as the watch gives them. */
async function watched(client, from, blocks) {
  const out = [];
  for await (const e of client.watchObjectEvents({ from, signal: AbortSignal.timeout(60_000) })) {
    if (e.height >= from + blocks) break;
    out.push(e);
  }
  return out;
}

test('a feed that invents, drops and alters events changes nothing a watcher gets', async () => {
  const lying = await rewritingProxy(node.endpoints.rest, (path, _, text) => {
    if (!path.startsWith('/v1/activity')) return text;
    const answer = JSON.parse(text);
    const [first, second] = answer.data;
    if (second) second.to = '0x' + '9'.repeat(40); // altered
    answer.data = answer.data.slice(1); // the newest dropped
    answer.data.unshift({ ...(first ?? {}), id: '999999', type: 'sale', key: 'invented#1', slug: 'invented', tokenId: 1, from: '0x' + '1'.repeat(40), to: '0x' + '2'.repeat(40), price: '1', txHash: '0x' + 'ab'.repeat(32) });
    return JSON.stringify(answer);
  });
  try {
    const honest = createClient({ ...node.endpoints, WebSocket });
    const through = createClient({ ...node.endpoints, rest: lying.url, WebSocket });
    const from = (await honest.blockNumber()) + 1;
    const [a, b] = await Promise.all([watched(honest, from, 6), watched(through, from, 6)]);
    const what = (e) => [e.height, e.type, e.key, e.from, e.to, e.price, e.txHash].join(' ');
    assert.ok(a.length > 0, 'the devnet\'s traffic made events');
    assert.deepEqual(b.map(what), a.map(what));
    assert.ok(!b.some((e) => e.key === 'invented#1' || e.to === '0x' + '9'.repeat(40)));
  } finally {
    lying.close();
  }
});

test('a raw block that leaves a transaction out ends the watch, naming the height', async () => {
  const client = createClient({ ...node.endpoints, WebSocket });
  // The first block from now with a transaction in it.
  let at = await client.blockNumber();
  for (;;) {
    const h = await client.header(at).catch(() => null);
    if (h && h.txCount > 0) break;
    if (h) at++;
    else await new Promise((r) => setTimeout(r, 300)); // not made yet
  }
  const lying = await rewritingProxy(node.endpoints.rpc, (_, body, text) => {
    if (!body.includes('gif_getRawBlock')) return text;
    const answer = JSON.parse(text);
    if (answer.result?.transactions?.length) answer.result.transactions.pop();
    return JSON.stringify(answer);
  });
  try {
    const through = createClient({ ...node.endpoints, rpc: lying.url, WebSocket });
    await assert.rejects(
      (async () => {
        for await (const e of through.watchObjectEvents({ from: at })) void e;
      })(),
      (e) => {
        assert.ok(e instanceof VerificationError, String(e));
        assert.match(e.message, new RegExp(`block ${at}\\b`));
        return true;
      },
    );
  } finally {
    lying.close();
  }
});

// A failed list transaction is mined like any other: a node that names one
// as an object's listing would set a sale's seller and price. The listing
// is proven to have taken effect in its own block, or nothing is proven.
test('a listing the node names must have taken effect: a failed list is refused', async () => {
  const { PrivateKey, signTransaction } = await import('../dist/index.js');
  const client = createClient({ ...node.endpoints, WebSocket });
  const [maker, owner, stranger, buyer] = [3, 4, 5, 6].map((i) => PrivateKey.devnet(i));
  const gif = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=='), (c) => c.charCodeAt(0));
  const send = async (key, tx) => {
    const signed = signTransaction({ ...tx, nonce: await client.nextNonce(key.address), gasPrice: 1_000_000_000n }, key);
    await client.transport.rpc(node.endpoints.rpc, 'gif_sendRawTransaction', [signed.raw]);
    const receipt = await client.waitForReceipt(signed.hash, { timeoutMs: 30_000 });
    return { hash: signed.hash, receipt };
  };
  const slug = `listed-${Date.now() % 100000}`;
  await send(maker, { kind: 'createCollection', slug, name: slug, category: 'art' });
  await send(maker, { kind: 'mint', slug, tokenId: 1, to: owner.address, content: gif });
  const failed = await send(stranger, { kind: 'list', slug, tokenId: 1, price: 1n });
  assert.equal(failed.receipt.status, 'failed', 'a stranger cannot list it');
  await send(owner, { kind: 'list', slug, tokenId: 1, price: 100n });
  const sold = await send(buyer, { kind: 'buy', slug, tokenId: 1, maxPrice: 100n });
  assert.equal(sold.receipt.status, 'success');
  const at = sold.receipt.blockHeight;
  const key = `${slug}#1`;
  // Honest: the sale's seller and price are the owner's listing.
  for await (const e of client.watchObjectEvents({ from: at, key, signal: AbortSignal.timeout(30_000) })) {
    assert.deepEqual([e.type, e.from, e.to, e.price], ['sale', owner.address, buyer.address, 100n]);
    break;
  }
  // Lying: the listing named is the stranger's failed one, at price 1.
  const lying = await rewritingProxy(node.endpoints.rpc, (_, body, text) => {
    if (!body.includes('gif_getListing')) return text;
    const answer = JSON.parse(text);
    if (answer.result) Object.assign(answer.result, { txHash: failed.hash, listedAt: failed.receipt.blockHeight, seller: stranger.address, price: '1' });
    return JSON.stringify(answer);
  });
  try {
    const through = createClient({ ...node.endpoints, rpc: lying.url, WebSocket });
    await assert.rejects(
      (async () => {
        for await (const e of through.watchObjectEvents({ from: at, key })) assert.fail(`told ${e.type} from ${e.from} at ${e.price}`);
      })(),
      (e) => e instanceof VerificationError && /did not take effect/.test(e.message),
    );
  } finally {
    lying.close();
  }
});
