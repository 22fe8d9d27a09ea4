// Rate limits (PROTOCOL §6): one token bucket per client address over REST,
// JSON-RPC and the websocket alike.
#include "tests/support/devnetharness.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QTest>
#include <QWebSocket>

using namespace gifscan;
using namespace gifscan::test;

TEST(RateLimit, RestRpcAndWebsocketShareOneBucket)
{
    auto config = DevnetHarness::fastConfig(8, 1.0, false);
    config.rateLimit = true;
    config.rate = 2;
    config.burst = 6;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());

    int ok = 0;
    HttpResult limited;
    for (int i = 0; i < 10; ++i) {
        const HttpResult r = d.get(QStringLiteral("/v1/blocks"));
        if (r.status == 200)
            ++ok;
        else
            limited = r;
    }
    EXPECT_LE(ok, 7);
    EXPECT_GE(ok, 5);
    ASSERT_EQ(limited.status, 429);
    EXPECT_EQ(limited.json()[QStringLiteral("error")][QStringLiteral("code")].toString(), QStringLiteral("rate_limited"));
    EXPECT_GE(limited.header("Retry-After").toInt(), 1);
    EXPECT_FALSE(limited.header("X-Block-Height").isEmpty());

    // The same client is limited on JSON-RPC: 429 with a -32005 body.
    const HttpResult rpc = d.http().post(d.endpoints().rpcUrl, QByteArrayLiteral(R"({"jsonrpc":"2.0","id":1,"method":"gif_chainId"})"));
    EXPECT_EQ(rpc.status, 429);
    EXPECT_EQ(rpc.json()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32005);
    EXPECT_GE(rpc.json()[QStringLiteral("error")][QStringLiteral("data")][QStringLiteral("retryAfter")].toInt(), 1);
    EXPECT_GE(rpc.header("Retry-After").toInt(), 1);

    // And on the websocket.
    QWebSocket ws;
    QList<QJsonObject> answers;
    QObject::connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        answers.append(QJsonDocument::fromJson(m.toUtf8()).object());
    });
    ws.open(QUrl(d.endpoints().wsUrl));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ws.state() == QAbstractSocket::ConnectedState; }, 5000));
    ws.sendTextMessage(QStringLiteral(R"({"jsonrpc":"2.0","id":1,"method":"gif_chainId"})"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !answers.isEmpty(); }, 5000));
    EXPECT_EQ(answers[0][QStringLiteral("error")][QStringLiteral("code")].toInt(), -32005);

    // Tokens come back with time.
    QTest::qWait(1600);
    EXPECT_EQ(d.get(QStringLiteral("/v1/blocks")).status, 200);
}

TEST(RateLimit, OffMeansOff)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 1.0, false));
    ASSERT_TRUE(d.ok());
    for (int i = 0; i < 300; ++i)
        ASSERT_EQ(d.get(QStringLiteral("/v1/blocks?limit=1")).status, 200);
}
