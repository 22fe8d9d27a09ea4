// The read side on PostgreSQL's own replication: a read server on a hot
// standby takes each new head from its primary's notification (a standby
// refuses LISTEN; its poll here is a minute, so nothing else could bring
// the heads), and a failover is weather: the primary stopped, the standby
// promoted, the follower (on a two-host URL that wants the writable one)
// and the server's notifications move to it and go on. A server on the
// standby takes no webhook registration, whenever it starts, until the
// standby is promoted.
#include "chain/store/postgresdatabase.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/wsclient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

std::int64_t servedHead(const QString &base)
{
    const HttpResult r = Http().get(base + QStringLiteral("/v1/blocks?limit=1"));
    return r.status == 200 ? r.header("X-Block-Height").toLongLong() : -1;
}

const QLatin1String kReadOnly("the database is read only (a standby): webhooks are registered "
                              "through a server on the primary");

// Whether the webhooks' tables have reached the database at `url`.
bool hasWebhookTables(const QString &url)
{
    try {
        return chain::PostgresDatabase(url).queryInt(
                   "SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                   "'webhooks' AND table_name = 'hooks'") == 1;
    } catch (const std::exception &) {
        return false;
    }
}

} // namespace

TEST(Replicas, AServerOnAStandbyFollowsThePrimarysNewsThroughAFailover)
{
    PostgresServer primary;
    ASSERT_TRUE(primary.running()) << primary.error().toStdString();
    ASSERT_FALSE(primary.createDatabase(QStringLiteral("chain")).isEmpty());
    const auto standby = PostgresServer::standbyOf(primary);
    ASSERT_TRUE(standby->running()) << standby->error().toStdString();
    // Whichever of the two is writable: the follower's, and where its news is.
    const QString writable =
        QStringLiteral(
            "postgresql:///chain?host=%1,%2&user=gifscan&target_session_attrs=read-write")
            .arg(primary.socketDir(), standby->socketDir());

    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.2")));
    ASSERT_TRUE(node.started());
    IndexerProcess follower(QStringList{QStringLiteral("--db"), writable, QStringLiteral("--rpc"),
                                        node.rpcUrl(), QStringLiteral("--ws"), node.wsUrl()});
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"),
                           standby->url(QStringLiteral("chain")), QStringLiteral("--rpc"),
                           node.rpcUrl(), QStringLiteral("--notify-db"), writable,
                           QStringLiteral("--poll-ms"), QStringLiteral("60000")});
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();

    // Heads are pushed as the primary's follower stores them, not a minute
    // later (a request's own answer would read the newest head either way:
    // what is measured is the push).
    WsClient subscriber(server.ws());
    ASSERT_TRUE(subscriber.open());
    ASSERT_FALSE(subscriber.call(QStringLiteral("gif_subscribe"), {QStringLiteral("newHeads")})
                     .value(QStringLiteral("result"))
                     .toString()
                     .isEmpty());
    ASSERT_TRUE(QTest::qWaitFor([&] { return subscriber.notifications().size() > 10; }, 20000))
        << server.log().toStdString() << follower.log().toStdString();

    // Webhooks are registered on the primary. A server started on the
    // standby after the primary made their tables says so, as the one
    // started before it did; it had found the tables and taken
    // registrations it could not write ("cannot execute INSERT in a
    // read-only transaction").
    const QString standbyUrl = standby->url(QStringLiteral("chain"));
    {
        IndexerProcess worker({QStringLiteral("webhooks"), QStringLiteral("--db"), writable});
        ASSERT_TRUE(QTest::qWaitFor([&] { return hasWebhookTables(standbyUrl); }, 30000))
            << worker.log().toStdString();
    }
    EXPECT_TRUE(server.log().contains(kReadOnly)) << server.log().toStdString();
    IndexerProcess late({QStringLiteral("serve"), QStringLiteral("--db"), standbyUrl,
                         QStringLiteral("--rpc"), node.rpcUrl(), QStringLiteral("--notify-db"),
                         writable});
    ASSERT_FALSE(late.base().isEmpty()) << late.log().toStdString();
    EXPECT_TRUE(late.log().contains(kReadOnly)) << late.log().toStdString();
    const QJsonObject refused = Http().rpc(
        late.rpc(), QStringLiteral("gif_createWebhook"),
        {QJsonObject{{QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/hook")},
                     {QStringLiteral("types"), QJsonArray{QStringLiteral("transfer")}}}});
    EXPECT_EQ(refused[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32601)
        << QJsonDocument(refused).toJson().constData();
    // A worker on the standby waits for it to be writable (a promotion),
    // saying so once; it exited 1 as if a restart could not mend it.
    IndexerProcess standbyWorker({QStringLiteral("webhooks"), QStringLiteral("--db"), standbyUrl});
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return standbyWorker.log().contains(
                QLatin1String("webhooks are written on the primary; waiting for it"));
        },
        15000))
        << standbyWorker.log().toStdString();
    EXPECT_EQ(standbyWorker.process().state(), QProcess::Running)
        << standbyWorker.log().toStdString();

    // The failover.
    ASSERT_TRUE(primary.stop()) << primary.error().toStdString();
    ASSERT_TRUE(standby->promote()) << standby->error().toStdString();
    const auto pushed = subscriber.notifications().size();
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return subscriber.notifications().size() > pushed + 10; }, 60000))
        << server.log().toStdString() << follower.log().toStdString();
    EXPECT_GT(servedHead(server.base()), 20);
    EXPECT_EQ(follower.process().state(), QProcess::Running) << follower.log().toStdString();
    EXPECT_TRUE(follower.log().contains(QLatin1String("connecting again until it answers")))
        << follower.log().toStdString();
    EXPECT_FALSE(follower.log().contains(QLatin1String("damaged"))) << follower.log().toStdString();

    // The server started on the standby registers webhooks once it is
    // promoted, without a restart (it asks again every few seconds).
    const auto created = [&] {
        return Http()
            .rpc(late.rpc(), QStringLiteral("gif_createWebhook"),
                 {QJsonObject{{QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/hook")},
                              {QStringLiteral("types"), QJsonArray{QStringLiteral("transfer")}}}})
            .value(QStringLiteral("result"))[QStringLiteral("secret")]
            .toString();
    };
    EXPECT_TRUE(QTest::qWaitFor([&] { return !created().isEmpty(); }, 30000))
        << late.log().toStdString();
    EXPECT_TRUE(late.log().contains(QLatin1String("the database takes writes now (promoted)")))
        << late.log().toStdString();
    EXPECT_EQ(standbyWorker.process().state(), QProcess::Running)
        << standbyWorker.log().toStdString();
}
