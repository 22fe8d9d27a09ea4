#include "core/crypto/privatekey.h"

#include "core/crypto/keccak.h"

#include <secp256k1.h>
#include <secp256k1_recovery.h>
#include <stdexcept>

namespace gifscan {

namespace {
// One context for the process: after creation libsecp256k1 only reads it,
// which is safe from any thread.
const secp256k1_context *context()
{
    static secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    return ctx;
}

Address addressOf(const secp256k1_pubkey &pubkey)
{
    std::array<std::uint8_t, 65> serialized{};
    size_t len = serialized.size();
    secp256k1_ec_pubkey_serialize(context(), serialized.data(), &len, &pubkey,
                                  SECP256K1_EC_UNCOMPRESSED);
    const Hash32 h = keccak256(std::span<const std::uint8_t>(serialized.data() + 1, 64));
    Address out{};
    std::copy(h.begin() + 12, h.end(), out.begin());
    return out;
}
} // namespace

std::optional<PrivateKey> PrivateKey::fromBytes(const Hash32 &secret)
{
    if (secp256k1_ec_seckey_verify(context(), secret.data()) != 1)
        return std::nullopt;
    secp256k1_pubkey pubkey;
    if (secp256k1_ec_pubkey_create(context(), &pubkey, secret.data()) != 1)
        return std::nullopt;
    PrivateKey key;
    key.m_secret = secret;
    key.m_address = addressOf(pubkey);
    return key;
}

PrivateKey PrivateKey::derived(const QByteArray &tag, std::uint32_t index)
{
    Bytes buf(tag.begin(), tag.end());
    appendU32(buf, index);
    auto key = fromBytes(keccak256(buf));
    if (!key) // probability ~2^-128; a different index is the fix, not a retry loop
        throw std::runtime_error("derived key is not a valid secp256k1 scalar");
    return *key;
}

PrivateKey PrivateKey::devAccount(std::uint32_t index)
{
    return derived(QByteArrayLiteral("gif-devnet"), index);
}

PrivateKey PrivateKey::devValidator(std::uint32_t index)
{
    return derived(QByteArrayLiteral("gif-devnet-validator"), index);
}

Signature PrivateKey::sign(const Hash32 &digest) const
{
    secp256k1_ecdsa_recoverable_signature sig;
    if (secp256k1_ecdsa_sign_recoverable(context(), &sig, digest.data(), m_secret.data(), nullptr,
                                         nullptr) != 1)
        throw std::runtime_error("secp256k1 signing failed");
    Signature out{};
    int recid = 0;
    secp256k1_ecdsa_recoverable_signature_serialize_compact(context(), out.data(), &recid, &sig);
    out[64] = static_cast<std::uint8_t>(recid);
    return out;
}

SignatureCheck recoverSigner(const Hash32 &digest, const Signature &signature, Address *signer)
{
    if (std::all_of(signature.begin(), signature.end(), [](std::uint8_t b) { return b == 0; }))
        return SignatureCheck::Unsigned;
    if (signature[64] > 1)
        return SignatureCheck::Bad;
    secp256k1_ecdsa_recoverable_signature sig;
    if (secp256k1_ecdsa_recoverable_signature_parse_compact(context(), &sig, signature.data(),
                                                            signature[64]) != 1)
        return SignatureCheck::Bad;
    // Low s only (PROTOCOL §3): normalize() reports whether s was high.
    secp256k1_ecdsa_signature plain;
    secp256k1_ecdsa_recoverable_signature_convert(context(), &plain, &sig);
    if (secp256k1_ecdsa_signature_normalize(context(), nullptr, &plain) == 1)
        return SignatureCheck::Bad;
    secp256k1_pubkey pubkey;
    if (secp256k1_ecdsa_recover(context(), &pubkey, &sig, digest.data()) != 1)
        return SignatureCheck::Bad;
    *signer = addressOf(pubkey);
    return SignatureCheck::Ok;
}

} // namespace gifscan
