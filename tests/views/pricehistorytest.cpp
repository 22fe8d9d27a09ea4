// An object's price history: its sales drawn over time, with what each
// point says under the pointer.
#include "models/displayformat.h"
#include "tests/views/fakeexplorer.h"
#include "views/objectpage.h"
#include "views/pricehistorychart.h"

#include <QDateTimeAxis>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(PriceHistory, AnObjectsSalesAreDrawnOldestFirst)
{
    FakeExplorer e(20, 0);
    const QString slug = QStringLiteral("traded");
    const Amount oneGif(1'000'000'000'000'000'000ULL);
    for (std::uint64_t id : {1, 2, 3}) {
        e.addObject(slug, id);
        e.addEvent(2, QStringLiteral("mint"), slug, id);
    }
    // Sold for 3 GIF, then for 1.5 GIF; #2 sells too and is not drawn here.
    e.addEvent(4, QStringLiteral("list"), slug, 1, oneGif * 3);
    e.addEvent(5, QStringLiteral("sale"), slug, 1, oneGif * 3);
    e.addEvent(7, QStringLiteral("list"), slug, 1, oneGif * 3 / 2);
    e.addEvent(9, QStringLiteral("sale"), slug, 1, oneGif * 3 / 2);
    e.addEvent(11, QStringLiteral("sale"), slug, 2, oneGif * 9);
    e.startLive();

    ASSERT_TRUE(e.window.search(QStringLiteral("traded#1")));
    auto *page = e.window.page<ObjectPage>();
    e.settle();
    ASSERT_EQ(page->prices()->pointCount(), 2);
    // In the locale's numbers (an earlier test in this process may have set German).
    auto soldFor = [](const Amount &a) {
        return QStringLiteral("Sold for %1").arg(DisplayFormat::amount(a));
    };
    EXPECT_TRUE(page->prices()->describe(0).startsWith(soldFor(oneGif * 3)))
        << page->prices()->describe(0).toStdString();
    EXPECT_TRUE(page->prices()->describe(1).startsWith(soldFor(oneGif * 3 / 2)))
        << page->prices()->describe(1).toStdString();
    EXPECT_TRUE(page->prices()->describe(2).isEmpty());
    EXPECT_TRUE(page->prices()->chart()->title().contains(QStringLiteral("2 sale")));
    // The tables' clock (24 hours, its zone said), and no time to come.
    auto *axis =
        qobject_cast<QDateTimeAxis *>(page->prices()->chart()->axes(Qt::Horizontal).value(0));
    ASSERT_NE(axis, nullptr);
    EXPECT_TRUE(axis->isVisible());
    EXPECT_EQ(axis->format(), QStringLiteral("HH:mm"));
    EXPECT_FALSE(axis->titleText().isEmpty());
    EXPECT_LE(axis->max().toSecsSinceEpoch(), QDateTime::currentSecsSinceEpoch() + 60);

    // An object never sold says so, once its history has come.
    QSignalSpy history(e.session.pages().object, &ObjectPageModel::historyLoaded);
    ASSERT_TRUE(e.window.search(QStringLiteral("traded#3")));
    e.settle();
    ASSERT_EQ(history.count(), 1);
    EXPECT_TRUE(page->prices()->chart()->title().contains(QStringLiteral("no sales")))
        << page->prices()->chart()->title().toStdString();
    EXPECT_EQ(page->prices()->pointCount(), 0);
    for (QAbstractAxis *a : page->prices()->chart()->axes())
        EXPECT_FALSE(a->isVisible()) << "no empty 0-1 GIF frame without sales";
}
