// Webhook slots as the attacker found them: one address filled all 100
// enabled slots in 0.1 s and all 1,000 stored ones in 13.6 s (with a
// receiver answering 410), and every other client was refused from then
// on, across restarts. Each address has a share; disabled webhooks give
// their slots back; the operator can list and remove (devnet_process_tests).
#include "tests/support/devnetharness.h"
#include "tests/support/webhookreceiver.h"

#include <QTcpSocket>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// One JSON-RPC call over a connection from `from`: another client address
// on the same machine, as the harness's client is 127.0.0.1.
QJsonObject rpcFrom(const QHostAddress &from, const QUrl &url, const QString &method,
                    const QJsonArray &params)
{
    const QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                  {QStringLiteral("id"), 1},
                                  {QStringLiteral("method"), method},
                                  {QStringLiteral("params"), params}})
            .toJson(QJsonDocument::Compact);
    QTcpSocket s;
    s.bind(from);
    s.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(url.port()));
    if (!s.waitForConnected(5000))
        return {};
    s.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: "
            "close\r\nContent-Length: " +
            QByteArray::number(body.size()) + "\r\n\r\n" + body);
    QByteArray answer;
    while (s.waitForReadyRead(5000))
        answer += s.readAll();
    answer += s.readAll();
    return QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
}

QString errorOf(const QJsonObject &r)
{
    return r[QStringLiteral("error")][QStringLiteral("message")].toString();
}

} // namespace

TEST(WebhookSlots, OneAddressHasItsShareAndDisabledOnesGiveTheirSlotsBack)
{
    auto config = DevnetHarness::fastConfig(40, 0.1, true);
    config.rateLimit = false;
    config.webhookMaxPerAddress = 2;
    config.webhookMaxStoredPerAddress = 3;
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
