// What a node cannot make the client do: hold an answer of any size, pass
// a shapeless answer off as a record, or turn a long timeout into none at
// all; and a GIF's bytes come back as bytes.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { BaseError, createClient, HttpRequestError, InvalidArgumentError, ProtocolError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

let node;
before(async () => {
  node = await startDevnet(['--objects', '12', '--block-time', '0.3']);
});
after(() => node?.stop());

/** A node whose every answer is `answer(req, res)`. */
async function fakeNode(answer) {
  const server = createServer(answer);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

test('an answer past maxAnswerBytes is a ProtocolError, counted as it arrives (64 MiB by default)', async () => {
  let sent = 0;
  const endless = await fakeNode((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"jsonrpc":"2.0","id":1,"result":"');
    const chunk = 'a'.repeat(1 << 20);
    const more = () => {
      while (!res.destroyed && sent < 200 * (1 << 20)) {
        sent += chunk.length;
        if (!res.write(chunk)) return res.once('drain', more);
      }
    };
    res.on('close', () => {});
    more();
  });
  try {
    const client = createClient({ rest: endless.url, rpc: endless.url, timeoutMs: 20_000 });
    await assert.rejects(client.blockNumber(), (e) => e instanceof ProtocolError && /over 67108864 bytes/.test(e.message));
    assert.ok(sent < 100 * (1 << 20), `stopped reading near the limit, not at ${sent} bytes`);
    const small = createClient({ rest: endless.url, rpc: endless.url, maxAnswerBytes: 1 << 20 });
    await assert.rejects(small.blockNumber(), (e) => e instanceof ProtocolError && /over 1048576 bytes/.test(e.message));
  } finally {
    endless.close();
  }
  const declared = await fakeNode((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(4 * 1024 ** 3) });
    res.write('{');
  });
  try {
    const client = createClient({ rest: declared.url, rpc: declared.url });
    await assert.rejects(client.blockNumber(), ProtocolError);
  } finally {
    declared.close();
  }
});

test('a REST answer that is no record is a ProtocolError, never undefined', async () => {
  const depth = 100_000;
  const nested = await fakeNode((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('['.repeat(depth) + ']'.repeat(depth));
  });
  try {
    const client = createClient({ rest: nested.url, rpc: nested.url });
    await assert.rejects(client.block(1), (e) => e instanceof ProtocolError && /not a record/.test(e.message));
  } finally {
    nested.close();
  }
});

test('timeoutMs Infinity or past what a timer holds waits; a timeout that is no duration is refused', async () => {
  const slow = await fakeNode((req, res) => {
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":7}'), 300);
  });
  try {
    for (const timeoutMs of [Infinity, 2 ** 31, 2 ** 40]) {
      const client = createClient({ rest: slow.url, rpc: slow.url, timeoutMs });
      assert.equal(await client.blockNumber(), 7, `timeoutMs ${timeoutMs}`);
      const perCall = createClient({ rest: slow.url, rpc: slow.url });
      assert.equal(await perCall.blockNumber({ timeoutMs }), 7, `a call's timeoutMs ${timeoutMs}`);
    }
    for (const timeoutMs of [0, -1, NaN, '1000'])
      assert.throws(() => createClient({ rest: slow.url, rpc: slow.url, timeoutMs }), InvalidArgumentError, String(timeoutMs));
  } finally {
    slow.close();
  }
});

test('frames gives the GIF bytes', async () => {
  const client = createClient(node.endpoints);
  const first = (await client.objects({ limit: 1 }).next()).value;
  const [slug, id] = first.key.split('#');
  const gif = await client.frames(slug, Number(id));
  assert.ok(gif instanceof Uint8Array);
  assert.equal(new TextDecoder().decode(gif.slice(0, 6)), 'GIF89a');
});

test('arguments that are none are an InvalidArgumentError before any request; a node down is an HttpRequestError', async () => {
  let requests = 0;
  const counting = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  const client = createClient({ ...node.endpoints, fetch: counting });
  const bad = [
    ['slug', async () => client.verifyObject('Pixel Cats', 1)],
    ['tokenId', async () => client.verifyObject('pixel-cats', -1)],
    ['tokenId', async () => client.verifyObject('pixel-cats', 1.5)],
    ['tokenId', async () => client.object('pixel-cats', 2 ** 53)],
    ['address', async () => client.verifyHoldings('0xabc')],
    ['address', async () => client.wallet('0xabc')],
    ['hash', async () => client.transaction('0x1234')],
    ['height', async () => client.objectRoot(-5)],
    ['height', async () => client.object('pixel-cats', 1, { height: 1.5 })],
    ['block', async () => client.block('0xzz')],
    ['minHeight', async () => client.verifyObject('pixel-cats', 1, { minHeight: NaN })],
    ['owner', async () => client.objects({ owner: 'me' }).next()],
    ['collection', async () => client.activity({ collection: 'A B' }).next()],
  ];
  for (const [argument, call] of bad)
    await assert.rejects(call(), (e) => e instanceof InvalidArgumentError && e.argument === argument && e.message.startsWith(`${argument}:`), argument);
  assert.equal(requests, 0, 'nothing was sent');

  const down = createClient({ rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9' });
  await assert.rejects(down.blockNumber(), (e) => e instanceof HttpRequestError && e.url === 'http://127.0.0.1:9' && e instanceof BaseError && e.cause instanceof TypeError);
  await assert.rejects(down.block(1), HttpRequestError);
});

test('fallback turns: a send is never asked of a second node, a 429 is waited out, a slow body is not cut', async () => {
  const { rest, rpc } = node.endpoints;
  let toSecond = 0;
  const counting = (input, init) => {
    if (String(input).startsWith(rpc) && String(init?.body ?? '').includes('gif_sendRawTransaction')) toSecond++;
    return fetch(input, init);
  };
  // Takes a transaction and answers after 1.5 s: past a 0.5 s turn.
  const slow = await fakeNode((req, res) => {
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"jsonrpc":"2.0","id":1,"result":"0x${'ab'.repeat(32)}"}`), 1500);
  });
  try {
    const client = createClient({ rest: slow.url, rpc: slow.url, fallback: [{ rest, rpc }], fallbackAfterMs: 500, fetch: counting });
    assert.equal(await client.sendRawTransaction('0x00'), `0x${'ab'.repeat(32)}`);
    assert.equal(toSecond, 0, 'the send went to one node only');
  } finally {
    slow.close();
  }
  // Asks to wait a second once, then answers: waited out within the call,
  // not a RateLimitedError at the end of the turn.
  let asked = 0;
  const busy = await fakeNode((req, res) => {
    if (asked++ === 0) return res.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' }).end('{}');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":7}');
  });
  // Begins at once, then takes 1.2 s to finish its answer.
  const dribbling = await fakeNode((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('{"jsonrpc":"2.0","id":1,');
    setTimeout(() => res.end('"result":8}'), 1200);
  });
  try {
    const dead = { rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9' };
    const waiting = createClient({ rest: busy.url, rpc: busy.url, fallback: [dead], fallbackAfterMs: 500 });
    assert.equal(await waiting.blockNumber(), 7);
    const reading = createClient({ rest: dribbling.url, rpc: dribbling.url, fallback: [dead], fallbackAfterMs: 500 });
    assert.equal(await reading.blockNumber(), 8);
    // And a timeout that is no duration is refused with fallback on too.
    await assert.rejects(reading.blockNumber({ timeoutMs: NaN }), InvalidArgumentError);
  } finally {
    busy.close();
    dribbling.close();
  }
});

test('a block by the digits of its height, as the type says it may be', async () => {
  const client = createClient(node.endpoints);
  assert.equal((await client.block('1')).height, 1);
  assert.equal((await client.block(1)).height, 1);
});
