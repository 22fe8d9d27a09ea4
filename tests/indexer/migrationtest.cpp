// The PostgreSQL schema moves forward by versioned migrations that the
// follower applies while it holds its lock. A database of the oldest
// schema a build wrote (version 3, with blocks in it) is migrated by this
// build's follower, step by step, keeps its blocks and goes on following; it then has the
// very tables, columns and indexes of a database this build made new; so
// has one of version 9 as its build wrote it, frozen in
// tests/golden/postgres-schema-9.sql (opened as it is today, migrated once
// the schema moves on; a table, column or index changed without a
// migration fails it: defaults and constraints are not compared); and
// the holding spans version 8 and the listing spans version 9 (with their
// sellers) fill from the versions are those a new database writes block by
// block. A
// read server started on it first waits for the version it reads, saying
// so. A database of a newer build stops the follower and a server with
// status 1, which a restart would not mend.
#include "chain/store/postgresdatabase.h"
#include "chain/store/postgresmigrations.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlstatement.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/testpaths.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

qint64 queryInt(const QString &url, const char *sql)
{
    try {
        chain::PostgresDatabase db(url);
        return db.hasTable("blocks") ? db.queryInt(sql) : -1;
    } catch (const std::exception &) {
        return -1;
    }
}

qint64 queryInt(const QString &url, const QString &sql)
{
    return queryInt(url, sql.toUtf8().constData());
}

// The tables, columns (with their defaults), constraints and indexes of a
// database, as lines to compare. Constraints by name too: a later migration
// drops one by its name.
QStringList catalog(const QString &url)
{
    chain::PostgresDatabase db(url);
    QStringList out;
    for (const char *sql :
         {"SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || "
          "' default ' || coalesce(column_default, '-') FROM information_schema.columns "
          "WHERE table_schema = 'public' ORDER BY 1",
          "SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) "
          "FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1",
          "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1"}) {
        chain::SqlStatement q(db, sql);
        while (q.executeStep())
            out << chain::columnText(q.getColumn(0));
    }
    return out;
}

// A span table's rows opened by `height`, as they stood at it (one closed
// later is open there), as lines to compare: `columns`, then the closing.
QStringList spansUpTo(const QString &url, const char *table, const char *columns, qint64 height)
{
    chain::PostgresDatabase db(url);
    chain::SqlStatement q(db, std::string("SELECT ") + columns +
                                  " || ' ' || coalesce(CASE WHEN closed <= ?1 THEN closed::text "
                                  "END, 'open') FROM " +
                                  table + " WHERE opened <= ?1 ORDER BY object, opened");
    q.bind(1, height);
    QStringList out;
    while (q.executeStep())
        out << chain::columnText(q.getColumn(0));
    return out;
}

QStringList listingsUpTo(const QString &url, qint64 height)
{
    return spansUpTo(url, "listing_spans",
                     "object || ' ' || opened || ' ' || collection || ' ' || encode(price, 'hex') "
                     "|| ' ' || encode(seller, 'hex')",
                     height);
}

QStringList holdingsUpTo(const QString &url, qint64 height)
{
    return spansUpTo(url, "holding_spans",
                     "object || ' ' || opened || ' ' || encode(owner, 'hex') || ' ' || collection",
                     height);
}

// Runs a file of SQL (pg_dump's) on the database at `url`, as psql does.
bool loadSql(const QString &url, const QString &file)
{
    QProcess psql;
    psql.start(PostgresServer::binary(QStringLiteral("psql")),
               {QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
                QStringLiteral("-f"), file, url});
    const bool ok = psql.waitForFinished(30000) && psql.exitStatus() == QProcess::NormalExit &&
                    psql.exitCode() == 0;
    if (!ok)
        ADD_FAILURE() << "psql -f " << file.toStdString() << ": "
                      << psql.readAllStandardError().toStdString();
    return ok;
}

bool exitsWith(IndexerProcess &p, int status)
{
    return p.process().waitForFinished(30000) && p.process().exitCode() == status;
}

} // namespace

TEST(Migrations, AnOlderDatabaseIsMigratedByTheFollowerAndEqualsANewOne)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString old = postgres.createDatabase(QStringLiteral("old"));
    const QString fresh = postgres.createDatabase(QStringLiteral("fresh"));
    const QString frozen = postgres.createDatabase(QStringLiteral("frozen"));
    ASSERT_TRUE(loadSql(frozen, testsPath(QStringLiteral("golden/postgres-schema-9.sql"))));
    ASSERT_EQ(queryInt(frozen, "SELECT count(*) FROM schema_history"), 6);
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path()));
    ASSERT_TRUE(node.started());
    {
        IndexerProcess follower(old, node);
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return queryInt(old, "SELECT count(*) FROM blocks") > 20; }, 60000))
            << follower.log().toStdString();
    }
    // Version 3 as its builds left it: no schema_history (their followers
    // made activity_by_object themselves at each start), no listings by
    // price or object (version 5's), no sales by height, collection or object (version 6's),
    // no listing spans (version 7's, given their sellers by 9) and no
    // holding spans (version 8's).
    {
        chain::PostgresDatabase db(old);
        db.exec("DROP TABLE schema_history");
        db.exec("DROP TABLE listing_spans");
        db.exec("DROP TABLE holding_spans");
        db.exec("DROP INDEX listings_by_price");
        db.exec("DROP INDEX listings_by_object");
        db.exec("DROP INDEX sales_by_height");
        db.exec("DROP INDEX sales_by_collection");
        db.exec("DROP INDEX sales_by_object");
        db.exec("UPDATE meta SET value = '3' WHERE key = 'schema'");
    }
    const qint64 kept = queryInt(old, "SELECT count(*) FROM blocks");

    IndexerProcess early({QStringLiteral("serve"), QStringLiteral("--db"), old,
                          QStringLiteral("--rpc"), node.rpcUrl()});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return early.log().contains(QLatin1String("has schema version 3, this build reads "
                                                      "version 9: its follower migrates it"));
        },
        30000))
        << early.log().toStdString();
    EXPECT_FALSE(early.process().canReadLine()) << "no ready line before the migration";

    IndexerProcess follower(old, node);
    IndexerProcess frozenFollower(frozen, node);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return queryInt(old, "SELECT count(*) FROM blocks") > kept + 5; }, 60000))
        << follower.log().toStdString();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return queryInt(frozen, "SELECT count(*) FROM blocks") > 5; }, 60000))
        << frozenFollower.log().toStdString();
    EXPECT_TRUE(follower.log().contains(QLatin1String("from schema version 3 to 9")))
        << follower.log().toStdString();
    // One statement: the follower goes on writing between two.
    EXPECT_EQ(queryInt(old, "SELECT CASE WHEN count(*) = max(height) + 1 THEN 1 ELSE 0 END FROM "
                            "blocks"),
              1)
        << "every height once, the old ones kept";
    EXPECT_EQ(
        queryInt(old, "SELECT count(*) FROM schema_history WHERE version IN (4, 5, 6, 7, 8, 9)"),
        6);

    ASSERT_FALSE(early.base().isEmpty()) << early.log().toStdString();
    EXPECT_EQ(Http().get(early.base() + QStringLiteral("/v1/blocks/1")).status, 200);

    IndexerProcess made(fresh, node);
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return queryInt(fresh, "SELECT count(*) FROM blocks") > 0; }, 60000))
        << made.log().toStdString();
    const QStringList migrated = catalog(old);
    EXPECT_GT(migrated.size(), 40);
    EXPECT_EQ(migrated, catalog(fresh));
    EXPECT_EQ(catalog(frozen), catalog(fresh))
        << "the frozen version 9, followed: a schema changed without a migration?";

    // The spans filled from the versions below `kept` and written since are
    // those the new database wrote block by block, up to the height both have.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return queryInt(fresh, "SELECT count(*) FROM blocks") > kept + 5; }, 60000))
        << made.log().toStdString();
    const qint64 both = std::min(queryInt(old, "SELECT max(height) FROM blocks"),
                                 queryInt(fresh, "SELECT max(height) FROM blocks"));
    const QStringList filled = listingsUpTo(old, both);
    EXPECT_GT(
        queryInt(old,
                 QStringLiteral("SELECT count(*) FROM listing_spans WHERE closed < %1").arg(kept)),
        0)
        << "listings ended below the height the spans were filled at";
    EXPECT_GT(filled.size(), 10);
    EXPECT_EQ(filled, listingsUpTo(fresh, both));
    const QStringList held = holdingsUpTo(old, both);
    EXPECT_GT(
        queryInt(old,
                 QStringLiteral("SELECT count(*) FROM holding_spans WHERE closed < %1").arg(kept)),
        0)
        << "objects that changed hands below the height the spans were filled at";
    EXPECT_GT(held.size(), 10);
    EXPECT_EQ(held, holdingsUpTo(fresh, both));
}

// A step whose rows fail to be written is not recorded: the database stays
// at the version before it, whole (migration 8's spans are written
// pipelined, where an error shows only at the next read), and no later
// step runs.
TEST(Migrations, AStepThatFailsIsNotRecorded)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString url = postgres.createDatabase(QStringLiteral("refusing"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path()));
    ASSERT_TRUE(node.started());
    {
        IndexerProcess follower(url, node);
        ASSERT_TRUE(QTest::qWaitFor(
            [&] {
                return queryInt(url, "SELECT count(*) FROM listing_spans") > 0 &&
                       queryInt(url, "SELECT count(*) FROM blocks") > 10;
            },
            60000))
            << follower.log().toStdString();
    }
    // Version 7, with a table of the holding spans' name that takes no row;
    // the listing spans as 7 made them, without the seller 9 adds.
    {
        chain::PostgresDatabase db(url);
        db.exec("ALTER TABLE listing_spans DROP COLUMN seller");
        db.exec("DROP TABLE holding_spans");
        db.exec("DELETE FROM schema_history WHERE version >= 8");
        db.exec("UPDATE meta SET value = '7' WHERE key = 'schema'");
        db.exec("CREATE TABLE holding_spans(object BIGINT NOT NULL, opened BIGINT NOT NULL, "
                "closed BIGINT, owner BYTEA NOT NULL, collection BIGINT NOT NULL, PRIMARY "
                "KEY(object, opened), CHECK (opened < 0))");
    }
    IndexerProcess follower(url, node);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return follower.log().contains(QLatin1String("holding_spans")); }, 30000))
        << follower.log().toStdString();
    EXPECT_EQ(
        queryInt(url, "SELECT convert_from(value, 'UTF8')::int FROM meta WHERE key = 'schema'"), 7)
        << follower.log().toStdString();
    EXPECT_EQ(queryInt(url, "SELECT count(*) FROM schema_history WHERE version >= 8"), 0);
    EXPECT_EQ(queryInt(url, "SELECT count(*) FROM holding_spans"), 0);
    EXPECT_EQ(queryInt(url, "SELECT count(*) FROM information_schema.columns WHERE table_name = "
                            "'listing_spans' AND column_name = 'seller'"),
              0)
        << "no step past the one that failed (9 adds the seller)";
}

TEST(Migrations, ADatabaseOfANewerBuildStopsTheFollowerAndServers)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString url = postgres.createDatabase(QStringLiteral("newer"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path()));
    ASSERT_TRUE(node.started());
    {
        IndexerProcess follower(url, node);
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return queryInt(url, "SELECT count(*) FROM blocks") > 0; }, 60000))
            << follower.log().toStdString();
    }
    {
        chain::PostgresDatabase db(url);
        db.exec("UPDATE meta SET value = '99' WHERE key = 'schema'");
    }
    const char *words = "has schema version 99, this build reads version 9: it was written by a "
                        "newer gifscan";
    IndexerProcess follower(url, node);
    EXPECT_TRUE(exitsWith(follower, 1)) << follower.log().toStdString();
    EXPECT_TRUE(follower.log().contains(QLatin1String(words))) << follower.log().toStdString();
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), url,
                           QStringLiteral("--rpc"), node.rpcUrl()});
    EXPECT_TRUE(exitsWith(server, 1)) << server.log().toStdString();
    EXPECT_TRUE(server.log().contains(QLatin1String(words))) << server.log().toStdString();
    EXPECT_EQ(chain::PostgresMigrations::latest(), 9) << "the words above name this build's";
}
