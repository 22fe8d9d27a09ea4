// gifscan-indexer's follower as a process, against a real PostgreSQL and
// real devnets: every height stored once through kill -9 at any moment, a
// second follower waiting for the first, and a block whose state does not
// match its signed header stopping it with the height and both roots.
#include "chain/store/postgresdatabase.h"
#include "chain/store/sqlstatement.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/testpaths.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <random>

using namespace gifscan;
using namespace gifscan::test;

namespace {

class FollowerTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_server = new PostgresServer;
        s_dir = new QTemporaryDir;
        s_node = new DevnetProcess(
            DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), s_dir->path()));
    }
    static void TearDownTestSuite()
    {
        delete s_node;
        delete s_dir;
        delete s_server;
    }
    void SetUp() override
    {
        ASSERT_TRUE(s_server->running()) << s_server->error().toStdString();
        ASSERT_TRUE(s_node->started());
        static int n = 0;
        url = s_server->createDatabase(QStringLiteral("follower%1").arg(++n));
        ASSERT_FALSE(url.isEmpty()) << s_server->error().toStdString();
    }
    // (blocks stored, highest height + 1): equal when no height is missing.
    // One statement, one snapshot: a follower killed with its last COMMIT
    // already sent has that block committed by the server a moment after
    // the kill, and two statements could see it on either side of it.
    std::pair<qint64, qint64> stored() const
    {
        try {
            devnet::PostgresDatabase db(url);
            if (!db.hasTable("blocks"))
                return {0, 0};
            devnet::SqlStatement q(db, "SELECT count(*), coalesce(max(height) + 1, 0) FROM blocks");
            if (!q.executeStep())
                return {-1, -1};
            return {q.getColumn(0).getInt64(), q.getColumn(1).getInt64()};
        } catch (const std::exception &) {
            return {-1, -1};
        }
    }
    bool waitForHeight(qint64 height, int timeoutMs = 60000) const
    {
        return QTest::qWaitFor([&] { return stored().second > height; }, timeoutMs);
    }

    static PostgresServer *s_server;
    static QTemporaryDir *s_dir;
    static DevnetProcess *s_node;
    QString url;
};
PostgresServer *FollowerTest::s_server = nullptr;
QTemporaryDir *FollowerTest::s_dir = nullptr;
DevnetProcess *FollowerTest::s_node = nullptr;

TEST_F(FollowerTest, KilledAtAnyMomentAndStartedAgainItStoresEveryHeightOnce)
{
    std::mt19937 rng(43);
    qint64 reached = 0;
    for (int round = 0; round < 4; ++round) {
        IndexerProcess f(url, *s_node);
        ASSERT_TRUE(waitForHeight(reached + 3)) << f.log().toStdString();
        // Somewhere inside a block's transaction, or between two.
        QTest::qWait(static_cast<int>(rng() % 300));
        ::kill(static_cast<pid_t>(f.process().processId()), SIGKILL);
        f.process().waitForFinished(5000);
        const auto [count, next] = stored();
        EXPECT_EQ(count, next) << "round " << round << ": a height missing or twice";
        reached = next - 1;
    }
    IndexerProcess f(url, *s_node);
    ASSERT_TRUE(waitForHeight(reached + 10)) << f.log().toStdString();
    const auto [count, next] = stored();
    EXPECT_EQ(count, next);
    EXPECT_TRUE(f.log().contains(QStringLiteral("following from block"))) << f.log().toStdString();
}

TEST_F(FollowerTest, ASecondFollowerWaitsForTheFirstAndTakesOverWhenItStops)
{
    auto first = std::make_unique<IndexerProcess>(url, *s_node);
    ASSERT_TRUE(waitForHeight(2)) << first->log().toStdString();
    IndexerProcess second(url, *s_node);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return second.log().contains(QStringLiteral("another follower is writing")); },
        10000))
        << second.log().toStdString();
    first->kill();
    const qint64 at = stored().second;
    ASSERT_TRUE(waitForHeight(at + 5)) << second.log().toStdString();
    EXPECT_TRUE(second.log().contains(QStringLiteral("following from block")));
    const auto [count, next] = stored();
    EXPECT_EQ(count, next);
}

TEST_F(FollowerTest, ABlockWhoseStateIsNotItsSignedHeadersStopsItWithBothRoots)
{
    QTemporaryDir dir;
    DevnetProcess liar(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--sign-wrong-roots-at 6")));
    ASSERT_TRUE(liar.started());
    IndexerProcess f(url, liar);
    ASSERT_TRUE(f.process().waitForFinished(60000)) << f.log().toStdString();
    EXPECT_EQ(f.process().exitCode(), 1);
    const QString log = f.log();
    EXPECT_TRUE(log.contains(QStringLiteral("block 6 does not match its signed header")))
        << log.toStdString();
    EXPECT_TRUE(log.contains(QStringLiteral("the object root executes to"))) << log.toStdString();
    EXPECT_TRUE(log.contains(QStringLiteral("the holdings root executes to"))) << log.toStdString();
    EXPECT_EQ(stored(), std::make_pair(qint64{6}, qint64{6})) << "blocks 0 to 5, not 6";
}

} // namespace
