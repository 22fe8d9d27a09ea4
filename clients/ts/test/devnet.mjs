// A real gifscan-devnet for the tests, from the C++ build (GIFSCAN_DEVNET,
// or build/release/app/gifscan-devnet), on loopback with free ports.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export const devnetBinary =
  process.env.GIFSCAN_DEVNET ??
  fileURLToPath(new URL('../../../build/release/app/gifscan-devnet', import.meta.url));

/** Starts a node on free ports, in memory; resolves with its endpoints once its ready line is out. */
export function startDevnet(args = []) {
  return startDevnetWith(['--port', '0', '--ephemeral', ...args]);
}

/** A port P with P, P+1 and P+2 free now (a node restarted on the same ports). */
export async function freePortTriple() {
  const { createServer } = await import('node:net');
  const free = (port) =>
    new Promise((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
  // Below the kernel's ephemeral ports (Linux's start at 32768), where another
  // test's outgoing connection or port-0 listener could take one before the node binds.
  for (let i = 0; i < 4000; i++) {
    const p = 20000 + ((process.pid + i) % 4000) * 3;
    if ((await free(p)) && (await free(p + 1)) && (await free(p + 2))) return p;
  }
  throw new Error('no three free ports in a row');
}

/** Starts a node that keeps its chain in `dir` on `port`: a restart goes on where it stopped. */
export function startKeptDevnet(port, dir, args = []) {
  return startDevnetWith(['--port', String(port), '--data-dir', dir, ...args]);
}

// The node's request budget (250 ms), a public node's guard, cut a page of
// getObjects in CI: three test files run at once beside the C++ suites on
// two cores. The tests ask the node for its answers, not its budget; a
// test's own arguments come after, and win.
const budget = ['--request-budget-ms', '5000'];

function startDevnetWith(args) {
  if (!existsSync(devnetBinary)) throw new Error(`no gifscan-devnet at ${devnetBinary}: build it first`);
  const child = spawn(devnetBinary, [...budget, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error('gifscan-devnet did not start in 60 s')), 60_000);
    child.on('exit', (code) => reject(new Error(`gifscan-devnet exited with ${code}`)));
    lines.on('line', (line) => {
      const o = JSON.parse(line);
      if (!o.rpc_url) return; // a progress line
      clearTimeout(timer);
      resolve({ child, endpoints: { rest: o.base_url, rpc: o.rpc_url, ws: o.rpc_ws_url }, stop: () => child.kill('SIGKILL') });
    });
  });
}
