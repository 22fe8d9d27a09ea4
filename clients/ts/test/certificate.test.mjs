// Certificates made by gifscan-cli from a real devnet, checked by the
// package, and every tampering refused at the same check the C++ checker
// (gifscan-cli check-certificate, the oracle) names.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { checkCertificate, createClient, VerificationError } from '../dist/index.js';
import { startDevnet } from './devnet.mjs';

const cli = process.env.GIFSCAN_CLI ?? fileURLToPath(new URL('../../../build/release/app/gifscan-cli', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gifscan-certs-'));
let node;
let object;
let holdings;

before(async () => {
  node = await startDevnet(['--objects', '20', '--block-time', '0.3']);
  const client = createClient(node.endpoints);
  while ((await client.blockNumber()) < 2) await new Promise((r) => setTimeout(r, 100));
  let first;
  for await (const o of client.objects({ limit: 1 })) {
    first = o;
    break;
  }
  const args = ['--rest', node.endpoints.rest, '--rpc', node.endpoints.rpc];
  execFileSync(cli, [...args, 'certificate', first.key, '--with-content', '-o', join(dir, 'object.json')]);
  execFileSync(cli, [...args, 'holdings', first.owner, '-o', join(dir, 'holdings.json')]);
  object = JSON.parse(readFileSync(join(dir, 'object.json'), 'utf8'));
  holdings = JSON.parse(readFileSync(join(dir, 'holdings.json'), 'utf8'));
});
after(() => node?.stop());

/** What the C++ checker says of a certificate: null when valid, else the failed check. */
function oracle(certificate) {
  const file = join(dir, `c${Math.random().toString(16).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(certificate));
  const r = spawnSync(cli, ['check-certificate', file, '--json'], { encoding: 'utf8' });
  let verdict = null;
  try {
    verdict = JSON.parse(r.stdout);
  } catch {}
  return r.status === 0 ? null : verdict?.failedCheck ?? `exit ${r.status}: ${r.stdout}${r.stderr}`;
}

test('certificates of both kinds hold, as gifscan-cli says', async () => {
  const o = await checkCertificate(object);
  assert.equal(o.summary, `owned by ${o.owner}`);
  assert.deepEqual(o.passed, ['version', 'chain', 'header-hash', 'validators', 'commit', 'trusted', 'height', 'key', 'proof', 'content']);
  const h = await checkCertificate(JSON.stringify(holdings));
  assert.match(h.summary, /held exactly \d+ objects/);
  assert.equal(oracle(object), null);
  assert.equal(oracle(holdings), null);
  // Another trusted set: not trusted.
  await assert.rejects(checkCertificate(object, { trust: [['0x' + '11'.repeat(20)]] }), { reason: 'trusted' });
});

test('every tampering fails at the check the C++ checker names', async () => {
  const clone = (c) => JSON.parse(JSON.stringify(c));
  const flip = (hex) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');
  const cases = {
    'version 1': (c) => ({ ...c, version: 1 }),
    'another chain': (c) => ({ ...c, chainId: 1 }),
    'a header field': (c) => ({ ...c, header: { ...c.header, timestamp: c.header.timestamp + 1 } }),
    'another validator list': (c) => ({ ...c, validators: c.validators.slice(1) }),
    'a signature': (c) => { const d = clone(c); d.header.commit[0].signature = flip(d.header.commit[0].signature); return d; },
    'an unknown kind': (c) => ({ ...c, kind: 'deed' }),
    'a proof at another height': (c) => { const d = clone(c); d.proof.height += 1; return d; },
    'a look-alike key': (c) => ({ ...c, displayKey: c.displayKey.replace('#', '#0') }),
    'a sibling': (c) => { const d = clone(c); d.proof.siblings[0] = flip(d.proof.siblings[0]); return d; },
    'the content': (c) => ({ ...c, content: c.content.slice(0, -2) + (c.content.endsWith('00') ? '01' : '00') }),
  };
  for (const [name, tamper] of Object.entries(cases)) {
    const bad = tamper(clone(object));
    const expected = oracle(bad);
    assert.ok(expected, `${name}: the oracle accepted it`);
    await assert.rejects(checkCertificate(bad), (e) => e instanceof VerificationError && e.reason === expected, `${name}: expected ${expected}`);
  }
  // Renamed in both places, as an edited file is: the keys are told apart,
  // not one name said twice.
  const renamed = clone(object);
  const other = renamed.displayKey.replace(/#\d+$/, '#9999');
  renamed.displayKey = other;
  renamed.proof.displayKey = other;
  assert.equal(oracle(renamed), 'key');
  await assert.rejects(checkCertificate(renamed), (e) => e.reason === 'key' && e.message.includes(`is not the key of ${other}`) && !e.message.includes(`the certificate for ${other}`));
  const badHoldings = clone(holdings);
  badHoldings.holdings.objects.pop();
  assert.equal(oracle(badHoldings), 'holdings');
  await assert.rejects(checkCertificate(badHoldings), { reason: 'holdings' });
});

test('text that is not JSON is a malformed certificate, not a SyntaxError', async () => {
  await assert.rejects(checkCertificate('not json'), (e) => e instanceof VerificationError && e.reason === 'malformed');
  await assert.rejects(checkCertificate('{"version": 2'), (e) => e instanceof VerificationError && e.reason === 'malformed');
});
