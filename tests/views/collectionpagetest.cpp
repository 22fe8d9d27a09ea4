// The collection page offscreen: the grid animates what is on screen only,
// the trait panel narrows it, a cell opens its object.
#include "views/collectionpage.h"

#include "tests/support/paging.h"
#include "tests/views/explorer.h"
#include "views/objectgridview.h"

#include <QComboBox>
#include <QScrollBar>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(CollectionPage, GridAnimatesWhatIsOnScreenAndTraitsNarrowIt)
{
    DevnetHarness d(DevnetHarness::fastConfig(600, 30.0, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    ASSERT_TRUE(QTest::qWaitFor([&] { return e.session.collections.rowCount() >= 8; }, 5000));

    ASSERT_TRUE(window.search(QStringLiteral("pixel-cats")));
    EXPECT_EQ(window.here().kind, Location::Kind::Collection);
    CollectionPage *page = window.page<CollectionPage>();
    ObjectGridView *grid = page->grid();
    ObjectListModel &objects = e.session.objects;
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.rowCount() > 0; }, 5000));
    ThumbnailCache &cache = e.session.thumbnails;
    // The cells on screen get their thumbnails and start to animate.
    ASSERT_TRUE(QTest::qWaitFor([&] { return grid->animatedCellsOnScreen() > 0; }, 10000));
    const int onScreen = [&] {
        int n = 0;
        for (int r = 0; r < objects.rowCount(); ++r)
            n += grid->visualRect(objects.index(r)).intersects(grid->viewport()->rect()) ? 1 : 0;
        return n;
    }();
    ASSERT_GT(onScreen, 0);
    ASSERT_LT(onScreen, objects.rowCount()) << "the test needs rows below the fold";
    // Every cell on screen decoded, nothing more asked for, and no more than those.
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return cache.decodedCount() >= onScreen && cache.idle(); }, 10000))
        << cache.decodedCount() << " of " << onScreen;
    EXPECT_EQ(cache.decodedCount(), onScreen) << "nothing off screen is decoded";

    // Reduced motion: nothing animates; on hover: only the cell under the mouse.
    e.preferences.setMotion(ViewPreferences::Motion::Off);
    EXPECT_TRUE(QTest::qWaitFor([&] { return grid->animatedCellsOnScreen() == 0; }, 2000));
    e.preferences.setMotion(ViewPreferences::Motion::OnHover);
    EXPECT_EQ(grid->animatedCellsOnScreen(), 0) << "on hover, and nothing is hovered yet";
    QTest::mouseMove(grid->viewport(), grid->visualRect(objects.index(0)).center());
    EXPECT_TRUE(QTest::qWaitFor([&] { return grid->animatedCellsOnScreen() == 1; }, 2000))
        << "the cell under the mouse animates, and only it: " << grid->animatedCellsOnScreen();
    e.preferences.setMotion(ViewPreferences::Motion::Always);
    ASSERT_TRUE(QTest::qWaitFor([&] { return grid->animatedCellsOnScreen() > 1; }, 5000));

    // The trait panel: one value narrows the grid to exactly its count.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return page->traitFilter(e.session.collection.traitNames().value(0)) != nullptr; },
        5000));
    const QString trait = e.session.collection.traitNames().first();
    QComboBox *box = page->traitFilter(trait);
    ASSERT_GE(box->count(), 2);
    const auto value = e.session.collection.values(trait).first();
    // Unfiltered, the count is the collection's, not the rows paged in so far.
    ASSERT_LT(static_cast<std::uint64_t>(objects.rowCount()), e.session.collection.items());
    EXPECT_EQ(page->countText(), QStringLiteral("%1 object(s)").arg(e.session.collection.items()))
        << page->countText().toStdString();
    box->setCurrentIndex(1);
    Q_EMIT box->activated(1);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return objects.query().traits.size() == 1 && objects.rowCount() > 0; }, 5000));
    EXPECT_EQ(page->countText(), QStringLiteral("%1 object(s) match").arg(value.count))
        << "one value: its count, before the grid has paged it all";
    ASSERT_TRUE(fetchAll(objects));
    EXPECT_EQ(static_cast<std::uint64_t>(objects.rowCount()), value.count);
    for (int r = 0; r < objects.rowCount(); ++r)
        EXPECT_TRUE(objects.object(r).traits.contains(value.trait));

    // Activating a cell opens its object.
    const QString key = objects.object(0).key;
    Q_EMIT grid->activated(objects.index(0));
    EXPECT_EQ(window.here().kind, Location::Kind::Object);
    ASSERT_TRUE(QTest::qWaitFor([&] { return e.session.object.record().has_value(); }, 5000));
    EXPECT_EQ(e.session.object.record()->key, key);
    // And back is the collection, as it was.
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.here().kind, Location::Kind::Collection);
    EXPECT_EQ(objects.query().traits.size(), 1);
}
