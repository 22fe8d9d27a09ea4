#pragma once

#include "core/protocol/validatorset.h"

#include <QJsonObject>

namespace gifscan {

// What a client pins to know a network (PROTOCOL §8): its chain id, its
// genesis hash and the validator set that signs its headers. The built-in
// devnet anchor pins the devnet's set; a genesis is pinned once known.
struct TrustAnchor
{
    std::uint64_t chainId = 0;
    std::optional<Hash32> genesisHash;
    ValidatorSet validators;

    bool isSet() const { return !validators.isEmpty(); }
    // The devnet's default set (n = 4); the genesis depends on the node's
    // seed and object count, so it is learnt from the node that is run.
    static TrustAnchor devnet();

    QJsonObject toJson() const;
    static std::optional<TrustAnchor> fromJson(const QJsonObject &o, QString *error);
    friend bool operator==(const TrustAnchor &, const TrustAnchor &) = default;
};

} // namespace gifscan
