#pragma once

#include "core/base/bytes.h"
#include "server/node/nodeserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrl>
#include <memory>

namespace gifscan::test {

struct HttpResult
{
    int status = 0;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QJsonValue data() const { return json().value(QStringLiteral("data")); }
    QByteArray header(const char *name) const { return headers.value(QByteArray(name).toLower()); }
};

// Synchronous HTTP for tests: the devnet answers from its own thread, so a
// local event loop on the test thread is enough.
class Http
{
public:
    HttpResult get(const QString &url, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    // As application/json unless `headers` name another Content-Type.
    HttpResult post(const QString &url, const QByteArray &body,
                    const QList<QPair<QByteArray, QByteArray>> &headers = {});
    HttpResult send(const QByteArray &verb, const QString &url, const QByteArray &body);
    // One JSON-RPC call to `url`; the whole response object.
    QJsonObject rpc(const QString &url, const QString &method, const QJsonArray &params = {});

private:
    HttpResult wait(QNetworkReply *reply);
    QNetworkAccessManager m_nam;
};

// A real devnet on loopback, in this process, on its own thread.
class DevnetHarness
{
public:
    static server::ServerConfig fastConfig(int objects = 24, double blockTime = 0.25,
                                           bool traffic = true);
    // fastConfig's node without traffic and with its rate limit on: `rate`
    // tokens a second, bursts of `burst`, refilled on `clock` (a test's
    // ManualClock refills them only when the test says; none: the node's).
    static server::ServerConfig rateLimitedConfig(int objects, double blockTime, double rate,
                                                  double burst, const Clock *clock = nullptr);

    explicit DevnetHarness(const server::ServerConfig &config = fastConfig());
    ~DevnetHarness();

    bool ok() const { return m_ok; }
    QString error() const { return m_error; }
    server::ServerEndpoints endpoints() const { return m_devnet.endpoints(); }
    server::NodeServer &devnet() { return m_devnet; }

    QString rest(const QString &path) const { return endpoints().baseUrl + path; }
    HttpResult get(const QString &path) { return m_http.get(rest(path)); }
    // The first object the node lists (key, slug, tokenId, owner, …): what a
    // test opens when any object will do.
    QJsonObject firstObject()
    {
        return get(QStringLiteral("/v1/objects?limit=1")).data().toArray().first().toObject();
    }
    // One JSON-RPC call; the whole response object.
    QJsonObject rpc(const QString &method, const QJsonArray &params = {});
    QJsonValue rpcResult(const QString &method, const QJsonArray &params = {})
    {
        return rpc(method, params).value(QStringLiteral("result"));
    }
    std::uint64_t head()
    {
        return static_cast<std::uint64_t>(rpcResult(QStringLiteral("gif_blockNumber")).toInteger());
    }
    // Waits until the head reaches `height`; false on timeout.
    bool waitForHeight(std::uint64_t height, int timeoutMs = 15000);
    // Broadcasts and waits for the receipt; the {transaction, receipt} object.
    QJsonObject sendAndWait(const QByteArray &rawHex, int timeoutMs = 15000);
    QJsonObject sendAndWait(const Bytes &signedTx, int timeoutMs = 15000)
    {
        return sendAndWait(toHexString(signedTx).toLatin1(), timeoutMs);
    }

    Http &http() { return m_http; }

private:
    server::NodeServer m_devnet;
    Http m_http;
    bool m_ok = false;
    QString m_error;
};

} // namespace gifscan::test
