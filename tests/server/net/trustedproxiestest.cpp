// Whose a request is, behind a proxy or a read server: every user of a
// proxy had shared one bucket (250 users told apart by X-Forwarded-For:
// 99.1 % answered 429), and every transaction a read server forwarded came
// from one client to its node (one flood got other users' refused 28 of
// 40). A server takes X-Forwarded-For from the proxies it trusts, and from
// no one else.
#include "server/net/trustedproxies.h"

#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"

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
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.rateLimit = true;
    config.rate = 1;
    config.burst = 4;
    config.clock = &clock; // the buckets refill only when the test says
    return config;
}
} // namespace

TEST(TrustedProxies, ANodeRateLimitsEachClientATrustedProxyNames)
{
    ManualClock clock;
    auto config = limited(clock);
    ASSERT_TRUE(config.trustedProxies.parse(QStringLiteral("127.0.0.1")).isEmpty());
    DevnetHarness d(config);
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
