// In a real browser: Debian's chromium, driven by playwright-core, loads a
// page bundled from the package (esbuild) and served from another loopback
// origin than the node's; the page verifies an object and receives a live
// head. Needs the node's CORS answers, the browser's fetch and WebSocket.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { startDevnet } from './devnet.mjs';

const executablePath = process.env.GIFSCAN_CHROMIUM ?? '/usr/bin/chromium';
let node;
let server;
let browser;

before(async () => {
  node = await startDevnet(['--objects', '12', '--block-time', '0.3']);
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('browser/page.mjs', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
  });
  const script = bundle.outputFiles[0].text;
  server = createServer((req, res) => {
    if (req.url.startsWith('/page.js')) return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>gifscan client</title><script type="module" src="/page.js"></script>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  await browser?.close();
  server?.close();
  node?.stop();
});

test('a page of another origin verifies an owner and follows a live head', { timeout: 90_000 }, async () => {
  assert.ok(existsSync(executablePath), `no browser at ${executablePath}: scripts/setup.sh installs chromium`);
  browser = await chromium.launch({
    executablePath,
    // As root in a sandbox without a network: no sandbox of its own, and
    // none of Chromium's background connections.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const { rest, rpc, ws } = node.endpoints;
  const origin = `http://127.0.0.1:${server.address().port}`;
  assert.notEqual(new URL(origin).port, new URL(rest).port);
  await page.goto(`${origin}/?${new URLSearchParams({ rest, rpc, ws })}`);
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 60_000 });
  const result = await page.evaluate(() => window.result);
  assert.equal(result.ok, true, result.error);
  assert.match(result.owner, /^0x[0-9a-f]{40}$/);
  assert.ok(result.signers >= 3);
  assert.equal(result.head, result.from);
  assert.equal(result.kernel, true, 'the WebAssembly kernel runs in Chromium');
  assert.deepEqual(errors, []);
});
