#include "devnet/ratelimiter.h"

#include <gtest/gtest.h>

#include <QTest>

using gifscan::devnet::RateLimiter;

TEST(RateLimiter, BurstThenRefillPerAddress)
{
    RateLimiter limiter(10, 3);
    const QHostAddress a(QStringLiteral("127.0.0.2")), b(QStringLiteral("127.0.0.3"));
    int retry = 0;
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_TRUE(limiter.take(a, &retry));
    EXPECT_FALSE(limiter.take(a, &retry));
    EXPECT_EQ(retry, 1); // a token every 100 ms, rounded up to whole seconds
    EXPECT_TRUE(limiter.take(b, &retry)) << "buckets are per address";
    QTest::qWait(250);
    EXPECT_TRUE(limiter.take(a, &retry));
}

TEST(RateLimiter, ForgetsRefilledClientsButNotLimitedOnes)
{
    RateLimiter limiter(1000, 2);
    const QHostAddress busy(QStringLiteral("10.9.9.9"));
    int retry = 0;
    ASSERT_TRUE(limiter.take(busy, &retry));
    ASSERT_TRUE(limiter.take(busy, &retry));
    ASSERT_FALSE(limiter.take(busy, &retry));
    // Thousands of one-off clients: the table is purged of full buckets...
    for (quint32 i = 0; i < 5000; ++i)
        ASSERT_TRUE(limiter.take(QHostAddress(0x0b000000u + i), &retry));
    // ...while the client that is out of tokens stays limited.
    // One token every 100 s: however slow the machine (sanitizers), the
    // busy client cannot have refilled while the others are served.
    RateLimiter slow(0.01, 1);
    ASSERT_TRUE(slow.take(busy, &retry));
    for (quint32 i = 0; i < 5000; ++i)
        slow.take(QHostAddress(0x0c000000u + i), &retry);
    EXPECT_FALSE(slow.take(busy, &retry));
}

TEST(RateLimiter, DisabledAlwaysAllows)
{
    RateLimiter limiter(1, 1);
    limiter.setEnabled(false);
    int retry = 0;
    for (int i = 0; i < 100; ++i)
        EXPECT_TRUE(limiter.take(QHostAddress::LocalHost, &retry));
}
