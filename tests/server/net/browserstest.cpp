// What a web page the user visits can do with the local node (docs/PROTOCOL.md,
// "Browsers"), over real sockets: a stranger's page and a rebinding page are
// refused at the request's head on every entry point, before the rate
// limiter or any handler; an allowed page reads its answers, refusals
// included; programs (no Origin) are unchanged; JSON-RPC takes JSON only;
// a stranger's flood does not starve the explorer. The policy's rules one
// by one are in browserpolicytest.cpp; a real browser's view in clients/ts.
#include "core/base/bytes.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/requestflood.h"
#include "tests/support/txfactory.h"

#include <QTcpSocket>
#include <QTest>
#include <gtest/gtest.h>
#include <iostream>

using namespace gifscan;
using namespace gifscan::test;

namespace {

const QByteArray kStranger = "https://evil.example";
const QByteArray kDapp = "http://localhost:5173";

// One raw request on a connection of its own; the answer, head and what
// came of the body within a moment.
QByteArray rawAnswer(const QString &base, const QByteArray &request)
{
    const QUrl url(base);
    QTcpSocket s;
    s.connectToHost(url.host(), static_cast<quint16>(url.port()));
    if (!s.waitForConnected(3000))
        return {};
    s.write(request);
    QByteArray answer;
    while (!answer.contains("\r\n\r\n") && s.waitForReadyRead(3000))
        answer += s.readAll();
    if (s.waitForReadyRead(100))
        answer += s.readAll();
    return answer;
}

QByteArray headOf(const QByteArray &answer)
{
    return answer.left(answer.indexOf("\r\n\r\n") + 2).toLower();
}

QByteArray hostOf(const QString &base)
{
    const QUrl url(base);
    return url.host().toLatin1() + ':' + QByteArray::number(url.port());
}

// A request as a page or a program sends it: `fields` are extra lines.
QByteArray request(const QByteArray &verb, const QString &base, const QByteArray &path,
                   const QByteArray &fields, const QByteArray &body = {})
{
    return verb + ' ' + path + " HTTP/1.1\r\nHost: " + hostOf(base) + "\r\n" + fields +
           (body.isEmpty() && verb == "GET"
                ? QByteArray()
                : "Content-Length: " + QByteArray::number(body.size()) + "\r\n") +
           "\r\n" + body;
}

QByteArray handshake(const QString &base, const QByteArray &fields)
{
    return "GET / HTTP/1.1\r\nHost: " + hostOf(base) +
           "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" + fields +
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
}

QByteArray rpcBody(const QString &method, const QJsonArray &params = {})
{
    return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                     {QStringLiteral("id"), 1},
                                     {QStringLiteral("method"), method},
                                     {QStringLiteral("params"), params}})
        .toJson(QJsonDocument::Compact);
}

// Every entry point, asked by a page whose request carries `fields`.
std::vector<std::pair<const char *, QByteArray>>
everyEntryPoint(const server::ServerEndpoints &e, const QByteArray &fields, const QByteArray &mint)
{
    const QByteArray json = "Content-Type: application/json\r\n";
    return {
        {"REST GET", request("GET", e.baseUrl, "/v1/blocks?limit=1", fields)},
        {"REST preflight", request("OPTIONS", e.baseUrl, "/graphql",
                                   fields + "Access-Control-Request-Method: POST\r\n")},
        {"GraphQL POST", request("POST", e.baseUrl, "/graphql", fields + json,
                                 R"({"query":"{ head { height } }"})")},
        {"JSON-RPC POST",
         request("POST", e.rpcUrl, "/", fields + json, rpcBody(QStringLiteral("gif_chainId")))},
        {"JSON-RPC text/plain mint",
         request("POST", e.rpcUrl, "/", fields + "Content-Type: text/plain\r\n", mint)},
        {"JSON-RPC preflight",
         request("OPTIONS", e.rpcUrl, "/", fields + "Access-Control-Request-Method: POST\r\n")},
        {"websocket handshake", handshake(e.wsUrl, fields)},
    };
}

QString baseOf(const server::ServerEndpoints &e, const char *what)
{
    const QByteArray name(what);
    return name.startsWith("JSON-RPC")    ? e.rpcUrl
           : name.startsWith("websocket") ? e.wsUrl
                                          : e.baseUrl;
}

} // namespace

TEST(Browsers, AStrangersPageIsRefusedBeforeAnyWorkOnEveryEntryPoint)
{
    ManualClock clock; // the bucket does not refill: any token taken shows
    auto config = DevnetHarness::rateLimitedConfig(8, 5.0, 1, 3, &clock);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QByteArray mint =
        rpcBody(QStringLiteral("gif_sendRawTransaction"),
                QJsonArray{toHexString(f.mint(3, QStringLiteral("pixel-cats"), 90001,
                                              TxFactory::dev(3), TxFactory::smallGif()))});
    const QByteArray rebound = "Host: evil.example\r\n";
    for (int round = 0; round < 4; ++round) {
        for (const auto &[what, bytes] :
             everyEntryPoint(d.endpoints(), "Origin: " + kStranger + "\r\n", mint)) {
            const QByteArray head = headOf(rawAnswer(baseOf(d.endpoints(), what), bytes));
            EXPECT_TRUE(head.startsWith("http/1.1 403")) << what << ": " << head.constData();
            EXPECT_FALSE(head.contains("access-control-allow-origin")) << what;
            EXPECT_FALSE(head.contains("access-control-allow-methods")) << what;
        }
        // DNS rebinding: the page's own name, on our address, no Origin needed.
        for (const auto &[what, bytes] : everyEntryPoint(d.endpoints(), {}, mint)) {
            QByteArray rebinding = bytes;
            rebinding.replace(QByteArray("Host: " + hostOf(baseOf(d.endpoints(), what)) + "\r\n"),
                              rebound);
            const QByteArray head = headOf(rawAnswer(baseOf(d.endpoints(), what), rebinding));
            EXPECT_TRUE(head.startsWith("http/1.1 403")) << what << ": " << head.constData();
        }
    }
    // Not one token of the bucket's three was taken.
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(d.get(QStringLiteral("/v1/blocks?limit=1")).status, 200) << i;
    EXPECT_EQ(d.get(QStringLiteral("/v1/blocks?limit=1")).status, 429);
}

TEST(Browsers, AStrangersPageMintsNothingAProgramCould)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.25, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    ASSERT_TRUE(d.sendAndWait(f.createCollection(3, QStringLiteral("page-test")))
                    .value(QStringLiteral("receipt"))
                    .isObject());
    const Bytes mint =
        f.mint(3, QStringLiteral("page-test"), 1, TxFactory::dev(3), TxFactory::smallGif());
    const QByteArray body =
        rpcBody(QStringLiteral("gif_sendRawTransaction"), QJsonArray{toHexString(mint)});
    // A "simple" request, sent by a page without asking first.
    const QByteArray simple =
        request("POST", d.endpoints().rpcUrl, "/",
                "Origin: " + kStranger + "\r\nContent-Type: text/plain\r\n", body);
    EXPECT_TRUE(headOf(rawAnswer(d.endpoints().rpcUrl, simple)).startsWith("http/1.1 403"));
    // The same without the Origin is a program's; as text/plain it is no
    // JSON-RPC request either.
    const HttpResult plain =
        d.http().post(d.endpoints().rpcUrl, body, {{"Content-Type", "text/plain;charset=UTF-8"}});
    EXPECT_EQ(plain.status, 415);
    EXPECT_EQ(plain.json()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32600);
    // The same mint as JSON goes through: neither refusal had let it in.
    const QJsonObject mined = d.sendAndWait(mint);
    ASSERT_TRUE(mined[QStringLiteral("receipt")].isObject())
        << QJsonDocument(mined).toJson().constData();
    EXPECT_EQ(mined[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects/page-test/1")).status, 200);
    const HttpResult charset =
        d.http().post(d.endpoints().rpcUrl, rpcBody(QStringLiteral("gif_chainId")),
                      {{"Content-Type", "application/json; charset=utf-8"}});
    EXPECT_EQ(charset.status, 200);
}

TEST(Browsers, AnAllowedPageReadsItsAnswersRefusalsIncluded)
{
    ManualClock clock;
    auto config = DevnetHarness::rateLimitedConfig(8, 5.0, 1, 40, &clock);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const auto e = d.endpoints();
    const QByteArray page = "Origin: " + kDapp + "\r\n";
    for (const auto &[what, bytes] :
         everyEntryPoint(e, page, rpcBody(QStringLiteral("gif_chainId")))) {
        const QByteArray head = headOf(rawAnswer(baseOf(e, what), bytes));
        if (QByteArray(what).startsWith("websocket")) {
            EXPECT_TRUE(head.startsWith("http/1.1 101")) << head.constData();
            continue;
        }
        if (QByteArray(what).contains("text/plain")) {
            EXPECT_TRUE(head.startsWith("http/1.1 415")) << head.constData();
        } else {
            EXPECT_TRUE(head.startsWith("http/1.1 20")) << what << ": " << head.constData();
        }
        // Its own origin, never *, and a cache told the answer varies by it.
        EXPECT_TRUE(head.contains(QByteArray("access-control-allow-origin: " + kDapp + "\r\n")))
            << what;
        EXPECT_TRUE(head.contains("vary: origin")) << what;
        EXPECT_TRUE(head.contains("access-control-expose-headers: x-block-height, retry-after"))
            << what;
        if (QByteArray(what).contains("preflight")) {
            EXPECT_TRUE(head.contains("access-control-allow-methods:")) << what;
            EXPECT_TRUE(head.contains("access-control-allow-headers: content-type")) << what;
        }
    }
    // A body announced past the limit, refused before it is read, and the
    // rate limit's 429, whose Retry-After the page must see.
    const QByteArray huge = headOf(rawAnswer(
        e.rpcUrl, "POST / HTTP/1.1\r\nHost: " + hostOf(e.rpcUrl) + "\r\n" + page +
                      "Content-Type: application/json\r\nContent-Length: 99999999\r\n\r\n"));
    EXPECT_TRUE(huge.startsWith("http/1.1 413")) << huge.constData();
    EXPECT_TRUE(huge.contains(QByteArray("access-control-allow-origin: " + kDapp)))
        << huge.constData();
    QByteArray limited;
    for (int i = 0; i < 60 && !limited.startsWith("http/1.1 429"); ++i)
        limited = headOf(rawAnswer(e.baseUrl, request("GET", e.baseUrl, "/v1/blocks", page)));
    ASSERT_TRUE(limited.startsWith("http/1.1 429")) << limited.constData();
    EXPECT_TRUE(limited.contains(QByteArray("access-control-allow-origin: " + kDapp)));
    EXPECT_TRUE(limited.contains("retry-after:"));
    // A program's request (no Origin) gets no grant, and is answered as ever.
    clock.advance(60000);
    const HttpResult program = d.get(QStringLiteral("/v1/blocks?limit=1"));
    EXPECT_EQ(program.status, 200);
    EXPECT_TRUE(program.header("Access-Control-Allow-Origin").isEmpty());
}

TEST(Browsers, TheOperatorWidensThePolicyByName)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.corsOrigins = {QStringLiteral("https://dapp.example")};
    config.allowedHosts = {QStringLiteral("127.0.0.1"), QStringLiteral("node.example")};
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const auto e = d.endpoints();
    // A public page named by the operator; Chromium asks first for loopback.
    const QByteArray preflight = headOf(rawAnswer(
        e.rpcUrl, request("OPTIONS", e.rpcUrl, "/",
                          "Origin: https://dapp.example\r\nAccess-Control-Request-Method: "
                          "POST\r\nAccess-Control-Request-Private-Network: true\r\n")));
    EXPECT_TRUE(preflight.startsWith("http/1.1 204")) << preflight.constData();
    EXPECT_TRUE(preflight.contains("access-control-allow-origin: https://dapp.example"));
    EXPECT_TRUE(preflight.contains("access-control-allow-private-network: true"));
    // The loopback defaults are replaced, not added to.
    EXPECT_TRUE(headOf(rawAnswer(e.baseUrl, request("GET", e.baseUrl, "/v1/blocks",
                                                    "Origin: " + kDapp + "\r\n")))
                    .startsWith("http/1.1 403"));
    QByteArray named = request("GET", e.baseUrl, "/v1/blocks", {});
    named.replace("Host: 127.0.0.1", "Host: node.example");
    EXPECT_TRUE(headOf(rawAnswer(e.baseUrl, named)).startsWith("http/1.1 200"));

    auto open = DevnetHarness::fastConfig(8, 5.0, false);
    open.corsOrigins = {QStringLiteral("*")};
    open.allowedHosts = {QStringLiteral("*")};
    DevnetHarness pub(open);
    ASSERT_TRUE(pub.ok());
    QByteArray anyone =
        request("GET", pub.endpoints().baseUrl, "/v1/blocks", "Origin: " + kStranger + "\r\n");
    anyone.replace("Host: 127.0.0.1", "Host: explorer.example");
    const QByteArray head = headOf(rawAnswer(pub.endpoints().baseUrl, anyone));
    EXPECT_TRUE(head.startsWith("http/1.1 200")) << head.constData();
    EXPECT_TRUE(head.contains("access-control-allow-origin: *"));
}

TEST(Browsers, AnImageOfAnotherSiteIsKnownByItsReferer)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QString base = d.endpoints().baseUrl;
    auto status = [&](const QByteArray &fields) {
        return headOf(rawAnswer(base, request("GET", base, "/v1/blocks?limit=1", fields)))
            .mid(9, 3);
    };
    // <img src> and fetch(…, {mode: 'no-cors'}) send no Origin.
    EXPECT_EQ(status("Sec-Fetch-Site: cross-site\r\nReferer: https://evil.example/\r\n"), "403");
    EXPECT_EQ(status("Sec-Fetch-Site: cross-site\r\n"), "403");
    EXPECT_EQ(status("Sec-Fetch-Site: same-site\r\nReferer: http://localhost:5173/\r\n"), "200");
    EXPECT_EQ(status("Sec-Fetch-Site: none\r\n"), "200");
}

// A stranger's page looping on six connections, as fast as the node
// answers, from the explorer's own address: its requests are refused at
// their heads, take no token, and the explorer's polls are answered. Before,
// page and explorer shared the bucket and 75 of 76 polls were refused.
TEST(Browsers, AStrangersFloodDoesNotStarveTheExplorer)
{
    auto config = DevnetHarness::fastConfig(8, 0.5, false);
    config.rateLimit = true; // the default limits: 60/s, bursts of 200
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QString base = d.endpoints().baseUrl;
    const quint16 rest = static_cast<quint16>(QUrl(base).port());
    const quint16 rpc = static_cast<quint16>(QUrl(d.endpoints().rpcUrl).port());
    const QByteArray page = "Origin: " + kStranger + "\r\n";
    RequestFlood reads(rest, request("GET", base, "/v1/objects?sort=price&limit=100", page), 3);
    RequestFlood writes(rpc,
                        request("POST", d.endpoints().rpcUrl, "/",
                                page + "Content-Type: text/plain\r\n",
                                rpcBody(QStringLiteral("gif_blockNumber"))),
                        3);
    int answered = 0, refused = 0;
    for (int poll = 0; poll < 150; ++poll) {
        const int s = d.get(QStringLiteral("/v1/blocks?limit=1")).status;
        (s == 200 ? answered : refused) += 1;
        QTest::qWait(20); // 50 polls a second, under the limit of 60
    }
    EXPECT_LE(refused, 3) << answered << " answered";
    std::cout << "explorer: " << answered << " polls answered, " << refused
              << " refused; flood: " << reads.sent() + writes.sent() << " requests\n";
    const auto floodReads = reads.statuses(), floodWrites = writes.statuses();
    EXPECT_GT(reads.sent() + writes.sent(), 1000) << "the flood was not one";
    EXPECT_EQ(floodReads.count(200) + floodReads.count(429), 0u);
    EXPECT_EQ(floodWrites.count(200) + floodWrites.count(429), 0u);
    EXPECT_GT(floodReads.count(403), 0u);
}
