// The proof checks of bench/proofspeed.mjs in Chromium (Debian's, driven by
// playwright-core), bundled by esbuild as a page would be. Run after
// `npm run build`: node bench/speed-browser.mjs [C++ proofs/s]
import { fileURLToPath } from 'node:url';
import { openBundledPage } from './chromiumpage.mjs';

const cpp = Number(process.argv[2]) || undefined;
const entry = fileURLToPath(new URL('proofspeed.mjs', import.meta.url));
const { page, version, close } = await openBundledPage(
  `import { measureProofs } from ${JSON.stringify(entry)}; window.result = measureProofs();`,
);
try {
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 60_000 });
  const m = await page.evaluate(() => window.result);
  const fmt = (n) => Math.round(n).toLocaleString('en');
  const ratio = (n) => (cpp ? ` (${(n / cpp).toFixed(2)}× C++)` : '');
  console.log(`Chromium ${version}, WebAssembly kernel: ${m.kernel ? 'yes' : 'no'}`);
  console.log(`  64-byte SHA-256: ${fmt(m.sha256Of64)} /s`);
  console.log(`  verifyObjectProof, one at a time: ${fmt(m.oneByOne)} /s${ratio(m.oneByOne)}`);
  console.log(`  verifyObjectProofs, 100 at once: ${fmt(m.hundredAtOnce)} /s${ratio(m.hundredAtOnce)}`);
} finally {
  await close();
}
