// One proof at a time and a hundred at once, each beside the C++ core's
// check measured just before it, in pairs: on a shared machine whose speed
// drifts by a third within minutes, a pair's ratio holds where two runs'
// figures do not. Run after `npm run build`:
//   node bench/paired.mjs path/to/bench_core [pairs] [--chromium]
// --chromium measures in Debian's Chromium (as bench/speed-browser.mjs),
// the page bundled by esbuild, the C++ runs between its measurements.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { measureProofs } from './proofspeed.mjs';

const args = process.argv.slice(2).filter((a) => a !== '--chromium');
const inChromium = process.argv.includes('--chromium');
const [benchCore, count] = args;
const pairs = Number(count) || 7;
if (!benchCore) {
  console.error('usage: node bench/paired.mjs path/to/bench_core [pairs] [--chromium]');
  process.exit(2);
}

function cppProofsPerSecond() {
  const out = execFileSync(benchCore, ['--benchmark_filter=^ProofVerification$', '--benchmark_min_time=1', '--benchmark_format=json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(out).benchmarks[0]['proofs/s'];
}

// measure(ms) in the engine asked for, and what to close after.
async function engine() {
  if (!inChromium) return { name: `Node ${process.versions.node}`, measure: async (ms) => measureProofs(ms), close: async () => {} };
  const entry = fileURLToPath(new URL('proofspeed.mjs', import.meta.url));
  const bundle = await build({
    stdin: { contents: `import { measureProofs } from ${JSON.stringify(entry)}; window.measureProofs = measureProofs;`, resolveDir: '.' },
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
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.measureProofs !== undefined, null, { timeout: 60_000 });
  return {
    name: `Chromium ${browser.version()}`,
    measure: (ms) => page.evaluate((t) => window.measureProofs(t), ms),
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `median ${median(xs).toFixed(2)}×, ${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
const e = await engine();
try {
  const one = [];
  const hundred = [];
  let kernel = false;
  for (let i = 0; i < pairs; i++) {
    const cpp = cppProofsPerSecond();
    const m = await e.measure(1000);
    kernel = m.kernel;
    one.push(m.oneByOne / cpp);
    hundred.push(m.hundredAtOnce / cpp);
    console.log(`C++ ${Math.round(cpp)} /s, one at a time ${Math.round(m.oneByOne)} /s (${(m.oneByOne / cpp).toFixed(2)}×), 100 at once ${Math.round(m.hundredAtOnce)} /s (${(m.hundredAtOnce / cpp).toFixed(2)}×)`);
  }
  console.log(`${e.name}, kernel ${kernel ? 'on' : 'off'}, ${pairs} pairs: one at a time ${range(one)}; a hundred at once ${range(hundred)}`);
} finally {
  await e.close();
}
