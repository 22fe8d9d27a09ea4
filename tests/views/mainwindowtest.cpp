// The window offscreen, against a devnet with fast blocks.
#include "core/httpclient.h"
#include "core/livesync.h"
#include "core/restclient.h"
#include "core/rpcclient.h"
#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "models/collectionlistmodel.h"
#include "models/networkstatusmodel.h"
#include "tests/support/devnetharness.h"
#include "views/mainwindow.h"
#include "views/tablepage.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QLabel>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTest>

using namespace gifscan;
using namespace gifscan::test;

TEST(MainWindow, EveryPageOpensAndTheBlocksGrowLive)
{
    DevnetHarness d(DevnetHarness::fastConfig(30, 0.2, true));
    ASSERT_TRUE(d.ok());
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    RpcClient rpc(QUrl(d.endpoints().rpcUrl), &http);
    LiveSync sync({QStringLiteral("chain-devnet-1"), QUrl(d.endpoints().baseUrl), QUrl(d.endpoints().rpcUrl), QUrl(d.endpoints().wsUrl), kChainId, std::nullopt},
                  &rest, &rpc);
    BlockListModel blocks(&rest);
    CollectionListModel collections(&rest);
    ActivityListModel activity(&rest), liveActivity(&rest);
    NetworkStatusModel status;
    status.follow(&sync, QStringLiteral("chain-devnet-1"));
    QObject::connect(&sync, &LiveSync::headDelivered, &blocks, &BlockListModel::addHead);
    QObject::connect(&blocks, &BlockListModel::firstPageLoaded, &sync, [&](quint64 top) { sync.start(top); });

    MainWindow window({&blocks, &blocks, &collections, &activity, &liveActivity, &status});
    window.show();
    blocks.fetchMore({});
    collections.reload();
    activity.fetchMore({});
    liveActivity.fetchMore({});

    for (auto page : {MainWindow::BlocksPage, MainWindow::CollectionsPage, MainWindow::ActivityPage, MainWindow::LivePage}) {
        window.showPage(page);
        EXPECT_EQ(window.currentPage(), page);
        QTest::qWait(50);
    }
    window.showPage(MainWindow::BlocksPage);
    auto *page = window.findChild<QStackedWidget *>()->currentWidget()->findChild<QTableView *>();
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->model()->rowCount() > 0; }, 5000));
    const int before = page->model()->rowCount();
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->model()->rowCount() >= before + 5; }, 10000)) << "the blocks view grows live";
    // The newest block is on top and the status bar says live.
    EXPECT_EQ(page->model()->index(0, 0).data(BlockListModel::HeightRole).toULongLong(), status.headHeight());
    bool live = false;
    for (QLabel *l : window.statusBar()->findChildren<QLabel *>())
        live = live || l->text().contains(QStringLiteral("live"));
    EXPECT_TRUE(live);
    ASSERT_TRUE(QTest::qWaitFor([&] { return collections.rowCount() >= 8; }, 5000));
}
