#include "core/protocol/trustanchor.h"

#include "core/protocol/transaction.h"

#include <QJsonArray>

namespace gifscan {

TrustAnchor TrustAnchor::devnet()
{
    return {kChainId, std::nullopt, ValidatorSet::devnet()};
}

QJsonObject TrustAnchor::toJson() const
{
    QJsonObject o{{QStringLiteral("chainId"), static_cast<qint64>(chainId)},
                  {QStringLiteral("validators"), validators.toJson()}};
    if (genesisHash)
        o.insert(QStringLiteral("genesis"), toHexString(*genesisHash));
    return o;
}

std::optional<TrustAnchor> TrustAnchor::fromJson(const QJsonObject &o, QString *error)
{
    TrustAnchor a;
    const qint64 chain = o.value(QStringLiteral("chainId")).toInteger(-1);
    if (chain <= 0) {
        *error = QStringLiteral("a trust anchor needs a chain id");
        return std::nullopt;
    }
    a.chainId = static_cast<std::uint64_t>(chain);
    if (o.contains(QStringLiteral("genesis"))) {
        a.genesisHash = parseHash(o.value(QStringLiteral("genesis")).toString());
        if (!a.genesisHash) {
            *error = QStringLiteral("the anchor's genesis is not a hash");
            return std::nullopt;
        }
    }
    auto set = ValidatorSet::fromJson(o.value(QStringLiteral("validators")), error);
    if (!set)
        return std::nullopt;
    a.validators = std::move(*set);
    return a;
}

} // namespace gifscan
