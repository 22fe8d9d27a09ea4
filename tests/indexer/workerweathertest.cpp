// A webhook worker through the database's weather: PostgreSQL restarted
// under it, and stopped when the worker starts. Either way it waits, says
// so once, connects again and goes on, and each event reaches its receiver
// once, in order (a delivery whose acknowledgement the restart cut may go
// again under its id, which the receiver keeps once). The follower's and
// the read servers' own weather is tested with them.
#include "tests/support/activityfeed.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/webhookchecks.h"
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <memory>

using namespace gifscan;
using namespace gifscan::test;

namespace {

std::unique_ptr<IndexerProcess> weatheredWorker(const QString &db)
{
    return std::make_unique<IndexerProcess>(
        QStringList{QStringLiteral("webhooks"), QStringLiteral("--db"), db,
                    QStringLiteral("--webhook-retry-scale"), QStringLiteral("0.001"),
                    QStringLiteral("--webhook-timeout"), QStringLiteral("1500"),
                    QStringLiteral("--webhook-hosts"), QStringLiteral("127.0.0.1")});
}

// The stored head as the read server answers it, 0 while it cannot.
std::uint64_t headOf(IndexerProcess &server)
{
    const HttpResult r = Http().get(server.base() + QStringLiteral("/v1/blocks?limit=1"));
    return r.status == 200
               ? static_cast<std::uint64_t>(r.json().value(QStringLiteral("height")).toInteger())
               : 0;
}

} // namespace

TEST(WorkerWeather, ARestartedOrLateDatabaseIsWaitedForAndNothingIsLost)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("weather"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.2")));
    ASSERT_TRUE(node.started());
    IndexerProcess follower(db, node);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), db,
                           QStringLiteral("--rpc"), node.rpcUrl(), QStringLiteral("--rate-limit"),
                           QStringLiteral("off")});
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();
    WebhookReceiver receiver;
    const QJsonObject hook = createHook(server.rpc(), receiver);
    ASSERT_FALSE(hook.isEmpty()) << server.log().toStdString();
    const auto from =
        static_cast<std::uint64_t>(hook.value(QStringLiteral("height")).toInteger()) + 1;

    // Restarted under a worker that is delivering.
    auto worker = weatheredWorker(db);
    ASSERT_TRUE(QTest::qWaitFor([&] { return receiver.accepted().size() >= 3; }, 30000))
        << worker->log().toStdString();
    ASSERT_TRUE(pg.restart()) << pg.error().toStdString();
    const std::size_t before = receiver.accepted().size();
    EXPECT_TRUE(QTest::qWaitFor([&] { return receiver.accepted().size() >= before + 3; }, 60000))
        << "no delivery after the restart: " << worker->log().toStdString();
    EXPECT_EQ(worker->process().state(), QProcess::Running) << worker->log().toStdString();
    EXPECT_FALSE(worker->log().contains(QLatin1String("damaged"))) << worker->log().toStdString();
    // Ended as a supervisor ends it: its leases given back, not left to run out.
    worker->process().terminate();
    EXPECT_TRUE(worker->process().waitForFinished(15000)) << worker->log().toStdString();
    EXPECT_EQ(worker->process().exitCode(), 0) << worker->log().toStdString();
    EXPECT_TRUE(worker->log().contains(QLatin1String("stopping: asked to by a signal")))
        << "a stop, said: " << worker->log().toStdString();

    // Started while the database is away.
    ASSERT_TRUE(pg.stop()) << pg.error().toStdString();
    worker = weatheredWorker(db);
    QTest::qWait(1500);
    EXPECT_EQ(worker->process().state(), QProcess::Running) << worker->log().toStdString();
    ASSERT_TRUE(pg.start()) << pg.error().toStdString();
    std::uint64_t to = 0;
    ASSERT_TRUE(QTest::qWaitFor([&] { return (to = headOf(server)) >= from + 40; }, 60000))
        << follower.log().toStdString() << server.log().toStdString();
    EXPECT_EQ(worker->log().count(QLatin1String("waiting for it")), 1)
        << "said once: " << worker->log().toStdString();

    Http http;
    const auto expected = activityBetween(http, node.baseUrl(), from, to);
    ASSERT_GT(expected.size(), 20u);
    ASSERT_TRUE(awaitAll(receiver, expected, 60000)) << worker->log().toStdString();
    expectExactlyOnceInOrder(receiver, expected, to, from, Repeats::Deduplicated);
    EXPECT_EQ(worker->process().state(), QProcess::Running) << worker->log().toStdString();
}
