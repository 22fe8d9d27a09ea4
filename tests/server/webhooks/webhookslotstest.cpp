// Webhook slots as the attacker found them: one address filled all 100
// enabled slots in 0.1 s and all 1,000 stored ones in 13.6 s (with a
// receiver answering 410), and every other client was refused from then
// on, across restarts. Each address has a share; disabled webhooks give
// their slots back; the operator can list and remove (devnet_process_tests).
#include "tests/support/devnetharness.h"
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QTcpSocket>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QString errorOf(const QJsonObject &r)
{
    return r[QStringLiteral("error")][QStringLiteral("message")].toString();
}

const QHostAddress kLocal(QStringLiteral("127.0.0.1"));

QJsonArray hookParams(const QString &url)
{
    return QJsonArray{QJsonObject{{QStringLiteral("url"), url},
                                  {QStringLiteral("types"), QJsonArray{QStringLiteral("mint")}}}};
}

QJsonObject createFrom(const DevnetHarness &d, const QString &url, const QByteArray &origin = {},
                       const QHostAddress &from = kLocal)
{
    return rpcFrom(from, QUrl(d.endpoints().rpcUrl), QStringLiteral("gif_createWebhook"),
                   hookParams(url), origin);
}

} // namespace

TEST(WebhookSlots, OneAddressHasItsShareAndDisabledOnesGiveTheirSlotsBack)
{
    auto config = DevnetHarness::fastConfig(40, 0.1, true);
    config.rateLimit = false;
    config.webhookMaxPerAddress = 2;
    config.webhookMaxStoredPerAddress = 3;
    // 127.0.0.2 plays another client (by default all of loopback is one).
    config.loopbackClientsApart = true;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    WebhookReceiver gone;   // answers 410 twice: the first two webhooks end disabled
    WebhookReceiver served; // answers 204
    gone.script({{410, {}, {}}, {410, {}, {}}});
    auto create = [&](WebhookReceiver &receiver) {
        return d.rpc(
            QStringLiteral("gif_createWebhook"),
            QJsonArray{QJsonObject{
                {QStringLiteral("url"), receiver.url()},
                {QStringLiteral("types"), QJsonArray{QStringLiteral("mint"), QStringLiteral("sale"),
                                                     QStringLiteral("transfer")}}}});
    };
    auto status = [&](const QJsonObject &hook) {
        const QJsonObject result = hook[QStringLiteral("result")].toObject();
        return d.rpc(QStringLiteral("gif_webhookStatus"),
                     QJsonArray{result[QStringLiteral("id")], result[QStringLiteral("secret")]});
    };
    const QJsonObject a = create(gone);
    const QJsonObject b = create(gone);
    ASSERT_TRUE(b.contains(QStringLiteral("result"))) << errorOf(b).toStdString();
    // A third enabled one is over this address's share.
    const QJsonObject third = create(served);
    EXPECT_EQ(third[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32000);
    EXPECT_EQ(errorOf(third), QStringLiteral("this address has 2 enabled webhooks, the most one "
                                             "address may have: delete one first"));
    // Another address is not held back by it.
    const QJsonObject other = rpcFrom(
        QHostAddress(QStringLiteral("127.0.0.2")), QUrl(d.endpoints().rpcUrl),
        QStringLiteral("gif_createWebhook"),
        QJsonArray{QJsonObject{{QStringLiteral("url"), served.url()},
                               {QStringLiteral("types"), QJsonArray{QStringLiteral("mint")}}}});
    EXPECT_TRUE(other[QStringLiteral("result")][QStringLiteral("secret")].isString())
        << QJsonDocument(other).toJson().constData();

    // The traffic's events reach the 410 receiver: both disabled.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return status(a)[QStringLiteral("result")][QStringLiteral("disabled")].toBool() &&
                   status(b)[QStringLiteral("result")][QStringLiteral("disabled")].toBool();
        },
        20000));
    // Stored: a, b and c make the address's three; d takes the slot of the
    // one disabled longest, whose status is gone with it.
    const QJsonObject c = create(served);
    ASSERT_TRUE(c.contains(QStringLiteral("result"))) << errorOf(c).toStdString();
    const QJsonObject dd = create(served);
    ASSERT_TRUE(dd.contains(QStringLiteral("result"))) << errorOf(dd).toStdString();
    auto reclaimed = [&](const QJsonObject &hook) {
        return status(hook)[QStringLiteral("error")][QStringLiteral("code")].toInt() == -32001;
    };
    ASSERT_NE(reclaimed(a), reclaimed(b)) << "exactly one slot was taken back";
    const QJsonObject &kept = reclaimed(a) ? b : a;
    EXPECT_TRUE(status(kept)[QStringLiteral("result")][QStringLiteral("disabled")].toBool());
    // A fifth is over the enabled share again, and takes no slot for that.
    EXPECT_TRUE(errorOf(create(served)).contains(QStringLiteral("2 enabled webhooks")));
    EXPECT_TRUE(status(kept)[QStringLiteral("result")][QStringLiteral("disabled")].toBool());
}

// Every loopback address is the one machine: eleven of them took all 100
// slots before.
TEST(WebhookSlots, AllOfLoopbackIsOneClient)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.webhookMaxPerAddress = 2;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    for (const char *from : {"127.0.0.2", "127.0.0.3"})
        EXPECT_TRUE(createFrom(d, QStringLiteral("http://127.0.0.1:9/h"), {},
                               QHostAddress(QString::fromLatin1(from)))
                        .contains(QStringLiteral("result")));
    EXPECT_TRUE(errorOf(createFrom(d, QStringLiteral("http://127.0.0.1:9/h"), {},
                                   QHostAddress(QStringLiteral("127.0.0.4"))))
                    .contains(QStringLiteral("2 enabled webhooks")));
}

// A webhook aimed at this machine is a request the node makes to a local
// service on the caller's behalf: made for this machine's programs and the
// pages the user allowed, never for another site's page, and never by a
// node that strangers reach.
TEST(WebhookSlots, ThisMachineIsCalledForItsOwnProgramsAndPagesOnly)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.corsOrigins = {QStringLiteral("*")}; // a public page may read, not aim
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QString docker = QStringLiteral("http://127.0.0.1:2375/v1.43/containers/prune");
    EXPECT_TRUE(createFrom(d, docker).contains(QStringLiteral("result")));
    EXPECT_TRUE(createFrom(d, docker, "http://localhost:5173").contains(QStringLiteral("result")));
    const QJsonObject foreign = createFrom(d, docker, "https://evil.example");
    EXPECT_EQ(errorOf(foreign), QStringLiteral("host 127.0.0.1 is not allowed: a page of another "
                                               "site may not aim webhooks at this machine"));
    EXPECT_FALSE(createFrom(d, QStringLiteral("http://localhost:2375/x"), "https://evil.example")
                     .contains(QStringLiteral("result")));

    // Bound to every address: loopback and private targets are nobody's.
    auto open = DevnetHarness::fastConfig(8, 5.0, false);
    open.host = QHostAddress::AnyIPv4;
    open.webhookHosts = {QStringLiteral("hooks.example")};
    DevnetHarness pub(open);
    ASSERT_TRUE(pub.ok());
    const QUrl rpc(QStringLiteral("http://127.0.0.1:%1").arg(QUrl(pub.endpoints().rpcUrl).port()));
    for (const char *url : {"http://127.0.0.1:2375/x", "http://localhost/x", "http://[::1]/x",
                            "http://10.0.0.7/x", "http://169.254.169.254/latest"}) {
        const QJsonObject r = rpcFrom(kLocal, rpc, QStringLiteral("gif_createWebhook"),
                                      hookParams(QString::fromLatin1(url)));
        EXPECT_TRUE(errorOf(r).contains(QStringLiteral("reached from other machines")))
            << url << ": " << QJsonDocument(r).toJson().constData();
    }
    EXPECT_TRUE(rpcFrom(kLocal, rpc, QStringLiteral("gif_createWebhook"),
                        hookParams(QStringLiteral("https://hooks.example/in")))
                    .contains(QStringLiteral("result")));
}

// The operator (a program on this machine) lists every webhook and removes
// one a page left without knowing its secret; a page lists its own client's
// and removes only with the secret.
TEST(WebhookSlots, TheOperatorListsAndRemovesOverJsonRpc)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.loopbackClientsApart = true; // 127.0.0.2's page is a client of its own
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QUrl rpc(d.endpoints().rpcUrl);
    const QHostAddress pageAddress(QStringLiteral("127.0.0.2"));
    const QByteArray page = "http://localhost:5173";
    const QJsonObject mine = createFrom(d, QStringLiteral("http://127.0.0.1:9/mine"));
    const QJsonObject left =
        createFrom(d, QStringLiteral("http://127.0.0.1:9/left"), page, pageAddress);
    ASSERT_TRUE(left.contains(QStringLiteral("result"))) << errorOf(left).toStdString();
    const QString leftId = left[QStringLiteral("result")][QStringLiteral("id")].toString();

    const QJsonArray all =
        rpcFrom(kLocal, rpc, QStringLiteral("gif_listWebhooks"), {})[QStringLiteral("result")]
            .toArray();
    ASSERT_EQ(all.size(), 2);
    EXPECT_FALSE(QJsonDocument(all).toJson().contains("whsec_"));
    // A page shares its client with the operator's programs: it lists none
    // of theirs (a receiver's URL may hold a token).
    const QJsonObject pages =
        rpcFrom(pageAddress, rpc, QStringLiteral("gif_listWebhooks"), {}, page);
    EXPECT_EQ(pages[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32000);
    EXPECT_TRUE(errorOf(pages).startsWith(QStringLiteral("web pages do not list webhooks")));

    // A page needs the secret; the operator does not.
    EXPECT_EQ(rpcFrom(pageAddress, rpc, QStringLiteral("gif_deleteWebhook"),
                      QJsonArray{mine[QStringLiteral("result")][QStringLiteral("id")]},
                      page)[QStringLiteral("error")][QStringLiteral("code")]
                  .toInt(),
              -32602);
    EXPECT_EQ(rpcFrom(kLocal, rpc, QStringLiteral("gif_deleteWebhook"),
                      QJsonArray{leftId})[QStringLiteral("result")],
              QJsonValue(true));
    EXPECT_EQ(rpcFrom(kLocal, rpc, QStringLiteral("gif_deleteWebhook"),
                      QJsonArray{leftId})[QStringLiteral("error")][QStringLiteral("code")]
                  .toInt(),
              -32001);
    EXPECT_EQ(rpcFrom(kLocal, rpc, QStringLiteral("gif_listWebhooks"), {})[QStringLiteral("result")]
                  .toArray()
                  .size(),
              1);
}

// A target that never acknowledges (nothing listens, or no receiver) is
// disabled after an hour of failures, and its slot is its owner's again;
// dead targets kept their slots for five days.
TEST(WebhookSlots, ADeadTargetGivesItsSlotBackWithinTheHour)
{
    auto config = DevnetHarness::fastConfig(40, 0.1, true);
    config.rateLimit = false;
    config.webhookRetryScale = 1e-3; // an hour is 3.6 s, five days 7 minutes
    config.webhookMaxPerAddress = 1;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QJsonObject dead = createFrom(d, QStringLiteral("http://127.0.0.1:9/nobody"));
    ASSERT_TRUE(dead.contains(QStringLiteral("result")));
    EXPECT_TRUE(errorOf(createFrom(d, QStringLiteral("http://127.0.0.1:9/second")))
                    .contains(QStringLiteral("1 enabled webhooks")));
    const QJsonObject result = dead[QStringLiteral("result")].toObject();
    auto status = [&] {
        return d
            .rpcResult(QStringLiteral("gif_webhookStatus"),
                       QJsonArray{result[QStringLiteral("id")], result[QStringLiteral("secret")]})
            .toObject();
    };
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return status()[QStringLiteral("disabled")].toBool(); }, 20000))
        << QJsonDocument(status()).toJson().constData();
    EXPECT_TRUE(status()[QStringLiteral("disabledReason")].toString().startsWith(
        QStringLiteral("failing for an hour without ever acknowledging a delivery")));
    EXPECT_TRUE(createFrom(d, QStringLiteral("http://127.0.0.1:9/second"))
                    .contains(QStringLiteral("result")));
}
