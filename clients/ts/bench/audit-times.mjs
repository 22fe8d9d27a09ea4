// Audits of large holders at a node's default limits: mints COUNTS objects
// (e.g. 87 750 2000) to one new holder each, from the devnet's funded
// accounts, then times verifyHoldings of each holder and prints the
// `gifscan-cli audit` line to time the same in C++. On a node started by
// hand with its default limits:
//   gifscan-devnet --port 0 --objects 1000 --block-time 0.5
//   node bench/audit-times.mjs REST RPC 87 750 2000
import { createClient, PrivateKey, signTransaction } from '../dist/index.js';

const [rest, rpc, ...counts] = process.argv.slice(2);
const client = createClient({ rest, rpc });
// A 1×1 GIF: what a mint needs of content.
const tinyGif = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=='), (c) => c.charCodeAt(0));
const senders = Array.from({ length: 10 }, (_, i) => PrivateKey.devnet(i));
const tag = Date.now() % 100000;
// New holders each run, so that each holds just what it is minted.
const holders = counts.map((_, h) => PrivateKey.fromHex('0x' + `${tag}${h}`.padStart(64, '7')).address);

// Round robin over the senders, at most 55 pending a sender (the pool takes 64).
const jobs = counts.flatMap((n, h) => Array.from({ length: Number(n) }, (_, i) => [h, i % 10, Math.floor(i / 10) + 1]));
const created = new Set();
const nonces = new Map();
for (const k of senders) nonces.set(k.address, await client.nextNonce(k.address));
while (jobs.length) {
  const calls = [];
  const hashes = [];
  const pending = new Map();
  while (jobs.length && (pending.get(jobs[0][1]) ?? 0) < 55) {
    const [h, s, id] = jobs.shift();
    const key = senders[s];
    const slug = `bench-${tag}-h${h}-s${s}`;
    const txs = created.has(slug) ? [] : [{ kind: 'createCollection', slug, name: slug, category: 'art' }];
    created.add(slug);
    txs.push({ kind: 'mint', slug, tokenId: id, to: holders[h], content: tinyGif });
    for (const tx of txs) {
      const nonce = nonces.get(key.address);
      nonces.set(key.address, nonce + 1);
      const signed = signTransaction({ ...tx, nonce, gasPrice: 1_000_000_000n }, key);
      calls.push({ method: 'gif_sendRawTransaction', params: [signed.raw] });
      hashes.push(signed.hash);
      pending.set(s, (pending.get(s) ?? 0) + 1);
    }
  }
  for (let at = 0; at < calls.length; at += 100) {
    for (const a of await client.transport.rpcBatch(rpc, calls.slice(at, at + 100)))
      if (typeof a !== 'string') throw new Error(String(a?.message));
  }
  await client.waitForReceipt(hashes.at(-1), { timeoutMs: 120_000 });
}

for (const [h, holder] of holders.entries()) {
  const start = performance.now();
  // The client at its defaults: the call takes what its pace needs.
  const held = await createClient({ rest, rpc }).verifyHoldings(holder);
  const s = ((performance.now() - start) / 1000).toFixed(2);
  console.log(`${holder}: ${held.objects.length} of ${counts[h]} objects proven in ${s} s`);
  console.log(`  time gifscan-cli audit ${holder} --rest ${rest} --rpc ${rpc}`);
}
