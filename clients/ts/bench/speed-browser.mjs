// The proof checks of bench/proofspeed.mjs in Chromium (Debian's, driven by
// playwright-core), bundled by esbuild as a page would be. Run after
// `npm run build`: node bench/speed-browser.mjs [C++ proofs/s]
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const cpp = Number(process.argv[2]) || undefined;
const entry = fileURLToPath(new URL('proofspeed.mjs', import.meta.url));
const bundle = await build({
  stdin: { contents: `import { measureProofs } from ${JSON.stringify(entry)}; window.result = measureProofs();`, resolveDir: '.' },
  bundle: true, format: 'esm', platform: 'browser', minify: true, write: false,
});
const server = createServer((req, res) => {
  if (req.url === '/page.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle.outputFiles[0].text);
  res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><script type="module" src="/page.js"></script>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.GIFSCAN_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 60_000 });
  const m = await page.evaluate(() => window.result);
  const fmt = (n) => Math.round(n).toLocaleString('en');
  const ratio = (n) => (cpp ? ` (${(n / cpp).toFixed(2)}× C++)` : '');
  console.log(`Chromium ${browser.version()}, WebAssembly kernel: ${m.kernel ? 'yes' : 'no'}`);
  console.log(`  64-byte SHA-256: ${fmt(m.sha256Of64)} /s`);
  console.log(`  verifyObjectProof, one at a time: ${fmt(m.oneByOne)} /s${ratio(m.oneByOne)}`);
  console.log(`  verifyObjectProofs, 100 at once: ${fmt(m.hundredAtOnce)} /s${ratio(m.hundredAtOnce)}`);
} finally {
  await browser.close();
  server.close();
}
