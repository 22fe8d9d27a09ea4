// The desktop explorer on an indexer's read server, unchanged: the session
// given the server's REST, JSON-RPC and websocket URLs follows live heads,
// checks each header against the devnet's validators, and proves an owner
// on the object page, as against the node.
#include "tests/views/explorer.h"

#include "models/objectpagemodel.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/widgets.h"
#include "views/blockpage.h"
#include "views/objectpage.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <set>

using namespace gifscan;
using namespace gifscan::test;

TEST(ExplorerOnAReadServer, FollowsHeadsAndProvesOwnersAsOnTheNode)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("explorer"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.5")));
    ASSERT_TRUE(node.started());
    IndexerProcess follower(db, node);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), db,
                           QStringLiteral("--rpc"), node.rpcUrl(), QStringLiteral("--rate-limit"),
                           QStringLiteral("off")});
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();

    Explorer e(QUrl(server.base()), QUrl(server.rpc()), QUrl(server.ws()));
    e.session.start();
    // Live: heads come over the server's websocket (the follower's NOTIFY),
    // each header checked against the validators.
    QSignalSpy heads(&e.session.sync(), &LiveSync::headDelivered);
    ASSERT_TRUE(QTest::qWaitFor([&] { return heads.count() >= 3; }, 30000))
        << server.log().toStdString();
    for (const auto &head : heads)
        EXPECT_TRUE(head.at(1).toBool()) << "a header the validators signed";
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().liveBlocks->rowCount() > 0; }, 10000));
    // The server keeps its answers for as long as its head stands: asked
    // again as blocks come, each answer is of the height it says.
    std::set<qint64> seen;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const HttpResult r = Http().get(server.base() + QStringLiteral("/v1/blocks?limit=1"));
            const qint64 said = r.header("X-Block-Height").toLongLong();
            EXPECT_EQ(r.data().toArray().first()[QStringLiteral("height")].toInteger(), said);
            seen.insert(said);
            return seen.size() >= 3;
        },
        20000));

    // A block page: its header verified.
    const std::uint64_t height = *e.session.feed().height();
    ASSERT_TRUE(e.window.search(QString::number(height)));
    QSignalSpy checked(e.session.pages().block, &BlockPageModel::checked);
    ASSERT_TRUE(checked.wait(10000));
    EXPECT_TRUE(e.session.pages().block->check().verified());
    EXPECT_TRUE(
        e.window.page<BlockPage>()->badgeText().contains(QStringLiteral("Header verified")));

    // An object page: its owner proven, as the node's would be.
    const QString key = Http()
                            .get(server.base() + QStringLiteral("/v1/objects?limit=1"))
                            .data()
                            .toArray()
                            .first()[QStringLiteral("key")]
                            .toString();
    ASSERT_FALSE(key.isEmpty());
    ASSERT_TRUE(e.window.search(key));
    ObjectPageModel &object = *e.session.pages().object;
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 10000));
    ASSERT_TRUE(clickButton(e.window.page<ObjectPage>(), QStringLiteral("&Verify")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 10000));
    EXPECT_TRUE(object.report()->proven());
    EXPECT_TRUE(e.window.page<ObjectPage>()->badgeText().contains(QStringLiteral("Verified")));
    EXPECT_TRUE(e.window.page<ObjectPage>()->ownerText().contains(
        toHexString(object.report()->verdict.owner)));
}
