// The Live page's figures over a real devnet's blocks and mempool, and the
// activity feed's thumbnails.
#include "models/livefigures.h"

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "core/sync/livesync.h"
#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "models/thumbnailcache.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "tests/support/fakeindex.h"
#include "tests/support/txfactory.h"

#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(LiveFigures, AverageBlockTimeThroughputAndPendingFromTheNode)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, true));
    ASSERT_TRUE(d.ok());
    ASSERT_TRUE(d.waitForHeight(3));
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    WebSocketStream stream(QUrl(d.endpoints().wsUrl));
    RpcClient rpc(QUrl(d.endpoints().rpcUrl), &http);
    LiveSync sync(NetworkProfile{QStringLiteral("devnet"), QUrl(d.endpoints().baseUrl),
                                 QUrl(d.endpoints().rpcUrl), QUrl(d.endpoints().wsUrl), kChainId,
                                 TrustAnchor::devnet()},
                  &rest, &rpc, &stream);
    BlockListModel blocks(&rest);
    ModelTester tester(&blocks);
    LiveFigures figures(&blocks, &rest);
    EXPECT_FALSE(figures.averageBlockSeconds());
    EXPECT_EQ(figures.averageText(), QStringLiteral("—"));
    QObject::connect(&blocks, &BlockListModel::firstPageLoaded, &sync,
                     [&](quint64 top) { sync.start(top); });
    QObject::connect(&sync, &LiveSync::headDelivered, &blocks, &BlockListModel::addHead);
    blocks.fetchMore({});

    // A transaction five nonces ahead of its account waits in the mempool.
    TxFactory f;
    for (int skipped = 0; skipped < 5; ++skipped)
        f.transfer(8, TxFactory::dev(9), 1);
    const Bytes waiting = f.transfer(8, TxFactory::dev(9), 1);
    const QJsonObject sent =
        d.rpc(QStringLiteral("gif_sendRawTransaction"), {toHexString(waiting)});
    ASSERT_TRUE(sent.contains(QStringLiteral("result"))) << toHexString(waiting).toStdString();

    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return figures.blocksMeasured() >= 12 && figures.pending().value_or(0) >= 1; },
        15000))
        << figures.blocksMeasured() << " blocks, pending " << figures.pendingText().toStdString();

    // Measured as the rows say, genesis left out.
    const int n = figures.blocksMeasured();
    ASSERT_LE(n, LiveFigures::kWindow);
    std::uint64_t transactions = 0;
    for (int r = 0; r + 1 < n; ++r)
        transactions += blocks.header(r).txCount;
    const auto newest = static_cast<double>(blocks.header(0).timestamp);
    const auto oldest = static_cast<double>(blocks.header(n - 1).timestamp);
    ASSERT_TRUE(figures.averageBlockSeconds());
    EXPECT_DOUBLE_EQ(*figures.averageBlockSeconds(), (newest - oldest) / (n - 1));
    EXPECT_LT(*figures.averageBlockSeconds(), 1.0) << "a block every 0.1 s";
    if (newest > oldest) {
        ASSERT_TRUE(figures.transactionsPerSecond());
        EXPECT_DOUBLE_EQ(*figures.transactionsPerSecond(),
                         static_cast<double>(transactions) / (newest - oldest));
        EXPECT_NE(figures.tpsText(), QStringLiteral("—"));
    } else { // all within one second of timestamps: no rate to say
        EXPECT_FALSE(figures.transactionsPerSecond());
        EXPECT_EQ(figures.tpsText(), QStringLiteral("—"));
    }
    EXPECT_TRUE(figures.windowText().contains(QString::number(n)));
}

// A node that does not report its mempool: the tile says nothing, not 0.
TEST(LiveFigures, ANodeWithoutAMempoolFigureGetsADash)
{
    FakeIndex index; // answers what it was not given with an error
    index.headers() = FakeIndex::chain(6);
    BlockListModel blocks(&index);
    LiveFigures figures(&blocks, &index);
    blocks.fetchMore({});
    index.deliver(); // the first page of blocks
    ASSERT_GT(blocks.rowCount(), 0);
    EXPECT_EQ(index.asked(QStringLiteral("mempool")), 1) << "asked once the blocks came";
    index.deliver(); // the mempool's answer: none
    EXPECT_FALSE(figures.pending());
    EXPECT_EQ(figures.pendingText(), QStringLiteral("—"));
    EXPECT_EQ(figures.blocksMeasured(), 5) << "genesis left out";
}

TEST(ActivityListModel, RowsShowTheirObjectsAsSmallStills)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 30.0, false));
    ASSERT_TRUE(d.ok());
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    ThumbnailCache thumbnails([&](const QString &slug, std::uint64_t id, QObject *context,
                                  std::function<void(QByteArray)> done) {
        rest.frames(slug, id, std::nullopt, context, [done](const Result<QByteArray> &r) {
            done(r.ok() ? *r.value : QByteArray());
        });
    });
    ActivityListModel feed(&rest);
    ModelTester tester(&feed);
    feed.showThumbnailsFrom(&thumbnails);
    feed.fetchMore({});
    ASSERT_TRUE(QTest::qWaitFor([&] { return feed.rowCount() > 0; }, 5000));
    const QModelIndex cell = feed.index(0, ActivityListModel::ObjectColumn);
    EXPECT_FALSE(cell.data(Qt::DecorationRole).isValid());
    EXPECT_EQ(thumbnails.size(), 0);
    EXPECT_TRUE(thumbnails.idle()) << "a decoration asked for (a view measuring) fetches nothing";
    cell.data(ActivityListModel::WantThumbnailRole); // the cell is painted
    EXPECT_FALSE(feed.index(0, ActivityListModel::TypeColumn).data(Qt::DecorationRole).isValid());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return feed.index(0, ActivityListModel::ObjectColumn)
                .data(Qt::DecorationRole)
                .isValid();
        },
        5000));
    const QImage icon =
        feed.index(0, ActivityListModel::ObjectColumn).data(Qt::DecorationRole).value<QImage>();
    EXPECT_FALSE(icon.isNull());
    EXPECT_LE(std::max(icon.width(), icon.height()), 24);
    EXPECT_EQ(thumbnails.size(), 1) << "only the row painted asked for its object";
}
