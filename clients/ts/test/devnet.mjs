// A real gifscan-devnet for the tests, from the C++ build (GIFSCAN_DEVNET,
// or build/release/app/gifscan-devnet), on loopback with free ports.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export const devnetBinary =
  process.env.GIFSCAN_DEVNET ??
  fileURLToPath(new URL('../../../build/release/app/gifscan-devnet', import.meta.url));

/** Starts a node; resolves with its endpoints once its ready line is out. */
export function startDevnet(args = []) {
  if (!existsSync(devnetBinary)) throw new Error(`no gifscan-devnet at ${devnetBinary}: build it first`);
  const child = spawn(devnetBinary, ['--port', '0', '--ephemeral', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error('gifscan-devnet did not start in 60 s')), 60_000);
    child.on('exit', (code) => reject(new Error(`gifscan-devnet exited with ${code}`)));
    lines.on('line', (line) => {
      const o = JSON.parse(line);
      if (!o.rpc_url) return; // a progress line
      clearTimeout(timer);
      resolve({
        child,
        endpoints: { rest: o.base_url, rpc: o.rpc_url, ws: o.rpc_ws_url },
        stop() {
          child.kill('SIGKILL');
        },
      });
    });
  });
}
