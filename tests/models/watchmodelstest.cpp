// The watchlist's table and the notification log as models: rows for what
// is watched, filled from the node, moved on by live events, and every
// change signalled as QAbstractItemModelTester requires.
#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "models/collectionlistmodel.h"
#include "models/displayformat.h"
#include "models/notificationlog.h"
#include "models/thumbnailcache.h"
#include "models/watchlist.h"
#include "models/watchlistmodel.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/txfactory.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

int rowOf(const WatchlistModel &model, const QString &what)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(WatchlistModel::WhatRole).toString() == what)
            return r;
    }
    return -1;
}

} // namespace

TEST(WatchlistModel, RowsForWhatIsWatchedFilledFromTheNodeAndMovedOnByEvents)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    const QJsonObject first = d.firstObject();
    const QString slug = first[QStringLiteral("slug")].toString();
    const auto id = static_cast<std::uint64_t>(first[QStringLiteral("tokenId")].toInteger());
    const QString key = displayKey(slug, id);
    const Address owner = *parseAddress(first[QStringLiteral("owner")].toString());

    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("w.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    CollectionListModel collections(&rest);
    ThumbnailCache thumbnails([](const QString &, std::uint64_t, QObject *,
                                 std::function<void(QByteArray)> done) { done({}); });
    WatchlistModel model(&watchlist, &rest, &collections, &thumbnails);
    ManualClock wall(1700000000000);
    model.setWallClock(wall);
    ModelTester tester(&model);
    EXPECT_EQ(model.rowCount(), 0);

    watchlist.setWatched(Watchlist::Kind::Object, key, true);
    watchlist.setWatched(Watchlist::Kind::Address, toHexString(owner), true);
    watchlist.setWatched(Watchlist::Kind::Collection, slug, true);
    ASSERT_EQ(model.rowCount(), 3);
    const int object = rowOf(model, key);
    ASSERT_GE(object, 0);
    // The owner comes from the node.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return !model.index(object, WatchlistModel::OwnerColumn).data().toString().isEmpty();
        },
        5000));
    EXPECT_NE(model.index(object, WatchlistModel::OwnerColumn).data().toString(),
              QStringLiteral("unknown"));
    // Minted in the genesis and nothing since: said in words, with an age
    // (it read "mint at block 0", its age empty).
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !model.index(object, WatchlistModel::AgeColumn).data().toString().isEmpty(); },
        5000));
    EXPECT_EQ(model.index(object, WatchlistModel::LastEventColumn).data().toString(),
              QStringLiteral("minted in the genesis"));

    // A live event on the object: its row says it, and ages on the wall clock.
    ActivityEntry sale;
    sale.id = QStringLiteral("live-1");
    sale.type = QStringLiteral("transfer");
    sale.key = key;
    sale.slug = slug;
    sale.tokenId = id;
    sale.height = 1000000;
    sale.timestamp = 1700000000 - 60;
    sale.from = owner;
    sale.to = owner;
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.eventArrived(sale);
    EXPECT_GE(changed.count(), 1);
    EXPECT_FALSE(model.index(object, WatchlistModel::LastEventColumn).data().toString().isEmpty());
    EXPECT_FALSE(model.index(object, WatchlistModel::AgeColumn).data().toString().isEmpty());
    // An older event does not replace the newer one.
    ActivityEntry older = sale;
    older.id = QStringLiteral("live-0");
    older.height = 5;
    const QString before = model.index(object, WatchlistModel::LastEventColumn).data().toString();
    model.eventArrived(older);
    EXPECT_EQ(model.index(object, WatchlistModel::LastEventColumn).data().toString(), before);

    // Unwatched: the row goes.
    watchlist.setWatched(Watchlist::Kind::Collection, slug, false);
    EXPECT_EQ(model.rowCount(), 2);
    EXPECT_EQ(rowOf(model, slug), -1);
}

namespace {
WatchNotice floorNotice(const QString &slug)
{
    WatchNotice n;
    n.kind = WatchNotice::Kind::Floor;
    n.slug = slug;
    n.floorAfter = Amount(5);
    return n;
}
} // namespace

TEST(NotificationLog, NewestFirstStampedOnItsClockAndBounded)
{
    NotificationLog log;
    ManualClock wall(1700000000000);
    log.setWallClock(wall);
    ModelTester tester(&log);
    QSignalSpy added(&log, &NotificationLog::added);
    log.add(floorNotice(QStringLiteral("first")));
    wall.advance(1000);
    log.add(floorNotice(QStringLiteral("second")));
    ASSERT_EQ(log.rowCount(), 2);
    EXPECT_EQ(log.index(0).data(NotificationLog::TitleRole).toString(),
              QStringLiteral("gifscan: second"));
    EXPECT_TRUE(log.index(1)
                    .data(NotificationLog::BodyRole)
                    .toString()
                    .contains(QStringLiteral("floor of first")));
    EXPECT_GT(log.index(0).data(NotificationLog::TimeRole).toLongLong(),
              log.index(1).data(NotificationLog::TimeRole).toLongLong());
    EXPECT_EQ(added.count(), 2);
    for (int i = 0; i < NotificationLog::kLimit + 10; ++i)
        log.add(floorNotice(QStringLiteral("n%1").arg(i)));
    EXPECT_EQ(log.rowCount(), NotificationLog::kLimit) << "the oldest go";
    EXPECT_EQ(log.index(0).data(NotificationLog::TitleRole).toString(),
              QStringLiteral("gifscan: n%1").arg(NotificationLog::kLimit + 9));
}
