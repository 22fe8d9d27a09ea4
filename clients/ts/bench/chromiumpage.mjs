// A page in Debian's Chromium (driven by playwright-core) that runs
// `contents`, bundled by esbuild for the browser as a page would be and
// served from loopback: what the browser benches (speed-browser.mjs,
// paired.mjs --chromium) measure in. close() stops the browser and the
// server.
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

export async function openBundledPage(contents) {
  const bundle = await build({
    stdin: { contents, resolveDir: '.' },
    bundle: true, format: 'esm', platform: 'browser', minify: true, write: false,
  });
  const server = createServer((req, res) => {
    if (req.url === '/page.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle.outputFiles[0].text);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><script type="module" src="/page.js"></script>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.GIFSCAN_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    return {
      page,
      version: browser.version(),
      close: async () => {
        await browser.close();
        server.close();
      },
    };
  } catch (e) {
    await browser?.close();
    server.close();
    throw e;
  }
}
