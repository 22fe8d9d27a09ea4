// Every public action, one test each under its viem name, as a function and
// as a method of createPublicClient's client, against a real devnet; the
// 0.2 names are the same functions; each subpath has its actions and
// errors; a client of the JSON-RPC alone verifies, and its REST actions
// throw before any request. A test also fails when a file is added to
// src/actions/public/ without a case here.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import * as root from '../dist/index.js';
import * as actions from '../dist/actions/index.js';
import * as verify from '../dist/verify.js';
import * as watch from '../dist/watch.js';
import { startDevnet } from './devnet.mjs';

const { createBaseClient, createPublicClient, HEAD_QUERY, InvalidArgumentError, PrivateKey, signTransaction } = root;
let node;
let client;
let owner;
let sent; // a mined transfer's hash
let hook; // a webhook made by createWebhook

before(async () => {
  node = await startDevnet(['--block-time', '0.2', '--traffic', 'off']);
  client = createPublicClient({ ...node.endpoints });
  owner = (await client.getObject('pixel-cats', 1)).owner;
});
after(() => node?.stop());

const HEX = /^0x[0-9a-f]*$/;

// Each case: the action's name (its file under src/actions/public/, lower
// case) and a check that calls it as a function and as a method.
const cases = {
  pages: async () => {
    // One a page: sendTransaction's receipt is in block 1 or later, so
    // blocks 0 and 1 at least make a second page (two a page, a node at
    // height 1 had none, and no cursor: seen on a loaded machine).
    const first = (await actions.pages(client, '/blocks', {}, { limit: 1 }).next()).value;
    assert.equal(first.items.length, 1);
    assert.ok(first.height >= 1, `height ${first.height}`);
    assert.equal(typeof first.cursor, 'string', `cursor ${first.cursor} at height ${first.height}`);
  },
  getBlocks: async () => {
    const newest = (await actions.getBlocks(client, { limit: 1 }).next()).value;
    assert.ok(newest.height >= 1);
    assert.equal((await client.getBlocks({ limit: 1 }).next()).value.height >= newest.height, true);
  },
  getBlock: async () => {
    assert.equal((await actions.getBlock(client, 1)).height, 1);
    assert.equal((await client.getBlock('1')).height, 1);
  },
  getTransaction: async () => {
    const { transaction, receipt } = await actions.getTransaction(client, sent);
    assert.equal(transaction.hash, sent);
    assert.equal(receipt.status, 'success');
    assert.equal((await client.getTransaction(sent)).transaction.hash, sent);
  },
  getObjects: async () => {
    const keys = [];
    for await (const o of actions.getObjects(client, { collection: 'pixel-cats', limit: 5 })) keys.push(o.key);
    assert.ok(keys.length > 0 && keys.every((k) => k.startsWith('pixel-cats#')));
    assert.equal((await client.getObjects({ owner, limit: 1 }).next()).value.owner, owner);
  },
  getObject: async () => {
    const o = await actions.getObject(client, 'pixel-cats', 1);
    assert.match(o.owner, HEX);
    assert.equal((await client.getObject('pixel-cats', 1, { height: 1 })).owner.length, 42);
  },
  getFrames: async () => {
    const gif = await actions.getFrames(client, 'pixel-cats', 1);
    assert.equal(Buffer.from(gif.subarray(0, 4)).toString('latin1'), 'GIF8');
    assert.equal(Buffer.from((await client.getFrames('pixel-cats', 1)).subarray(0, 3)).toString(), 'GIF');
  },
  getCollections: async () => {
    const slugs = [];
    for await (const c of actions.getCollections(client, { limit: 50 })) slugs.push(c.slug);
    assert.ok(slugs.includes('pixel-cats'));
    assert.ok((await client.getCollections({ sort: 'name', limit: 1 }).next()).value.slug);
  },
  getTraitCounts: async () => {
    const counts = await actions.getTraitCounts(client, 'pixel-cats');
    assert.equal(typeof counts, 'object');
    assert.deepEqual(await client.getTraitCounts('pixel-cats', { height: 1 }), await actions.getTraitCounts(client, 'pixel-cats', { height: 1 }));
  },
  getWallet: async () => {
    const w = await actions.getWallet(client, owner);
    assert.equal(typeof w.balance, 'bigint');
    assert.ok(w.holdings.length > 0);
    assert.equal((await client.getWallet(owner)).address, owner);
  },
  getActivity: async () => {
    const first = (await actions.getActivity(client, { types: ['mint'], limit: 3 }).next()).value;
    assert.equal(first.type, 'mint');
    assert.ok((await client.getActivity({ limit: 1 }).next()).value.height >= 0);
  },
  getMempool: async () => {
    assert.equal(typeof (await actions.getMempool(client)).pending, 'number');
    assert.equal(typeof (await client.getMempool()).pending, 'number');
  },
  graphql: async () => {
    const r = await actions.graphql(client, HEAD_QUERY);
    assert.ok(r.data.head.height >= 1);
    assert.match((await client.graphql(HEAD_QUERY)).data.head.hash, HEX);
  },
  rpc: async () => {
    assert.equal(typeof (await actions.rpc(client, 'gif_blockNumber')), 'number');
    assert.equal(await client.rpc('gif_chainId'), 6464);
  },
  getChainId: async () => {
    assert.equal(await actions.getChainId(client), 6464);
    assert.equal(await client.getChainId(), 6464);
  },
  getBlockNumber: async () => {
    const h = await actions.getBlockNumber(client);
    assert.ok(Number.isInteger(h) && h >= 1);
    assert.ok((await client.getBlockNumber()) >= h);
  },
  getBlockByHeight: async () => {
    assert.equal((await actions.getBlockByHeight(client, 1)).height, 1);
    await assert.rejects(client.getBlockByHeight(1e9), (e) => e instanceof root.RpcError && e.code === -32001);
  },
  getTransactionByHash: async () => {
    assert.equal((await actions.getTransactionByHash(client, sent)).transaction.hash, sent);
    await assert.rejects(client.getTransactionByHash(`0x${'ab'.repeat(32)}`), (e) => e instanceof root.RpcError && e.code === -32001);
  },
  getObjectByKey: async () => {
    assert.equal((await actions.getObjectByKey(client, 'pixel-cats', 1)).owner, (await client.getObject('pixel-cats', 1)).owner);
    await assert.rejects(client.getObjectByKey('pixel-cats', 999999), (e) => e instanceof root.RpcError && e.code === -32001);
  },
  getObjectBytes: async () => {
    assert.ok((await actions.getObjectBytes(client, 'pixel-cats', 1)).startsWith('0x47494638'));
    await assert.rejects(client.getObjectBytes('pixel-cats', 999999), (e) => e instanceof root.RpcError && e.code === -32001);
  },
  getListing: async () => {
    const listing = await actions.getListing(client, 'pixel-cats', 1);
    assert.ok(listing === null || typeof listing.price === 'bigint');
    assert.deepEqual(await client.getListing('pixel-cats', 1), listing);
  },
  getProof: async () => {
    const height = await client.getBlockNumber();
    const proof = await actions.getProof(client, 'pixel-cats', 1, { height });
    const objectRoot = await client.getObjectRoot(height);
    assert.equal(verify.verifyObjectProof(proof, 'pixel-cats#1', root.fromHex(objectRoot, 32)).owner, owner);
    assert.equal((await client.getProof('pixel-cats', 1)).displayKey, 'pixel-cats#1');
  },
  getOwnership: async () => {
    const held = await actions.getOwnership(client, owner);
    assert.ok(held.some((o) => o.key === 'pixel-cats#1' && o.slug === 'pixel-cats' && o.tokenId === 1 && /^0x[0-9a-f]{64}$/.test(o.root)));
    assert.deepEqual(held.map((o) => o.key), held.map((o) => o.key).sort());
    assert.deepEqual(await client.getOwnership(owner, { height: 1 }), await actions.getOwnership(client, owner, { height: 1 }));
  },
  getObjectRoot: async () => {
    assert.match(await actions.getObjectRoot(client, 1), /^0x[0-9a-f]{64}$/);
    assert.equal(await client.getObjectRoot(1), await actions.getObjectRoot(client, 1));
  },
  getValidators: async () => {
    const v = await actions.getValidators(client);
    assert.ok(v.validators.length >= 1 && v.quorum >= 1);
    assert.deepEqual(v.validators, [...client.trust]);
    assert.equal((await client.getValidators({ height: 1 })).validatorsHash, v.validatorsHash);
  },
  getHoldingsProof: async () => {
    const p = await actions.getHoldingsProof(client, owner);
    assert.equal(typeof p, 'object');
    assert.ok(p !== null);
    assert.equal(typeof (await client.getHoldingsProof(owner, { height: 1 })), 'object');
  },
  sendRawTransaction: async () => {
    // The before() transfer went through sendTransaction; this one raw.
    const key = PrivateKey.devnet(3);
    const tx = signTransaction(
      { kind: 'transfer', to: PrivateKey.devnet(4).address, amount: 1n, nonce: await client.getTransactionCount(key.address), gasPrice: 1_000_000_000n },
      key,
    );
    assert.equal(await actions.sendRawTransaction(client, tx.raw), tx.hash);
    assert.equal((await client.waitForTransactionReceipt(tx.hash)).status, 'success');
  },
  createWebhook: async () => {
    hook = await actions.createWebhook(client, { url: 'http://127.0.0.1:9/hook', types: ['mint'] });
    assert.equal(typeof hook.id, 'string');
    assert.equal(typeof hook.secret, 'string');
  },
  getWebhookStatus: async () => {
    assert.equal(typeof (await actions.getWebhookStatus(client, hook.id, hook.secret)), 'object');
    assert.equal(typeof (await client.getWebhookStatus(hook.id, hook.secret)), 'object');
  },
  deleteWebhook: async () => {
    assert.equal(await actions.deleteWebhook(client, hook.id, hook.secret), true);
    await assert.rejects(client.getWebhookStatus(hook.id, hook.secret));
  },
  sendTransaction: async () => {
    const key = PrivateKey.devnet(1);
    const tx = signTransaction(
      { kind: 'transfer', to: PrivateKey.devnet(2).address, amount: 5n, nonce: await actions.getTransactionCount(client, key.address), gasPrice: 1_000_000_000n },
      key,
    );
    sent = await actions.sendTransaction(client, tx);
    assert.equal(sent, tx.hash);
    await client.waitForTransactionReceipt(sent);
  },
  getTransactionCount: async () => {
    const key = PrivateKey.devnet(1);
    assert.ok((await actions.getTransactionCount(client, key.address)) >= 1); // sendTransaction's transfer
    assert.equal(await client.getTransactionCount(key.address), await actions.getTransactionCount(client, key.address));
  },
  waitForTransactionReceipt: async () => {
    assert.equal((await actions.waitForTransactionReceipt(client, sent)).status, 'success');
    // A hash the node does not know yet is asked again, as viem's waits, to
    // the deadline.
    const started = Date.now();
    await assert.rejects(client.waitForTransactionReceipt(`0x${'cd'.repeat(32)}`, { timeoutMs: 1200, pollMs: 200 }), root.TimeoutError);
    assert.ok(Date.now() - started >= 1000, 'it waited, asking again');
  },
  getHeader: async () => {
    const h = await actions.getHeader(client, 1);
    assert.equal(h.height, 1);
    assert.equal(verify.verifyHeader(h, client.trust).header.height, 1);
    assert.equal((await client.getHeader(1)).hash, h.hash);
  },
};

// sendTransaction first: getTransaction and others read its transfer.
const order = ['sendTransaction', ...Object.keys(cases).filter((n) => n !== 'sendTransaction')];
for (const name of order) test(`${name}, as a function and as a method`, () => cases[name]());

test('every file of src/actions/public/ has its case above, and is exported under its name', () => {
  const files = readdirSync(new URL('../src/actions/public/', import.meta.url)).map((f) => f.replace(/\.ts$/, ''));
  assert.deepEqual(files.sort(), Object.keys(cases).map((n) => n.toLowerCase()).sort());
  for (const name of Object.keys(cases)) {
    assert.equal(typeof actions[name], 'function', `${name} from /actions`);
    assert.equal(root[name], actions[name], `${name} from the root`);
  }
});

test('every file of src/actions/verify/ and watch/ is an action of its subpath, under its name', () => {
  for (const [folder, entry, names] of [
    ['verify', verify, ['getVerifiedHeader', 'verifyObject', 'verifyHoldings']],
    ['watch', watch, ['watchHeads', 'watchObjectEvents', 'onHeads', 'onObjectEvents']],
  ]) {
    const files = readdirSync(new URL(`../src/actions/${folder}/`, import.meta.url))
      .map((f) => f.replace(/\.ts$/, ''))
      .filter((f) => f !== 'shared' && f !== 'types');
    assert.deepEqual(files.sort(), names.map((n) => n.toLowerCase()).sort(), folder);
    for (const name of names) {
      assert.equal(typeof entry[name], 'function', `${name} from /${folder}`);
      assert.equal(root[name], entry[name], `${name} from the root`);
      assert.equal(typeof client[name], 'function', `client.${name}`);
    }
  }
});

test("0.2's names are the same functions and methods, for one version", () => {
  const renamed = {
    blocks: 'getBlocks', block: 'getBlock', transaction: 'getTransaction', objects: 'getObjects', object: 'getObject',
    frames: 'getFrames', collections: 'getCollections', traitCounts: 'getTraitCounts', wallet: 'getWallet',
    activity: 'getActivity', mempool: 'getMempool', chainIdOfNode: 'getChainId', blockNumber: 'getBlockNumber',
    blockByHeight: 'getBlockByHeight', transactionByHash: 'getTransactionByHash', objectByKey: 'getObjectByKey',
    objectBytes: 'getObjectBytes', listing: 'getListing', proof: 'getProof', ownership: 'getOwnership',
    objectRoot: 'getObjectRoot', validators: 'getValidators', holdingsProof: 'getHoldingsProof',
    webhookStatus: 'getWebhookStatus', nextNonce: 'getTransactionCount', waitForReceipt: 'waitForTransactionReceipt',
    header: 'getHeader',
  };
  for (const [old, now] of Object.entries(renamed)) {
    assert.equal(actions[old], actions[now], old);
    assert.equal(typeof client[old], 'function', `client.${old}`);
    assert.equal(typeof client[now], 'function', `client.${now}`);
  }
  assert.equal(verify.verifiedHeader, verify.getVerifiedHeader);
  assert.equal(typeof client.verifiedHeader, 'function');
  assert.equal(root.createClient, root.createPublicClient);
});

test('the 0.2 names answer as the new ones', async () => {
  assert.equal((await client.block(1)).hash, (await client.getBlock(1)).hash);
  assert.equal((await client.verifiedHeader({ height: 1 })).header.hash, (await client.getVerifiedHeader({ height: 1 })).header.hash);
});

test('each subpath has its actions and the errors they throw, in ESM and CommonJS', () => {
  const require = createRequire(import.meta.url);
  for (const [name, esm] of [['verify', verify], ['watch', watch]]) {
    const cjs = require(`../dist/cjs/${name}.js`);
    for (const m of [esm, cjs]) {
      for (const error of ['VerificationError', 'UnfinishedError', 'InvalidArgumentError', 'TimeoutError', 'BaseError'])
        assert.equal(typeof m[error], 'function', `${error} in /${name}`);
    }
  }
  for (const f of ['getVerifiedHeader', 'verifyObject', 'verifyHoldings', 'verifyHeader', 'verifyObjectProof', 'verifyObjectProofs', 'verifyHoldingsProof', 'checkCertificate'])
    assert.equal(typeof verify[f], 'function', `${f} in /verify`);
  for (const f of ['watchHeads', 'watchObjectEvents', 'onHeads', 'onObjectEvents', 'provenBlockEvents'])
    assert.equal(typeof watch[f], 'function', `${f} in /watch`);
  // One class whichever subpath it came from: instanceof holds across them.
  assert.equal(verify.VerificationError, root.VerificationError);
  assert.equal(watch.TimeoutError, actions.TimeoutError);
});

test('a client of the JSON-RPC alone verifies, and its REST actions throw before any request', async () => {
  const asked = [];
  const counting = (url, init) => {
    asked.push(String(url));
    return fetch(url, init);
  };
  const rpcOnly = createBaseClient({ rpc: node.endpoints.rpc, fetch: counting }).extend(actions.publicActions).extend(verify.verifyActions);
  assert.equal((await rpcOnly.verifyObject('pixel-cats', 1)).owner, owner);
  const held = await rpcOnly.verifyHoldings(owner);
  assert.ok(held.objects.some((o) => o.displayKey === 'pixel-cats#1'));
  assert.equal((await rpcOnly.getBlockByHeight(1)).height, 1);
  assert.ok(asked.every((u) => u.startsWith(node.endpoints.rpc)), 'only the JSON-RPC URL was asked');
  const before = asked.length;
  for (const call of [() => rpcOnly.getBlock(1), () => rpcOnly.getObjects({ limit: 1 }).next(), () => rpcOnly.getFrames('pixel-cats', 1), () => rpcOnly.graphql(HEAD_QUERY)])
    await assert.rejects(call(), (e) => e instanceof InvalidArgumentError && e.argument === 'rest');
  assert.equal(asked.length, before, 'no request for a REST action');
  assert.throws(() => createBaseClient({ rest: node.endpoints.rest }), (e) => e instanceof InvalidArgumentError && e.argument === 'rpc');
  assert.throws(
    () => createBaseClient({ rpc: node.endpoints.rpc, fallback: [{ rest: node.endpoints.rest, rpc: node.endpoints.rpc }] }),
    (e) => e instanceof InvalidArgumentError && e.argument === 'fallback',
  );
});
