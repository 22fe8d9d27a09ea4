// A verifyHoldings left at its defaults finishes however long the client's
// own pace makes it; one given a timeout its pace cannot keep says so at
// once, in words, instead of timing out on the way.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createClient, TimeoutError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

let node;
before(async () => {
  // No block after genesis: the holdings stand still between the calls.
  node = await startDevnet(['--objects', '40', '--block-time', '3600']);
});
after(() => node?.stop());

async function largestHolder(client) {
  const counts = new Map();
  for await (const o of client.objects({ limit: 100 })) counts.set(o.owner, (counts.get(o.owner) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0];
}

test('verifyHoldings without a timeout of its own takes what its pace needs; with one it cannot keep, says so at once', async () => {
  const [address, count] = await largestHolder(createClient(node.endpoints));
  assert.ok(count >= 3, `the largest holder has ${count}`);
  // Two calls a second, eight at once: the first holdings spend the eight,
  // the next must wait some 4 s for theirs, past the client's 1.5 s
  // default for a call.
  const slow = createClient({ ...node.endpoints, timeoutMs: 1500, rate: 2, burst: 8 });
  assert.equal((await slow.verifyHoldings(address)).objects.length, count);
  const started = Date.now();
  const h = await slow.verifyHoldings(address);
  assert.equal(h.objects.length, count);
  assert.ok(Date.now() - started > 1500, 'paced past the default, and finished');

  const asked = Date.now();
  await assert.rejects(slow.verifyHoldings(address, { timeoutMs: 1500 }), (e) => {
    assert.ok(e instanceof TimeoutError, String(e));
    assert.match(e.message, /calls, \d+ s at this client's pace of 2 a second/);
    return true;
  });
  assert.ok(Date.now() - asked < 1400, 'said before the timeout was spent');
});
