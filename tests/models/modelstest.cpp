// The models under QAbstractItemModelTester, fed by a real devnet.
#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "core/sync/livesync.h"
#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "models/collectionlistmodel.h"
#include "models/displayformat.h"
#include "models/networkstatusmodel.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/paging.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace gifscan;
using namespace gifscan::test;

namespace {

struct Rig
{
    explicit Rig(double blockTime = 0.1)
        : d(DevnetHarness::fastConfig(40, blockTime, true)),
          rest(QUrl(d.endpoints().baseUrl), &http), rpc(QUrl(d.endpoints().rpcUrl), &http),
          stream(QUrl(d.endpoints().wsUrl)),
          sync(NetworkProfile{QStringLiteral("devnet"), QUrl(d.endpoints().baseUrl),
                              QUrl(d.endpoints().rpcUrl), QUrl(d.endpoints().wsUrl), kChainId,
                              TrustAnchor::devnet()},
               &rest, &rpc, &stream)
    {
    }
    DevnetHarness d;
    HttpClient http;
    RestClient rest;
    RpcClient rpc;
    WebSocketStream stream;
    LiveSync sync;
};

} // namespace

TEST(BlockListModel, GrowsLiveAtTheTopAndPagesHistoryBelow)
{
    Rig rig;
    ASSERT_TRUE(rig.d.waitForHeight(8));
    BlockListModel model(&rig.rest);
    model.setHeaderVerifier(rig.sync.headerVerifier());
    ModelTester tester(&model);
    model.setPageSize(5);
    QSignalSpy first(&model, &BlockListModel::firstPageLoaded);
    QObject::connect(&model, &BlockListModel::firstPageLoaded, &rig.sync,
                     [&](quint64 top) { rig.sync.start(top); });
    QObject::connect(&rig.sync, &LiveSync::headDelivered, &model, &BlockListModel::addHead);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    ASSERT_TRUE(model.canFetchMore({}));
    model.fetchMore({});
    ASSERT_TRUE(first.wait(5000));
    EXPECT_GE(model.rowCount(), 5); // the tester pages in too
    const std::uint64_t top = first.first().first().toULongLong();

    // Live heads arrive at the top, as inserted rows.
    ASSERT_TRUE(QTest::qWaitFor([&] { return model.rowCount() >= 12; }, 10000));
    EXPECT_EQ(reset.count(), 0);
    EXPECT_GT(model.data(model.index(0, 0), BlockListModel::HeightRole).toULongLong(), top);
    // Rows stay consecutive, newest first, every one verified.
    for (int r = 0; r + 1 < model.rowCount(); ++r) {
        EXPECT_EQ(model.data(model.index(r, 0), BlockListModel::HeightRole).toULongLong(),
                  model.data(model.index(r + 1, 0), BlockListModel::HeightRole).toULongLong() + 1);
        EXPECT_TRUE(model.data(model.index(r, 0), BlockListModel::VerifiedRole).toBool());
    }
    // Paging down reaches genesis and stops.
    ASSERT_TRUE(fetchAll(model));
    EXPECT_EQ(
        model.data(model.index(model.rowCount() - 1, 0), BlockListModel::HeightRole).toULongLong(),
        0u);
    EXPECT_TRUE(model.data(model.index(0, BlockListModel::HashColumn), Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("0x")));
}

TEST(BlockListModel, HoldsNewRowsWhileTheReaderIsAwayAndShowsThemOnAsk)
{
    Rig rig(30.0);
    BlockListModel model(&rig.rest);
    ModelTester tester(&model);
    QSignalSpy first(&model, &BlockListModel::firstPageLoaded);
    model.fetchMore({});
    ASSERT_TRUE(first.wait(5000));
    const int before = model.rowCount();
    QSignalSpy waiting(&model, &LiveListModel::waitingChanged);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.setHolding(true);
    BlockHeader h = model.header(0);
    for (int i = 0; i < 3; ++i) {
        h.height += 1;
        model.addHead(h, true);
    }
    ASSERT_TRUE(waiting.wait(2000));
    EXPECT_EQ(waiting.last().first().toInt(), 3);
    EXPECT_EQ(model.waitingCount(), 3);
    EXPECT_EQ(model.rowCount(), before) << "nothing shifts while held";
    EXPECT_EQ(inserted.count(), 0);
    model.showWaiting();
    EXPECT_EQ(model.rowCount(), before + 3);
    EXPECT_EQ(inserted.count(), 1);
    EXPECT_EQ(waiting.last().first().toInt(), 0);
    EXPECT_TRUE(model.holding()) << "showing is one-off; the reader is still away";
    h.height += 1;
    model.addHead(h, true);
    model.setHolding(false); // back at the top: shown at once
    EXPECT_EQ(model.rowCount(), before + 4);
}

TEST(CollectionListModel, LiveStatsUpdateInPlace)
{
    Rig rig;
    CollectionListModel model(&rig.rest);
    ModelTester tester(&model);
    QSignalSpy refreshed(&model, &CollectionListModel::refreshed);
    model.reload();
    ASSERT_TRUE(refreshed.wait(5000));
    ASSERT_GE(model.rowCount(), 8);
    const QString firstSlug =
        model.data(model.index(0, 0), CollectionListModel::SlugRole).toString();

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QObject::connect(&rig.d.devnet(), &server::NodeServer::blockAnnounced, &model,
                     &CollectionListModel::blockArrived);
    // Traffic lists and sells: some stats change within a few blocks.
    ASSERT_TRUE(QTest::qWaitFor([&] { return changed.count() > 0; }, 15000));
    EXPECT_EQ(reset.count(), 0);
    EXPECT_EQ(model.data(model.index(0, 0), CollectionListModel::SlugRole).toString(), firstSlug)
        << "rows never move under a reader";

    model.setCategory(QStringLiteral("pfp"));
    ASSERT_TRUE(refreshed.wait(5000));
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_EQ(model
                      .data(model.index(r, CollectionListModel::CategoryColumn),
                            DisplayFormat::ExportRole)
                      .toString(),
                  QStringLiteral("pfp"))
            << "the protocol's word in exports; the reader's on screen";
}

TEST(ActivityListModel, FiltersPagesAndLiveEvents)
{
    Rig rig;
    ASSERT_TRUE(rig.d.waitForHeight(5));
    ActivityListModel model(&rig.rest);
    ModelTester tester(&model);
    model.setFilter({QStringLiteral("mint")}, QStringLiteral("pixel-cats"));
    model.fetchMore({});
    ASSERT_TRUE(QTest::qWaitFor([&] { return model.rowCount() > 0; }, 5000));
    for (int r = 0; r < model.rowCount(); ++r) {
        EXPECT_EQ(model.data(model.index(r, ActivityListModel::TypeColumn)).toString(),
                  QStringLiteral("mint"));
        EXPECT_TRUE(model.data(model.index(r, ActivityListModel::ObjectColumn))
                        .toString()
                        .startsWith(QStringLiteral("pixel-cats#")));
    }

    model.setFilter({}, {});
    model.fetchMore({});
    ASSERT_TRUE(QTest::qWaitFor([&] { return model.rowCount() > 0; }, 5000));
    QObject::connect(&rig.sync, &LiveSync::eventDelivered, &model, &ActivityListModel::addEvent);
    rig.sync.start();
    const int before = model.rowCount();
    ASSERT_TRUE(QTest::qWaitFor([&] { return model.rowCount() > before; }, 15000));
    // Newest first.
    for (int r = 0; r + 1 < model.rowCount(); ++r) {
        const auto a = model.entry(r).height, b = model.entry(r + 1).height;
        EXPECT_GE(a, b);
    }
}

// The status bar's model hears the sync through the feed alone: its
// connection, trust and heads, in the models' own words.
TEST(NetworkStatusModel, FollowsTheSyncThroughTheFeed)
{
    Rig rig;
    LiveFeed feed;
    feed.follow(&rig.sync);
    NetworkStatusModel status;
    status.follow(&feed, QStringLiteral("chain-devnet-1"));
    rig.sync.start();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return status.hasHead() && status.stateText() == QStringLiteral("live"); }, 10000));
    EXPECT_EQ(status.state(), LiveFeed::Connection::Live);
    EXPECT_EQ(status.tone(), NetworkStatusModel::Tone::Good);
    EXPECT_EQ(status.trust(), LiveFeed::Trust::Trusted);
    EXPECT_EQ(status.networkName(), QStringLiteral("chain-devnet-1"));
    EXPECT_GE(status.secondsSinceHead(), 0);
    rig.d.devnet().stop();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return status.stateText() != QStringLiteral("live"); }, 10000));
    EXPECT_NE(status.tone(), NetworkStatusModel::Tone::Good);
    EXPECT_EQ(status.state(), feed.connection());
}

TEST(NetworkStatusModel, SaysTheLocalNodeIsDownUntilItIsBack)
{
    NetworkStatusModel status;
    QSignalSpy changed(&status, &NetworkStatusModel::changed);
    EXPECT_TRUE(status.localNodeText().isEmpty());
    status.localNodeDied(true, 0, QStringLiteral("killed"));
    EXPECT_EQ(status.stateText(), QStringLiteral("the local node crashed; restarting it"));
    EXPECT_EQ(status.problem(), QStringLiteral("killed"));
    status.localNodeDied(false, 3, {});
    EXPECT_EQ(status.stateText(),
              QStringLiteral("the local node stopped (exit code 3); restarting it"));
    status.localNodeStarted();
    EXPECT_TRUE(status.localNodeText().isEmpty());
    EXPECT_NE(status.stateText(), QStringLiteral("the local node crashed; restarting it"));
    EXPECT_EQ(changed.count(), 3);
}

TEST(ActivityListModel, SinceAHeightOnly)
{
    Rig rig;
    ASSERT_TRUE(rig.d.waitForHeight(6));
    ManualClock clock; // before the model: it outlives the model's timer
    ActivityListModel model(&rig.rest);
    model.setClock(clock);
    ModelTester tester(&model);
    model.setFilter({}, {}, 4);
    model.fetchMore({});
    ASSERT_TRUE(QTest::qWaitFor([&] { return model.rowCount() > 0; }, 5000));
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_GE(model.entry(r).height, 4u);
    ActivityEntry old = model.entry(0);
    old.id = QStringLiteral("older");
    old.height = 3;
    model.addEvent(old); // live entries obey the filter too
    clock.advance(300);
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_NE(model.entry(r).id, QStringLiteral("older"));
}
