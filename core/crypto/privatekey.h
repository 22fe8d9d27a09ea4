#pragma once

#include "core/base/bytes.h"

namespace gifscan {

// A secp256k1 account key (PROTOCOL §3). Signing is deterministic (RFC 6979),
// so the same transaction always gets the same bytes and hash.
class PrivateKey
{
public:
    static std::optional<PrivateKey> fromBytes(const Hash32 &secret);
    // K(utf8("gif-devnet") || u32be(i)) of PROTOCOL §8.
    static PrivateKey devAccount(std::uint32_t index);
    // K(utf8("gif-devnet-validator") || u32be(i)) of PROTOCOL §8: public, so
    // what they sign proves only that a node holds the devnet's keys.
    static PrivateKey devValidator(std::uint32_t index);
    // Keys of the devnet's own traffic accounts: never handed to people.
    static PrivateKey derived(const QByteArray &tag, std::uint32_t index);

    const Hash32 &secret() const { return m_secret; }
    const Address &address() const { return m_address; }
    Signature sign(const Hash32 &digest) const;

private:
    PrivateKey() = default;
    Hash32 m_secret{};
    Address m_address{};
};

enum class SignatureCheck { Ok, Unsigned, Bad };

// Recovers the signer; rejects all-zero (unsigned), high-s and unrecoverable signatures.
SignatureCheck recoverSigner(const Hash32 &digest, const Signature &signature, Address *signer);

} // namespace gifscan
