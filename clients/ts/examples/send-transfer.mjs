// Send GIF and wait for the receipt. The key is a devnet account's (its
// keys are public): never use one for value.
//   node examples/send-transfer.mjs REST RPC 0xTO 1.5
import { PrivateKey, createPublicClient, parseGif, signTransaction } from '@gifscan/client';

const [rest, rpc, to, amount] = process.argv.slice(2);
const client = createPublicClient({ rest, rpc });
const key = PrivateKey.devnet(0);
const tx = signTransaction(
  { kind: 'transfer', to, amount: parseGif(amount), nonce: await client.getTransactionCount(key.address), gasPrice: 1_000_000_000n },
  key,
);
await client.sendTransaction(tx);
const receipt = await client.waitForTransactionReceipt(tx.hash);
console.log(`${tx.hash}: ${receipt.status} in block ${receipt.blockHeight}, fee ${receipt.fee} units`);
