// Which receivers' hosts the node calls, and how it shares one host. The
// attacker's third review: a name listed by --webhook-hosts that resolved
// (or was rebound) to loopback or a private network was called there, as
// the check read the name only.
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

server::ServerConfig hostsConfig()
{
    auto config = DevnetHarness::fastConfig(40, 0.1, true);
    config.rateLimit = false;
    config.webhookRetryScale = 1e-4;
    config.webhookTimeoutMs = 400;
    return config;
}

// hooks.example stands for this machine, as a hostile name server may say.
void resolveToLoopback(server::ServerConfig &config)
{
    config.webhookResolver = [](const QString &host, QObject *, auto done) {
        if (host == QLatin1String("hooks.example"))
            done({QHostAddress(QHostAddress::LocalHost)}, {});
        else
            done({}, QStringLiteral("Host not found"));
    };
}

} // namespace

// A listed name is called only at an address that may be called: loopback
// (or a private network) only where the operator named that address too,
// and then the connection goes to the address checked, Host naming the name.
TEST(WebhookHosts, ANamedHostIsCalledOnlyAtAnAddressThatMayBeCalled)
{
    WebhookReceiver receiver;
    const QString url =
        QStringLiteral("http://hooks.example:%1/hook").arg(QUrl(receiver.url()).port());
    auto config = hostsConfig();
    config.webhookHosts = {QStringLiteral("hooks.example")};
    resolveToLoopback(config);
    {
        DevnetHarness d(config);
        ASSERT_TRUE(d.ok());
        const QJsonObject hook = createHook(d, receiver, {{QStringLiteral("url"), url}});
        ASSERT_TRUE(hook[QStringLiteral("id")].isString());
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return !hookStatus(d, hook)[QStringLiteral("lastError")].isNull(); }, 20000));
        EXPECT_EQ(hookStatus(d, hook)[QStringLiteral("lastError")].toString(),
                  QStringLiteral("host hooks.example resolves to 127.0.0.1, an address of this "
                                 "machine or a private network, which this node calls only if "
                                 "--webhook-hosts names it"));
        EXPECT_TRUE(receiver.requests().empty()) << receiver.requests().size() << " calls";
    }
    // The operator names the address as well: delivered there, by the name.
    config.webhookHosts.append(QStringLiteral("127.0.0.1"));
    DevnetHarness named(config);
    ASSERT_TRUE(named.ok());
    createHook(named, receiver, {{QStringLiteral("url"), url}});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !receiver.accepted().empty(); }, 20000));
    EXPECT_TRUE(receiver.accepted().front().signatureValid);
    EXPECT_EQ(receiver.accepted().front().host,
              QStringLiteral("hooks.example:%1").arg(receiver.port()).toLatin1());
}

// Six webhooks of one owner whose receivers never answer, on the host:port
// where another owner's receiver answers at once: the other owner's
// deliveries go on. Before, Qt's six connections to the host were all the
// first owner's, and the other's waited in Qt's queue, their timeout
// running, while the six hung.
TEST(WebhookHosts, OneOwnersSilentReceiversLeaveAnotherOwnerItsShareOfTheHost)
{
    WebhookReceiver receiver;
    auto config = hostsConfig();
    config.loopbackClientsApart = true;
    config.webhookTimeoutMs = 3000;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QUrl rpc(d.endpoints().rpcUrl);
    auto create = [&](const char *from, const QByteArray &path) {
        const QJsonArray params{QJsonObject{
            {QStringLiteral("url"), receiver.url(QString::fromLatin1(path))},
            {QStringLiteral("types"), QJsonArray{QStringLiteral("mint"), QStringLiteral("sale"),
                                                 QStringLiteral("transfer")}}}};
        return rpcFrom(QHostAddress(QString::fromLatin1(from)), rpc,
                       QStringLiteral("gif_createWebhook"), params)
            .contains(QStringLiteral("result"));
    };
    for (int i = 1; i <= 6; ++i) {
        const QByteArray path = "/silent" + QByteArray::number(i);
        receiver.hangOn(path);
        ASSERT_TRUE(create("127.0.0.2", path));
    }
    // The silent ones hold what they may of the host.
    ASSERT_TRUE(QTest::qWaitFor([&] { return receiver.requests().size() >= 3; }, 10000));
    ASSERT_TRUE(create("127.0.0.3", "/fast"));
    // Well within the silent ones' 3 s: the fast receiver is not queued behind them.
    EXPECT_TRUE(QTest::qWaitFor([&] { return receiver.requestsFor("/fast").size() >= 3; }, 2000))
        << receiver.requestsFor("/fast").size() << " deliveries to the fast receiver, "
        << receiver.requests().size() << " calls in all";
}

// What counts as this machine's or a private network's, in every spelling.
TEST(WebhookHosts, InternalAddressesInEverySpelling)
{
    using server::WebhookTarget;
    for (const char *a :
         {"127.0.0.1", "127.8.9.10", "::1", "10.0.0.7", "172.16.0.1", "172.31.255.254",
          "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::", "fe80::1", "fd00::1",
          "fc00::1", "::ffff:10.0.0.7", "::ffff:127.0.0.1", "224.0.0.1", "255.255.255.255"})
        EXPECT_TRUE(WebhookTarget::isInternal(QHostAddress(QString::fromLatin1(a)))) << a;
    for (const char *a : {"93.184.216.34", "172.32.0.1", "2606:4700::1111", "8.8.8.8"})
        EXPECT_FALSE(WebhookTarget::isInternal(QHostAddress(QString::fromLatin1(a)))) << a;
    const WebhookTarget::Rules rules{{QStringLiteral("hooks.example")}, true};
    EXPECT_TRUE(WebhookTarget::refusal(QHostAddress(QStringLiteral("127.0.0.1")),
                                       QStringLiteral("localhost"), rules)
                    .isEmpty());
    EXPECT_FALSE(WebhookTarget::refusal(QHostAddress(QStringLiteral("127.0.0.1")),
                                        QStringLiteral("localhost"), {{}, false})
                     .isEmpty());
    EXPECT_FALSE(WebhookTarget::refusal(QHostAddress(QStringLiteral("10.1.2.3")),
                                        QStringLiteral("hooks.example"), rules)
                     .isEmpty());
    EXPECT_TRUE(WebhookTarget::refusal(QHostAddress(QStringLiteral("93.184.216.34")),
                                       QStringLiteral("hooks.example"), rules)
                    .isEmpty());
}
