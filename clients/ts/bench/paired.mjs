// One proof at a time and a hundred at once, each beside the C++ core's
// check measured just before it, in pairs: on a shared machine whose speed
// drifts by a third within minutes, a pair's ratio holds where two runs'
// figures do not. Run after `npm run build`:
//   node bench/paired.mjs path/to/bench_core [pairs] [--chromium]
// --chromium measures in Debian's Chromium (as bench/speed-browser.mjs),
// the page bundled by esbuild, the C++ runs between its measurements.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openBundledPage } from './chromiumpage.mjs';
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
  const { page, version, close } = await openBundledPage(
    `import { measureProofs } from ${JSON.stringify(entry)}; window.measureProofs = measureProofs;`,
  );
  try {
    await page.waitForFunction(() => window.measureProofs !== undefined, null, { timeout: 60_000 });
  } catch (e) {
    await close();
    throw e;
  }
  return { name: `Chromium ${version}`, measure: (ms) => page.evaluate((t) => window.measureProofs(t), ms), close };
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
