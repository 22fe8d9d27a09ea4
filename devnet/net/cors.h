#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>

// What lets a page of any origin read the node (PROTOCOL, "Browsers"): the
// node serves public data only, and every guard (rate limit, caps) holds
// whoever asks. Header-only; any thread.
namespace gifscan::devnet::cors {

using Headers = QList<QPair<QByteArray, QByteArray>>;

// On every answer, refusals included: a browser shows a page nothing of an
// answer without them, not even a 429's Retry-After.
inline Headers answerHeaders()
{
    return {{QByteArrayLiteral("Access-Control-Allow-Origin"), QByteArrayLiteral("*")},
            {QByteArrayLiteral("Access-Control-Expose-Headers"),
             QByteArrayLiteral("X-Block-Height, Retry-After, ETag")}};
}

// The answer to a preflight (OPTIONS), 204: what may be asked and with what.
inline Headers preflightHeaders(const QByteArray &methods)
{
    Headers h = answerHeaders();
    h.append({QByteArrayLiteral("Access-Control-Allow-Methods"), methods});
    h.append({QByteArrayLiteral("Access-Control-Allow-Headers"),
              QByteArrayLiteral("Content-Type, Accept, If-None-Match")});
    h.append({QByteArrayLiteral("Access-Control-Max-Age"), QByteArrayLiteral("7200")});
    return h;
}

} // namespace gifscan::devnet::cors
