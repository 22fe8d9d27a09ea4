// The follower and webhook workers answer an operator as nodes and read
// servers do, on --metrics-port: /health, /ready (the follower's within
// --ready-lag of its node, and 503 while its database is away) and
// /metrics that promtool accepts, with the follower's blocks and heads, a
// worker's queue and deliveries by outcome, and PostgreSQL connections; a
// read server's /metrics adds its answer cache and its connections. Before,
// neither process answered anything, and a dead follower looked alive.
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/promtool.h"
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// Where a process said it answers the operator ("on 127.0.0.1:P"); empty
// if it did not within 20 s, which the caller's requests then show.
QString operatorBase(IndexerProcess &p)
{
    static const QRegularExpression said(
        QStringLiteral("answering /health, /ready and /metrics on ([0-9.]+:[0-9]+)"));
    QString base;
    (void)QTest::qWaitFor(
        [&] {
            const auto m = said.match(p.log());
            if (m.hasMatch())
                base = QStringLiteral("http://") + m.captured(1);
            return !base.isEmpty();
        },
        20000);
    return base;
}

// A sample's value in an exposition (`name` with its labels, if any).
double sample(const QByteArray &metrics, const QString &name)
{
    for (const QByteArray &line : metrics.split('\n'))
        if (line.startsWith(QByteArray(name.toUtf8() + ' ')))
            return line.mid(name.toUtf8().size() + 1).toDouble();
    return -1;
}

} // namespace

TEST(OperatorPorts, TheFollowerAndAWorkerAnswerHealthReadyAndMetrics)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("ops"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.2")));
    ASSERT_TRUE(node.started());
    const QStringList metricsPort{QStringLiteral("--metrics-port"), QStringLiteral("0")};
    IndexerProcess follower(QStringList{QStringLiteral("--db"), db, QStringLiteral("--rpc"),
                                        node.rpcUrl(), QStringLiteral("--ws"), node.wsUrl()} +
                            metricsPort);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), db,
                           QStringLiteral("--rpc"), node.rpcUrl()});
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();
    WebhookReceiver receiver;
    ASSERT_FALSE(createHook(server.rpc(), receiver).isEmpty()) << server.log().toStdString();
    IndexerProcess worker(QStringList{QStringLiteral("webhooks"), QStringLiteral("--db"), db,
                                      QStringLiteral("--webhook-retry-scale"),
                                      QStringLiteral("0.001"), QStringLiteral("--webhook-hosts"),
                                      QStringLiteral("127.0.0.1")} +
                          metricsPort);
    ASSERT_TRUE(QTest::qWaitFor([&] { return receiver.accepted().size() >= 2; }, 30000))
        << worker.log().toStdString();

    Http http;
    const QString following = operatorBase(follower);
    const QString working = operatorBase(worker);
    ASSERT_FALSE(following.isEmpty()) << follower.log().toStdString();
    ASSERT_FALSE(working.isEmpty()) << worker.log().toStdString();
    for (const QString &base : {following, working}) {
        EXPECT_EQ(http.get(base + QStringLiteral("/health")).status, 200);
        EXPECT_TRUE(QTest::qWaitFor(
            [&] { return http.get(base + QStringLiteral("/ready")).status == 200; }, 10000))
            << http.get(base + QStringLiteral("/ready")).body.constData();
        EXPECT_EQ(http.get(base + QStringLiteral("/v1/blocks")).status, 404);
        // The servers' host names and pages: a page that rebinds its own
        // name to this machine, or asks from elsewhere, reads nothing.
        EXPECT_EQ(http.get(base + QStringLiteral("/metrics"), {{"Host", "rebound.example"}}).status,
                  403);
        EXPECT_EQ(http.get(base + QStringLiteral("/metrics"), {{"Origin", "https://evil.example"}})
                      .status,
                  403);
    }

    // Blocks come every 0.2 s; the follower's count is read once it has
    // passed a few, not at whatever height the hooks happened to finish.
    QByteArray followed;
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            followed = http.get(following + QStringLiteral("/metrics")).body;
            return sample(followed, QStringLiteral("gifscan_head_height")) > 5 &&
                   sample(followed, QStringLiteral("gifscan_follower_blocks_total")) > 5;
        },
        15000))
        << followed.constData();
    EXPECT_EQ(promtoolSays(followed), QString()) << followed.constData();
    EXPECT_GT(sample(followed, QStringLiteral("gifscan_follower_blocks_total")), 5);
    EXPECT_GT(sample(followed, QStringLiteral("gifscan_head_height")), 5);
    EXPECT_GE(sample(followed, QStringLiteral("gifscan_node_head_height")),
              sample(followed, QStringLiteral("gifscan_head_height")));
    EXPECT_EQ(sample(followed, QStringLiteral("gifscan_database_up")), 1);
    EXPECT_GE(sample(followed, QStringLiteral("gifscan_postgres_connections")), 2)
        << "the lock's session and the chain's";

    const QByteArray delivering = http.get(working + QStringLiteral("/metrics")).body;
    EXPECT_EQ(promtoolSays(delivering), QString()) << delivering.constData();
    EXPECT_GE(sample(delivering,
                     QStringLiteral("gifscan_webhook_deliveries_total{outcome=\"delivered\"}")),
              2)
        << delivering.constData();
    EXPECT_GE(sample(delivering, QStringLiteral("gifscan_webhook_queue_depth")), 0);

    // The cache is emptied when the head moves (every 0.2 s here): a pair
    // of requests that a block falls between is two misses, so pairs are
    // asked until one lands between two blocks.
    const QString hits = QStringLiteral("gifscan_answer_cache_requests_total{result=\"hit\"}");
    QByteArray served;
    for (int pair = 0; pair < 10 && sample(served, hits) < 1; ++pair) {
        http.get(server.base() + QStringLiteral("/v1/blocks?limit=1&height=3"));
        http.get(server.base() + QStringLiteral("/v1/blocks?limit=1&height=3"));
        served = http.get(server.base() + QStringLiteral("/metrics")).body;
    }
    EXPECT_EQ(promtoolSays(served), QString()) << served.constData();
    EXPECT_GE(sample(served, hits), 1) << served.constData();
    EXPECT_GE(sample(served, QStringLiteral("gifscan_postgres_connections")), 1);

    // The database away: the follower is alive and says it is not ready.
    ASSERT_TRUE(pg.stop()) << pg.error().toStdString();
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            const HttpResult ready = http.get(following + QStringLiteral("/ready"));
            return ready.status == 503 && ready.json().value(QStringLiteral("reason")).toString() ==
                                              QStringLiteral("waiting for the database");
        },
        15000))
        << http.get(following + QStringLiteral("/ready")).body.constData();
    EXPECT_EQ(http.get(following + QStringLiteral("/health")).status, 200);
    EXPECT_EQ(sample(http.get(following + QStringLiteral("/metrics")).body,
                     QStringLiteral("gifscan_database_up")),
              0);
    ASSERT_TRUE(pg.start()) << pg.error().toStdString();
}
