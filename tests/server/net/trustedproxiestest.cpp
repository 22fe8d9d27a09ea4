// Whose a request is, behind a proxy or a read server: every user of a
// proxy had shared one bucket (250 users told apart by X-Forwarded-For:
// 99.1 % answered 429), and every transaction a read server forwarded came
// from one client to its node (one flood got other users' refused 28 of
// 40). A server takes X-Forwarded-For from the proxies it trusts, and from
// no one else, and prices each client's GraphQL queries from its own bucket.
#include "server/net/trustedproxies.h"

#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;
using server::TrustedProxies;

TEST(TrustedProxies, TheClientIsTheNearestAddressNoTrustedProxyWrote)
{
    TrustedProxies proxies;
    EXPECT_TRUE(proxies.parse(QStringLiteral("127.0.0.1, 10.0.0.0/8,::1")).isEmpty());
    const QHostAddress local(QStringLiteral("127.0.0.1"));
    EXPECT_EQ(proxies.clientOf(local, "203.0.113.7"), QHostAddress(QStringLiteral("203.0.113.7")));
    // Each proxy appends where it was reached from: the walk starts at the
    // right and stops at the first address no trusted proxy is.
    EXPECT_EQ(proxies.clientOf(local, "198.51.100.1, 203.0.113.7, 10.1.2.3"),
              QHostAddress(QStringLiteral("203.0.113.7")));
    // What a client wrote itself before its address counts for nothing.
    EXPECT_EQ(proxies.clientOf(local, "garbage, 203.0.113.7"),
              QHostAddress(QStringLiteral("203.0.113.7")));
    EXPECT_EQ(proxies.clientOf(local, "203.0.113.7, garbage"), local);
    EXPECT_EQ(proxies.clientOf(local, ""), local);
    // From a peer not trusted, the header is the client's own word: ignored.
    const QHostAddress stranger(QStringLiteral("198.51.100.9"));
    EXPECT_EQ(proxies.clientOf(stranger, "203.0.113.7"), stranger);
    EXPECT_EQ(proxies.clientOf(QHostAddress(QStringLiteral("::ffff:10.0.0.5")), "203.0.113.7"),
              QHostAddress(QStringLiteral("203.0.113.7")));
    // RFC 7239's Forwarded, in its place when given: quoted, bracketed,
    // with ports; an obfuscated node ends the walk.
    EXPECT_EQ(TrustedProxies::forwardedFor(
                  R"(for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711")"),
              QByteArray("192.0.2.60, 2001:db8:cafe::17"));
    EXPECT_EQ(proxies.clientOf(local, {}, R"(For="203.0.113.7:1234", for=10.0.0.2)"),
              QHostAddress(QStringLiteral("203.0.113.7")));
    // Both headers: a proxy that writes one passes the other on as the
    // client sent it. They agree, or neither is taken.
    EXPECT_EQ(proxies.clientOf(local, "203.0.113.7", R"(for=203.0.113.7)"),
              QHostAddress(QStringLiteral("203.0.113.7")));
    EXPECT_EQ(proxies.clientOf(local, "203.0.113.7", R"(for=6.6.6.6)"), local);
    EXPECT_EQ(proxies.clientOf(local, "6.6.6.6, 203.0.113.7", R"(for=6.6.6.6)"), local);
    EXPECT_EQ(proxies.clientOf(local, {}, "for=_hidden, for=10.0.0.2"),
              QHostAddress(QStringLiteral("10.0.0.2")));
    EXPECT_EQ(proxies.clientOf(local, "203.0.113.9", {}),
              QHostAddress(QStringLiteral("203.0.113.9")));
    EXPECT_EQ(proxies.clientOf(stranger, {}, "for=203.0.113.7"), stranger);
    EXPECT_FALSE(proxies.parse(QStringLiteral("not-an-address")).isEmpty());
    // Refused whole: a good entry before a bad one is not trusted either
    // (forwarded_for fuzz target).
    EXPECT_FALSE(proxies.parse(QStringLiteral("127.0.0.1, no-address")).isEmpty());
    EXPECT_TRUE(proxies.isEmpty());
    EXPECT_FALSE(proxies.parse(QString()).isEmpty());
}

namespace {
// Calls of gif_chainId as `client` (X-Forwarded-For) until one is refused;
// how many were answered.
int answeredAs(DevnetHarness &d, const QByteArray &client, int most)
{
    const QByteArray body = R"({"jsonrpc":"2.0","id":1,"method":"gif_chainId","params":[]})";
    for (int i = 0; i < most; ++i)
        if (d.http().post(d.endpoints().rpcUrl, body, {{"X-Forwarded-For", client}}).status != 200)
            return i;
    return most;
}

server::ServerConfig limited(ManualClock &clock)
{
    // the buckets refill only when the test says
    auto config = DevnetHarness::rateLimitedConfig(8, 5.0, 1, 4, &clock);
    return config;
}

// As limited(), behind a proxy on loopback that it trusts.
server::ServerConfig limitedBehindProxy(ManualClock &clock)
{
    auto config = limited(clock);
    if (!config.trustedProxies.parse(QStringLiteral("127.0.0.1")).isEmpty())
        ADD_FAILURE() << "127.0.0.1 refused as a trusted proxy";
    return config;
}
} // namespace

TEST(TrustedProxies, ANodeRateLimitsEachClientATrustedProxyNames)
{
    ManualClock clock;
    DevnetHarness d(limitedBehindProxy(clock));
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(answeredAs(d, "203.0.113.7", 10), 4) << "Alice's burst, and not one more";
    EXPECT_EQ(answeredAs(d, "203.0.113.8", 10), 4) << "Bob has a bucket of his own";
}

TEST(TrustedProxies, ANodeTrustingNoProxyTakesTheHeaderForNothing)
{
    ManualClock clock;
    DevnetHarness d(limited(clock));
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(answeredAs(d, "203.0.113.7", 10), 4);
    EXPECT_EQ(answeredAs(d, "203.0.113.8", 10), 0) << "a header anyone can write";
}

// Cost pricing stays on behind a proxy, each client paying for its own
// queries: a GraphQL query that weighs three tokens leaves Alice's bucket of
// four one token, so her second is refused for its cost, in GraphQL's
// shape, while Bob's first is answered from a bucket of his own. Before,
// the only way past one shared bucket was --rate-limit off, which dropped
// the pricing too.
TEST(TrustedProxies, ANodePricesEachClientsGraphqlQueriesATrustedProxyNames)
{
    ManualClock clock;
    DevnetHarness d(limitedBehindProxy(clock));
    ASSERT_TRUE(d.ok());
    QString query = QStringLiteral("{");
    for (int i = 0; i < 70; ++i) // four nodes each
        query += QStringLiteral(" a%1: blocks(first: 1) { nodes { height hash } }").arg(i);
    query += u'}';
    const QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("query"), query}}).toJson(QJsonDocument::Compact);
    auto postAs = [&](const QByteArray &client) {
        return d.http().post(d.rest(QStringLiteral("/graphql")), body,
                             {{"X-Forwarded-For", client}});
    };
    const HttpResult alice = postAs("203.0.113.7");
    ASSERT_EQ(alice.status, 200) << alice.body.left(300).constData();
    const double cost =
        alice.json()[QStringLiteral("extensions")][QStringLiteral("cost")].toDouble();
    ASSERT_TRUE(cost > 200 && cost <= 300) << cost << ": three tokens, one left of four";
    const HttpResult again = postAs("203.0.113.7");
    EXPECT_EQ(again.status, 429) << "priced: one token left, three asked";
    EXPECT_TRUE(again.json().value(QStringLiteral("errors")).isArray()) << again.body.constData();
    EXPECT_TRUE(again.body.contains("rate-limit tokens")) << again.body.constData();
    const HttpResult bob = postAs("203.0.113.8");
    EXPECT_EQ(bob.status, 200) << "Bob pays from a bucket of his own";
}
