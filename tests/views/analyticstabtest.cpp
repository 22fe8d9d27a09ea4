// The collection's analytics tab on a devnet: read when opened, every
// figure at the height it states, the holders counted from the chain and
// each a link to its address.
#include "core/protocol/commitments.h"
#include "models/collectionanalytics.h"
#include "tests/support/txfactory.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "views/addresspage.h"
#include "views/collectionanalyticsview.h"
#include "views/collectionpage.h"
#include "views/detailbrowser.h"
#include "views/tablepage.h"
#include "views/transactionpage.h"

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QRegularExpression>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QValueAxis>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(AnalyticsTab, HoldersSalesAndFloorAtTheirHeight)
{
    DevnetHarness d(DevnetHarness::fastConfig(4, 0.1, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QString slug = QStringLiteral("stats");
    d.sendAndWait(f.createCollection(6, slug));
    // dev(6) keeps three, dev(7) gets one and dev(8) buys one: three holders.
    for (std::uint64_t id = 1; id <= 5; ++id)
        d.sendAndWait(f.mint(6, slug, id, TxFactory::dev(6), TxFactory::smallGif()));
    d.sendAndWait(f.objectTx(TxKind::TransferObject, 6, slug, 5, TxFactory::dev(7)));
    const Amount oneGif(1'000'000'000'000'000'000ULL);
    const QString listed = d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 1, {}, oneGif * 4))
                               .value(QStringLiteral("transaction"))
                               .toObject()
                               .value(QStringLiteral("hash"))
                               .toString();
    d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 2, {}, oneGif * 2));
    d.sendAndWait(f.objectTx(TxKind::Buy, 8, slug, 2, {}, oneGif * 2));

    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().collections->rowOf(slug) >= 0; }, 5000));
    // And the escrow's own page says what it is, and whose listing.
    const QString escrow = toHexString(escrowAddress(objectKey(slug + QStringLiteral("#1"))));
    ASSERT_TRUE(window.search(escrow));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const QString text = window.page<AddressPage>()->body()->toPlainText();
            return text.contains(QStringLiteral("Escrow")) &&
                   text.contains(QStringLiteral("of %1#1").arg(slug)) &&
                   text.contains(QStringLiteral("a listed object waits here"));
        },
        5000))
        << window.page<AddressPage>()->body()->toPlainText().toStdString();
    ASSERT_TRUE(window.search(slug));
    auto *page = window.page<CollectionPage>();
    CollectionAnalytics &analytics = *e.session.pages().collectionAnalytics;
    ModelTester tester{&analytics};
    EXPECT_FALSE(analytics.loading() || analytics.hasFigures())
        << "nothing is read before the tab is opened";

    QTabWidget *tabs = page->tabs();
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(1).center());
    ASSERT_EQ(tabs->currentWidget(), page->analytics());
    ASSERT_TRUE(QTest::qWaitFor([&] { return analytics.hasFigures(); }, 10000));
    EXPECT_EQ(analytics.items(), 5U);
    EXPECT_EQ(analytics.holderCount(), 3);
    EXPECT_EQ(analytics.spread(), (std::array<int, 4>{2, 1, 0, 0}));
    EXPECT_EQ(analytics.sales(), 1);
    EXPECT_EQ(analytics.volumeTotal(), oneGif * 2);
    EXPECT_EQ(analytics.floorNow(), oneGif * 4) << "#2 sold: #1 at 4 GIF is the floor";
    const QString text = page->analytics()->figuresText();
    EXPECT_TRUE(text.startsWith(
        QStringLiteral("At height %1: 3 holder(s) of 5 objects. Since "
                       "block 0: 1 sale(s), volume 2 GIF. Floor at that height: 4 GIF.")
            .arg(*analytics.height())))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Holding 1 object: 2 · 2–5: 1")))
        << text.toStdString();
    EXPECT_EQ(page->analytics()->chart()->chart()->title(), QStringLiteral("Floor and volume"));
    EXPECT_GE(page->analytics()->chart()->chart()->series().size(), 2);
    // The listing's escrow is said as such where it is the "To" of an event.
    ASSERT_FALSE(listed.isEmpty());
    ASSERT_TRUE(window.search(listed));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return window.page<TransactionPage>()->body()->toPlainText().contains(
                QStringLiteral("(escrow)"));
        },
        5000))
        << window.page<TransactionPage>()->body()->toPlainText().toStdString();
    ASSERT_TRUE(window.search(slug));
    // The tables' clock with its zone, to the second over a test's few
    // seconds (the locale's short time repeated "6:01 PM" on every tick),
    // and round ticks on both value axes (not 40.65, 30.48, 20.32).
    QChart *chart = page->analytics()->chart()->chart();
    auto *time = qobject_cast<QDateTimeAxis *>(chart->axes(Qt::Horizontal).value(0));
    ASSERT_NE(time, nullptr);
    EXPECT_TRUE(time->isVisible());
    EXPECT_EQ(time->format(), QStringLiteral("HH:mm:ss"));
    EXPECT_FALSE(time->titleText().isEmpty()) << "the zone";
    for (QAbstractAxis *a : chart->axes(Qt::Vertical)) {
        auto *values = qobject_cast<QValueAxis *>(a);
        ASSERT_NE(values, nullptr);
        const double step = (values->max() - values->min()) / (values->tickCount() - 1);
        for (int i = 0; i < values->tickCount(); ++i) {
            QString tick = QString::number(values->min() + i * step, 'g', 10);
            EXPECT_LE(tick.remove(u'.')
                          .remove(u'-')
                          .remove(QRegularExpression(QStringLiteral("^0+|0+$")))
                          .size(),
                      2)
                << "tick " << (values->min() + i * step);
        }
    }

    // Another collection: none of this one's figures stay beside its name.
    ASSERT_TRUE(window.search(QStringLiteral("pixel-cats")));
    EXPECT_NE(analytics.figuresSlug(), slug);
    EXPECT_EQ(analytics.rowCount(), 0) << "no holders of the collection left";
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return analytics.figuresSlug() == QLatin1String("pixel-cats"); }, 10000));
    ASSERT_TRUE(window.search(slug));
    ASSERT_TRUE(QTest::qWaitFor([&] { return analytics.figuresSlug() == slug; }, 10000));

    // The top holder first, a link to its address.
    QTableView *holders = page->analytics()->holders()->table();
    ASSERT_EQ(holders->model()->rowCount(), 3);
    const QModelIndex top = holders->model()->index(0, CollectionAnalytics::HolderColumn);
    EXPECT_EQ(top.data(Qt::ToolTipRole).toString(), toHexString(TxFactory::dev(6)));
    EXPECT_EQ(holders->model()->index(0, CollectionAnalytics::ObjectsColumn).data().toInt(), 3);
    doubleClick(holders, top);
    EXPECT_EQ(window.here(), Location::address(toHexString(TxFactory::dev(6))));
}
