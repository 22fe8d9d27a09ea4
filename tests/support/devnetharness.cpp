#include "tests/support/devnetharness.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QNetworkRequest>
#include <QTest>
#include <QTimer>

namespace gifscan::test {

HttpResult Http::wait(QNetworkReply *reply)
{
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    HttpResult r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.body = reply->readAll();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        r.headers.insert(name.toLower(), value);
    reply->deleteLater();
    return r;
}

HttpResult Http::get(const QString &url, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QNetworkRequest request{QUrl(url)};
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    return wait(m_nam.get(request));
}

HttpResult Http::post(const QString &url, const QByteArray &body,
                      const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QNetworkRequest request{QUrl(url)};
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    return wait(m_nam.post(request, body));
}

HttpResult Http::send(const QByteArray &verb, const QString &url, const QByteArray &body)
{
    QNetworkRequest request{QUrl(url)};
    return wait(m_nam.sendCustomRequest(request, verb, body));
}

server::ServerConfig DevnetHarness::fastConfig(int objects, double blockTime, bool traffic)
{
    server::ServerConfig c;
    c.chain.objects = objects;
    c.chain.blockTime = blockTime;
    c.chain.traffic = traffic;
    c.chain.ephemeral = true;
    c.rateLimit = false;
    // A loopback client reads a refusal within milliseconds of its sending.
    c.connections.lingerMs = 100;
    return c;
}

server::ServerConfig DevnetHarness::rateLimitedConfig(int objects, double blockTime, double rate,
                                                      double burst, const Clock *clock)
{
    server::ServerConfig c = fastConfig(objects, blockTime, false);
    c.rateLimit = true;
    c.rate = rate;
    c.burst = burst;
    if (clock)
        c.clock = clock;
    return c;
}

DevnetHarness::DevnetHarness(const server::ServerConfig &config)
{
    if (const auto started = m_devnet.start(config); started)
        m_ok = true;
    else
        m_error = started.error().message;
}

DevnetHarness::~DevnetHarness()
{
    m_devnet.stop();
}

QJsonObject Http::rpc(const QString &url, const QString &method, const QJsonArray &params)
{
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), 1},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    return post(url, QJsonDocument(request).toJson(QJsonDocument::Compact)).json();
}

QJsonObject DevnetHarness::rpc(const QString &method, const QJsonArray &params)
{
    return m_http.rpc(endpoints().rpcUrl, method, params);
}

bool DevnetHarness::waitForHeight(std::uint64_t height, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (head() >= height)
            return true;
        QTest::qWait(50);
    }
    return false;
}

QJsonObject DevnetHarness::sendAndWait(const QByteArray &rawHex, int timeoutMs)
{
    const QJsonObject sent =
        rpc(QStringLiteral("gif_sendRawTransaction"), {QString::fromLatin1(rawHex)});
    const QString hash = sent.value(QStringLiteral("result")).toString();
    if (hash.isEmpty())
        return sent;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        const QJsonObject r = rpcResult(QStringLiteral("gif_getTransaction"), {hash}).toObject();
        if (r.value(QStringLiteral("receipt")).isObject())
            return r;
        QTest::qWait(50);
    }
    return {};
}

} // namespace gifscan::test
