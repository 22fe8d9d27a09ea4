// The node's JSON-RPC dispatch in process (PROTOCOL §6), as the HTTP
// endpoint and the websocket both use it: any body gives a JSON-RPC answer
// (or none, for notifications only), never an exception (-32603).
#include "tests/fuzz/fuzzdevnet.h"
#include "tests/fuzz/fuzztarget.h"

#include <QJsonDocument>

GIFSCAN_FUZZ_TARGET(json_rpc)
{
    // One node for every input: an input could change it only with a
    // transaction signed by a funded key, which a fuzzer does not forge, so
    // an input's answer does not depend on the inputs before it.
    gifscan::fuzz::FuzzDevnet &node = gifscan::fuzz::FuzzDevnet::instance();
    const QByteArray body(reinterpret_cast<const char *>(input.data()),
                          static_cast<qsizetype>(input.size()));
    // A websocket connection's session, so that subscriptions are reached too.
    int subscriptions = 0;
    gifscan::server::RpcDispatcher::Session session;
    session.subscribe = [&subscriptions](const QString &,
                                         const QJsonObject &) -> gifscan::Outcome<QString> {
        return QStringLiteral("0x%1").arg(++subscriptions);
    };
    session.unsubscribe = [](const QString &id) { return id.startsWith(QLatin1String("0x")); };
    const QByteArray answer = node.dispatcher.handle(body, &session);
    if (answer.isEmpty())
        return;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &error);
    FUZZ_ASSERT(error.error == QJsonParseError::NoError);
    FUZZ_ASSERT(doc.isObject() || (doc.isArray() && !doc.array().isEmpty()));
}
