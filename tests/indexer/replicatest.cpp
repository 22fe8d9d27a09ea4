// The read side on PostgreSQL's own replication: a read server on a hot
// standby takes each new head from its primary's notification (a standby
// refuses LISTEN; its poll here is a minute, so nothing else could bring
// the heads), and a failover is weather: the primary stopped, the standby
// promoted, the follower (on a two-host URL that wants the writable one)
// and the server's notifications move to it and go on.
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/wsclient.h"

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
}
