#include "core/protocol/validatorset.h"

#include "core/crypto/keccak.h"
#include "core/crypto/privatekey.h"

#include <QJsonArray>
#include <set>

namespace gifscan {

std::optional<ValidatorSet> ValidatorSet::fromAddresses(std::vector<Address> members)
{
    if (members.empty() || members.size() > kMaxMembers)
        return std::nullopt;
    if (std::set<Address>(members.begin(), members.end()).size() != members.size())
        return std::nullopt;
    ValidatorSet set;
    Bytes buf;
    buf.reserve(members.size() * 20);
    for (const auto &a : members)
        appendBytes(buf, a);
    set.m_hash = keccak256(buf);
    set.m_members = std::move(members);
    return set;
}

ValidatorSet ValidatorSet::devnet(std::size_t n)
{
    std::vector<Address> members;
    for (std::size_t i = 0; i < n; ++i)
        members.push_back(PrivateKey::devValidator(static_cast<std::uint32_t>(i)).address());
    return *fromAddresses(std::move(members));
}

std::optional<ValidatorSet> ValidatorSet::fromJson(const QJsonValue &value, QString *error)
{
    if (!value.isArray()) {
        *error = QStringLiteral("a validator set is a JSON list of addresses");
        return std::nullopt;
    }
    const QJsonArray list = value.toArray();
    if (list.isEmpty() || static_cast<std::size_t>(list.size()) > kMaxMembers) {
        *error = QStringLiteral("a validator set has 1 to %1 addresses, not %2")
                     .arg(kMaxMembers)
                     .arg(list.size());
        return std::nullopt;
    }
    std::vector<Address> members;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const auto a = parseAddress(list.at(i).toString());
        if (!a) {
            *error = QStringLiteral("entry %1 is not an address").arg(i);
            return std::nullopt;
        }
        members.push_back(*a);
    }
    auto set = fromAddresses(std::move(members));
    if (!set)
        *error = QStringLiteral("the validator set names an address twice");
    return set;
}

QJsonArray ValidatorSet::toJson() const
{
    QJsonArray out;
    for (const auto &a : m_members)
        out.append(toHexString(a));
    return out;
}

QString ValidatorSet::fingerprintOf(const Hash32 &validatorsHash)
{
    QStringList groups;
    for (std::size_t i = 0; i < 8; i += 2)
        groups << QString::fromStdString(toHex(std::span(validatorsHash.data() + i, 2))).mid(2);
    return groups.join(u':');
}

} // namespace gifscan
