#include "server/net/ratelimiter.h"

#include "tests/support/manualclock.h"

#include <gtest/gtest.h>

using gifscan::server::RateLimiter;
using gifscan::test::ManualClock;

TEST(RateLimiter, BurstThenRefillPerAddress)
{
    ManualClock clock;
    RateLimiter limiter(10, 3, clock);
    const QHostAddress a(QStringLiteral("192.0.2.2")), b(QStringLiteral("192.0.2.3"));
    int retry = 0;
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_FALSE(limiter.take(a, &retry));
    EXPECT_EQ(retry, 1); // a token every 100 ms, rounded up to whole seconds
    EXPECT_TRUE(limiter.take(b, &retry)) << "buckets are per address";
    clock.advance(99);
    EXPECT_FALSE(limiter.take(a, &retry)) << "not a whole token yet";
    clock.advance(1);
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_FALSE(limiter.take(a, &retry));
    clock.advance(10000);
    for (int i = 0; i < 3; ++i)
        EXPECT_TRUE(limiter.take(a, &retry)) << "refilled up to the burst";
    EXPECT_FALSE(limiter.take(a, &retry)) << "and no further";
}

// A client is not an address: all of loopback is this machine (a page in
// the browser and the explorer alike), an IPv6 host picks from its /64.
TEST(RateLimiter, OneBucketPerClient)
{
    ManualClock clock;
    RateLimiter limiter(1, 2, clock);
    int retry = 0;
    EXPECT_TRUE(limiter.take(QHostAddress(QStringLiteral("127.0.0.1")), &retry));
    EXPECT_TRUE(limiter.take(QHostAddress(QStringLiteral("127.0.0.2")), &retry));
    EXPECT_FALSE(limiter.take(QHostAddress(QStringLiteral("::1")), &retry));
    EXPECT_TRUE(limiter.take(QHostAddress(QStringLiteral("2001:db8::1")), &retry));
    EXPECT_TRUE(limiter.take(QHostAddress(QStringLiteral("2001:db8::2")), &retry));
    EXPECT_FALSE(limiter.take(QHostAddress(QStringLiteral("2001:db8::ffff:3")), &retry));
    EXPECT_TRUE(limiter.take(QHostAddress(QStringLiteral("2001:db8:0:1::1")), &retry));
    // Tests that play several clients on one machine say so.
    limiter.setLoopbackApart(true);
    EXPECT_TRUE(limiter.take(QHostAddress(QStringLiteral("127.0.0.3")), &retry));
}

TEST(RateLimiter, ForgetsRefilledClientsButNotLimitedOnes)
{
    ManualClock clock;
    RateLimiter limiter(1, 2, clock);
    const QHostAddress busy(QStringLiteral("10.9.9.9"));
    int retry = 0;
    ASSERT_TRUE(limiter.take(busy, &retry));
    ASSERT_TRUE(limiter.take(busy, &retry));
    ASSERT_FALSE(limiter.take(busy, &retry));
    // Thousands of one-off clients, each with one token taken: remembered
    // while their buckets are not full again.
    for (quint32 i = 0; i < 5000; ++i)
        ASSERT_TRUE(limiter.take(QHostAddress(0x0b000000u + i), &retry));
    EXPECT_EQ(limiter.trackedClients(), 5001);
    // A second later every one-off bucket is full: the next client purges
    // them, but not the busy one, which is still short of its burst.
    clock.advance(1000);
    ASSERT_TRUE(limiter.take(QHostAddress(QStringLiteral("10.1.1.1")), &retry));
    EXPECT_EQ(limiter.trackedClients(), 2) << "the busy client and the newest";
    ASSERT_TRUE(limiter.take(busy, &retry)) << "one token back after a second";
    EXPECT_FALSE(limiter.take(busy, &retry)) << "its state was kept through the purge";
}

TEST(RateLimiter, DisabledAlwaysAllows)
{
    RateLimiter limiter(1, 1);
    limiter.setEnabled(false);
    int retry = 0;
    for (int i = 0; i < 100; ++i)
        EXPECT_TRUE(limiter.take(QHostAddress::LocalHost, &retry));
}

// A costly request (a GraphQL query of many nodes) takes its tokens at once
// or none, and never more than a burst holds, so that it can be had at all.
TEST(RateLimiter, ManyTokensAtOnceOrNone)
{
    ManualClock clock;
    RateLimiter limiter(10, 50, clock);
    const QHostAddress a(QStringLiteral("127.0.0.2"));
    int retry = 0;
    EXPECT_TRUE(limiter.take(a, &retry, 30));
    EXPECT_FALSE(limiter.take(a, &retry, 30)) << "20 left";
    EXPECT_EQ(retry, 1) << "10 more come in a second";
    EXPECT_TRUE(limiter.take(a, &retry, 20)) << "the refusal took nothing";
    EXPECT_FALSE(limiter.take(a, &retry, 1000));
    EXPECT_EQ(retry, 5) << "counted as a burst: 50 tokens, at 10 a second";
    clock.advance(5000);
    EXPECT_TRUE(limiter.take(a, &retry, 1000));
    EXPECT_FALSE(limiter.take(a, &retry));
}
