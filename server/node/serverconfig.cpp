#include "server/node/serverconfig.h"

#include "core/protocol/transaction.h"

namespace gifscan::server {

NodeReady ServerEndpoints::announcement() const
{
    return {QUrl(baseUrl), QUrl(rpcUrl), QUrl(wsUrl), kChainId, QStringLiteral("chain-devnet-1")};
}

} // namespace gifscan::server
