// verifyObject, verifyHoldings and watchHeads against a real devnet, and
// against one that forges its headers: never verified.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createServer } from 'node:http';
import WebSocket from 'ws';
import { createClient, InvalidArgumentError, RpcError, TimeoutError, VerificationError, formatGif, unitsOf } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

let node;
let forger;
before(async () => {
  [node, forger] = await Promise.all([
    startDevnet(['--objects', '40', '--block-time', '0.3']),
    startDevnet(['--objects', '12', '--block-time', '0.3', '--forge-headers']),
  ]);
});
after(() => {
  node?.stop();
  forger?.stop();
});

test('an owner is proven against a header the trusted set signed', async () => {
  const client = createClient({ ...node.endpoints, WebSocket });
  while ((await client.blockNumber()) < 2) await new Promise((r) => setTimeout(r, 100));
  const [first] = await firstObjects(client, 1);
  const v = await client.verifyObject(first.slug, first.tokenId);
  assert.equal(v.displayKey, first.key);
  assert.match(v.owner, /^0x[0-9a-f]{40}$/);
  assert.ok(v.signers.length >= 3, 'a quorum of four');
  assert.equal(v.header.height, v.height);
  // At a height in the past, the owner the indexer reported then.
  const past = await client.verifyObject(first.slug, first.tokenId, { height: 1 });
  const indexed = await client.object(first.slug, first.tokenId, { height: 1 });
  assert.equal(past.owner, indexed.owner);
  // One that never existed is proven absent, and that rejects.
  await assert.rejects(client.verifyObject(first.slug, 999999), (e) => e instanceof VerificationError && e.reason === 'absent');
});

test('a wallet holds exactly what the holdings trie proves', async () => {
  const client = createClient({ ...node.endpoints });
  const [first] = await firstObjects(client, 1);
  const head = await client.blockNumber();
  const holdings = await client.verifyHoldings(first.owner, { height: head });
  const listed = [];
  for await (const o of client.objects({ owner: first.owner, limit: 100 })) listed.push(o.key);
  assert.ok(holdings.objects.length >= 1);
  for (const o of holdings.objects) assert.equal(o.owner, first.owner);
  const wallet = await client.wallet(first.owner, { height: head });
  assert.equal(holdings.objects.length, wallet.holdings.reduce((n, h) => n + h.count, 0));
  assert.ok(formatGif(unitsOf(wallet.balance)).length > 0);
  // Amounts come as bigint, from REST and JSON-RPC alike; the rest as it came.
  assert.equal(typeof wallet.balance, 'bigint');
  let sale;
  for await (const a of client.activity({ types: ['sale'], limit: 5 })) {
    sale = a;
    break;
  }
  if (sale) {
    assert.equal(typeof sale.price, 'bigint');
    const both = await client.transactionByHash(sale.txHash);
    assert.equal(typeof both.transaction.gasPrice, 'bigint');
    assert.equal(typeof both.receipt.fee, 'bigint');
    assert.match(both.transaction.hash, /^0x[0-9a-f]{64}$/);
  }
});

test('a node that forges its headers is never verified', async () => {
  const client = createClient({ ...forger.endpoints, WebSocket });
  const [first] = await firstObjects(client, 1);
  await assert.rejects(client.verifyObject(first.slug, first.tokenId), (e) => e instanceof VerificationError && e.reason === 'commit');
  await assert.rejects(client.verifyHoldings(first.owner), VerificationError);
  const heads = client.watchHeads();
  await assert.rejects(heads.next(), VerificationError);
});

test('verified heads come once each and in order', async () => {
  const client = createClient({ ...node.endpoints, WebSocket });
  const from = await client.blockNumber();
  const seen = [];
  for await (const head of client.watchHeads({ from })) {
    seen.push(head.header.height);
    if (seen.length === 5) break;
  }
  assert.deepEqual(seen, [from, from + 1, from + 2, from + 3, from + 4]);
});

async function firstObjects(client, n) {
  const out = [];
  for await (const o of client.objects({ limit: n })) {
    out.push(o);
    if (out.length === n) break;
  }
  return out;
}

test('object events come with their verified block, each once, as the feed has them', async () => {
  const client = createClient({ ...node.endpoints, WebSocket });
  const from = await client.blockNumber();
  const events = [];
  const heights = new Set();
  for await (const e of client.watchObjectEvents({ from })) {
    events.push(e);
    heights.add(e.height);
    if (heights.size === 4) break;
  }
  const last = Math.max(...heights);
  // Proven from the blocks, they are what an honest node's feed says of
  // those blocks, oldest first.
  const feed = [];
  for await (const a of client.activity({ since: from, limit: 100 })) if (a.height < last) feed.push(a);
  const seen = events.filter((e) => e.height < last);
  const what = (e) => [e.type, e.key, e.from, e.to, e.price, e.txHash, e.height, e.timestamp].join(' ');
  assert.deepEqual(seen.map(what), feed.reverse().map(what));
  for (const e of events) assert.equal(e.header.height, e.height);
  assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'no event twice');
});

test('several event types at once, and a filter the node refuses ends the watch at once', async () => {
  const client = createClient({ ...node.endpoints, WebSocket });
  const from = await client.blockNumber();
  const kinds = new Set();
  for await (const e of client.watchObjectEvents({ from, types: ['sale', 'transfer'] })) {
    assert.ok(e.type === 'sale' || e.type === 'transfer', e.type);
    kinds.add(e.type);
    if (kinds.size === 2) break;
  }
  // A filter that matches nothing is said at once, before any request.
  const started = Date.now();
  await assert.rejects(
    (async () => {
      for await (const e of client.watchObjectEvents({ from, types: ['nonsense'] })) void e;
    })(),
    (e) => e instanceof InvalidArgumentError && /"nonsense" is not an event type/.test(e.message),
  );
  assert.ok(Date.now() - started < 5000, `${Date.now() - started} ms`);
});

test('timeoutMs bounds the whole call, every request in it together', async () => {
  // 500 ms added to each request: the head, the header, then proof and
  // content. Each alone is within 1 s; the call is not.
  const slow = (input, init) => new Promise((r) => setTimeout(r, 500)).then(() => fetch(input, init));
  const [first] = await firstObjects(createClient(node.endpoints), 1);
  const client = createClient({ ...node.endpoints, fetch: slow });
  const started = Date.now();
  await assert.rejects(client.verifyObject(first.slug, first.tokenId, { timeoutMs: 1000 }), TimeoutError);
  const took = Date.now() - started;
  assert.ok(took < 1300, `rejected after ${took} ms`);
  // Given the time, the same call holds.
  const v = await client.verifyObject(first.slug, first.tokenId, { timeoutMs: 5000 });
  assert.equal(v.displayKey, first.key);
});

test('a websocket URL with no WebSocket to open it is said, not silently polled', async () => {
  const saved = globalThis.WebSocket;
  delete globalThis.WebSocket; // as on Node before 22
  try {
    const client = createClient(node.endpoints);
    await assert.rejects(client.watchHeads().next(), (e) => e instanceof TypeError && /WebSocket/.test(e.message));
    // Without a websocket URL, polling is what was asked for.
    const polling = createClient({ rest: node.endpoints.rest, rpc: node.endpoints.rpc });
    const heads = polling.watchHeads({ pollMs: 100 });
    assert.ok((await heads.next()).value.header.height >= 0);
    await heads.return();
  } finally {
    if (saved) globalThis.WebSocket = saved;
  }
});

test('a node that says an old head gets no stale answer past the freshness asked for', async () => {
  const honest = createClient(node.endpoints);
  while ((await honest.blockNumber()) < 40) await new Promise((r) => setTimeout(r, 100));
  const head = await honest.blockNumber();
  const old = head - 30; // some 9 s of blocks back
  // gif_blockNumber answered with an old height, as a lagging replica or a liar would.
  const lagging = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    if (!body.includes('gif_blockNumber')) return fetch(input, init);
    const call = JSON.parse(body);
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: old }), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const client = createClient({ ...node.endpoints, fetch: lagging });
  const [first] = await firstObjects(honest, 1);
  const v = await client.verifyObject(first.slug, first.tokenId);
  assert.equal(v.height, old, 'without a guard, an old height verifies: it was true then');
  await assert.rejects(
    client.verifyObject(first.slug, first.tokenId, { minHeight: head }),
    (e) => e instanceof VerificationError && e.reason === 'stale',
  );
  await assert.rejects(
    client.verifyHoldings(first.owner, { maxAgeSeconds: 3 }),
    (e) => e instanceof VerificationError && e.reason === 'stale',
  );
  const fresh = await honest.verifyObject(first.slug, first.tokenId, { minHeight: head, maxAgeSeconds: 60 });
  assert.ok(fresh.height >= head);
});

test('the callback form: heads to on, a refused filter to onError, unwatch stops', async () => {
  const client = createClient({ ...node.endpoints, WebSocket });
  const from = await client.blockNumber();
  const seen = [];
  let unwatch;
  await new Promise((resolve, reject) => {
    unwatch = client.onHeads({
      from,
      on: (head) => {
        seen.push(head.header.height);
        if (seen.length === 3) resolve();
      },
      onError: reject,
    });
  });
  unwatch();
  const stoppedAt = seen.length;
  await new Promise((r) => setTimeout(r, 1000)); // some three blocks
  assert.equal(seen.length, stoppedAt, 'nothing after unwatch');
  assert.deepEqual(seen.slice(0, 3), [from, from + 1, from + 2]);
  const error = await new Promise((resolve) => {
    client.onObjectEvents({ from, types: ['nonsense'], on: () => {}, onError: resolve });
  });
  assert.ok(error instanceof InvalidArgumentError, String(error));
});

test('batch: calls made together go as one request, each with its own answer and error', async () => {
  let requests = 0;
  const counting = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const plain = createClient({ ...node.endpoints });
  const batched = createClient({ ...node.endpoints, fetch: counting, batch: true });
  const [head, chainId, object, root] = await Promise.all([
    batched.blockNumber(),
    batched.chainIdOfNode(),
    batched.validators({ height: 1 }),
    batched.objectRoot(1),
  ]);
  assert.equal(requests, 1, 'four calls, one request');
  assert.equal(chainId, 6464);
  assert.ok(head >= 1);
  assert.deepEqual(object, await plain.validators({ height: 1 }));
  assert.equal(root, await plain.objectRoot(1));
  // A call the node refuses fails alone.
  requests = 0;
  const [good, bad] = await Promise.allSettled([batched.objectRoot(1), batched.rpc('gif_noSuchMethod')]);
  assert.equal(requests, 1);
  assert.equal(good.status, 'fulfilled');
  assert.ok(bad.status === 'rejected' && bad.reason instanceof RpcError && bad.reason.code === -32601, String(bad.reason));
});

test('fallback: a node that cannot be reached gives its turn to the next, and verification holds', async () => {
  const { rest, rpc } = node.endpoints;
  const dead = { rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9' }; // nothing listens on the discard port
  let toDead = 0;
  const counting = (input, init) => {
    if (String(input).startsWith('http://127.0.0.1:9/') || String(input) === 'http://127.0.0.1:9') toDead++;
    return fetch(input, init);
  };
  const client = createClient({ ...dead, fallback: [{ rest, rpc }], fetch: counting });
  const head = await client.blockNumber();
  assert.ok(head > 0);
  const [first] = await firstObjects(client, 1);
  const v = await client.verifyObject(first.slug, first.tokenId);
  assert.equal(v.displayKey, first.key);
  assert.equal(toDead, 1, 'the dead node was asked once, then the one that answered first');
});

test('fallback: a node that accepts and never answers gives its turn to the next after fallbackAfterMs', async () => {
  const { rest, rpc } = node.endpoints;
  const held = [];
  const hanging = createServer((request) => held.push(request)); // never answers
  await new Promise((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${hanging.address().port}`;
  try {
    const client = createClient({ rest: url, rpc: url, fallback: [{ rest, rpc }], fallbackAfterMs: 500, timeoutMs: 5000 });
    const started = Date.now();
    const head = await client.blockNumber();
    assert.ok(head > 0);
    assert.ok(Date.now() - started < 4000, 'answered by the fallback, not at the deadline');
    assert.equal(held.length, 1, 'the hanging node was asked once');
    const [first] = await firstObjects(client, 1);
    const v = await client.verifyObject(first.slug, first.tokenId);
    assert.equal(v.displayKey, first.key);
    assert.equal(held.length, 1, 'then the node that answered first');
  } finally {
    hanging.closeAllConnections?.();
    hanging.close();
  }
});
