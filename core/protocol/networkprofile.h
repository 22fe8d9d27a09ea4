#pragma once

#include "core/base/bytes.h"
#include "core/protocol/transaction.h"
#include "core/protocol/trustanchor.h"

#include <QUrl>

namespace gifscan {

// Which node to talk to and which chain it must be.
struct NetworkProfile
{
    QString name;
    QUrl restUrl;
    QUrl rpcUrl;
    QUrl wsUrl;
    std::uint64_t expectedChainId = kChainId;
    // Chain id, genesis and validator set pinned for this network (PROTOCOL
    // §8). Unset for a profile not yet trusted: the first connection learns
    // a candidate and asks. A set with no genesis learns the genesis.
    std::optional<TrustAnchor> anchor;
};

} // namespace gifscan
