// The request budget on the node and on a read server of a 2,000-object
// genesis: at the default (250 ms), the genesis block (1.2 MB, 2,008
// transactions) and every list sort, forwards and reversed, of all objects
// and of one collection, answer on an idle machine; --request-budget-ms is
// the budget in force on both, so 1 ms cuts the same block (503, and
// JSON-RPC's -32603 time-limit).
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

const QStringList kStillGenesis{QStringLiteral("--ephemeral"), QStringLiteral("--traffic"),
                                QStringLiteral("off"),         QStringLiteral("--block-time"),
                                QStringLiteral("3600"),        QStringLiteral("--rate-limit"),
                                QStringLiteral("off")};

QStringList serveArgs(const QString &db, const DevnetProcess &node, const QStringList &extra = {})
{
    return QStringList{
               QStringLiteral("serve"), QStringLiteral("--db"), db,
               QStringLiteral("--rpc"), node.rpcUrl(),          QStringLiteral("--rate-limit"),
               QStringLiteral("off")} +
           extra;
}

// Every place a list is asked for in an order of its own.
QStringList listPaths()
{
    QStringList out{QStringLiteral("/v1/blocks/0")};
    for (const char *sort : {"id", "rarity", "price", "lastSale", "listed"})
        for (const char *reverse : {"false", "true"})
            for (const char *where : {"", "&collection=block-heads", "&listed=true"})
                out << QStringLiteral("/v1/objects?sort=%1&reverse=%2&limit=100%3")
                           .arg(QLatin1String(sort), QLatin1String(reverse), QLatin1String(where));
    return out;
}

} // namespace

TEST(RequestBudget, TheDefaultAnswersTheGenesisBlockAndEveryListSortOnTheNodeAndAServer)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString db = postgres.createDatabase(QStringLiteral("budget"));
    DevnetProcess node(kStillGenesis);
    ASSERT_TRUE(node.started());
    IndexerProcess follower(db, node);
    IndexerProcess server(serveArgs(db, node));
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();

    Http http;
    for (const QString &base : {node.baseUrl(), server.base()}) {
        for (const QString &path : listPaths()) {
            const HttpResult answer = http.get(base + path);
            EXPECT_EQ(answer.status, 200)
                << QString(base + path).toStdString() << " " << answer.body.left(300).toStdString();
        }
    }
    const HttpResult block = http.get(server.base() + QStringLiteral("/v1/blocks/0"));
    EXPECT_EQ(block.data().toObject().value(QStringLiteral("transactions")).toArray().size(), 2008);
}

TEST(RequestBudget, TheOptionIsTheBudgetOfTheNodeAndOfAServer)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString db = postgres.createDatabase(QStringLiteral("budget"));
    const QStringList tiny{QStringLiteral("--request-budget-ms"), QStringLiteral("1")};
    // The follower reads blocks whole: its node keeps the default.
    DevnetProcess node(kStillGenesis);
    DevnetProcess cutting(kStillGenesis + tiny);
    ASSERT_TRUE(node.started() && cutting.started());
    IndexerProcess follower(db, node);
    IndexerProcess server(serveArgs(db, node, tiny));
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();

    Http http;
    for (const QString &base : {cutting.baseUrl(), server.base()}) {
        const HttpResult cut = http.get(base + QStringLiteral("/v1/blocks/0"));
        EXPECT_EQ(cut.status, 503) << base.toStdString();
        EXPECT_EQ(cut.json()
                      .value(QStringLiteral("error"))
                      .toObject()
                      .value(QStringLiteral("code"))
                      .toString(),
                  QStringLiteral("timeout"));
    }
    for (const QString &rpc : {cutting.rpcUrl(), server.rpc()}) {
        const QJsonObject error = http.rpc(rpc, QStringLiteral("gif_getBlockByHeight"), {0, true})
                                      .value(QStringLiteral("error"))
                                      .toObject();
        EXPECT_EQ(error.value(QStringLiteral("code")).toInt(), -32603) << rpc.toStdString();
        EXPECT_EQ(error.value(QStringLiteral("data")).toObject().value(QStringLiteral("reason")),
                  QStringLiteral("time-limit"))
            << rpc.toStdString() << " " << QJsonDocument(error).toJson().constData();
    }
    // Refused as the node refuses it, in the node's words.
    IndexerProcess refused(
        serveArgs(db, node, {QStringLiteral("--request-budget-ms"), QStringLiteral("0")}));
    ASSERT_TRUE(refused.process().waitForFinished(10000));
    EXPECT_EQ(refused.process().exitCode(), 2);
    EXPECT_TRUE(refused.log().contains(QLatin1String("--request-budget-ms: milliseconds, from 1")))
        << refused.log().toStdString();
}
