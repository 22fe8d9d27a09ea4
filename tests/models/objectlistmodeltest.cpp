// The collection grid's models against a devnet: paging, the question, and
// thumbnails decoded only when asked for, under a budget.
#include "models/objectlistmodel.h"

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "models/collectionpagemodel.h"
#include "models/thumbnailcache.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/paging.h"
#include "tests/support/testpaths.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace gifscan;
using namespace gifscan::test;

namespace {

struct GridRig
{
    GridRig()
        : d(DevnetHarness::fastConfig(60, 30.0, false)), rest(QUrl(d.endpoints().baseUrl), &http),
          thumbnails([this](const QString &slug, std::uint64_t id, QObject *context,
                            std::function<void(QByteArray)> done) {
              ++fetches;
              rest.frames(slug, id, std::nullopt, context, [done](const Result<QByteArray> &r) {
                  done(r.ok() ? *r.value : QByteArray());
              });
          })
    {
    }
    DevnetHarness d;
    HttpClient http;
    RestClient rest;
    int fetches = 0;
    ThumbnailCache thumbnails;
};

QByteArray sharedGif(const char *name)
{
    QFile f(gifscan::test::sharedPath(QStringLiteral("gifs/")) + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

TEST(ObjectListModel, PagesAQuestionAndStartsOverOnANewOne)
{
    GridRig rig;
    ObjectListModel model(&rig.rest, &rig.thumbnails);
    ModelTester tester(&model);
    model.setPageSize(7);
    RestClient::ObjectQuery q;
    q.collection = QStringLiteral("pixel-cats");
    model.setQuery(q);
    QSignalSpy paged(&model, &ObjectListModel::pageLoaded);
    model.fetchMore({});
    ASSERT_TRUE(paged.wait(5000));
    ASSERT_GE(model.rowCount(), 7);
    ASSERT_TRUE(fetchAll(model));
    for (int r = 0; r + 1 < model.rowCount(); ++r) {
        EXPECT_EQ(model.index(r).data(ObjectListModel::SlugRole).toString(),
                  QStringLiteral("pixel-cats"));
        EXPECT_LT(model.index(r).data(ObjectListModel::TokenIdRole).toULongLong(),
                  model.index(r + 1).data(ObjectListModel::TokenIdRole).toULongLong())
            << r << " " << model.index(r + 1).data().toString().toStdString();
    }

    q.sort = QStringLiteral("rarity");
    q.traits = {model.object(0).traits.first()};
    model.setQuery(q);
    EXPECT_EQ(model.rowCount(), 0);
    model.fetchMore({});
    ASSERT_TRUE(paged.wait(5000));
    ASSERT_GT(model.rowCount(), 0);
    for (int r = 0; r < model.rowCount(); ++r) {
        EXPECT_TRUE(model.object(r).traits.contains(q.traits.first()));
        if (r > 0) {
            EXPECT_LT(model.object(r - 1).rarityRank, model.object(r).rarityRank);
        }
    }
}

TEST(ObjectListModel, ThumbnailsAreFetchedOnlyForRowsAskedFor)
{
    GridRig rig;
    ObjectListModel model(&rig.rest, &rig.thumbnails);
    RestClient::ObjectQuery q;
    q.collection = QStringLiteral("pixel-cats");
    model.setQuery(q);
    QSignalSpy paged(&model, &ObjectListModel::pageLoaded);
    model.fetchMore({});
    ASSERT_TRUE(paged.wait(5000));
    ASSERT_GE(model.rowCount(), 5);
    EXPECT_EQ(rig.fetches, 0) << "a page of records decodes nothing by itself";

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    EXPECT_FALSE(
        model.index(3).data(ObjectListModel::ThumbnailRole).isValid()); // asking is wanting
    ASSERT_TRUE(changed.wait(5000));
    EXPECT_EQ(changed.first().first().toModelIndex().row(), 3);
    const QImage first = model.index(3).data(ObjectListModel::ThumbnailRole).value<QImage>();
    ASSERT_FALSE(first.isNull());
    EXPECT_LE(std::max(first.width(), first.height()), rig.thumbnails.thumbnailSize());
    const auto frames =
        model.index(3).data(ObjectListModel::FramesRole).value<std::shared_ptr<const Thumbnail>>();
    ASSERT_TRUE(frames);
    EXPECT_EQ(frames->frames.size(), model.object(3).frames);
    EXPECT_EQ(rig.fetches, 1);
    EXPECT_EQ(rig.thumbnails.decodedCount(), 1);
}

TEST(ThumbnailCache, StaysWithinItsBudgetAndKeepsWhatIsOnScreenStill)
{
    const QByteArray gif = sharedGif("animated-red-blue.gif");
    ASSERT_FALSE(gif.isEmpty());
    int fetched = 0;
    ThumbnailCache cache([&](const QString &, std::uint64_t, QObject *context,
                             std::function<void(QByteArray)> done) {
        ++fetched;
        QTimer::singleShot(0, context, [done, gif] { done(gif); });
    });
    ManualClock clock;
    cache.setClock(clock);
    const auto one = Thumbnail::decode(gif, cache.thumbnailSize(), 120);
    ASSERT_TRUE(one && one->animated());
    // Room for two animations; the rest, all "on screen", become stills.
    cache.setBudget(2 * one->cost + one->cost / 2);
    QSignalSpy ready(&cache, &ThumbnailCache::ready);
    for (int i = 0; i < 5; ++i)
        cache.request(QStringLiteral("demo"), static_cast<std::uint64_t>(i));
    ASSERT_TRUE(QTest::qWaitFor([&] { return ready.count() == 5; }, 10000));
    // Only the stills of what is on screen may go over: a cell is never left empty.
    EXPECT_LE(cache.bytesUsed(), cache.budget() + 3 * one->frames.first().sizeInBytes());
    int animated = 0;
    for (int i = 0; i < 5; ++i) {
        auto t = cache.find(displayKey(QStringLiteral("demo"), static_cast<std::uint64_t>(i)));
        ASSERT_TRUE(t) << i;
        animated += t->animated() ? 1 : 0;
    }
    EXPECT_EQ(animated, 2);
    EXPECT_EQ(fetched, 5);
    cache.request(QStringLiteral("demo"), 0); // here already: nothing to do
    QCoreApplication::processEvents();
    EXPECT_EQ(fetched, 5);

    // Painted within the last second, they are on screen: a new one comes
    // as a still, not at their expense.
    clock.advance(999);
    cache.request(QStringLiteral("demo"), 8);
    ASSERT_TRUE(ready.wait(5000));
    auto still = cache.find(displayKey(QStringLiteral("demo"), 8));
    ASSERT_TRUE(still);
    EXPECT_FALSE(still->animated());
    // Once they are off screen (unpainted for a second) they make room.
    clock.advance(1001);
    cache.request(QStringLiteral("demo"), 9);
    ASSERT_TRUE(ready.wait(5000));
    auto fresh = cache.find(displayKey(QStringLiteral("demo"), 9));
    ASSERT_TRUE(fresh);
    EXPECT_TRUE(fresh->animated());
    EXPECT_LE(cache.bytesUsed(), cache.budget());
}

TEST(Thumbnail, FramesFollowTheClockAcrossLoops)
{
    Thumbnail t;
    t.frames = {QImage(1, 1, QImage::Format_ARGB32), QImage(1, 1, QImage::Format_ARGB32),
                QImage(1, 1, QImage::Format_ARGB32)};
    t.endsMs = {100, 150, 400};
    EXPECT_EQ(t.frameIndexAt(0), 0);
    EXPECT_EQ(t.frameIndexAt(99), 0);
    EXPECT_EQ(t.frameIndexAt(100), 1);
    EXPECT_EQ(t.frameIndexAt(149), 1);
    EXPECT_EQ(t.frameIndexAt(150), 2);
    EXPECT_EQ(t.frameIndexAt(399), 2);
    EXPECT_EQ(t.frameIndexAt(400), 0);
    EXPECT_EQ(t.frameIndexAt(400 * 1000 + 120), 1);
}

TEST(CollectionPageModel, TraitCountsAndTheGridsQuestion)
{
    GridRig rig;
    ObjectListModel objects(&rig.rest, &rig.thumbnails);
    CollectionPageModel page(&rig.rest, &objects);
    QSignalSpy traits(&page, &CollectionPageModel::traitsLoaded);
    QSignalSpy paged(&objects, &ObjectListModel::pageLoaded);
    page.open(QStringLiteral("pixel-cats"));
    ASSERT_TRUE(traits.wait(5000));
    ASSERT_FALSE(page.traitNames().isEmpty());
    // The header's own record came with the counts (GraphQL's one request),
    // so the page needs no list of collections to name it.
    ASSERT_TRUE(page.collection());
    EXPECT_EQ(page.collection()->slug, QStringLiteral("pixel-cats"));
    EXPECT_FALSE(page.collection()->name.isEmpty());
    EXPECT_EQ(page.collection()->items, page.items());
    const QString trait = page.traitNames().first();
    const TraitCount value = page.values(trait).first();
    ASSERT_TRUE(paged.count() > 0 || paged.wait(5000));

    CollectionFilter filter;
    filter.traits = {value.trait};
    filter.order = CollectionFilter::Order::Rarity;
    page.setFilter(filter);
    EXPECT_EQ(objects.query().sort, QStringLiteral("rarity"));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return objects.rowCount() > 0 && !objects.canFetchMore({}); }, 5000));
    EXPECT_EQ(static_cast<std::uint64_t>(objects.rowCount()), value.count)
        << "the count in the panel is what the grid shows";

    QSignalSpy failed(&page, &CollectionPageModel::loadFailed);
    page.open(QStringLiteral("no-such"));
    ASSERT_TRUE(failed.wait(5000));
    EXPECT_TRUE(failed.first().first().toString().contains(QStringLiteral("no-such")));
}
