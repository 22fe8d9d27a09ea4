#include "core/client/clienterror.h"

namespace gifscan {

bool ClientError::isRefusal() const
{
    if (kind == Kind::RateLimited)
        return true;
    if (kind == Kind::Rpc)
        return rpcCode == -32603 || rpcCode == -32006 || rpcCode == -32005 ||
               (rpcCode == -32600 && code == QLatin1String("answer-limit"));
    // 501 and 505 say the request is one the server will never serve.
    return kind == Kind::Http && httpStatus >= 500 && httpStatus != 501 && httpStatus != 505;
}

QString ClientError::toString() const
{
    switch (kind) {
    case Kind::None:
        return QStringLiteral("ok");
    case Kind::Network:
        return QStringLiteral("network error: %1").arg(message);
    case Kind::Timeout:
        return QStringLiteral("timed out: %1").arg(message);
    case Kind::Http:
        return QStringLiteral("HTTP %1 %2: %3").arg(httpStatus).arg(code, message);
    case Kind::RateLimited:
        return QStringLiteral("rate limited: retry in %1 s").arg(retryAfter);
    case Kind::Decode:
        return QStringLiteral("bad answer from the node: %1").arg(message);
    case Kind::TooLarge:
        return QStringLiteral("the node's answer is too large: %1").arg(message);
    case Kind::Rpc:
        return code.isEmpty()
                   ? QStringLiteral("RPC error %1: %2").arg(rpcCode).arg(message)
                   : QStringLiteral("RPC error %1 (%2): %3").arg(rpcCode).arg(code, message);
    }
    return message;
}

} // namespace gifscan
