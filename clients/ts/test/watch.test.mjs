// watchHeads across what a node does to its clients: killed -9 and started
// again on its chain, and paused (SIGSTOP). Every height once, in order.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import WebSocket from 'ws';
import { createClient } from '../dist/index.js';
import { freePortTriple, startKeptDevnet } from './devnet.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('every height once and in order across kill -9, a restart and a pause', { timeout: 120_000 }, async () => {
  const port = await freePortTriple();
  const dir = mkdtempSync(join(tmpdir(), 'gifscan-watch-'));
  const args = ['--objects', '8', '--block-time', '0.2', '--traffic', 'off'];
  let node = await startKeptDevnet(port, dir, args);
  const client = createClient({ ...node.endpoints, WebSocket });
  const seen = [];
  const controller = new AbortController();
  const watching = (async () => {
    for await (const head of client.watchHeads({ from: 1, signal: controller.signal, pollMs: 200, callTimeoutMs: 1000 }))
      seen.push(head.header.height);
  })().catch((e) => {
    if (!controller.signal.aborted) throw e;
  });
  const until = async (n) => {
    while (seen.length < n) await sleep(50);
  };
  await until(5);
  node.child.kill('SIGKILL');
  await sleep(700);
  node = await startKeptDevnet(port, dir, args);
  await until(seen.length + 5);
  node.child.kill('SIGSTOP');
  await sleep(2500);
  node.child.kill('SIGCONT');
  await until(seen.length + 5);
  controller.abort();
  await watching;
  node.stop();
  assert.ok(seen.length >= 15, `${seen.length} heads`);
  seen.forEach((h, i) => assert.equal(h, i + 1, `delivered ${seen.slice(Math.max(0, i - 3), i + 2)}`));
});
