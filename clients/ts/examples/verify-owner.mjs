// Who owns an object, proven: rejects with the failed step otherwise.
//   node examples/verify-owner.mjs REST RPC pixel-cats#1 [HEIGHT]
import { createPublicClient, VerificationError } from '@gifscan/client';

const [rest, rpc, key, height] = process.argv.slice(2);
const [slug, id] = key.split('#');
const client = createPublicClient({ rest, rpc });
try {
  const v = await client.verifyObject(slug, Number(id), { height: height ? Number(height) : undefined });
  console.log(`${v.displayKey} at height ${v.height}: owned by ${v.owner} (signed by ${v.signers.length} validators)`);
} catch (e) {
  if (!(e instanceof VerificationError)) throw e;
  console.error(`not verified: ${e.reason}: ${e.message}`);
  process.exitCode = 1;
}
