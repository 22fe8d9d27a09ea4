// Webhooks end to end: a node on loopback delivers to a receiver the test
// owns, which checks every signature with its own code (PROTOCOL, "Webhooks").
#include "tests/support/activityfeed.h"
#include "tests/support/devnetharness.h"
#include "tests/support/threadedflood.h"
#include "tests/support/txfactory.h"
#include "tests/support/webhookchecks.h"
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QTest>
#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace gifscan;
using namespace gifscan::test;

namespace {

server::ServerConfig hookConfig(double scale)
{
    auto config = DevnetHarness::fastConfig(40, 0.1, true);
    config.rateLimit = false;
    config.webhookRetryScale = scale;
    config.webhookTimeoutMs = 400;
    return config;
}

} // namespace

TEST(Webhooks, EveryMintSaleAndTransferOfFiftyBlocksExactlyOnceInHeightOrder)
{
    DevnetHarness d(hookConfig(0.001));
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    WebhookReceiver receiver;
    const QJsonObject hook = createHook(d, receiver);
    ASSERT_TRUE(hook[QStringLiteral("secret")].toString().startsWith(QLatin1String("whsec_")));
    const auto from = static_cast<std::uint64_t>(hook[QStringLiteral("height")].toInteger()) + 1;
    const std::uint64_t to = from + 49;
    ASSERT_TRUE(d.waitForHeight(to, 30000));
    const auto expected = activityBetween(d.http(), d.endpoints().baseUrl, from, to);
    std::set<QString> types;
    for (const auto &e : expected)
        types.insert(e[QStringLiteral("type")].toString());
    ASSERT_EQ(types, (std::set<QString>{QStringLiteral("mint"), QStringLiteral("sale"),
                                        QStringLiteral("transfer")}))
        << "fifty blocks of traffic should hold all three";
    ASSERT_TRUE(awaitAll(receiver, expected));
    expectExactlyOnceInOrder(receiver, expected, to);
    // The block hash is the block's.
    const WebhookReceiver::Request first = receiver.accepted().front();
    const HttpResult block = d.get(QStringLiteral("/v1/blocks/%1").arg(heightOf(first)));
    EXPECT_EQ(first.json[QStringLiteral("data")][QStringLiteral("blockHash")],
              block.data()[QStringLiteral("hash")]);

    // The receiver has the last delivery before the node has its answer
    // counted: waited for (under ASan 123 of 124 were counted when asked).
    QJsonObject status;
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            status = hookStatus(d, hook);
            return status[QStringLiteral("delivered")].toInteger() >=
                   static_cast<qint64>(expected.size());
        },
        10000))
        << QJsonDocument(status).toJson().constData();
    EXPECT_EQ(status[QStringLiteral("failed")].toInteger(), 0);
    EXPECT_EQ(status[QStringLiteral("disabled")].toBool(true), false);
    EXPECT_EQ(status[QStringLiteral("lastStatus")].toInt(), 204);
    EXPECT_TRUE(status[QStringLiteral("lastError")].isNull());
    EXPECT_FALSE(status.contains(QStringLiteral("secret")));
}

TEST(Webhooks, FailuresRateLimitsSilenceAndAReceiverRestartLoseNothing)
{
    // 1e-4: the schedule's first five waits add up to under 3 s.
    DevnetHarness d(hookConfig(1e-4));
    ASSERT_TRUE(d.ok());
    WebhookReceiver receiver;
    // It acknowledges its first delivery: a receiver that never did would
    // be disabled after an hour of failures (0.36 s here).
    receiver.script({{204, {}, {}},
                     {500, {}, {}},
                     {429, "Retry-After: 1\r\n", {}},
                     {0, {}, "drop"},
                     {0, {}, "hang"},
                     {503, "Retry-After: 0\r\n", {}},
                     {204, {}, {}},
                     {502, {}, {}}});
    const QJsonObject hook = createHook(d, receiver);
    const auto from = static_cast<std::uint64_t>(hook[QStringLiteral("height")].toInteger()) + 1;
    // The receiver is away for a while (refused connections), then back.
    ASSERT_TRUE(QTest::qWaitFor([&] { return receiver.requests().size() >= 8; }, 20000));
    const quint16 port = receiver.port();
    receiver.goAway();
    const std::size_t before = receiver.requests().size();
    QTest::qWait(300);
    ASSERT_TRUE(receiver.listen(port));
    const std::uint64_t to = from + 29;
    ASSERT_TRUE(d.waitForHeight(to, 30000));
    const auto expected = activityBetween(d.http(), d.endpoints().baseUrl, from, to);
    ASSERT_TRUE(awaitAll(receiver, expected));
    expectExactlyOnceInOrder(receiver, expected, to);
    EXPECT_GT(receiver.requests().size(), before);

    // A failed message is sent again under its own id, freshly signed; the
    // 429's Retry-After of 1 s was waited out.
    const auto &all = receiver.requests();
    EXPECT_EQ(all[1].id, all[2].id);
    EXPECT_EQ(all[2].id, all[3].id);
    EXPECT_GE(all[3].atMs - all[2].atMs, 1000);
    EXPECT_EQ(all[5].id, all[6].id);
    EXPECT_TRUE(all[6].answered == 204 && all[6].signatureValid);
    const QJsonObject status = hookStatus(d, hook);
    EXPECT_FALSE(status[QStringLiteral("disabled")].toBool(true));
    EXPECT_EQ(status[QStringLiteral("failed")].toInteger(), 0);
}

// A receiver that answers 200 with an endless body, as fast as it is read:
// the node reads no more than the 64 KiB cap and what the buffers on the
// way hold (it read 300 MB on every delivery), and delivers the next.
// A receiver that answers 200 with an endless chunked body, written from a
// thread of its own: 300 MB were read on every delivery (RSS 526 MB), as the
// cap waited for a late progress signal. Read as it comes, 64 KiB at most.
TEST(Webhooks, AReceiversEndlessAnswerIsCutAtItsCap)
{
    DevnetHarness d(hookConfig(1e-4));
    ASSERT_TRUE(d.ok());
    ThreadedFlood flood;
    const QJsonObject hook =
        d.rpcResult(
             QStringLiteral("gif_createWebhook"),
             QJsonArray{QJsonObject{{QStringLiteral("url"), flood.url(QStringLiteral("/h"))},
                                    {QStringLiteral("types"),
                                     QJsonArray{QStringLiteral("mint"), QStringLiteral("sale"),
                                                QStringLiteral("transfer")}}}})
            .toObject();
    ASSERT_TRUE(hook.contains(QStringLiteral("secret")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return flood.finished(); }, 20000))
        << flood.written() << " bytes and still reading";
    EXPECT_LT(flood.written(), 16 * 1024 * 1024)
        << flood.written() << " bytes of one answer were taken";
}

TEST(Webhooks, GoneDisablesFiveDaysOfFailureDisableAndDeletingStops)
{
    // 2e-6: five days are under a second, the whole schedule under 0.2 s.
    auto config = hookConfig(2e-6);
    config.webhookHosts = {QStringLiteral("hooks.example")};
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());

    WebhookReceiver gone;
    gone.script({{410, {}, {}}});
    const QJsonObject goneHook = createHook(d, gone);
    // Once acknowledged, then failing: the five days apply, not the hour of
    // a receiver that never answered.
    WebhookReceiver failing;
    std::deque<WebhookReceiver::Reply> errors(5000, {500, {}, {}});
    errors.push_front({204, {}, {}});
    failing.script(errors);
    const QJsonObject failingHook = createHook(d, failing);
    WebhookReceiver deleted;
    const QJsonObject deletedHook = createHook(d, deleted);

    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return hookStatus(d, goneHook)[QStringLiteral("disabled")].toBool(); }, 20000));
    QJsonObject status = hookStatus(d, goneHook);
    EXPECT_EQ(status[QStringLiteral("disabledReason")].toString(),
              QStringLiteral("the receiver answered 410 Gone"));
    EXPECT_EQ(status[QStringLiteral("lastStatus")].toInt(), 410);
    EXPECT_TRUE(status[QStringLiteral("nextAttempt")].isNull());

    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return hookStatus(d, failingHook)[QStringLiteral("disabled")].toBool(); }, 20000));
    status = hookStatus(d, failingHook);
    EXPECT_EQ(status[QStringLiteral("disabledReason")].toString(),
              QStringLiteral("failing for 5 days (last: HTTP 500)"));
    EXPECT_GT(status[QStringLiteral("failed")].toInteger(), 0);
    EXPECT_EQ(status[QStringLiteral("lastError")].toString(),
              QStringLiteral("failing for 5 days (last: HTTP 500)"));
    EXPECT_FALSE(status[QStringLiteral("failingSince")].isNull());

    ASSERT_TRUE(QTest::qWaitFor([&] { return !deleted.accepted().empty(); }, 20000));
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_deleteWebhook"),
                          QJsonArray{deletedHook[QStringLiteral("id")],
                                     deletedHook[QStringLiteral("secret")]}),
              QJsonValue(true));
    // Disabled and deleted webhooks are called no more.
    const std::size_t goneCalls = gone.requests().size();
    const std::size_t failingCalls = failing.requests().size();
    QTest::qWait(50); // a delivery on the wire when it was deleted may still land
    const std::size_t deletedCalls = deleted.requests().size();
    const std::uint64_t head = d.head();
    ASSERT_TRUE(d.waitForHeight(head + 5));
    QTest::qWait(100);
    EXPECT_EQ(gone.requests().size(), goneCalls);
    EXPECT_EQ(failing.requests().size(), failingCalls);
    EXPECT_EQ(deleted.requests().size(), deletedCalls);
    const QJsonObject afterDelete =
        d.rpc(QStringLiteral("gif_webhookStatus"),
              QJsonArray{deletedHook[QStringLiteral("id")], deletedHook[QStringLiteral("secret")]});
    EXPECT_EQ(afterDelete[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32001);

    // A host the operator named is accepted; others still are not.
    QJsonObject named = d.rpc(
        QStringLiteral("gif_createWebhook"),
        QJsonArray{QJsonObject{{QStringLiteral("url"), QStringLiteral("https://hooks.example/x")},
                               {QStringLiteral("types"), QJsonArray{QStringLiteral("sale")}}}});
    EXPECT_TRUE(named[QStringLiteral("result")][QStringLiteral("id")].isString());
    named = d.rpc(
        QStringLiteral("gif_createWebhook"),
        QJsonArray{QJsonObject{{QStringLiteral("url"), QStringLiteral("https://other.example/x")},
                               {QStringLiteral("types"), QJsonArray{QStringLiteral("sale")}}}});
    EXPECT_EQ(named[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32602);
}

TEST(Webhooks, FiltersSendWhatWasAskedForAndRegistrationRefusesWhatItCannotServe)
{
    auto config = DevnetHarness::fastConfig(30, 0.1, false);
    config.rateLimit = false;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    // An object a dev account holds, which the test moves itself.
    std::uint32_t owner = 0;
    QJsonObject object;
    for (; owner < 10 && object.isEmpty(); ++owner)
        object =
            d.get(QStringLiteral("/v1/objects?limit=1&owner=") + toHexString(TxFactory::dev(owner)))
                .data()
                .toArray()
                .first()
                .toObject();
    ASSERT_FALSE(object.isEmpty());
    --owner;
    const std::uint32_t other = (owner + 1) % 10;
    const QString slug = object[QStringLiteral("slug")].toString();
    const QString key = object[QStringLiteral("key")].toString();
    const auto tokenId = static_cast<std::uint64_t>(object[QStringLiteral("tokenId")].toInteger());

    WebhookReceiver byKey, byAddress, elsewhere;
    createHook(d, byKey,
               {{QStringLiteral("types"), QJsonArray{QStringLiteral("transfer")}},
                {QStringLiteral("key"), key}});
    createHook(d, byAddress, {{QStringLiteral("address"), toHexString(TxFactory::dev(other))}});
    const QString otherSlug = d.get(QStringLiteral("/v1/collections"))
                                  .data()
                                  .toArray()
                                  .last()[QStringLiteral("slug")]
                                  .toString();
    ASSERT_NE(otherSlug, slug);
    createHook(d, elsewhere, {{QStringLiteral("collection"), otherSlug}});

    TxFactory f;
    d.sendAndWait(f.objectTx(TxKind::TransferObject, owner, slug, tokenId, TxFactory::dev(other)));
    d.sendAndWait(f.objectTx(TxKind::TransferObject, other, slug, tokenId, TxFactory::dev(owner)));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return byKey.accepted().size() == 2 && byAddress.accepted().size() == 2; }, 10000));
    const auto moves = byKey.accepted();
    EXPECT_EQ(moves[0].json[QStringLiteral("data")][QStringLiteral("to")].toString(),
              toHexString(TxFactory::dev(other)));
    EXPECT_EQ(moves[1].json[QStringLiteral("data")][QStringLiteral("to")].toString(),
              toHexString(TxFactory::dev(owner)));
    for (const auto &r : moves)
        EXPECT_EQ(r.json[QStringLiteral("data")][QStringLiteral("key")].toString(), key);
    EXPECT_EQ(byAddress.accepted()[0].id == moves[0].id, false)
        << "each webhook has its own message ids";
    const std::uint64_t head = d.head();
    ASSERT_TRUE(d.waitForHeight(head + 3));
    QTest::qWait(100);
    EXPECT_TRUE(elsewhere.requests().empty());

    // What registration refuses, and how it says so.
    auto refusal = [&](const QJsonValue &params) {
        const QJsonObject r = d.rpc(QStringLiteral("gif_createWebhook"),
                                    params.isArray() ? params.toArray() : QJsonArray{params});
        return std::make_pair(r[QStringLiteral("error")][QStringLiteral("code")].toInt(),
                              r[QStringLiteral("error")][QStringLiteral("message")].toString());
    };
    const QJsonArray sales{QStringLiteral("sale")};
    auto with = [&](const QString &name, const QJsonValue &value) {
        QJsonObject p{{QStringLiteral("url"), byKey.url()}, {QStringLiteral("types"), sales}};
        p.insert(name, value);
        return p;
    };
    const std::vector<std::pair<QJsonValue, QString>> refused{
        {QJsonArray{}, QStringLiteral("takes one object")},
        {QJsonArray{with(QStringLiteral("x"), 1), 2}, QStringLiteral("takes one object")},
        {with(QStringLiteral("url"), QStringLiteral("ftp://127.0.0.1/x")),
         QStringLiteral("http or https")},
        {with(QStringLiteral("url"), QStringLiteral("not a url")), QStringLiteral("http or https")},
        {with(QStringLiteral("url"), QStringLiteral("http://10.0.0.7/hook")),
         QStringLiteral("host 10.0.0.7 is not allowed")},
        {with(QStringLiteral("url"), QStringLiteral("http://169.254.169.254/latest")),
         QStringLiteral("--webhook-hosts")},
        {with(QStringLiteral("url"), QStringLiteral("http://hooks.example/x")),
         QStringLiteral("not allowed")},
        {with(QStringLiteral("types"), QJsonArray{}), QStringLiteral("non-empty array")},
        {with(QStringLiteral("types"), QJsonArray{QStringLiteral("list")}),
         QStringLiteral("unknown type \"list\"")},
        {with(QStringLiteral("collection"), QStringLiteral("no-such-thing")),
         QStringLiteral("no collection")},
        {with(QStringLiteral("address"), QStringLiteral("0x12")), QStringLiteral("40 hexadecimal")},
        {with(QStringLiteral("key"), QStringLiteral("pixel")), QStringLiteral("slug#id")},
        {with(QStringLiteral("secret"), QStringLiteral("mine")),
         QStringLiteral("unknown member \"secret\"")},
    };
    for (const auto &[params, words] : refused) {
        const auto [code, message] = refusal(params);
        EXPECT_EQ(code, -32602) << message.toStdString();
        EXPECT_TRUE(message.contains(words)) << message.toStdString();
    }
    // Loopback by any name is the receiver's own machine.
    for (const QString &url :
         {QStringLiteral("http://localhost:9/x"), QStringLiteral("http://[::1]:9/x"),
          QStringLiteral("https://127.0.0.2/x")})
        EXPECT_TRUE(d.rpcResult(QStringLiteral("gif_createWebhook"),
                                QJsonArray{with(QStringLiteral("url"), url)})
                        .toObject()
                        .contains(QStringLiteral("secret")))
            << url.toStdString();

    // Status and deletion want the secret, and do not say which part was wrong.
    const QJsonObject hook = createHook(d, byKey);
    for (const QJsonArray &params :
         {QJsonArray{hook[QStringLiteral("id")], QStringLiteral("whsec_wrong")},
          QJsonArray{QStringLiteral("wh_0000000000000000"), hook[QStringLiteral("secret")]}}) {
        for (const QString &method :
             {QStringLiteral("gif_webhookStatus"), QStringLiteral("gif_deleteWebhook")}) {
            const QJsonObject r = d.rpc(method, params);
            EXPECT_EQ(r[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32001);
            EXPECT_EQ(r[QStringLiteral("error")][QStringLiteral("message")].toString(),
                      QStringLiteral("no webhook with this id and secret"));
        }
    }
    const QJsonObject fresh = hookStatus(d, hook);
    EXPECT_EQ(fresh[QStringLiteral("pending")].toInteger(), 0);
    EXPECT_EQ(fresh[QStringLiteral("delivered")].toInteger(), 0);
    EXPECT_TRUE(fresh[QStringLiteral("lastAttempt")].isNull());
    EXPECT_TRUE(fresh[QStringLiteral("collection")].isNull());
    EXPECT_EQ(fresh[QStringLiteral("createdHeight")], hook[QStringLiteral("height")]);
}

TEST(Webhooks, AReceiverThatDoesNotKeepUpIsLetGoNotFollowedOntoTheDisk)
{
    auto config = hookConfig(1e-4);
    config.webhookMaxPending = 5;
    config.webhookTimeoutMs = 2000;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    WebhookReceiver silent;
    silent.script(std::deque<WebhookReceiver::Reply>(100, {0, {}, "hang"}));
    const QJsonObject hook = createHook(d, silent);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return hookStatus(d, hook)[QStringLiteral("disabled")].toBool(); }, 20000));
    const QJsonObject status = hookStatus(d, hook);
    EXPECT_EQ(status[QStringLiteral("disabledReason")].toString(),
              QStringLiteral("more than 5 deliveries pending: the receiver does not keep up"));
    EXPECT_EQ(status[QStringLiteral("pending")].toInteger(), 0) << "its queue is dropped";
}
