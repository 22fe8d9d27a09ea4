// secp256k1 as the client uses it: recovering a signer, and signing with
// low s. From @noble/secp256k1 (audited, one small file): a verifying page
// carries 3 KiB of it gzipped where @noble/curves' build was 14. It ships
// only as ES modules, so the CommonJS build carries this one module bundled
// (scripts/finish-cjs.mjs) and require() works on Node 18 as before.
import { getPublicKey, hashes, recoverPublicKey, sign, Signature, utils } from '@noble/secp256k1';

/** The 64-byte `x ‖ y` public key a 65-byte `r ‖ s ‖ v` signature of `digest` recovers to (low s, v 0 or 1), or null. */
export function recoverPublicKeyXY(digest: Uint8Array, signature: Uint8Array): Uint8Array | null {
  if (signature.length !== 65 || digest.length !== 32) return null;
  const v = signature[64]!;
  if (v > 1) return null;
  try {
    if (Signature.fromBytes(signature.subarray(0, 64)).hasHighS()) return null;
    const recovered = new Uint8Array(65);
    recovered[0] = v;
    recovered.set(signature.subarray(0, 64), 1);
    return recoverPublicKey(recovered, digest, { prehash: false, isCompressed: false }).slice(1);
  } catch {
    return null;
  }
}

/** Whether 32 bytes are a valid secret scalar (1 ≤ k < n). */
export function isValidSecretKey(secret: Uint8Array): boolean {
  return utils.isValidSecretKey(secret);
}

/** The 64-byte `x ‖ y` public key of a secret. */
export function publicKeyXY(secret: Uint8Array): Uint8Array {
  return getPublicKey(secret, false).slice(1);
}

/**
 * `r ‖ s ‖ v` of a 32-byte digest: RFC 6979 (its HMAC-SHA-256 given by the
 * caller, so that a page that only verifies carries no HMAC), low s.
 */
export function signRecoverable(
  digest: Uint8Array,
  secret: Uint8Array,
  hmacSha256: (key: Uint8Array, message: Uint8Array) => Uint8Array,
): Uint8Array {
  // @noble/secp256k1 takes its HMAC from a slot of its module, which the
  // page's own code shares: ours is set for this one call and the slot
  // given back as it was, so that nothing else decides our nonces and our
  // HMAC does not become theirs. (Its result is always a fresh buffer.)
  const previous = hashes.hmacSha256;
  hashes.hmacSha256 = hmacSha256 as NonNullable<typeof hashes.hmacSha256>;
  let recovered: Uint8Array;
  try {
    recovered = sign(digest, secret, { prehash: false, lowS: true, format: 'recovered', extraEntropy: false });
  } finally {
    hashes.hmacSha256 = previous;
  }
  const out = new Uint8Array(65);
  out.set(recovered.subarray(1), 0);
  out[64] = recovered[0]!;
  return out;
}
