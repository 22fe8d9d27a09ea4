// The SQL layer the chain store is written on, the same on both engines:
// SQLite (the node's file) and PostgreSQL (the indexer's server, a real one
// started for the suite). Each case runs on both.
#include "chain/store/postgresdatabase.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlitedatabase.h"
#include "chain/store/sqlstatement.h"
#include "core/support/clock.h"
#include "tests/support/postgresserver.h"

#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

using namespace gifscan;
using namespace gifscan::chain;
using gifscan::test::PostgresServer;

namespace {

class SqlDatabaseTest : public ::testing::TestWithParam<SqlDatabase::Engine>
{
protected:
    static void SetUpTestSuite() { s_server = new PostgresServer; }
    static void TearDownTestSuite()
    {
        delete s_server;
        s_server = nullptr;
    }
    void SetUp() override
    {
        if (GetParam() == SqlDatabase::Engine::Sqlite) {
            db = std::make_unique<SqliteDatabase>(QString());
            return;
        }
        ASSERT_TRUE(s_server->running()) << s_server->error().toStdString();
        static int n = 0;
        const QString url = s_server->createDatabase(QStringLiteral("sql%1").arg(++n));
        ASSERT_FALSE(url.isEmpty()) << s_server->error().toStdString();
        db = std::make_unique<PostgresDatabase>(url);
    }
    void makeTable()
    {
        db->exec(db->schema("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                            "body BLOB, n INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID"));
    }

    static PostgresServer *s_server;
    std::unique_ptr<SqlDatabase> db;
};
PostgresServer *SqlDatabaseTest::s_server = nullptr;

TEST_P(SqlDatabaseTest, BlobsTextNumbersAndNullRoundTrip)
{
    makeTable();
    const std::array<std::uint8_t, 6> body{0, 1, 0xff, 0, 0x5c, 0x78}; // NULs, "\x"
    SqlStatement in(*db, "INSERT INTO t VALUES(?, ?, ?, ?)");
    in.bind(1, 1);
    in.bind(2, QStringLiteral("Zoë ✓"));
    bindArray(in, 3, body);
    in.bind(4, std::numeric_limits<std::int64_t>::max());
    EXPECT_EQ(in.exec(), 1);
    in.reset();
    in.bind(1, 2);
    in.bind(2, std::string("empty"));
    in.bind(3); // NULL
    in.bind(4, std::int64_t{-5});
    in.exec();

    SqlStatement q(*db, "SELECT name, body, n FROM t WHERE id = ?");
    q.bind(1, 1);
    ASSERT_TRUE(q.executeStep());
    EXPECT_EQ(columnText(q.getColumn(0)), QStringLiteral("Zoë ✓"));
    std::array<std::uint8_t, 6> back{};
    EXPECT_TRUE(readArray(q.getColumn(1), &back));
    EXPECT_EQ(back, body);
    EXPECT_EQ(q.getColumn(2).getInt64(), std::numeric_limits<std::int64_t>::max());
    EXPECT_FALSE(q.executeStep());
    q.reset();
    q.bind(1, 2);
    ASSERT_TRUE(q.executeStep());
    EXPECT_TRUE(q.getColumn(1).isNull());
    EXPECT_EQ(q.getColumn(1).getBytes(), 0);
    EXPECT_EQ(q.getColumn(2).getInt(), -5);
}

TEST_P(SqlDatabaseTest, NumberedParametersRepeatAndTextSortsByBytes)
{
    makeTable();
    SqlStatement in(*db, "INSERT INTO t(id, name) VALUES(?, ?)");
    int id = 0;
    for (const char *name : {"b", "B", "a", "_", "é"}) {
        in.bind(1, ++id);
        in.bind(2, name);
        in.exec();
        in.reset();
    }
    // "?1" twice: one parameter.
    SqlStatement q(*db, "SELECT name FROM t WHERE id >= ?1 OR id = ?1 - 10 ORDER BY name");
    q.bind(1, 1);
    QStringList names;
    while (q.executeStep())
        names << columnText(q.getColumn(0));
    const QStringList bytewise{QStringLiteral("B"), QStringLiteral("_"), QStringLiteral("a"),
                               QStringLiteral("b"), QStringLiteral("é")};
    EXPECT_EQ(names, bytewise) << "UTF-8 bytes, as SQLite orders";
    EXPECT_EQ(db->queryInt("SELECT count(*) FROM t"), 5);
}

TEST_P(SqlDatabaseTest, ConflictsAreTypedAndATransactionRollsBack)
{
    makeTable();
    db->exec("INSERT INTO t(id, name) VALUES(1, 'one')");
    try {
        db->exec("INSERT INTO t(id, name) VALUES(1, 'again')");
        ADD_FAILURE() << "a duplicate key was accepted";
    } catch (const SqlError &e) {
        EXPECT_EQ(e.kind(), SqlError::Kind::Constraint) << e.what();
    }
    SqlStatement up(*db, "INSERT INTO t(id, name) VALUES(?, ?) ON CONFLICT(id) DO UPDATE SET "
                         "name = excluded.name");
    up.bind(1, 1);
    up.bind(2, "replaced");
    up.exec();
    {
        SqlTransaction t(*db);
        db->exec("INSERT INTO t(id, name) VALUES(2, 'never')");
    } // not committed
    EXPECT_EQ(db->queryInt("SELECT count(*) FROM t"), 1);
    SqlStatement q(*db, "SELECT name FROM t");
    ASSERT_TRUE(q.executeStep());
    EXPECT_EQ(columnText(q.getColumn(0)), QStringLiteral("replaced"));
    EXPECT_TRUE(db->hasTable("t"));
    EXPECT_FALSE(db->hasTable("nothing"));
}

TEST_P(SqlDatabaseTest, AReadPastItsDeadlineIsCutAndTheNextIsNot)
{
    // A scan that takes seconds on either engine, cut at 50 ms.
    const std::string slow = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                             "WHERE i < 100000000) SELECT count(*) FROM n";
    db->setDeadline(Clock::steady().nowMs() + 50);
    try {
        db->queryInt(slow);
        ADD_FAILURE() << "the scan ran to its end";
    } catch (const SqlError &e) {
        EXPECT_EQ(e.kind(), SqlError::Kind::Interrupted) << e.what();
    }
    db->setDeadline(std::nullopt);
    db->recoverFromCut();
    EXPECT_EQ(db->queryInt("SELECT 1 + 1"), 2);
}

// A collection's name or a trait may hold any text the protocol allows, a
// NUL among it: stored whole, compared and sorted by its bytes, on both.
TEST_P(SqlDatabaseTest, TextWithANulIsKeptWholeAndSortsByItsBytes)
{
    makeTable();
    const std::string withNul("Red\0x", 5);
    SqlStatement in(*db, "INSERT INTO t(id, name) VALUES(?, ?)");
    in.bind(1, 1);
    in.bind(2, withNul);
    in.exec();
    in.reset();
    in.bind(1, 2);
    in.bind(2, std::string("Red"));
    in.exec();
    SqlStatement q(*db, "SELECT id, name FROM t WHERE name = ?");
    q.bind(1, withNul);
    ASSERT_TRUE(q.executeStep());
    EXPECT_EQ(q.getColumn(0).getInt(), 1);
    EXPECT_EQ(std::string(q.getColumn(1).text()), withNul);
    EXPECT_FALSE(q.executeStep()) << "\"Red\" is not \"Red\\0x\"";
    SqlStatement order(*db, "SELECT id FROM t ORDER BY name");
    ASSERT_TRUE(order.executeStep());
    EXPECT_EQ(order.getColumn(0).getInt(), 2) << "a prefix sorts first";
}

// A request's scan cut at its deadline inside its snapshot: the deadline
// cleared and the transaction ended without a throw, and the next request
// reads (a throw here once ended a read server).
TEST_P(SqlDatabaseTest, ACutInsideATransactionEndsCleanly)
{
    db->exec("BEGIN");
    db->setDeadline(Clock::steady().nowMs() + 30);
    EXPECT_THROW(db->queryInt("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                              "WHERE i < 100000000) SELECT count(*) FROM n"),
                 SqlError);
    EXPECT_NO_THROW(db->setDeadline(std::nullopt));
    db->recoverFromCut();
    EXPECT_NO_THROW(db->exec("COMMIT"));
    EXPECT_EQ(db->queryInt("SELECT 40 + 2"), 42);
}

// A block's writes, pipelined on PostgreSQL: reads in between see them, a
// failing write fails the transaction at its COMMIT (or the next read) with
// the server's words, nothing of it is kept, and the connection goes on,
// its prepared statements usable; more than the owed-answer bound at once.
TEST_P(SqlDatabaseTest, PipelinedWritesAreSeenByReadsAndAFailureFailsTheirTransaction)
{
    makeTable();
    {
        const SqlPipeline pipeline(*db);
        SqlTransaction t(*db);
        SqlStatement in(*db, "INSERT INTO t(id, name) VALUES(?, ?)");
        for (int i = 1; i <= 1500; ++i) {
            in.bind(1, i);
            in.bind(2, QStringLiteral("n%1").arg(i));
            in.exec();
            in.reset();
        }
        SqlStatement count(*db, "SELECT count(*) FROM t");
        ASSERT_TRUE(count.executeStep());
        EXPECT_EQ(count.getColumn(0).getInt64(), 1500);
        count.reset();
        t.commit();
    }
    EXPECT_EQ(db->queryInt("SELECT count(*) FROM t"), 1500);
    bool failedAtCommit = false;
    {
        const SqlPipeline pipeline(*db);
        try {
            SqlTransaction t(*db);
            SqlStatement in(*db, "INSERT INTO t(id, name) VALUES(?, ?)");
            for (int id : {2000, 7, 2001}) { // 7 is there already
                in.bind(1, id);
                in.bind(2, "again");
                in.exec();
                in.reset();
            }
            t.commit();
        } catch (const SqlError &e) {
            failedAtCommit = true;
            EXPECT_EQ(e.kind(), SqlError::Kind::Constraint) << e.what();
        }
    }
    EXPECT_TRUE(failedAtCommit);
    EXPECT_EQ(db->queryInt("SELECT count(*) FROM t"), 1500) << "nothing of it kept";
    // The same statement text again, after the failure, outside a pipeline.
    SqlStatement in(*db, "INSERT INTO t(id, name) VALUES(?, ?)");
    in.bind(1, 3000);
    in.bind(2, "after");
    EXPECT_EQ(in.exec(), 1);
}

INSTANTIATE_TEST_SUITE_P(Engines, SqlDatabaseTest,
                         ::testing::Values(SqlDatabase::Engine::Sqlite,
                                           SqlDatabase::Engine::Postgres),
                         [](const ::testing::TestParamInfo<SqlDatabase::Engine> &p) {
                             return p.param == SqlDatabase::Engine::Sqlite ? "Sqlite" : "Postgres";
                         });

TEST(PostgresNumbering, QuestionMarksBecomeDollarsOutsideQuotes)
{
    int n = 0;
    EXPECT_EQ(PostgresDatabase::numbered("SELECT ? , '?', ?", &n), "SELECT $1 , '?', $2");
    EXPECT_EQ(n, 2);
    EXPECT_EQ(PostgresDatabase::numbered("a = ?2 AND b = ?1 AND c = ?2", &n),
              "a = $2 AND b = $1 AND c = $2");
    EXPECT_EQ(n, 2);
    // As SQLite: a bare ? is one past the largest so far.
    EXPECT_EQ(PostgresDatabase::numbered("?2, ?", &n), "$2, $3");
    EXPECT_EQ(n, 3);
    EXPECT_EQ(PostgresDatabase::numbered("SELECT \"a?\" -- b?\n, ? /* ? */", &n),
              "SELECT \"a?\" -- b?\n, $1 /* ? */");
    EXPECT_EQ(n, 1);
    EXPECT_THROW(PostgresDatabase::numbered("?99999999999", &n), SqlError);
}

} // namespace

// SQLite's statements kept for reuse: a statement given back is taken
// again, not prepared anew, and SQL a request shapes cannot fill the cache
// for good: the least recently given back leave first.
TEST(SqliteStatements, KeptForReuseAndBoundedLeastRecentlyUsedFirst)
{
    SqliteDatabase db{QString()};
    db.setStatementCacheSize(4);
    const auto live = [&db] {
        int n = 0;
        for (sqlite3_stmt *s = sqlite3_next_stmt(db.handle().getHandle(), nullptr); s;
             s = sqlite3_next_stmt(db.handle().getHandle(), s))
            ++n;
        return n;
    };
    for (int i = 0; i < 10; ++i) {
        SqlStatement q(db, "SELECT " + std::to_string(i));
        ASSERT_TRUE(q.executeStep());
    }
    EXPECT_EQ(live(), 4); // the last four, the six before finalized
    {
        SqlStatement hot(db, "SELECT 9"); // given back last: still kept
        EXPECT_EQ(live(), 4);
        ASSERT_TRUE(hot.executeStep());
        EXPECT_EQ(hot.getColumn(0).getInt64(), 9);
    }
    {
        SqlStatement cold(db, "SELECT 0"); // long gone: prepared again
        EXPECT_EQ(live(), 5);
    }
    EXPECT_EQ(live(), 4);
    // A statement given back after an error is finalized, not kept.
    db.exec("CREATE TABLE t (k INTEGER PRIMARY KEY)");
    db.exec("INSERT INTO t VALUES (1)");
    const int before = live();
    try {
        SqlStatement insert(db, "INSERT INTO t VALUES (1)");
        insert.exec();
        ADD_FAILURE() << "a duplicate key was inserted";
    } catch (const SqlError &e) {
        EXPECT_EQ(e.kind(), SqlError::Kind::Constraint);
    }
    EXPECT_LE(live(), before);
    db.setStatementCacheSize(0);
    EXPECT_EQ(live(), 0);
}

// Statements whose text grows with a list (a filter repeated a thousand
// ways) are bounded by what they hold, not only by their count: 256 of the
// largest took the node from 244 to 1,498 MB. At most 4 MiB are kept.
TEST(SqliteStatements, BoundedByTheirBytesAsWellAsTheirCount)
{
    SqliteDatabase db{QString()};
    const sqlite3_int64 before = sqlite3_memory_used();
    std::string list = "?";
    for (int i = 0; i < 120; ++i) {
        for (int more = 0; more < 100; ++more)
            list += ",?";
        SqlStatement q(db, "SELECT 1 WHERE 0 IN (" + list + ")");
        EXPECT_FALSE(q.executeStep());
    }
    EXPECT_LE(db.statementCacheBytes(), std::size_t{4} * 1024 * 1024);
    EXPECT_GT(db.statementCacheBytes(), std::size_t{1024} * 1024) << "nothing was kept";
    // What SQLite holds in all, the cache's weight with some slack: before,
    // all 120 statements (some 60 MB) stayed.
    EXPECT_LT(sqlite3_memory_used() - before, 12 * 1024 * 1024);
}

// An operator's --db is never printed whole: its password goes, in a URL's
// user info, its query, or a key=value string, quoted or not.
TEST(PostgresDatabase, APasswordIsNeverPrinted)
{
    EXPECT_EQ(
        PostgresDatabase::redacted(QStringLiteral("postgresql://reader:s3cret@db:5432/gifscan")),
        QStringLiteral("postgresql://reader:***@db:5432/gifscan"));
    EXPECT_EQ(PostgresDatabase::redacted(QStringLiteral(
                  "postgresql:///gifscan?host=/run/pg&password=s3cret&sslmode=require")),
              QStringLiteral("postgresql:///gifscan?host=/run/pg&password=***&sslmode=require"));
    EXPECT_EQ(
        PostgresDatabase::redacted(QStringLiteral("host=db user=r password='s3 cret' dbname=g")),
        QStringLiteral("host=db user=r password=*** dbname=g"));
    EXPECT_EQ(PostgresDatabase::redacted(QStringLiteral("host=db PASSWORD = s3cret")),
              QStringLiteral("host=db PASSWORD = ***"));
    EXPECT_EQ(PostgresDatabase::redacted(QStringLiteral("postgresql:///gifscan?host=/run/pg")),
              QStringLiteral("postgresql:///gifscan?host=/run/pg"));
}

// Statements a client's shapes make (a filter repeated a thousand ways)
// are bounded on the server too: past kMostPrepared, or kMostPreparedBytes
// of their text, the least recently used are deallocated, and one asked
// again is prepared again. Before, each stayed for the connection's life
// (748 MB in a backend from 200 requests).
TEST(PostgresStatements, BoundedOnTheServerLeastRecentlyUsedFirst)
{
    PostgresServer server;
    ASSERT_TRUE(server.running()) << server.error().toStdString();
    PostgresDatabase db(server.createDatabase(QStringLiteral("prepared")));
    const auto onServer = [&db] {
        SqlStatement q(db, "SELECT count(*) FROM pg_prepared_statements");
        return q.executeStep() ? q.getColumn(0).getInt64() : -1;
    };
    for (std::size_t i = 0; i < PostgresDatabase::kMostPrepared + 100; ++i) {
        SqlStatement q(db, "SELECT " + std::to_string(i));
        ASSERT_TRUE(q.executeStep());
    }
    EXPECT_EQ(db.preparedCount(), PostgresDatabase::kMostPrepared);
    EXPECT_EQ(onServer(), static_cast<qint64>(PostgresDatabase::kMostPrepared));
    {
        SqlStatement again(db, "SELECT 0"); // deallocated long since: made again
        ASSERT_TRUE(again.executeStep());
        EXPECT_EQ(again.getColumn(0).getInt64(), 0);
    }
    // Long texts are bounded by their bytes before their count.
    const std::string padding(64 * 1024, ' ');
    for (int i = 0; i < 40; ++i) {
        SqlStatement q(db, "SELECT " + std::to_string(i) + padding);
        ASSERT_TRUE(q.executeStep());
    }
    const qint64 held = onServer(); // its own statement among them
    EXPECT_LE(db.preparedCount(), PostgresDatabase::kMostPreparedBytes / padding.size() + 2);
    EXPECT_EQ(held, static_cast<qint64>(db.preparedCount()));
}
