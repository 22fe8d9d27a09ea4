// The collection page's filter as a collector uses it: several values of a
// trait, a price range, either direction of a sort, and all of it kept in
// the location, so Back and a gif:// link bring it back. Driven by keys and
// clicks, on a devnet.
#include "models/giflink.h"
#include "models/objectlistmodel.h"
#include "tests/support/paging.h"
#include "tests/support/txfactory.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "views/collectionpage.h"
#include "views/objectgridview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QListWidget>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QList<QString> keysOf(const ObjectListModel &objects)
{
    QList<QString> keys;
    for (int r = 0; r < objects.rowCount(); ++r)
        keys.append(objects.object(r).key);
    return keys;
}

void typePrice(QLineEdit *box, const QString &text)
{
    typeAndReturn(box, text);
}

} // namespace

TEST(CollectionFilterPage, SeveralValuesAPriceRangeEitherWayAndKeptInTheLocation)
{
    DevnetHarness d(DevnetHarness::fastConfig(4, 0.1, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QString slug = QStringLiteral("moods");
    d.sendAndWait(f.createCollection(6, slug));
    const QStringList moods{QStringLiteral("Calm"), QStringLiteral("Wild"), QStringLiteral("Calm"),
                            QStringLiteral("Sleepy")};
    for (qsizetype i = 0; i < moods.size(); ++i)
        d.sendAndWait(f.mint(6, slug, static_cast<std::uint64_t>(i + 1), TxFactory::dev(6),
                             TxFactory::smallGif(), {{QStringLiteral("Mood"), moods[i]}}));
    const Amount oneGif(1'000'000'000'000'000'000ULL);
    d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 1, {}, oneGif));
    d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 2, {}, oneGif * 3));
    d.sendAndWait(f.objectTx(TxKind::List, 6, slug, 3, {}, oneGif * 2));

    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    QListWidget *mood = e.openTraitFilter(slug, QStringLiteral("Mood"));
    ASSERT_NE(mood, nullptr);
    auto *page = window.page<CollectionPage>();
    ObjectListModel &objects = *e.session.pages().collection->objects();

    // Calm or Wild: three objects, counted before the grid has paged them.
    ASSERT_TRUE(toggleValue(mood, QStringLiteral("Calm")));
    ASSERT_TRUE(toggleValue(mood, QStringLiteral("Wild")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().anyTraits.size() == 2; }, 5000));
    ASSERT_TRUE(fetchAll(objects));
    EXPECT_EQ(keysOf(objects), (QList<QString>{QStringLiteral("moods#1"), QStringLiteral("moods#2"),
                                               QStringLiteral("moods#3")}));
    EXPECT_EQ(page->countText(), QStringLiteral("3 object(s) match"));
    EXPECT_EQ(window.here().text(), QStringLiteral("moods?trait=Mood:Calm&trait=Mood:Wild"))
        << "the location keeps the filter";

    // By price, dearest first.
    page->sortBox()->setCurrentIndex(page->sortBox()->findText(QStringLiteral("Price")));
    ASSERT_EQ(page->directionBox()->itemText(1), QStringLiteral("highest first"));
    page->directionBox()->setCurrentIndex(1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().reverse; }, 5000));
    ASSERT_TRUE(fetchAll(objects));
    EXPECT_EQ(keysOf(objects), (QList<QString>{QStringLiteral("moods#2"), QStringLiteral("moods#3"),
                                               QStringLiteral("moods#1")}));

    // A price range typed in GIF.
    typePrice(page->minPriceBox(), QStringLiteral("1.5"));
    typePrice(page->maxPriceBox(), QStringLiteral("2.5"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().maxPrice.has_value(); }, 5000));
    ASSERT_TRUE(fetchAll(objects));
    EXPECT_EQ(keysOf(objects), (QList<QString>{QStringLiteral("moods#3")}));
    const Location filtered = window.here();
    EXPECT_EQ(filtered.text(), QStringLiteral("moods?trait=Mood:Calm&trait=Mood:Wild&sort=price&"
                                              "reverse=1&min=1.5&max=2.5"));

    // An object, and Back: the filter and its controls as they were.
    doubleClick(page->grid(), objects.index(0));
    ASSERT_EQ(window.here().kind, Location::Kind::Object);
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.here(), filtered);
    EXPECT_EQ(page->minPriceBox()->text(), QStringLiteral("1.5"));
    EXPECT_EQ(page->directionBox()->currentIndex(), 1);
    mood = page->traitFilter(QStringLiteral("Mood"));
    EXPECT_EQ(mood->item(rowOfValue(mood, QStringLiteral("Wild")))->checkState(), Qt::Checked);
    EXPECT_EQ(objects.query().maxPrice, CollectionFilter::parseGif(QStringLiteral("2.5")));

    // Cleared, then the filtered page's gif:// link: all of it back.
    ASSERT_TRUE(clickButton(page, QStringLiteral("Clear filters")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().anyTraits.isEmpty(); }, 5000));
    EXPECT_EQ(window.here().text(), QStringLiteral("moods?sort=price&reverse=1"))
        << "the order is no filter: it stays";
    const gifscan::Outcome<QString> link = GifLink::target(GifLink::make(filtered.text()));
    ASSERT_TRUE(link) << link.error().message.toStdString();
    ASSERT_TRUE(window.search(link.value()));
    EXPECT_EQ(window.here(), filtered);
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().maxPrice.has_value(); }, 5000));
    ASSERT_TRUE(fetchAll(objects));
    EXPECT_EQ(keysOf(objects), (QList<QString>{QStringLiteral("moods#3")}));

    // A link with a filter that is not one is refused in words.
    EXPECT_FALSE(window.search(QStringLiteral("moods?sort=cheapest")));

    // A value the panel cannot show (no object has it) stays in the filter
    // when another control changes: nothing a link asked for is dropped.
    ASSERT_TRUE(window.search(QStringLiteral("moods?trait=Mood:Nope")));
    page->sortBox()->setCurrentIndex(page->sortBox()->findText(QStringLiteral("Rarity")));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return objects.query().sort == QLatin1String("rarity"); }, 5000));
    EXPECT_EQ(objects.query().traits,
              (QList<Trait>{{QStringLiteral("Mood"), QStringLiteral("Nope")}}));
    EXPECT_EQ(window.here().text(), QStringLiteral("moods?trait=Mood:Nope&sort=rarity"));

    // A price that is not one is marked on its box; the rest still applies.
    typePrice(page->minPriceBox(), QStringLiteral("abc"));
    EXPECT_FALSE(page->minPriceBox()->styleSheet().isEmpty());
    page->listedOnlyBox()->setChecked(true);
    ASSERT_TRUE(QTest::qWaitFor([&] { return objects.query().listedOnly; }, 5000));
    EXPECT_FALSE(objects.query().minPrice);
}

// The trait panel narrows as a filter applies, once every object it leaves
// is in: another trait's values count among the matching objects (they
// stayed the whole collection's); the chosen trait's own values, which are
// alternatives, keep the collection's counts.
TEST(CollectionFilterPage, TraitCountsNarrowToWhatTheFilterLeaves)
{
    DevnetHarness d(DevnetHarness::fastConfig(4, 0.1, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QString slug = QStringLiteral("zoo");
    d.sendAndWait(f.createCollection(6, slug));
    const QList<QPair<QString, QString>> traits{
        {QStringLiteral("Calm"), QStringLiteral("Cap")},
        {QStringLiteral("Wild"), QStringLiteral("Cap")},
        {QStringLiteral("Calm"), QStringLiteral("Crown")},
        {QStringLiteral("Sleepy"), QStringLiteral("Crown")}};
    for (qsizetype i = 0; i < traits.size(); ++i)
        d.sendAndWait(f.mint(6, slug, static_cast<std::uint64_t>(i + 1), TxFactory::dev(6),
                             TxFactory::smallGif(),
                             {{QStringLiteral("Hat"), traits[i].second},
                              {QStringLiteral("Mood"), traits[i].first}}));
    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    QListWidget *hat = e.openTraitFilter(slug, QStringLiteral("Hat"));
    ASSERT_NE(hat, nullptr);
    auto *page = window.page<CollectionPage>();
    ObjectListModel &objects = *e.session.pages().collection->objects();
    EXPECT_EQ(hat->item(0)->text(), QStringLiteral("Cap (2, 50.0%)"));

    ASSERT_TRUE(toggleValue(page->traitFilter(QStringLiteral("Mood")), QStringLiteral("Calm")));
    ASSERT_TRUE(fetchAll(objects));
    ASSERT_EQ(objects.rowCount(), 2);
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            hat = page->traitFilter(QStringLiteral("Hat"));
            return hat && hat->item(0)->text() == QStringLiteral("Cap (1 of the 2 matching)");
        },
        5000))
        << hat->item(0)->text().toStdString();
    EXPECT_EQ(hat->item(1)->text(), QStringLiteral("Crown (1 of the 2 matching)"));
    QListWidget *mood = page->traitFilter(QStringLiteral("Mood"));
    EXPECT_EQ(mood->item(0)->text(), QStringLiteral("Calm (2, 50.0%)"))
        << "the chosen trait keeps the collection's counts";
}
