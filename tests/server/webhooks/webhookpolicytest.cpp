// Webhook signing and the retry policy, without a network: the published
// Standard Webhooks example, and every branch of what follows an attempt.
#include "server/webhooks/webhookpolicy.h"

#include "server/webhooks/webhooksigner.h"
#include "server/webhooks/webhookstore.h"
#include "tests/support/webhookreceiver.h"

#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan::server;
using gifscan::test::WebhookReceiver;

namespace {
// The example the Standard Webhooks specification and its reference
// libraries publish.
const QString kSecret = QStringLiteral("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
const QByteArray kId = "msg_p5jXN8AQM9LWM0D4loKWxJek";
constexpr qint64 kTimestamp = 1614265330;
const QByteArray kBody = R"({"test": 2432232314})";
const QByteArray kSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
} // namespace

TEST(WebhookSigner, ReproducesTheSpecificationsPublishedSignature)
{
    EXPECT_EQ(WebhookSigner::sign(WebhookSigner::keyOf(kSecret), kId, kTimestamp, kBody),
              kSignature);
    // The prefix is optional, as in the reference libraries.
    EXPECT_EQ(WebhookSigner::keyOf(kSecret), WebhookSigner::keyOf(kSecret.mid(6)));
    EXPECT_TRUE(WebhookSigner::keyOf(QStringLiteral("whsec_not base64!")).isEmpty());
    // The tests' receiver, written separately from the same text, agrees,
    // and refuses a changed body, id, timestamp or secret.
    EXPECT_TRUE(WebhookReceiver::verify(kSecret, kId, QByteArray::number(kTimestamp), kBody,
                                        "v1,bm9wZQ== " + kSignature, kTimestamp));
    EXPECT_FALSE(WebhookReceiver::verify(kSecret, kId, QByteArray::number(kTimestamp), kBody + " ",
                                         kSignature, kTimestamp));
    EXPECT_FALSE(WebhookReceiver::verify(kSecret, kId + "x", QByteArray::number(kTimestamp), kBody,
                                         kSignature, kTimestamp));
    EXPECT_FALSE(WebhookReceiver::verify(kSecret, kId, QByteArray::number(kTimestamp + 1), kBody,
                                         kSignature, kTimestamp));
    EXPECT_FALSE(WebhookReceiver::verify(QStringLiteral("whsec_AAAA"), kId,
                                         QByteArray::number(kTimestamp), kBody, kSignature,
                                         kTimestamp));
    // Replays older than five minutes are refused by a receiver.
    EXPECT_FALSE(WebhookReceiver::verify(kSecret, kId, QByteArray::number(kTimestamp), kBody,
                                         kSignature, kTimestamp + 301));
}

TEST(WebhookSigner, SecretsAreFreshAndInTheSpecificationsForm)
{
    const QString a = WebhookSigner::newSecret();
    const QString b = WebhookSigner::newSecret();
    EXPECT_TRUE(a.startsWith(QLatin1String("whsec_")));
    EXPECT_EQ(WebhookSigner::keyOf(a).size(), 32);
    EXPECT_NE(a, b);
    EXPECT_TRUE(WebhookSigner::sameSecret(a, a));
    EXPECT_FALSE(WebhookSigner::sameSecret(a, b));
    EXPECT_FALSE(WebhookSigner::sameSecret(a, a.left(a.size() - 1)));
}

namespace {
WebhookPolicy::Attempt attempt(int status, int n, qint64 now = 1'000'000)
{
    WebhookPolicy::Attempt a;
    a.status = status;
    a.attempt = n;
    a.nowMs = now;
    return a;
}
} // namespace

TEST(WebhookPolicy, RetriesOnTheScheduleThenGivesUp)
{
    const WebhookPolicy policy;
    const qint64 waits[] = {5'000,      300'000,    1'800'000, 7'200'000,
                            18'000'000, 36'000'000, 36'000'000};
    for (int n = 0; n < 7; ++n) {
        const auto d = policy.decide(attempt(500, n));
        ASSERT_EQ(d.action, WebhookPolicy::Action::Retry) << n;
        EXPECT_EQ(d.at, 1'000'000 + waits[n]) << n;
        EXPECT_EQ(d.reason, QStringLiteral("HTTP 500"));
    }
    const auto last = policy.decide(attempt(503, 7));
    EXPECT_EQ(last.action, WebhookPolicy::Action::GiveUp);
    EXPECT_EQ(last.reason, QStringLiteral("HTTP 503 after 8 attempts"));
    EXPECT_EQ(policy.decide(attempt(200, 3)).action, WebhookPolicy::Action::Delivered);
    EXPECT_EQ(policy.decide(attempt(204, 0)).action, WebhookPolicy::Action::Delivered);
}

TEST(WebhookPolicy, WhatIsRetriedWhatIsNotAndWhatDisables)
{
    const WebhookPolicy policy;
    WebhookPolicy::Attempt timeout = attempt(0, 0);
    timeout.timedOut = true;
    EXPECT_EQ(policy.decide(timeout).action, WebhookPolicy::Action::Retry);
    EXPECT_EQ(policy.decide(timeout).reason, QStringLiteral("no answer within the timeout"));
    WebhookPolicy::Attempt refused = attempt(0, 0);
    refused.network = QStringLiteral("Connection refused");
    EXPECT_EQ(policy.decide(refused).action, WebhookPolicy::Action::Retry);
    EXPECT_EQ(policy.decide(refused).reason, QStringLiteral("Connection refused"));
    EXPECT_EQ(policy.decide(attempt(429, 0)).action, WebhookPolicy::Action::Retry);
    // The receiver's considered word is not asked again.
    for (int status : {301, 400, 401, 404, 422})
        EXPECT_EQ(policy.decide(attempt(status, 0)).action, WebhookPolicy::Action::GiveUp)
            << status;
    const auto gone = policy.decide(attempt(410, 0));
    EXPECT_EQ(gone.action, WebhookPolicy::Action::Disable);
    EXPECT_EQ(gone.reason, QStringLiteral("the receiver answered 410 Gone"));
}

TEST(WebhookPolicy, RetryAfterIsHonouredWhereItMeansSomething)
{
    const WebhookPolicy policy;
    for (int status : {429, 502, 503, 504}) {
        WebhookPolicy::Attempt a = attempt(status, 0);
        a.retryAfterMs = 120'000;
        EXPECT_EQ(policy.decide(a).at, 1'000'000 + 120'000) << status;
        // Never sooner than the schedule says.
        a.retryAfterMs = 1'000;
        EXPECT_EQ(policy.decide(a).at, 1'000'000 + 5'000) << status;
        // Never later than the schedule's longest wait.
        a.retryAfterMs = 1'000'000'000;
        EXPECT_EQ(policy.decide(a).at, 1'000'000 + 36'000'000) << status;
    }
    WebhookPolicy::Attempt a = attempt(500, 0);
    a.retryAfterMs = 120'000;
    EXPECT_EQ(policy.decide(a).at, 1'000'000 + 5'000);
}

TEST(WebhookPolicy, FiveDaysOfFailureDisableAndTheScaleShrinksEverything)
{
    const WebhookPolicy policy;
    const qint64 day = 24LL * 3600 * 1000;
    WebhookPolicy::Attempt a = attempt(500, 2, 10 * day);
    a.failingSinceMs = 10 * day - 5 * day + 1;
    EXPECT_EQ(policy.decide(a).action, WebhookPolicy::Action::Retry);
    a.failingSinceMs = 10 * day - 5 * day;
    const auto d = policy.decide(a);
    EXPECT_EQ(d.action, WebhookPolicy::Action::Disable);
    EXPECT_EQ(d.reason, QStringLiteral("failing for 5 days (last: HTTP 500)"));

    const WebhookPolicy fast(0.001);
    EXPECT_EQ(fast.decide(attempt(500, 0)).at, 1'000'000 + 5);
    EXPECT_EQ(fast.decide(attempt(500, 6)).at, 1'000'000 + 36'000);
    a.failingSinceMs = a.nowMs - 5 * day / 1000;
    EXPECT_EQ(fast.decide(a).action, WebhookPolicy::Action::Disable);
    a.failingSinceMs = a.nowMs - 5 * day / 1000 + 1;
    EXPECT_EQ(fast.decide(a).action, WebhookPolicy::Action::Retry);
}

// A receiver that never acknowledged one delivery is disabled at the end of
// its first hour of failures, tried once more right then, not hours later.
TEST(WebhookPolicy, AReceiverNeverHeardFromHasAnHour)
{
    const WebhookPolicy policy;
    const qint64 hour = 3600LL * 1000;
    WebhookPolicy::Attempt a = attempt(0, 3, 10 * hour);
    a.everDelivered = false;
    a.failingSinceMs = 10 * hour - 35 * 60 * 1000; // 35 minutes of failures so far
    auto d = policy.decide(a);
    ASSERT_EQ(d.action, WebhookPolicy::Action::Retry);
    EXPECT_EQ(d.at, 10 * hour + 25 * 60 * 1000) << "the 2 h wait ends at the hour";
    a.nowMs = d.at;
    d = policy.decide(a);
    EXPECT_EQ(d.action, WebhookPolicy::Action::Disable);
    EXPECT_EQ(d.reason, QStringLiteral("failing for an hour without ever acknowledging a "
                                       "delivery (last: no answer)"));
    // One that was heard from before keeps the five days.
    a.everDelivered = true;
    EXPECT_EQ(policy.decide(a).action, WebhookPolicy::Action::Retry);
    // The first failure starts the hour.
    WebhookPolicy::Attempt first = attempt(500, 0, 5 * hour);
    first.everDelivered = false;
    EXPECT_EQ(policy.decide(first).at, 5 * hour + 5000);
}

TEST(WebhookStore, IsPrivateAndBelongsToOneChain)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("webhooks.db"));
    WebhookStore store;
    const auto opened = store.open(path);
    ASSERT_TRUE(opened) << opened.error().message.toStdString();
    // It holds the secrets: its owner's alone.
    EXPECT_EQ(QFile::permissions(path) & (QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                          QFileDevice::ReadOther | QFileDevice::WriteOther),
              QFileDevice::Permissions());
    WebhookStore::Hook hook;
    hook.id = QStringLiteral("wh_1");
    hook.secret = WebhookSigner::newSecret();
    hook.url = QStringLiteral("http://127.0.0.1:9/x");
    hook.filter.types = {QStringLiteral("sale")};
    store.insert(hook);
    store.enqueue({hook.id}, 1, {{0, hook.id, "msg_1", 1, "{}", 0, 0}});
    EXPECT_EQ(store.bindToChain("genesis-a", 1), 0);
    EXPECT_EQ(store.bindToChain("genesis-a", 2), 0);
    EXPECT_EQ(store.pending(hook.id), 1);
    // Another chain in the same folder: nothing of the old one is sent.
    EXPECT_EQ(store.bindToChain("genesis-b", 3), 1);
    EXPECT_EQ(store.hook(hook.id)->disabledReason,
              QStringLiteral("the node's chain was replaced (another genesis)"));
    EXPECT_EQ(store.pending(hook.id), 0);
    EXPECT_EQ(store.enabledHookCount(), 0);
    EXPECT_EQ(store.hookCount(), 1);
}
