#pragma once

#include "tests/support/devnetharness.h"
#include "tests/support/webhookreceiver.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>

namespace gifscan::test {

// One JSON-RPC call over a connection from `from`: another client address
// on the same machine, as the harness's client is 127.0.0.1; with `origin`,
// as a page of that origin sends it.
inline QJsonObject rpcFrom(const QHostAddress &from, const QUrl &url, const QString &method,
                           const QJsonArray &params, const QByteArray &origin = {})
{
    const QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                  {QStringLiteral("id"), 1},
                                  {QStringLiteral("method"), method},
                                  {QStringLiteral("params"), params}})
            .toJson(QJsonDocument::Compact);
    QTcpSocket s;
    s.bind(from);
    s.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(url.port()));
    if (!s.waitForConnected(5000))
        return {};
    s.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: "
            "close\r\n" +
            (origin.isEmpty() ? QByteArray() : "Origin: " + origin + "\r\n") +
            "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    // Read to the answer's length: Qt's server keeps the connection open.
    QByteArray answer;
    const auto whole = [&answer] {
        const qsizetype split = answer.indexOf("\r\n\r\n");
        const qsizetype at = answer.toLower().indexOf("content-length:");
        return split > 0 && at > 0 &&
               answer.size() >=
                   split + 4 + answer.mid(at + 15, 12).trimmed().split('\r')[0].toInt();
    };
    while (!whole() && s.waitForReadyRead(5000))
        answer += s.readAll();
    return QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
}

// gif_createWebhook's parameters for `receiver`: its URL unless `params`
// names one, every type unless it names some.
inline QJsonArray hookParams(const WebhookReceiver &receiver, QJsonObject params)
{
    if (!params.contains(QStringLiteral("url")))
        params.insert(QStringLiteral("url"), receiver.url());
    if (!params.contains(QStringLiteral("types")))
        params.insert(
            QStringLiteral("types"),
            QJsonArray{QStringLiteral("mint"), QStringLiteral("sale"), QStringLiteral("transfer")});
    return QJsonArray{params};
}

// A webhook on `d` for `receiver` (hookParams), the receiver told its secret.
inline QJsonObject createHook(DevnetHarness &d, WebhookReceiver &receiver, QJsonObject params = {})
{
    const QJsonObject r =
        d.rpc(QStringLiteral("gif_createWebhook"), hookParams(receiver, std::move(params)));
    const QJsonObject hook = r[QStringLiteral("result")].toObject();
    receiver.setSecret(hook[QStringLiteral("secret")].toString());
    return hook;
}

// The same at the JSON-RPC URL `rpc` (a read server's); the whole answer
// in `answer` when asked, to say why none came.
inline QJsonObject createHook(const QString &rpc, WebhookReceiver &receiver,
                              QJsonObject params = {}, QJsonObject *answer = nullptr)
{
    const QJsonObject r = Http().rpc(rpc, QStringLiteral("gif_createWebhook"),
                                     hookParams(receiver, std::move(params)));
    if (answer)
        *answer = r;
    const QJsonObject hook = r[QStringLiteral("result")].toObject();
    receiver.setSecret(hook[QStringLiteral("secret")].toString());
    return hook;
}

// The webhook's gif_webhookStatus.
inline QJsonObject hookStatus(DevnetHarness &d, const QJsonObject &hook)
{
    return d
        .rpcResult(QStringLiteral("gif_webhookStatus"),
                   QJsonArray{hook[QStringLiteral("id")], hook[QStringLiteral("secret")]})
        .toObject();
}

} // namespace gifscan::test
