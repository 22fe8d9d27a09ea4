// In a real browser: Debian's chromium, driven by playwright-core, loads a
// page bundled from the package (esbuild) and served from another loopback
// origin than the node's; the page verifies an object and receives a live
// head. Needs the node's CORS answers, the browser's fetch and WebSocket.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
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

async function launched() {
  assert.ok(existsSync(executablePath), `no browser at ${executablePath}: scripts/setup.sh installs chromium`);
  browser ??= await chromium.launch({
    executablePath,
    // As root in a sandbox without a network: no sandbox of its own, and
    // none of Chromium's background connections.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return browser;
}

test('a page of another origin verifies an owner and follows a live head', { timeout: 90_000 }, async () => {
  const page = await (await launched()).newPage();
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

// examples/browser as its index.html says to build it (esbuild, resolving
// '@gifscan/client/…' as a user's project would) and served as it is.
test('the browser example verifies an owner, and says proven absent or no verdict in words', { timeout: 90_000 }, async () => {
  const folder = new URL('../examples/browser/', import.meta.url);
  const script = (
    await build({ entryPoints: [fileURLToPath(new URL('verify-owner.mjs', folder))], bundle: true, format: 'esm', minify: true, write: false })
  ).outputFiles[0].text;
  const html = readFileSync(new URL('index.html', folder));
  const site = createServer((req, res) => {
    if (req.url.startsWith('/verify-owner.js')) return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
  });
  await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    const page = await (await launched()).newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const origin = `http://127.0.0.1:${site.address().port}`;
    const answer = async (query) => {
      await page.goto(`${origin}/?${new URLSearchParams(query)}`);
      await page.waitForFunction(() => ['proven', 'absent', 'failed', 'unanswered'].includes(document.querySelector('#answer').dataset.state), null, { timeout: 60_000 });
      return page.evaluate(() => ({ state: document.querySelector('#answer').dataset.state, text: document.querySelector('#answer').textContent }));
    };
    const { rest, rpc } = node.endpoints;
    const first = (await (await fetch(`${rest}/v1/objects?limit=1`)).json()).data[0];
    const proven = await answer({ rest, rpc, key: first.key });
    assert.equal(proven.state, 'proven', proven.text);
    assert.ok(proven.text.startsWith(`${first.key} at block `), proven.text);
    assert.match(proven.text, / at block \d+, signed by [34] validators, is owned by 0x[0-9a-f]{40}$/);
    const absent = await answer({ rest, rpc, key: `${first.slug}#999999` });
    assert.equal(absent.state, 'absent', absent.text);
    assert.match(absent.text, /did not exist at height \d+: proven absent$/);
    const down = await answer({ rest: 'http://127.0.0.1:9', rpc: 'http://127.0.0.1:9', key: 'pixel-cats#1' });
    assert.equal(down.state, 'unanswered', down.text);
    assert.match(down.text, /^No verdict: /);
    assert.deepEqual(errors, []);
  } finally {
    site.close();
  }
});
