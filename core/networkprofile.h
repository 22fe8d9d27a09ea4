#pragma once

#include "core/bytes.h"
#include "core/transaction.h"

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
    std::optional<Hash32> expectedGenesis; // learnt on first contact when not set
};

} // namespace gifscan
