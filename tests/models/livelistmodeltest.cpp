// The live lists' timing and paging against a fake index and a clock the
// test moves: no node, no sleeping.
#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "models/collectionlistmodel.h"
#include "models/displayformat.h"
#include "models/livefeed.h"
#include "tests/models/modeltester.h"
#include "tests/support/fakeindex.h"
#include "tests/support/manualclock.h"

#include <QDateTime>
#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

BlockHeader after(const BlockHeader &h)
{
    BlockHeader next = h;
    next.height = h.height + 1;
    next.parentHash = h.hash;
    next.hash = next.computeHash();
    return next;
}

} // namespace

TEST(LiveList, ABurstBecomesOneInsertAndUpdatesComeAtMostOncePerInterval)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(10);
    ManualClock clock;
    BlockListModel model(&index);
    model.setClock(clock);
    ModelTester tester(&model);
    QSignalSpy first(&model, &BlockListModel::firstPageLoaded);
    model.fetchMore({});
    ASSERT_EQ(index.deliver(), 1);
    ASSERT_EQ(first.count(), 1);
    EXPECT_EQ(first.at(0).at(0).toULongLong(), 9u);
    const int before = model.rowCount();

    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    BlockHeader h = index.headers().back();
    for (int i = 0; i < 20; ++i)
        model.addHead(h = after(h), true);
    EXPECT_EQ(inserted.count(), 0) << "never inside the call";
    clock.advance(0);
    EXPECT_EQ(inserted.count(), 1) << "twenty heads together, one insert";
    EXPECT_EQ(model.rowCount(), before + 20);
    model.addHead(h, true); // a repeat changes nothing
    clock.advance(1000);
    EXPECT_EQ(model.rowCount(), before + 20);

    // After a quiet interval a head shows at once; one right after it waits
    // out the rest of the interval: never more than one update per 250 ms.
    model.addHead(h = after(h), true);
    clock.advance(0);
    EXPECT_EQ(inserted.count(), 2);
    clock.advance(100);
    model.addHead(h = after(h), true);
    clock.advance(149);
    EXPECT_EQ(inserted.count(), 2) << "249 ms after the last update";
    clock.advance(1);
    EXPECT_EQ(inserted.count(), 3) << "250 ms after it";
    EXPECT_EQ(model.header(0).height, h.height);
}

TEST(LiveList, LiveRowsWaitForTheFirstPageAndNeverRepeatIt)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(5);
    ManualClock clock;
    BlockListModel model(&index);
    model.setClock(clock);
    ModelTester tester(&model);
    model.fetchMore({});
    // Heads arrive before the first page: they wait for it, and those it
    // already holds are dropped instead of shown twice.
    model.addHead(index.headers()[4], true);
    BlockHeader next = after(index.headers()[4]);
    model.addHead(next, true);
    clock.advance(1000);
    EXPECT_EQ(model.rowCount(), 0);
    index.deliver();
    clock.advance(1000);
    ASSERT_EQ(model.rowCount(), 6);
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_EQ(model.header(r).height, static_cast<std::uint64_t>(5 - r));
}

TEST(LiveList, AnAnswerToAQuestionSinceReplacedIsDropped)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(3);
    for (int i = 0; i < 6; ++i) {
        ActivityEntry e;
        e.id = QStringLiteral("e%1").arg(i);
        e.type = i % 2 ? QStringLiteral("sale") : QStringLiteral("mint");
        e.height = static_cast<std::uint64_t>(6 - i);
        e.key = QStringLiteral("pixel-cats#%1").arg(i);
        index.feed().push_back(e);
    }
    ManualClock clock;
    ActivityListModel model(&index);
    model.setClock(clock);
    ModelTester tester(&model);
    model.fetchMore({});
    // The reader narrows the list before the first answer is in; the answer
    // to the old question arrives last and must change nothing.
    model.setFilter({QStringLiteral("sale")}, {}, 0);
    model.fetchMore({});
    ASSERT_EQ(index.waiting(), 2);
    ASSERT_TRUE(index.deliverNewest());
    ASSERT_EQ(model.rowCount(), 3);
    index.deliver();
    clock.advance(1000);
    ASSERT_EQ(model.rowCount(), 3);
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_EQ(model.entry(r).type, QStringLiteral("sale"));
}

TEST(LiveList, AFailedPageIsSaidTheRowsStayAndTheNextAskGoesOn)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(12);
    BlockListModel model(&index);
    model.setPageSize(5);
    ModelTester tester(&model); // it asks for more itself, as a view would
    model.fetchMore({});
    ClientError down;
    down.kind = ClientError::Kind::Network;
    down.message = QStringLiteral("connection refused");
    index.failNext(QStringLiteral("blocks"), down); // the second page fails
    index.deliver();
    ASSERT_EQ(model.rowCount(), 5);
    QSignalSpy failed(&model, &LiveListModel::loadFailed);
    model.fetchMore({});
    index.deliver();
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(failed.at(0).at(0).toString().contains(QStringLiteral("connection refused")))
        << failed.at(0).at(0).toString().toStdString();
    EXPECT_EQ(model.rowCount(), 5);
    // The same page is asked again, and continues where the rows end.
    ASSERT_TRUE(model.canFetchMore({}));
    model.fetchMore({});
    while (index.deliver() > 0) {
    }
    ASSERT_EQ(model.rowCount(), 12);
    for (int r = 0; r < model.rowCount(); ++r)
        EXPECT_EQ(model.header(r).height, static_cast<std::uint64_t>(11 - r));
    EXPECT_FALSE(model.canFetchMore({})) << "genesis reached";
    EXPECT_EQ(failed.count(), 1);
}

// Ages are read off the wall clock the test owns, and the column is said
// changed as its seconds pass, so a view redraws "12 s ago" as it ages.
TEST(LiveList, AgesAreReadOffTheWallClockAndMoveOnAsItDoes)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(10); // the newest made at 1700000045
    ManualClock wall((1700000045 + 12) * 1000LL);
    BlockListModel model(&index);
    model.setWallClock(wall);
    ModelTester tester(&model);
    model.fetchMore({});
    ASSERT_EQ(index.deliver(), 1);
    const QModelIndex top = model.index(0, BlockListModel::TimeColumn);
    EXPECT_EQ(top.data().toString(), QStringLiteral("12 s ago"));
    EXPECT_EQ(model.index(1, BlockListModel::TimeColumn).data().toString(),
              QStringLiteral("17 s ago"));
    // The exact time, with a four-digit year, seconds and the zone, where
    // the pointer rests; UTC in exports.
    const QString exact = top.data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(exact.startsWith(
        QDateTime::fromSecsSinceEpoch(1700000045).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss "))))
        << exact.toStdString();
    EXPECT_GT(exact.size(), 20) << "a zone after the time";
    EXPECT_EQ(top.data(DisplayFormat::ExportRole).toString(),
              QStringLiteral("2023-11-14T22:14:05Z"));

    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    wall.advance(48'000);
    EXPECT_EQ(top.data().toString(), QStringLiteral("1 min ago"));
    ASSERT_GE(changed.count(), 48);
    const QModelIndex from = changed.last().at(0).toModelIndex();
    const QModelIndex to = changed.last().at(1).toModelIndex();
    EXPECT_EQ(from.column(), BlockListModel::TimeColumn);
    EXPECT_EQ(to.column(), BlockListModel::TimeColumn);
    EXPECT_EQ(from.row(), 0);
    EXPECT_EQ(to.row(), model.rowCount() - 1);
    EXPECT_EQ(DisplayFormat::age(1700000045, (1700000045 + 2 * 3600 + 59) * 1000LL),
              QStringLiteral("2 h ago"));
    EXPECT_EQ(DisplayFormat::age(1700000045, (1700000045 + 3 * 86400) * 1000LL),
              QStringLiteral("3 d ago"));
    // A block stamped ahead of the clock is "just now", not a negative age.
    EXPECT_EQ(DisplayFormat::age(1700000100, 1700000099'000), QStringLiteral("just now"));
}

// A block list that follows a feed asks no first page of its own, even when
// a view asks for rows: it is seeded with the feed's, so its rows meet the
// feed's heads. A failed page is said and the list goes on waiting.
TEST(LiveList, ABlockListFollowingAFeedIsSeededWithItsFirstPage)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(6);
    ManualClock clock;
    BlockListModel model(&index);
    model.setClock(clock);
    LiveFeed feed;
    model.follow(feed);
    ModelTester tester(&model); // asks for rows as a view would
    QSignalSpy failed(&model, &BlockListModel::loadFailed);
    model.fetchMore({});
    EXPECT_EQ(index.asked(QStringLiteral("blocks")), 0) << "the feed brings the first page";
    ClientError refused;
    refused.kind = ClientError::Kind::Network;
    refused.message = QStringLiteral("refused");
    feed.deliverFirstPageFailure(refused);
    EXPECT_EQ(failed.count(), 1);
    EXPECT_FALSE(model.hasFirstPage());
    model.fetchMore({});
    EXPECT_EQ(index.asked(QStringLiteral("blocks")), 0) << "still the feed's to bring";

    Page<BlockHeader> page;
    page.height = 5;
    page.cursor = QStringLiteral("3");
    for (std::uint64_t h = 5; h >= 4; --h)
        page.data.push_back(index.headers()[h]);
    BlockHeader early = after(index.headers()[5]);
    feed.deliverHead(early, true); // a head before the page waits for it
    feed.deliverFirstPage(page);
    EXPECT_EQ(feed.height(), std::optional<std::uint64_t>(6));
    clock.advance(1000);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(model.header(0).height, 6u);
    EXPECT_EQ(model.header(2).height, 4u);
    model.fetchMore({}); // the older pages are the list's own
    EXPECT_EQ(index.asked(QStringLiteral("blocks")), 1);

    // A list that follows once the page has come asks for its own.
    BlockListModel late(&index);
    late.follow(feed);
    late.fetchMore({});
    EXPECT_EQ(index.asked(QStringLiteral("blocks")), 2);
}

// The collection list that could not load while the node was away is
// filled as soon as the feed's first page says it answers again; one that
// loaded waits for heads as before.
TEST(LiveList, AFailedCollectionLoadIsAskedAgainWhenTheFirstPageComes)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(4);
    for (const char *slug : {"glitch-garden", "tiny-ghosts"}) {
        Collection c;
        c.slug = QString::fromLatin1(slug);
        c.name = c.slug;
        index.collectionList().push_back(c);
    }
    LiveFeed feed;
    CollectionListModel failed(&index), loaded(&index);
    ModelTester tester(&failed);
    for (CollectionListModel *list : {&failed, &loaded})
        list->follow(feed);
    loaded.reload();
    index.deliver();
    ASSERT_EQ(loaded.rowCount(), 2);
    index.setReachable(false);
    QSignalSpy said(&failed, &CollectionListModel::loadFailed);
    failed.reload();
    index.deliver();
    ASSERT_EQ(said.count(), 1);
    ASSERT_EQ(failed.rowCount(), 0);

    index.setReachable(true);
    Page<BlockHeader> page;
    page.height = 3;
    page.data.push_back(index.headers()[3]);
    feed.deliverFirstPage(page);
    EXPECT_EQ(index.asked(QStringLiteral("collections")), 3) << "the failed list alone, at once";
    index.deliver();
    EXPECT_EQ(failed.rowCount(), 2);
    EXPECT_EQ(failed.data(failed.index(1, 0), CollectionListModel::SlugRole).toString(),
              QStringLiteral("tiny-ghosts"));
}

// A first page that failed is asked again when the feed hears from the
// node, if asking again can help: not after a refusal (4xx).
TEST(LiveList, AFailedFirstPageIsAskedAgainOnAHeadUnlessTheNodeRefusedIt)
{
    FakeIndex index;
    index.headers() = FakeIndex::chain(4);
    LiveFeed feed;
    ActivityListModel refused(&index), unanswered(&index);
    for (ActivityListModel *list : {&refused, &unanswered})
        list->follow(feed);
    ClientError notFound;
    notFound.kind = ClientError::Kind::Http;
    notFound.httpStatus = 404;
    index.failNext(QStringLiteral("activity"), notFound);
    refused.fetchMore({});
    index.deliver();
    index.setReachable(false);
    unanswered.fetchMore({});
    index.deliver();
    index.setReachable(true);
    ASSERT_EQ(index.asked(QStringLiteral("activity")), 2);
    feed.deliverHead(FakeIndex::next(index.headers().back()), true);
    EXPECT_EQ(index.asked(QStringLiteral("activity")), 3) << "only the unanswered one again";
    index.deliver();
    EXPECT_TRUE(unanswered.hasFirstPage());
    EXPECT_FALSE(refused.hasFirstPage());
}
