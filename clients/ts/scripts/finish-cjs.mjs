// Finishes the CommonJS build (dist/cjs, made by tsc): marks the folder
// CommonJS, and puts in place of dist/cjs/secp256k1.js that module with
// @noble/secp256k1 bundled into it. @noble/secp256k1 ships only as ES
// modules, which require() cannot load on Node 18; this one module is the
// only place the client touches it, so the rest of dist/cjs stays tsc's.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
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
  // Its own map, in place of tsc's for the module this replaces.
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: '// dist/secp256k1.js with @noble/secp256k1 (MIT, Paul Miller) bundled: see scripts/finish-cjs.mjs.' },
});

// The map names @noble/secp256k1 where this repository has it; installed,
// the package sits in node_modules/@gifscan/client with its dependencies
// beside it, which is where a debugger looks (the sources are in the map
// besides, for one that does not).
const map = JSON.parse(readFileSync(dist('cjs/secp256k1.js.map'), 'utf8'));
map.sources = map.sources.map((s) => s.replace(/^(\.\.\/)+node_modules\//, '../../../../'));
writeFileSync(dist('cjs/secp256k1.js.map'), JSON.stringify(map));
