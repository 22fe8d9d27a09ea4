#pragma once

#include "core/base/outcome.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <functional>

// What a JSON-RPC call is answered within, apart from the dispatcher that
// answers it: the method handlers (rpccall.h) use these and the dispatcher
// (rpcdispatcher.h) calls the handlers, which include this and not each
// other.
namespace gifscan::server {

// What the websocket adds: subscriptions belong to a connection.
struct RpcSession
{
    // The new subscription's id, or why not (Invalid: one more than a
    // connection or an address may hold; the call is answered -32600).
    std::function<Outcome<QString>(const QString &type, const QJsonObject &filter)> subscribe;
    std::function<bool(const QString &id)> unsubscribe;
};

// A call's failure as JSON-RPC says it (PROTOCOL §6).
struct RpcError
{
    int code = 0;
    QString message;
    QJsonValue data = QJsonValue::Undefined;
};

} // namespace gifscan::server
