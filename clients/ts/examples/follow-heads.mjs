// Follow verified heads: every height once and in order, each signed by a
// quorum of the validators trusted (the devnet's by default).
//   node examples/follow-heads.mjs http://127.0.0.1:8545 http://127.0.0.1:8546 ws://127.0.0.1:8547
import WebSocket from 'ws';
import { createPublicClient } from '@gifscan/client';

const [rest, rpc, ws] = process.argv.slice(2);
const client = createPublicClient({ rest, rpc, ws, WebSocket });
for await (const head of client.watchHeads())
  console.log(`${head.header.height} ${head.header.hash} signed by ${head.signers.length} of ${head.setSize}`);
