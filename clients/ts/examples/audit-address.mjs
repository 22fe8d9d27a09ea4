// Everything an address holds, proven complete by the holdings trie, each
// object's proof and content checked.
//   node examples/audit-address.mjs REST RPC 0xADDRESS
import { createPublicClient } from '@gifscan/client';

const [rest, rpc, address] = process.argv.slice(2);
const client = createPublicClient({ rest, rpc });
const holdings = await client.verifyHoldings(address);
console.log(`${holdings.address} held exactly ${holdings.objects.length} objects at height ${holdings.height}, proven:`);
for (const o of holdings.objects) console.log(`  ${o.displayKey} ${o.contentHash}`);
