#include "devnet/node/devnetconfig.h"

#include "core/protocol/transaction.h"

namespace gifscan::devnet {

NodeReady DevnetEndpoints::announcement() const
{
    return {QUrl(baseUrl), QUrl(rpcUrl), QUrl(wsUrl), kChainId, QStringLiteral("chain-devnet-1")};
}

} // namespace gifscan::devnet
