// The collection page offscreen: the grid animates what is on screen only,
// the trait panel narrows it, a cell opens its object.
#include "views/collectionpage.h"

#include "models/collectionlistmodel.h"
#include "tests/support/paging.h"
#include "tests/support/txfactory.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "tests/views/fakeexplorer.h"
#include "translations/translations.h"
#include "views/animationclock.h"
#include "views/detailbrowser.h"
#include "views/exportbutton.h"
#include "views/objectgridview.h"
#include "views/objectpage.h"
#include "views/objectthumbnaildelegate.h"
#include "views/tablepage.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPainter>
#include <QScopeGuard>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(CollectionPage, GridAnimatesWhatIsOnScreenAndTraitsNarrowIt)
{
    FakeExplorer e(20, 0);
    Collection party;
    party.slug = QStringLiteral("pixel-party");
    party.name = QStringLiteral("Pixel Party");
    party.category = QStringLiteral("art");
    party.items = 150;
    e.index.collectionList().push_back(party);
    for (std::uint64_t id = 1; id <= party.items; ++id)
        e.addObject(party.slug, id);
    e.startLive();
    MainWindow &window = e.window;
    ASSERT_EQ(e.session.pages().collections->rowCount(), 1);

    ASSERT_TRUE(window.search(QStringLiteral("pixel-party")));
    EXPECT_EQ(window.here().kind, Location::Kind::Collection);
    CollectionPage *page = window.page<CollectionPage>();
    ObjectGridView *grid = page->grid();
    ObjectListModel &objects = *e.session.pages().collection->objects();
    e.settle();
    ASSERT_GT(objects.rowCount(), 0);
    ThumbnailCache &cache = e.session.thumbnails();
    // The cells on screen get their thumbnails and start to animate.
    ASSERT_TRUE(e.settleUntil([&] { return grid->animatedCellsOnScreen() > 0; }, 10000));
    const int onScreen = [&] {
        int n = 0;
        for (int r = 0; r < objects.rowCount(); ++r)
            n += grid->visualRect(objects.index(r)).intersects(grid->viewport()->rect()) ? 1 : 0;
        return n;
    }();
    ASSERT_GT(onScreen, 0);
    // The cells share the width: no blank column at the grid's right.
    EXPECT_LT(grid->viewport()->width() - grid->columns() * grid->gridSize().width(),
              grid->columns() + 1)
        << grid->columns() << " cells of " << grid->gridSize().width() << " px in "
        << grid->viewport()->width();
    const QRect last = grid->visualRect(objects.index(grid->columns() - 1));
    EXPECT_GT(last.right(), grid->viewport()->width() - grid->columns() - 2);
    ASSERT_LT(onScreen, objects.rowCount()) << "the test needs rows below the fold";
    // Every cell on screen decoded, nothing more asked for, and none off
    // screen. (The Live page's rows, shown first, have their pictures too.)
    auto onScreenRow = [&](int r) {
        return grid->visualRect(objects.index(r)).intersects(grid->viewport()->rect());
    };
    ASSERT_TRUE(e.settleUntil(
        [&] {
            for (int r = 0; r < objects.rowCount(); ++r) {
                if (onScreenRow(r) && !cache.find(objects.object(r).key))
                    return false;
            }
            return cache.idle();
        },
        10000));
    for (int r = 0; r < objects.rowCount(); ++r) {
        if (!onScreenRow(r)) {
            EXPECT_FALSE(cache.find(objects.object(r).key))
                << objects.object(r).key.toStdString() << " is off screen, yet decoded";
        }
    }

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
    e.settle();
    ASSERT_NE(page->traitFilter(e.session.pages().collection->traitNames().value(0)), nullptr);
    const QString trait = e.session.pages().collection->traitNames().first();
    QListWidget *box = page->traitFilter(trait);
    ASSERT_GE(box->count(), 1);
    const auto value = e.session.pages().collection->values(trait).first();
    // Unfiltered, the count is the collection's, not the rows paged in so far.
    ASSERT_LT(static_cast<std::uint64_t>(objects.rowCount()),
              e.session.pages().collection->items());
    EXPECT_EQ(page->countText(),
              QStringLiteral("%1 object(s)").arg(e.session.pages().collection->items()))
        << page->countText().toStdString();
    ASSERT_TRUE(toggleValue(box, value.trait.value));
    e.settle();
    ASSERT_TRUE(objects.query().traits.size() == 1 && objects.rowCount() > 0);
    ASSERT_LT(static_cast<std::uint64_t>(objects.rowCount()), value.count);
    EXPECT_EQ(page->countText(), QStringLiteral("%1 object(s) match").arg(value.count))
        << "one value: its count, before the grid has paged it all";
    for (int pages = 0; objects.canFetchMore({}) && pages < 100; ++pages) {
        objects.fetchMore({});
        e.settle();
    }
    EXPECT_EQ(static_cast<std::uint64_t>(objects.rowCount()), value.count);
    for (int r = 0; r < objects.rowCount(); ++r)
        EXPECT_TRUE(objects.object(r).traits.contains(value.trait));

    // A tile opens on one click, as a link (a click with Ctrl only selects it).
    const QString key = objects.object(0).key;
    click(grid, objects.index(0), Qt::ControlModifier);
    EXPECT_EQ(window.here().kind, Location::Kind::Collection);
    click(grid, objects.index(0));
    EXPECT_EQ(window.here().kind, Location::Kind::Object);
    e.settle();
    ASSERT_TRUE(e.session.pages().object->record().has_value());
    EXPECT_EQ(e.session.pages().object->record()->key, key);
    // And back is the collection, as it was.
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.here().kind, Location::Kind::Collection);
    EXPECT_EQ(objects.query().traits.size(), 1);
}

// New blocks move the trait counts: the panel follows them at the figures'
// height and keeps the reader's choice. The market: sort by price, listed
// only, and the price on the tile.
TEST(CollectionPage, TraitCountsFollowTheChainAndTheMarketSortsAndFilters)
{
    DevnetHarness d(DevnetHarness::fastConfig(4, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    TxFactory f;
    const QString slug = QStringLiteral("auras");
    const QList<Trait> gold{{QStringLiteral("Aura"), QStringLiteral("gold")}};
    const QList<Trait> blue{{QStringLiteral("Aura"), QStringLiteral("blue")}};
    d.sendAndWait(f.createCollection(6, slug));
    d.sendAndWait(f.mint(6, slug, 1, TxFactory::dev(6), TxFactory::smallGif(), gold));
    d.sendAndWait(f.mint(6, slug, 2, TxFactory::dev(6), TxFactory::smallGif(), blue));
    d.sendAndWait(f.mint(6, slug, 3, TxFactory::dev(6), TxFactory::smallGif(), gold));

    MainWindow &window = e.window;
    QListWidget *aura = e.openTraitFilter(slug, QStringLiteral("Aura"));
    ASSERT_NE(aura, nullptr);
    auto *page = window.page<CollectionPage>();
    ObjectListModel &objects = *e.session.pages().collection->objects();
    const int goldAt = rowOfValue(aura, QStringLiteral("gold"));
    ASSERT_GE(goldAt, 0);
    EXPECT_TRUE(aura->item(goldAt)->text().startsWith(QStringLiteral("gold (2,")))
        << aura->item(goldAt)->text().toStdString();
    ASSERT_TRUE(toggleValue(aura, QStringLiteral("gold")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().traits == gold; }, 5000));

    // A fourth gold object: the panel says 3, and gold is still chosen.
    d.sendAndWait(f.mint(6, slug, 4, TxFactory::dev(6), TxFactory::smallGif(), gold));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            QListWidget *box = page->traitFilter(QStringLiteral("Aura"));
            const int row = rowOfValue(box, QStringLiteral("gold"));
            return row >= 0 && box->item(row)->text().startsWith(QStringLiteral("gold (3,"));
        },
        5000));
    aura = page->traitFilter(QStringLiteral("Aura"));
    EXPECT_EQ(aura->item(rowOfValue(aura, QStringLiteral("gold")))->checkState(), Qt::Checked)
        << "the updated panel keeps the choice";
    EXPECT_EQ(e.session.pages().collection->items(), 4U);
    EXPECT_EQ(objects.query().traits, gold);
    std::uint64_t summed = 0;
    for (const TraitCount &v : e.session.pages().collection->values(QStringLiteral("Aura")))
        summed += v.count;
    EXPECT_EQ(summed, e.session.pages().collection->items()) << "the counts add up to the items";

    // The market: #3 at 2 GIF, #1 at 1 GIF; listed only, cheapest first.
    const Amount oneGif(1'000'000'000'000'000'000ULL);
    d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 3, {}, oneGif * 2));
    d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 1, {}, oneGif));
    QComboBox *sort = page->sortBox();
    const int byPrice = sort->findText(QStringLiteral("Price"));
    ASSERT_GE(byPrice, 0);
    sort->setCurrentIndex(byPrice);
    EXPECT_EQ(page->directionBox()->currentText(), QStringLiteral("lowest first"));
    page->listedOnlyBox()->setChecked(true);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return objects.query().listedOnly && objects.query().sort == QStringLiteral("price");
        },
        5000));
    ASSERT_TRUE(fetchAll(objects));
    ASSERT_EQ(objects.rowCount(), 2);
    EXPECT_EQ(objects.object(0).key, QStringLiteral("auras#1"));
    EXPECT_EQ(objects.object(1).key, QStringLiteral("auras#3"));
    const QString price = objects.index(0).data(ObjectListModel::PriceLineRole).toString();
    EXPECT_EQ(price, QStringLiteral("1 GIF")) << price.toStdString();
    const QString rarity = objects.index(0).data(ObjectListModel::RarityLineRole).toString();
    EXPECT_TRUE(rarity.startsWith(QStringLiteral("rarity #")))
        << "a bare #n reads as a token id: " << rarity.toStdString();
    EXPECT_TRUE(objects.index(0).data(ObjectListModel::ListedRole).toBool());
    EXPECT_EQ(page->countText(), QStringLiteral("2 object(s) match"))
        << page->countText().toStdString();

    // Blue and listed: nothing, and the page says so.
    aura = page->traitFilter(QStringLiteral("Aura"));
    ASSERT_TRUE(toggleValue(aura, QStringLiteral("gold")));
    ASSERT_TRUE(toggleValue(aura, QStringLiteral("blue")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().traits == blue; }, 5000));
    ASSERT_TRUE(fetchAll(objects));
    EXPECT_EQ(objects.rowCount(), 0);
    EXPECT_EQ(page->countText(), QStringLiteral("No object matches these filters."))
        << page->countText().toStdString();
}

// A collection's slug may be all digits, as a height is: its links on the
// object page say which they mean.
// A tile says its key, its rarity and its price on lines of their own, and
// a long price fits in a smaller type, never cut.
TEST(CollectionPage, ATilesPriceIsWhole)
{
    const QFont font = QApplication::font();
    const QFontMetrics fm(font);
    const QString price = QStringLiteral("123,456.000000000000000001 GIF");
    const int width = fm.horizontalAdvance(price) * 2 / 3;
    const QFont fitted = ObjectThumbnailDelegate::fontToFit(font, price, width);
    EXPECT_LE(QFontMetrics(fitted).horizontalAdvance(price), width);
    EXPECT_EQ(ObjectThumbnailDelegate::fontToFit(font, QStringLiteral("1 GIF"), width), font)
        << "a price that fits keeps the type";
    AnimationClock clock;
    ObjectThumbnailDelegate delegate(&clock, 96, {});
    EXPECT_GE(delegate.cellSize().height(), 96 + 3 * fm.height());
}

TEST(CollectionPage, ASlugOfDigitsIsLinkedAsACollectionNotABlock)
{
    FakeExplorer e(8);
    Collection year;
    year.slug = QStringLiteral("2024");
    year.name = QStringLiteral("Twenty Twenty-Four");
    year.category = QStringLiteral("art");
    e.index.collectionList().push_back(year);
    e.addObject(year.slug, 1);
    e.addEvent(3, QStringLiteral("mint"), year.slug, 1);
    e.startLive();
    // The window opens collections it knows (the list, refreshed with heads).
    ASSERT_GE(e.session.pages().collections->rowOf(QStringLiteral("2024")), 0);
    ASSERT_TRUE(e.window.open(Location::object(QStringLiteral("2024"), 1)));
    e.settle();
    ASSERT_TRUE(e.session.pages().object->record().has_value());
    auto *page = e.window.page<ObjectPage>();
    ASSERT_TRUE(page->detailsText().contains(QStringLiteral("gifscan-collection:2024")))
        << page->detailsText().toStdString();
    Q_EMIT page->history()->anchorClicked(QUrl(QStringLiteral("gifscan-collection:2024")));
    EXPECT_EQ(e.window.here().kind, Location::Kind::Collection);
    EXPECT_EQ(e.window.here().key, QStringLiteral("2024"));
}

// An asking price is no link (the tile is): not drawn in the link colour,
// which said "click me" on words that did nothing.
TEST(CollectionPage, AnAskingPriceIsNotDrawnAsALink)
{
    QStandardItemModel model;
    auto *item = new QStandardItem;
    item->setData(QStringLiteral("pixel-cats#1"), ObjectListModel::KeyRole);
    item->setData(QStringLiteral("888,888 GIF"), ObjectListModel::PriceLineRole);
    item->setData(true, ObjectListModel::ListedRole);
    model.appendRow(item);
    AnimationClock clock;
    ObjectThumbnailDelegate delegate(&clock, 48, {});
    QStyleOptionViewItem option;
    option.rect = QRect(QPoint(0, 0), delegate.cellSize());
    option.palette.setColor(QPalette::Link, QColor(255, 0, 255));
    option.palette.setColor(QPalette::Text, Qt::black);
    option.palette.setColor(QPalette::Base, Qt::white);
    option.font = QApplication::font();
    option.fontMetrics = QFontMetrics(option.font);
    QImage image(option.rect.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        delegate.paint(&painter, option, model.index(0, 0));
    }
    int linkish = 0;
    int inked = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            linkish += c.red() > 150 && c.blue() > 150 && c.green() < 100;
            inked += c.lightness() < 100;
        }
    EXPECT_EQ(linkish, 0) << "no pixel in the link colour";
    EXPECT_GT(inked, 0) << "the price and key are drawn";
}

// The collections list shows each collection's picture beside its name (its
// first object's first frame), asked for as the row is painted.
TEST(CollectionPage, TheCollectionsListShowsEachCollectionsPicture)
{
    DevnetHarness d(DevnetHarness::fastConfig(6, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    CollectionListModel &collections = *e.session.pages().collections;
    ASSERT_TRUE(QTest::qWaitFor([&] { return collections.rowCount() > 0; }, 5000));
    e.window.open(Location::list(Location::Kind::Collections));
    e.window.show();
    auto *page = e.window.findChild<TablePage *>(QStringLiteral("collections"));
    ASSERT_NE(page, nullptr);
    int row = 0;
    while (row < collections.rowCount() && collections.collection(row).items == 0)
        ++row;
    ASSERT_LT(row, collections.rowCount()) << "a collection with objects";
    const QModelIndex name = collections.index(row, CollectionListModel::NameColumn);
    // A blank first (the names stay in one column), then the picture.
    auto drawn = [&] {
        const QImage image = name.data(Qt::DecorationRole).value<QImage>();
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (qAlpha(image.pixel(x, y)) > 0)
                    return true;
        return false;
    };
    EXPECT_FALSE(drawn()) << "nothing asked before it is seen";
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            page->table()->viewport()->repaint();
            return drawn();
        },
        10000));
}

// In German at 1024×700 a filter's count ("15 Objekte passen") pushed the
// collection's toolbar past the window: a scroll bar under it and "CSV
// exportieren…" cut. The count gives way (it wraps) instead.
TEST(CollectionPage, ALongCountDoesNotPushTheToolbarOutOfTheWindow)
{
    Translations translations;
    translations.apply(QStringLiteral("de"));
    const auto english = qScopeGuard([&] { translations.apply(QStringLiteral("en")); });
    FakeExplorer e(12);
    e.window.resize(1024, 700);
    e.window.show();
    e.startLive();
    ASSERT_FALSE(e.index.collectionList().empty());
    const QString slug = e.index.collectionList().front().slug;
    ASSERT_TRUE(e.window.open(Location::collection(slug)));
    e.settle();
    auto *page = e.window.page<CollectionPage>();
    auto *count = page->findChild<QLabel *>(QStringLiteral("count"));
    ASSERT_NE(count, nullptr);
    count->setText(QStringLiteral("1.234.567 Objekte passen zu diesen Filtern"));
    QCoreApplication::processEvents();
    auto *exportButton = page->findChild<ExportButton *>();
    ASSERT_NE(exportButton, nullptr);
    EXPECT_GE(exportButton->width(), exportButton->sizeHint().width()) << "the button whole";
    EXPECT_LE(exportButton->mapTo(&e.window, QPoint(exportButton->width(), 0)).x(),
              e.window.width())
        << "inside the window";
}
