// Amounts as bigint, and what a client does with a node's 429: waits it out
// within the call's deadline, else says how long the node asked for.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BaseError, createClient, formatGif, HttpRequestError, InvalidArgumentError, parseGif, ProtocolError, RateLimitedError, HttpError, RpcError, TimeoutError, VerificationError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

test('18-decimal amounts, never a number', () => {
  assert.equal(formatGif(1500000000000000000n), '1.5');
  assert.equal(formatGif(1n), '0.000000000000000001');
  assert.equal(formatGif(10n ** 24n), '1000000');
  assert.equal(parseGif('1.5'), 1500000000000000000n);
  assert.equal(parseGif('0.000000000000000001'), 1n);
  assert.equal(parseGif(formatGif(2n ** 256n - 1n)), 2n ** 256n - 1n);
  assert.throws(() => parseGif('0.0000000000000000001'), /more than 18 decimals/);
  assert.throws(() => parseGif('1e18'), /not an amount/);
  assert.throws(() => parseGif('-1'), /not an amount/);
  assert.throws(() => parseGif(formatGif(2n ** 256n)), /more than any amount/);
  assert.throws(() => formatGif(1.5), TypeError);
});

let node;
before(async () => {
  node = await startDevnet(['--objects', '8', '--block-time', '1', '--traffic', 'off', '--rate-limit', '1:2']);
});
after(() => node?.stop());

test("a 429's Retry-After is waited out within the deadline, else told", { timeout: 30_000 }, async () => {
  const client = createClient(node.endpoints);
  // The burst of two, then a wait of a second for the third.
  const start = Date.now();
  for (let i = 0; i < 3; i++) assert.equal(await client.chainIdOfNode(), 6464);
  assert.ok(Date.now() - start >= 900, 'the third call waited for its token');
  // A deadline shorter than the wait: said at once, with the wait asked for.
  await client.chainIdOfNode();
  await client.chainIdOfNode();
  await assert.rejects(client.chainIdOfNode({ timeoutMs: 500 }), (e) => e instanceof RateLimitedError && e.retryAfter >= 1 && e.status === 429);
  // No retries allowed: told at the first 429.
  const strict = createClient({ ...node.endpoints, maxRetries: 0 });
  await assert.rejects(strict.wallet('0x' + '00'.repeat(20)), RateLimitedError);
});

test('REST errors in the node\'s words, and a call aborted by its signal', { timeout: 30_000 }, async () => {
  const client = createClient({ ...node.endpoints, maxRetries: 5 });
  await new Promise((r) => setTimeout(r, 2100)); // the bucket refills
  await assert.rejects(client.block(999999), (e) => e instanceof HttpError && e.status === 404 && e.code === 'not_found');
  const controller = new AbortController();
  const pending = client.blockNumber({ signal: controller.signal });
  controller.abort(new Error('the user left'));
  await assert.rejects(pending, /the user left/);
  // A node on loopback that takes the request and never answers.
  const { createServer } = await import('node:net');
  // Its accepted sockets are destroyed at the end: a socket left open would
  // keep this test's process alive after its last test.
  const accepted = [];
  const silent = createServer((socket) => accepted.push(socket));
  await new Promise((r) => silent.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${silent.address().port}`;
  const slow = createClient({ rest: url, rpc: url, timeoutMs: 300 });
  try {
    await assert.rejects(slow.blockNumber(), (e) => e instanceof TimeoutError && /300 ms/.test(e.message));
  } finally {
    // Closed on failure too: an open server would keep the suite's process
    // alive to CTest's timeout.
    for (const socket of accepted) socket.destroy();
    silent.close();
  }
});

test('a fetch that never settles, even when aborted, still ends at the deadline', { timeout: 10_000 }, async () => {
  // As Node 18's fetch now and then does (undici#1862): the call may not
  // wait on it past its deadline.
  const never = () => new Promise(() => {});
  const client = createClient({ rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9', fetch: never, timeoutMs: 200 });
  const start = Date.now();
  await assert.rejects(client.blockNumber(), (e) => e instanceof TimeoutError && /200 ms/.test(e.message));
  assert.ok(Date.now() - start < 5000);
  const controller = new AbortController();
  const pending = createClient({ rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9', fetch: never }).block(1, { signal: controller.signal });
  controller.abort(new Error('the user left'));
  await assert.rejects(pending, /the user left/);
});

test('one error family: a node breaking the protocol is a ProtocolError, every error a BaseError', async () => {
  const answer = (body, status = 200) => async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  const endpoints = { rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9' };
  const notJson = createClient({ ...endpoints, fetch: answer('<html>hello</html>') });
  await assert.rejects(notJson.block(1), (e) => e instanceof ProtocolError && e instanceof BaseError && /not JSON/.test(e.shortMessage) && /hello/.test(e.details));
  const noResult = createClient({ ...endpoints, fetch: answer('{"jsonrpc":"2.0","id":1}') });
  await assert.rejects(noResult.blockNumber(), ProtocolError);
  // A list whose node hands back a cursor it gave before: not an endless walk.
  const page = JSON.stringify({ data: [], height: 5, cursor: 'same' });
  const looping = createClient({ ...endpoints, fetch: answer(page) });
  await assert.rejects(async () => {
    for await (const o of looping.objects({ limit: 1 })) void o;
  }, (e) => e instanceof ProtocolError && /repeated a cursor/.test(e.message));
  for (const E of [HttpError, RpcError, RateLimitedError, TimeoutError, VerificationError]) assert.ok(E.prototype instanceof BaseError, E.name);
  // walk: along the causes.
  const inner = new TimeoutError('inner');
  const outer = new BaseError('outer', { cause: inner, details: 'more' });
  assert.equal(outer.walk(), inner);
  assert.equal(outer.walk((e) => e instanceof TimeoutError), inner);
  assert.equal(outer.walk((e) => e instanceof RpcError), null);
  assert.equal(outer.message, 'outer\n\nDetails: more');
  assert.equal(outer.shortMessage, 'outer');
});

test('a decorator cannot replace what a client trusts; guards and amounts refuse what is no number', async () => {
  const { createBaseClient, publicActions } = await import('../dist/index.js');
  const base = createBaseClient({ rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9' });
  const sly = base.extend(() => ({ trust: ['0x' + '11'.repeat(20)], chainId: 1, hello: () => 'hi' }));
  assert.deepEqual(sly.trust, base.trust);
  assert.equal(sly.chainId, 6464);
  assert.equal(sly.hello(), 'hi');
  const { extend } = sly.extend(publicActions); // no `this` needed
  assert.equal(typeof extend(() => ({})).blockNumber, 'function');
  assert.ok(Object.isFrozen(sly));

  const client = createClient({ rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9' });
  await assert.rejects(client.verifyObject('pixel-cats', 1, { maxAgeSeconds: Number(undefined) }), InvalidArgumentError);
  const lying = createClient({
    rest: 'http://127.0.0.1:9',
    rpc: 'http://127.0.0.1:9',
    fetch: async () => new Response(JSON.stringify({ data: { address: '0x' + '00'.repeat(20), balance: 5, __proto__: { x: 1 } }, height: 1 })),
  });
  await assert.rejects(lying.wallet('0x' + '00'.repeat(20)), ProtocolError);
});

test('instanceof holds across the ES module and CommonJS copies of the package', async () => {
  const { createRequire } = await import('node:module');
  const cjs = createRequire(import.meta.url)('../dist/cjs/index.js');
  const fromCjs = new cjs.VerificationError('stale', 'from the CommonJS copy');
  assert.ok(fromCjs instanceof VerificationError && fromCjs instanceof BaseError);
  assert.ok(!(fromCjs instanceof RpcError));
  const fromEsm = new RateLimitedError(1, 'from the ES module');
  assert.ok(fromEsm instanceof cjs.HttpError && fromEsm instanceof cjs.RateLimitedError);
  assert.ok(!(fromEsm instanceof cjs.VerificationError));
  assert.ok(!(new Error('plain') instanceof BaseError));
});

// The devnet's validator keys are public: their set is trusted by default
// only for a node on this machine. Before, a client made as the README
// shows, pointed at any URL, took headers signed with them as verified.
test('a node off this machine needs trust said; loopback keeps the devnet default', () => {
  assert.throws(() => createClient({ rest: 'https://node.example', rpc: 'https://node.example/rpc' }), (e) => {
    assert.ok(e instanceof InvalidArgumentError && e.argument === 'trust');
    assert.match(e.message, /^say which validators to trust for https:\/\/node\.example: /);
    return true;
  });
  assert.throws(() => createClient({ rest: 'http://127.0.0.1:1', rpc: 'http://127.0.0.1:2', fallback: [{ rest: 'http://10.0.0.1', rpc: 'http://10.0.0.1' }] }), InvalidArgumentError);
  const remote = createClient({ rest: 'https://node.example', rpc: 'https://node.example/rpc', trust: ['0x' + '1'.repeat(40)] });
  assert.deepEqual(remote.trust, ['0x' + '1'.repeat(40)]);
  for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.1.2.3'])
    assert.ok(createClient({ rest: `http://${host}:8545`, rpc: `http://${host}:8546` }).trust.length > 0, host);
});
