// gifscan-indexer's follower as a process, against a real PostgreSQL and
// real devnets: every height stored once through kill -9 at any moment, a
// second follower waiting for the first, and a block whose state does not
// match its signed header stopping it with the height and both roots.
#include "chain/store/postgresdatabase.h"
#include "chain/store/postgreslistener.h"
#include "chain/store/sqlstatement.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/residentmemory.h"
#include "tests/support/rewritingproxy.h"
#include "tests/support/sanitizers.h"
#include "tests/support/testpaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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
            chain::PostgresDatabase db(url);
            if (!db.hasTable("blocks"))
                return {0, 0};
            chain::SqlStatement q(db, "SELECT count(*), coalesce(max(height) + 1, 0) FROM blocks");
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

// A database restarted under the follower, or not there yet when it
// starts, is weather: it says what it waits for, once, connects again and
// goes on, every height stored once. Before, a restart killed it ("the
// database is damaged: server closed the connection unexpectedly") and one
// started before the database hung for ever.
TEST_F(FollowerTest, ADatabaseRestartedOrNotYetStartedIsWaitedFor)
{
    IndexerProcess f(url, *s_node);
    ASSERT_TRUE(waitForHeight(3)) << f.log().toStdString();
    ASSERT_TRUE(s_server->restart());
    const qint64 after = stored().second;
    ASSERT_TRUE(waitForHeight(after + 3)) << f.log().toStdString();
    EXPECT_EQ(f.process().state(), QProcess::Running) << f.log().toStdString();
    EXPECT_TRUE(f.log().contains(QStringLiteral("connecting again"))) << f.log().toStdString();
    f.kill();

    ASSERT_TRUE(s_server->stop());
    IndexerProcess early(url, *s_node);
    QTest::qWait(1500);
    ASSERT_TRUE(s_server->start());
    const qint64 before = stored().second;
    ASSERT_TRUE(waitForHeight(before + 3)) << early.log().toStdString();
    EXPECT_EQ(early.log().count(QStringLiteral("cannot reach the database")), 1)
        << "said once: " << early.log().toStdString();
    const auto [count, next] = stored();
    EXPECT_EQ(count, next);
}

// Stored blocks past --vacuum-after, at the node's head, its tables are
// vacuumed and analyzed: a read server's planner then knows them, where
// after a catch-up from genesis it had no statistics until autovacuum came.
TEST_F(FollowerTest, AtTheHeadAfterManyBlocksItsTablesAreVacuumedAndAnalyzed)
{
    IndexerProcess f({QStringLiteral("--db"), url, QStringLiteral("--rpc"), s_node->rpcUrl(),
                      QStringLiteral("--ws"), s_node->wsUrl(), QStringLiteral("--vacuum-after"),
                      QStringLiteral("3")});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return f.log().contains(QStringLiteral("vacuumed and analyzed")); }, 60000))
        << f.log().toStdString();
    EXPECT_GE(stored().second, 3);
    chain::PostgresDatabase db(url);
    EXPECT_EQ(db.queryInt("SELECT count(*) FROM pg_stat_user_tables WHERE relname IN "
                          "('blocks', 'object_versions', 'holding_spans', 'listing_spans', "
                          "'trie_nodes') AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL"),
              5);
    EXPECT_FALSE(f.log().contains(QStringLiteral("WARNING"))) << f.log().toStdString();
    ASSERT_TRUE(waitForHeight(stored().second + 2)) << "and it goes on following";
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
    // Past block 6 before the follower starts, so that blocks 0 to 6 come
    // in one batch.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return Http()
                       .rpc(liar.rpcUrl(), QStringLiteral("gif_blockNumber"))
                       .value(QStringLiteral("result"))
                       .toInteger() > 8;
        },
        20000));
    chain::PostgresListener told(url, QStringLiteral("gifscan_blocks"));
    ASSERT_TRUE(told.start());
    QStringList heights;
    QObject::connect(&told, &chain::PostgresListener::notified,
                     [&](const QString &height) { heights << height; });
    IndexerProcess f(url, liar);
    ASSERT_TRUE(f.process().waitForFinished(60000)) << f.log().toStdString();
    EXPECT_EQ(f.process().exitCode(), 1);
    const QString log = f.log();
    EXPECT_TRUE(log.contains(QStringLiteral("block 6 does not match its signed header")))
        << log.toStdString();
    EXPECT_TRUE(log.contains(QStringLiteral("the object root executes to"))) << log.toStdString();
    EXPECT_TRUE(log.contains(QStringLiteral("the holdings root executes to"))) << log.toStdString();
    EXPECT_EQ(stored(), std::make_pair(qint64{6}, qint64{6})) << "blocks 0 to 5, not 6";
    // Blocks 0 to 5 came in the batch block 6 stopped: read servers are
    // told of them all the same (the follower tells once a batch).
    EXPECT_TRUE(QTest::qWaitFor([&] { return heights.contains(QStringLiteral("5")); }, 5000))
        << "told of: " << heights.join(u',').toStdString();
}

} // namespace

// What the follower may hold while it reads one 16 MiB page. Under
// AddressSanitizer what it freed stays resident in quarantine (256 MiB by
// default), which says nothing of what it keeps; the pages counted below
// are checked in every build.
#if GIFSCAN_TEST_ASAN
constexpr double kMaxFollowerMb = 400 + 256;
#else
constexpr double kMaxFollowerMb = 400;
#endif

// A node whose header is signed by nobody and declares 10^12 transactions,
// served in 16 MiB pages whose `next` never ends: the follower checks the
// header on its first page and stops there, saying why, with nothing
// stored. Before, it asked page after page and buffered them (1.9 GB in
// 40 s), silently.
TEST_F(FollowerTest, AnUnsignedHeaderStopsItOnItsFirstPage)
{
    const auto hex = [](int digits, char16_t digit) {
        return QString(QStringLiteral("0x") + QString(digits, QChar(digit)));
    };
    // 8 transactions of 1 MiB (2 MiB of hex) a page: 16 MiB.
    const QString tx = hex(2 * 1024 * 1024, u'a');
    QJsonArray txs;
    for (int i = 0; i < 8; ++i)
        txs.append(tx);
    int pages = 0;
    const auto page = [&](const QJsonValue &id, qint64 height, qint64 from) {
        ++pages;
        const QJsonObject header{{QStringLiteral("height"), height},
                                 {QStringLiteral("hash"), hex(64, u'1')},
                                 {QStringLiteral("parentHash"), hex(64, u'0')},
                                 {QStringLiteral("timestamp"), 1800000000},
                                 {QStringLiteral("proposer"), hex(40, u'2')},
                                 {QStringLiteral("objectRoot"), hex(64, u'3')},
                                 {QStringLiteral("txRoot"), hex(64, u'4')},
                                 {QStringLiteral("txCount"), 1'000'000'000'000LL},
                                 {QStringLiteral("validatorsHash"), hex(64, u'5')},
                                 {QStringLiteral("holdingsRoot"), hex(64, u'6')},
                                 {QStringLiteral("commit"), QJsonArray{}}};
        return QJsonObject{
            {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id},
            {QStringLiteral("result"), QJsonObject{{QStringLiteral("header"), header},
                                                   {QStringLiteral("from"), from},
                                                   {QStringLiteral("transactions"), txs},
                                                   {QStringLiteral("next"), from + txs.size()}}}};
    };
    const auto answer = [&](const QJsonObject &call) -> QJsonValue {
        const QString method = call.value(QStringLiteral("method")).toString();
        const QJsonArray params = call.value(QStringLiteral("params")).toArray();
        if (method == QLatin1String("gif_getRawBlock"))
            return page(call.value(QStringLiteral("id")), params.at(0).toInteger(),
                        params.at(1).toInteger(0));
        return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                           {QStringLiteral("id"), call.value(QStringLiteral("id"))},
                           {QStringLiteral("result"), 1}};
    };
    RewritingProxy node(s_node->rpcUrl(), [&](const QByteArray &request, const QByteArray &) {
        const QJsonDocument body = QJsonDocument::fromJson(RewritingProxy::bodyOf(request));
        QJsonDocument out;
        if (body.isArray()) {
            QJsonArray answers;
            for (const QJsonValue &call : body.array())
                answers.append(answer(call.toObject()));
            out = QJsonDocument(answers);
        } else {
            out = QJsonDocument(answer(body.object()).toObject());
        }
        return RewritingProxy::answerWith(out.toJson(QJsonDocument::Compact), "1");
    });
    IndexerProcess follower({QStringLiteral("--db"), url, QStringLiteral("--rpc"), node.url(),
                             QStringLiteral("--ws"), QStringLiteral("ws://127.0.0.1:1")});
    double most = 0;
    const bool ended = QTest::qWaitFor(
        [&] {
            most = std::max(most, residentMb(follower.process().processId()));
            return follower.process().state() == QProcess::NotRunning;
        },
        30000);
    ASSERT_TRUE(ended) << "still running after " << pages << " pages, " << most << " MiB\n"
                       << follower.log().toStdString();
    EXPECT_EQ(follower.process().exitCode(), 1) << follower.log().toStdString();
    EXPECT_TRUE(follower.log().contains(QStringLiteral("block 0: its header is not proven")))
        << follower.log().toStdString();
    EXPECT_LE(pages, 2) << "pages fetched past the first";
    EXPECT_LT(most, kMaxFollowerMb) << "MiB";
    EXPECT_EQ(stored().first, 0);
}

// Catching up, the follower asks the node for the next batch while it
// stores one (each waited for the other before), and reads back what its
// own blocks wrote from memory, not PostgreSQL (a round trip for each
// account, object version and holder's root a block reads, before).
TEST_F(FollowerTest, AsksForTheNextBatchWhileStoringOneAndReadsItsOwnWritesFromMemory)
{
    const qint64 target = 250;
    const auto nodeHead = [] {
        return Http()
            .rpc(s_node->rpcUrl(), QStringLiteral("gif_blockNumber"))
            .value(QStringLiteral("result"))
            .toInteger();
    };
    ASSERT_TRUE(QTest::qWaitFor([&] { return nodeHead() > target + 50; }, 60000));
    // (the first height a batch asks for, the height stored next when it was asked)
    QList<std::pair<qint64, qint64>> asked;
    RewritingProxy node(s_node->rpcUrl(),
                        [](const QByteArray &, const QByteArray &answer) { return answer; });
    node.onRequest([&](const QByteArray &request) {
        const QJsonArray calls = QJsonDocument::fromJson(RewritingProxy::bodyOf(request)).array();
        const QJsonObject first = calls.at(0).toObject();
        if (first.value(QStringLiteral("method")).toString() == QLatin1String("gif_getRawBlock"))
            asked.append({first.value(QStringLiteral("params"))[0].toInteger(), stored().second});
    });
    IndexerProcess f({QStringLiteral("--db"), url, QStringLiteral("--rpc"), node.url(),
                      QStringLiteral("--ws"), s_node->wsUrl(), QStringLiteral("--rpc-rate"),
                      QStringLiteral("off"), QStringLiteral("--vacuum-after"),
                      QStringLiteral("0")});
    ASSERT_TRUE(waitForHeight(target)) << f.log().toStdString();
    f.process().terminate();
    ASSERT_TRUE(f.process().waitForFinished(20000));

    qsizetype ahead = 0;
    QString seen;
    for (const auto &[from, next] : asked) {
        ahead += next < from;
        seen += QStringLiteral("%1@%2 ").arg(from).arg(next);
    }
    ASSERT_GE(asked.size(), 8) << seen.toStdString();
    // The first batch, and one asked before the node had more, wait.
    EXPECT_GE(ahead, asked.size() - 3)
        << "batches asked while the one below was stored: " << seen.toStdString();

    // Its backend's statistics are flushed when it exits. Those tables are
    // written by INSERT alone, so a scan of their index is a read (a
    // write's own lookup included): 2.7 a transaction measured here, 8.2
    // with each block's reads sent to PostgreSQL (ChainState not the sole
    // writer).
    chain::PostgresDatabase db(url);
    const qint64 transactions = db.queryInt("SELECT count(*) FROM transactions");
    const qint64 reads = db.queryInt("SELECT sum(idx_scan + seq_scan) FROM pg_stat_user_tables "
                                     "WHERE relname IN ('accounts', 'object_versions', "
                                     "'holder_roots')");
    ASSERT_GT(transactions, 100);
    EXPECT_LT(reads, 4 * transactions) << reads << " reads for " << transactions << " transactions";
}
