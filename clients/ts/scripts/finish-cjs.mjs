// Finishes the CommonJS build (dist/cjs, made by tsc): marks the folder
// CommonJS, and puts in place of dist/cjs/secp256k1.js that module with
// @noble/secp256k1 bundled into it. @noble/secp256k1 ships only as ES
// modules, which require() cannot load on Node 18; this one module is the
// only place the client touches it, so the rest of dist/cjs stays tsc's.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = (path) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
writeFileSync(dist('cjs/package.json'), '{"type": "commonjs"}\n');
await build({
  entryPoints: [dist('secp256k1.js')],
  outfile: dist('cjs/secp256k1.js'),
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2022',
  allowOverwrite: true,
  logLevel: 'warning',
  banner: { js: '// dist/secp256k1.js with @noble/secp256k1 (MIT, Paul Miller) bundled: see scripts/finish-cjs.mjs.' },
});
