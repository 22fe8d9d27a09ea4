// A whole verifyHoldings of the address that holds the most objects, every
// proof and content checked, on a node started by hand (its rate limit
// off): node bench/holdings.mjs REST RPC
import { createClient } from '../dist/index.js';

const [rest, rpc] = process.argv.slice(2);
// The node's rate limit is off: so is the client's own pace (50 calls a
// second by default, under a public node's limit).
const client = createClient({ rest, rpc, timeoutMs: 120_000, rate: 1e9, burst: 1e9 });
const counts = new Map();
for await (const o of client.objects({ limit: 100 })) counts.set(o.owner, (counts.get(o.owner) ?? 0) + 1);
const [address, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
const start = performance.now();
const h = await client.verifyHoldings(address);
const ms = performance.now() - start;
console.log(`${address}: ${h.objects.length} objects (the index said ${count}), proven in ${Math.round(ms)} ms`);
