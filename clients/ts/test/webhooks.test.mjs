// Webhook signatures: the specification's published example, the
// standardwebhooks package as an independent oracle, and real deliveries
// from a devnet.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createClient, ProtocolError, signWebhook, verifyWebhook, verifyWebhookSignature, VerificationError, withAmounts } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

test("the specification's example", () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const headers = {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  };
  const body = '{"test": 2432232314}';
  assert.deepEqual(verifyWebhookSignature(body, headers, secret, { now: 1614265330 }), { test: 2432232314 });
  // Signed, but no payload of a gifscan node's.
  assert.throws(() => verifyWebhook(body, headers, secret, { now: 1614265330 }), ProtocolError);
  assert.equal(signWebhook(headers['webhook-id'], 1614265330, body, secret), headers['webhook-signature']);
  assert.throws(() => verifyWebhookSignature(body, headers, secret, { now: 1614265330 + 301 }), { reason: 'timestamp' });
  assert.throws(() => verifyWebhookSignature(body.replace('2', '3'), headers, secret, { now: 1614265330 }), { reason: 'signature' });
  assert.throws(
    () => verifyWebhookSignature(body, { ...headers, 'webhook-signature': 'v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' }, secret, { now: 1614265330 }),
    { reason: 'signature' },
  );
});

test('the standardwebhooks package agrees both ways', () => {
  for (let i = 0; i < 50; i++) {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const oracle = new Webhook(secret);
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ n: i, text: randomBytes(i).toString('hex') });
    const theirs = oracle.sign(id, new Date(now * 1000), body);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(now), 'webhook-signature': theirs };
    assert.deepEqual(verifyWebhookSignature(body, headers, secret), JSON.parse(body));
    const ours = signWebhook(id, now, body, secret);
    assert.deepEqual(oracle.verify(body, { ...headers, 'webhook-signature': ours }), JSON.parse(body));
  }
});

let node;
let server;
const deliveries = [];
before(async () => {
  server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  node = await startDevnet(['--objects', '20', '--block-time', '0.2']);
});
after(() => {
  node?.stop();
  server?.close();
});

test("a devnet's deliveries verify, with ours and with the oracle", async () => {
  const client = createClient(node.endpoints);
  const hook = await client.createWebhook({ url: `http://127.0.0.1:${server.address().port}/hook`, types: ['mint', 'sale', 'transfer'] });
  while (deliveries.length < 3) await new Promise((r) => setTimeout(r, 100));
  const oracle = new Webhook(hook.secret);
  for (const d of deliveries.slice(0, 3)) {
    const payload = verifyWebhook(new Uint8Array(d.body), d.headers, hook.secret);
    assert.ok(['mint', 'sale', 'transfer'].includes(payload.type));
    assert.equal(payload.data.type, payload.type);
    assert.match(payload.data.blockHash, /^0x[0-9a-f]{64}$/);
    if (payload.type === 'sale') assert.equal(typeof payload.data.price, 'bigint');
    assert.deepEqual(withAmounts(oracle.verify(d.body.toString(), d.headers)), payload);
    assert.throws(() => verifyWebhook(new Uint8Array(d.body), d.headers, `whsec_${randomBytes(32).toString('base64')}`), VerificationError);
  }
  assert.equal(await client.deleteWebhook(hook.id, hook.secret), true);
});
