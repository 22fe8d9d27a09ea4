// gifscan-indexer serve started before its follower has written anything:
// it waits (a database that holds nothing yet is NotYet), saying so once,
// and answers as soon as the chain's block 0 is stored; a database it
// cannot reach is waited for too (a restart mends it), saying what it waits
// for. Its log lines say time and level, never a password, and each role
// names itself to PostgreSQL. Over a node's own chain.db it needs no
// PostgreSQL at all.
#include "chain/engine/chain.h"
#include "chain/store/postgresdatabase.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlstatement.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/outcomeassert.h"
#include "tests/support/postgresserver.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// Nothing is ever sent there: these servers only read.
const QString kNoNode = QStringLiteral("http://127.0.0.1:9");

chain::ChainOptions smallChain()
{
    chain::ChainOptions o;
    o.objects = 12;
    o.traffic = false;
    o.ephemeral = true;
    return o;
}

} // namespace

TEST(ReadServerStart, WaitsForTheFollowersTablesAndGenesisThenAnswers)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString db = postgres.createDatabase(QStringLiteral("early"));
    ASSERT_FALSE(db.isEmpty()) << postgres.error().toStdString();

    IndexerProcess server(
        {QStringLiteral("serve"), QStringLiteral("--db"), db, QStringLiteral("--rpc"), kNoNode});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return server.log().contains(QLatin1String("holds no chain yet")); }, 30000))
        << server.log().toStdString();
    EXPECT_TRUE(server.log().contains(QLatin1String("waiting for it")))
        << server.log().toStdString();

    // The follower's tables, then its block 0: the server, still waiting
    // (now for a block), takes the chain up on its next try.
    chain::Chain node(smallChain());
    ASSERT_TRUE(holds(node.open()));
    chain::ChainOptions follows;
    follows.database = db;
    follows.follows = true;
    follows.traffic = false;
    chain::Chain follower(follows);
    ASSERT_TRUE(holds(follower.open()));
    EXPECT_EQ(server.process().state(), QProcess::Running) << server.log().toStdString();
    auto genesis = node.store().block(0);
    ASSERT_TRUE(holds(genesis));
    ASSERT_TRUE(holds(follower.follow(genesis.value().header, genesis.value().transactions)));

    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();
    const auto answer = Http().get(server.base() + QStringLiteral("/v1/blocks?limit=1"));
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.header("X-Block-Height").toLongLong(), 0);
    EXPECT_EQ(server.log().count(QLatin1String("waiting for it")), 1) << "said once, not each try";
}

// A database not there yet (not started, restarting, a failover) is
// weather: waited for with a backoff, said once, never the end of the
// server. Before, the server exited at once, and a supervisor's restart
// loop was the only retry.
TEST(ReadServerStart, ADatabaseThatCannotBeReachedIsWaitedFor)
{
    // Port 9 (discard) has no PostgreSQL: the connection is refused.
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"),
                           QStringLiteral("postgresql://127.0.0.1:9/none?connect_timeout=5"),
                           QStringLiteral("--rpc"), kNoNode});
    EXPECT_FALSE(server.process().waitForFinished(4000)) << server.log().toStdString();
    EXPECT_EQ(server.process().state(), QProcess::Running);
    EXPECT_EQ(server.log().count(QLatin1String("waiting for it")), 1)
        << "said once, not each try: " << server.log().toStdString();
    // libpq's own words name where it could not connect.
    EXPECT_TRUE(server.log().contains(QLatin1String("port 9"))) << server.log().toStdString();
}

// Log lines an operator's collector reads: with --log-format json one
// object a line, its time, level, category and message; and a password in
// --db never printed, in either format.
TEST(ReadServerStart, LogLinesSayTimeAndLevelAndNeverAPassword)
{
    IndexerProcess json(
        {QStringLiteral("serve"), QStringLiteral("--log-format"), QStringLiteral("json"),
         QStringLiteral("--db"),
         QStringLiteral("postgresql://reader:s3cret@127.0.0.1:9/none?connect_timeout=5"),
         QStringLiteral("--rpc"), kNoNode});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return json.log().contains(QLatin1String("waiting for it")); }, 10000))
        << json.log().toStdString();
    const QString first = json.log().split(u'\n').first();
    const QJsonObject line = QJsonDocument::fromJson(first.toUtf8()).object();
    EXPECT_EQ(line[QStringLiteral("level")].toString(), QStringLiteral("warning"))
        << first.toStdString();
    EXPECT_EQ(line[QStringLiteral("category")].toString(), QStringLiteral("gifscan.indexer"));
    EXPECT_TRUE(
        QDateTime::fromString(line[QStringLiteral("time")].toString(), Qt::ISODateWithMs).isValid())
        << first.toStdString();
    EXPECT_TRUE(line[QStringLiteral("message")].toString().contains(QLatin1String("reader:***@")));
    EXPECT_FALSE(json.log().contains(QLatin1String("s3cret"))) << json.log().toStdString();

    IndexerProcess text({QStringLiteral("serve"), QStringLiteral("--db"),
                         QStringLiteral("host=127.0.0.1 port=9 password=s3cret connect_timeout=5"),
                         QStringLiteral("--rpc"), kNoNode});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return text.log().contains(QLatin1String("waiting for it")); }, 10000))
        << text.log().toStdString();
    EXPECT_TRUE(text.log().contains(QLatin1String(" warning gifscan.indexer: ")))
        << text.log().toStdString();
    EXPECT_FALSE(text.log().contains(QLatin1String("s3cret"))) << text.log().toStdString();
}

// An operator tells the roles apart in pg_stat_activity: each names itself
// (application_name), unless its --db names another.
TEST(ReadServerStart, EachRoleNamesItselfToPostgres)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString db = postgres.createDatabase(QStringLiteral("roles"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path()));
    ASSERT_TRUE(node.started());
    IndexerProcess follower(db, node);
    IndexerProcess server(
        {QStringLiteral("serve"), QStringLiteral("--db"), db, QStringLiteral("--rpc"), kNoNode});
    IndexerProcess worker({QStringLiteral("webhooks"), QStringLiteral("--db"), db});
    IndexerProcess named({QStringLiteral("webhooks"), QStringLiteral("--db"),
                          db + QStringLiteral("&application_name=hooks-b")});
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();
    const auto names = [&] {
        chain::PostgresDatabase pg(db);
        QStringList out;
        chain::SqlStatement q(pg, "SELECT DISTINCT application_name FROM pg_stat_activity "
                                  "WHERE datname = current_database() ORDER BY 1");
        while (q.executeStep())
            out << chain::columnText(q.getColumn(0));
        return out;
    };
    // This test's own connection is the library's default.
    const QStringList expected{QStringLiteral("gifscan"), QStringLiteral("gifscan-follower"),
                               QStringLiteral("gifscan-serve"), QStringLiteral("gifscan-webhooks"),
                               QStringLiteral("hooks-b")};
    EXPECT_TRUE(QTest::qWaitFor([&] { return names() == expected; }, 20000))
        << names().join(u',').toStdString() << "\n"
        << worker.log().toStdString();
}

// A read server over a node's own chain.db, beside the node that writes it
// (no PostgreSQL at all): it answers as the node does, on its reader
// threads, and takes up the node's blocks by polling the file. Only serve
// takes a file: the follower and the workers are told so and exit.
TEST(ReadServerStart, ServesANodesOwnFileBesideTheNode)
{
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.3")));
    ASSERT_TRUE(node.started());
    const QString file = QDir(dir.path()).filePath(QStringLiteral("chain.db"));
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), file,
                           QStringLiteral("--rpc"), node.rpcUrl(), QStringLiteral("--poll-ms"),
                           QStringLiteral("50"), QStringLiteral("--reader-threads"),
                           QStringLiteral("2")});
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();
    const auto headOf = [](const QString &base) {
        return Http()
            .get(base + QStringLiteral("/v1/blocks?limit=1"))
            .json()
            .value(QStringLiteral("height"))
            .toInteger();
    };
    // It follows the node's head as the node makes blocks.
    const qint64 first = headOf(server.base());
    ASSERT_GE(first, 0) << server.log().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return headOf(server.base()) >= first + 3; }, 20000))
        << server.log().toStdString();
    // Past heights, as the node answers them, by REST, GraphQL and JSON-RPC.
    // A list's second page, by the cursor the server issued at its head (a
    // list ignores `height`; its first pages, each at its own head, which a
    // block every 0.3 s moves between two requests, differed): the node's
    // head is at least the server's, so both answer at the cursor's height.
    QStringList paths{QStringLiteral("/v1/blocks/2")};
    for (const QString &list : {QStringLiteral("/v1/objects?limit=5"),
                                QStringLiteral("/v1/objects?limit=5&sort=price")}) {
        const QString cursor =
            Http().get(server.base() + list).json().value(QStringLiteral("cursor")).toString();
        ASSERT_FALSE(cursor.isEmpty()) << list.toStdString();
        paths.append(list + QStringLiteral("&cursor=") + cursor);
    }
    for (const QString &path : paths) {
        const HttpResult mine = Http().get(server.base() + path);
        EXPECT_EQ(mine.status, 200) << path.toStdString() << mine.body.constData();
        EXPECT_EQ(mine.body, Http().get(node.rest(path)).body) << path.toStdString();
    }
    const QByteArray query =
        QJsonDocument(QJsonObject{{QStringLiteral("query"), QStringLiteral("{ block(height: 2) "
                                                                           "{ hash } }")}})
            .toJson();
    // Only data: extensions.height is each one's head when it answered, and
    // a block every 0.3 s moves it between the two requests.
    const HttpResult mineQl = Http().post(server.base() + QStringLiteral("/graphql"), query);
    const HttpResult nodeQl = Http().post(node.rest(QStringLiteral("/graphql")), query);
    EXPECT_EQ(mineQl.data(), nodeQl.data()) << mineQl.body.constData();
    EXPECT_TRUE(mineQl.data().toObject().value(QStringLiteral("block")).isObject())
        << mineQl.body.constData();
    EXPECT_GE(mineQl.json()[QStringLiteral("extensions")][QStringLiteral("height")].toInteger(),
              first)
        << mineQl.body.constData();
    EXPECT_EQ(Http().rpc(server.rpc(), QStringLiteral("gif_getBlockByHeight"), {2}),
              Http().rpc(node.rpcUrl(), QStringLiteral("gif_getBlockByHeight"), {2}));

    for (const QStringList &others :
         {QStringList{QStringLiteral("--db"), file, QStringLiteral("--rpc"), node.rpcUrl(),
                      QStringLiteral("--ws"), node.wsUrl()},
          QStringList{QStringLiteral("webhooks"), QStringLiteral("--db"), file}}) {
        IndexerProcess refused(others);
        ASSERT_TRUE(refused.process().waitForFinished(20000));
        EXPECT_NE(refused.process().exitCode(), 0);
        EXPECT_TRUE(refused.log().contains(QLatin1String("read by serve alone")))
            << refused.log().toStdString();
    }
}
