#pragma once

#include "core/base/bytes.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QStringList>

namespace gifscan {

// The ordered set of addresses that signs a chain's headers (PROTOCOL §2.5),
// fixed at genesis. A value: copy it freely.
class ValidatorSet
{
public:
    static constexpr std::size_t kMaxMembers = 100;

    ValidatorSet() = default;
    // nullopt when empty, over 100 members, or with a repeated address.
    static std::optional<ValidatorSet> fromAddresses(std::vector<Address> members);
    // The devnet's deterministic set of `n` (PROTOCOL §8).
    static ValidatorSet devnet(std::size_t n = 4);
    // A JSON list of "0x…" addresses (what --trust FILE holds, and what
    // gif_validators and certificates carry).
    static std::optional<ValidatorSet> fromJson(const QJsonValue &value, QString *error);
    QJsonArray toJson() const;

    const std::vector<Address> &members() const { return m_members; }
    std::size_t size() const { return m_members.size(); }
    bool isEmpty() const { return m_members.empty(); }
    // K(address_0 || … || address_n-1)
    const Hash32 &hash() const { return m_hash; }
    // The smallest c with 3c > 2n.
    std::size_t quorum() const { return m_members.size() * 2 / 3 + 1; }
    // The proposer of a height: validators[h mod n].
    std::size_t proposerIndex(std::uint64_t height) const
    {
        return static_cast<std::size_t>(height % m_members.size());
    }
    // What a person compares: the first 8 bytes of the hash, grouped by two
    // bytes ("29b0:5fef:2346:bfe9").
    QString fingerprint() const { return fingerprintOf(m_hash); }
    static QString fingerprintOf(const Hash32 &validatorsHash);

    friend bool operator==(const ValidatorSet &a, const ValidatorSet &b)
    {
        return a.m_members == b.m_members;
    }

private:
    std::vector<Address> m_members;
    Hash32 m_hash{};
};

} // namespace gifscan
