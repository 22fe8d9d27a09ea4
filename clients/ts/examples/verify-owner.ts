// Who owns an object, proven, in TypeScript: what a verification gives is
// typed (an owner is `0x${string}`), and what it rejects with is told
// apart by class.
//   npx tsc --module nodenext --moduleResolution nodenext --target es2022 --rootDir examples examples/verify-owner.ts
//   node examples/verify-owner.js REST RPC pixel-cats#1
import { createPublicClient, InvalidArgumentError, VerificationError, type HexAddress, type VerifiedObject } from '@gifscan/client';

const [rest, rpc, key] = process.argv.slice(2);
const [slug, id] = (key ?? '').split('#');
const client = createPublicClient({ rest: rest!, rpc: rpc! });
try {
  const v: VerifiedObject = await client.verifyObject(slug!, Number(id));
  const owner: HexAddress = v.owner;
  console.log(`${v.displayKey} at height ${v.height}: owned by ${owner} (signed by ${v.signers.length} validators)`);
} catch (e) {
  if (e instanceof InvalidArgumentError) console.error(`${e.argument}: ${e.shortMessage}`);
  else if (e instanceof VerificationError) console.error(`not verified: ${e.reason}: ${e.shortMessage}`);
  else throw e;
  process.exitCode = 1;
}
