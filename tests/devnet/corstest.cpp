// A page of another origin reads the node (PROTOCOL, "Browsers"): every
// answer of REST, JSON-RPC and /graphql, refusals included, says any origin
// may read it and which headers; preflights are answered; the websocket
// takes any origin. What a browser does is tested in clients/ts's tests.
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/rawwebsocket.h"

#include <QTcpSocket>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// One raw request on a connection of its own; the answer's head.
QByteArray rawHead(const QUrl &url, const QByteArray &request)
{
    QTcpSocket s;
    s.connectToHost(url.host(), static_cast<quint16>(url.port()));
    if (!s.waitForConnected(3000))
        return {};
    s.write(request);
    QByteArray answer;
    while (!answer.contains("\r\n\r\n") && s.waitForReadyRead(3000))
        answer += s.readAll();
    return answer.left(answer.indexOf("\r\n\r\n") + 2);
}

bool readableByAnyOrigin(const HttpResult &r)
{
    return r.header("Access-Control-Allow-Origin") == "*" &&
           r.header("Access-Control-Expose-Headers").contains("X-Block-Height") &&
           r.header("Access-Control-Expose-Headers").contains("Retry-After");
}

} // namespace

TEST(Cors, EveryAnswerIsReadableFromAnyOriginAndPreflightsAreAnswered)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.rateLimit = true;
    config.rate = 1;
    config.burst = 12;
    ManualClock clock;
    config.clock = &clock;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    Http &http = d.http();

    EXPECT_TRUE(readableByAnyOrigin(d.get(QStringLiteral("/v1/blocks"))));
    EXPECT_TRUE(readableByAnyOrigin(d.get(QStringLiteral("/v1/no-such-thing"))));
    EXPECT_TRUE(readableByAnyOrigin(
        http.post(d.rest(QStringLiteral("/graphql")), R"({"query":"{ head { height } }"})")));
    EXPECT_TRUE(readableByAnyOrigin(
        http.post(d.endpoints().rpcUrl, R"({"jsonrpc":"2.0","id":1,"method":"gif_chainId"})")));

    // A preflight, as a browser sends one before a JSON POST.
    const QByteArray preflight = "OPTIONS /graphql HTTP/1.1\r\nHost: x\r\nOrigin: "
                                 "http://elsewhere.test\r\nAccess-Control-Request-Method: "
                                 "POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n";
    for (const QString &base : {d.endpoints().baseUrl, d.endpoints().rpcUrl}) {
        const QByteArray head = rawHead(QUrl(base), preflight);
        EXPECT_TRUE(head.startsWith("HTTP/1.1 204")) << head.constData();
        const QByteArray lower = head.toLower();
        EXPECT_TRUE(lower.contains("access-control-allow-origin: *")) << head.constData();
        EXPECT_TRUE(lower.contains("access-control-allow-methods:")) << head.constData();
        EXPECT_TRUE(lower.contains("post")) << head.constData();
        EXPECT_TRUE(lower.contains("access-control-allow-headers:")) << head.constData();
        EXPECT_TRUE(lower.contains("content-type")) << head.constData();
    }

    // Refusals too: a body announced past the limit, refused before it is
    // read, and the rate limit's 429, whose Retry-After a page must see.
    const QByteArray huge =
        rawHead(QUrl(d.endpoints().rpcUrl), "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                            "application/json\r\nContent-Length: 99999999\r\n\r\n");
    EXPECT_TRUE(huge.startsWith("HTTP/1.1 413")) << huge.constData();
    EXPECT_TRUE(huge.toLower().contains("access-control-allow-origin: *")) << huge.constData();
    HttpResult limited;
    for (int i = 0; i < 20 && limited.status != 429; ++i)
        limited = d.get(QStringLiteral("/v1/blocks"));
    ASSERT_EQ(limited.status, 429);
    EXPECT_TRUE(readableByAnyOrigin(limited));
    EXPECT_FALSE(limited.header("Retry-After").isEmpty());
}

TEST(Cors, TheWebsocketTakesAnyOrigin)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QByteArray head =
        rawHead(QUrl(d.endpoints().wsUrl),
                "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nOrigin: "
                "http://elsewhere.test\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n");
    EXPECT_TRUE(head.startsWith("HTTP/1.1 101")) << head.constData();
}
