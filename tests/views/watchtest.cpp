// The watchlist: watched from the object's page, kept in settings, and a
// sale of the watched object on the devnet notifies once.
#include "models/addressbook.h"
#include "models/displayformat.h"
#include "models/notificationlog.h"
#include "models/watchlist.h"
#include "models/watchlistmodel.h"
#include "models/watchnotifier.h"
#include "tests/models/modeltester.h"
#include "tests/support/manualclock.h"
#include "tests/support/txfactory.h"
#include "tests/views/explorer.h"
#include "translations/translations.h"

#include <QAction>
#include <QJsonDocument>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(Watchlist, ASoldWatchedObjectNotifiesOnce)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    d.sendAndWait(f.createCollection(6, QStringLiteral("watched")));
    d.sendAndWait(
        f.mint(6, QStringLiteral("watched"), 1, TxFactory::dev(6), TxFactory::smallGif()));

    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    Explorer e(d, &watchlist);
    ModelTester watched{e.session.pages().watched, e.session.pages().notifications};
    e.session.start();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().status->state() == LiveSync::State::Live; }, 10000));

    ASSERT_TRUE(e.window.search(QStringLiteral("watched#1")));
    QAction *watch = e.window.watchAction();
    ASSERT_NE(watch, nullptr);
    ASSERT_TRUE(watch->isEnabled());
    watch->trigger();
    EXPECT_TRUE(watchlist.contains(Watchlist::Kind::Object, QStringLiteral("watched#1")));
    EXPECT_EQ(watch->text(), QStringLiteral("Watching"));
    EXPECT_TRUE(
        e.window.statusBar()->currentMessage().startsWith(QStringLiteral("Watching watched#1")))
        << "the shortcut says what it did: "
        << e.window.statusBar()->currentMessage().toStdString();
    // And the status bar has room to show it beside its permanent widgets.
    int permanent = 0;
    for (QWidget *w : e.window.statusBar()->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        permanent += w->isVisible() ? w->width() : 0;
    EXPECT_GT(e.window.statusBar()->width() - permanent,
              e.window.statusBar()->fontMetrics().horizontalAdvance(
                  e.window.statusBar()->currentMessage().left(20)));
    EXPECT_TRUE(Watchlist(&settings).contains(Watchlist::Kind::Object, QStringLiteral("watched#1")))
        << "kept in settings";

    // Listed, then sold to dev(7).
    d.sendAndWait(f.objectTx(TxKind::List, 6, QStringLiteral("watched"), 1, {},
                             Amount(2'000'000'000'000'000'000ULL)));
    const QJsonObject sold = d.sendAndWait(f.objectTx(TxKind::Buy, 7, QStringLiteral("watched"), 1,
                                                      {}, Amount(2'000'000'000'000'000'000ULL)));
    ASSERT_EQ(sold[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    auto count = [&](const QString &word) {
        int n = 0;
        for (const QString &body : e.window.notifications())
            n += body.contains(word) ? 1 : 0;
        return n;
    };
    ASSERT_TRUE(QTest::qWaitFor([&] { return count(QStringLiteral("sold")) > 0; }, 10000));
    // Three more blocks through the window's session: nothing repeats.
    const qulonglong soldSeenAt = e.session.pages().status->headHeight();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().status->headHeight() >= soldSeenAt + 3; }, 10000));
    EXPECT_EQ(count(QStringLiteral("sold")), 1);
    EXPECT_EQ(count(QStringLiteral("listed")), 1);
    // Kept in the app's log too, newest first.
    NotificationLog &log = *e.session.pages().notifications;
    ASSERT_GE(log.rowCount(), 2);
    EXPECT_TRUE(
        log.index(0).data(NotificationLog::BodyRole).toString().contains(QStringLiteral("sold")));
    // The Watchlist page's row: the new owner, the sale as its last event, its age.
    WatchlistModel &rows = *e.session.pages().watched;
    ASSERT_EQ(rows.rowCount(), 1);
    auto cell = [&](int column) { return rows.index(0, column).data().toString(); };
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return cell(WatchlistModel::OwnerColumn) == DisplayFormat::shortHex(TxFactory::dev(7));
        },
        5000))
        << cell(WatchlistModel::OwnerColumn).toStdString();
    EXPECT_TRUE(cell(WatchlistModel::LastEventColumn).contains(QStringLiteral("2 GIF")))
        << cell(WatchlistModel::LastEventColumn).toStdString();
    EXPECT_FALSE(cell(WatchlistModel::AgeColumn).isEmpty());
    EXPECT_EQ(cell(WatchlistModel::FloorColumn), QStringLiteral("none listed"));

    // Unwatched, a later move says nothing.
    watch->trigger();
    EXPECT_FALSE(watchlist.contains(Watchlist::Kind::Object, QStringLiteral("watched#1")));
    EXPECT_EQ(e.window.statusBar()->currentMessage(),
              QStringLiteral("Stopped watching watched#1."));
    const qsizetype before = e.window.notifications().size();
    const QJsonObject moved = d.sendAndWait(
        f.objectTx(TxKind::TransferObject, 7, QStringLiteral("watched"), 1, TxFactory::dev(8)));
    // Its event has reached the window's session when its block and the
    // next one have.
    const auto movedAt = static_cast<qulonglong>(
        moved[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    ASSERT_GT(movedAt, 0u) << QJsonDocument(moved).toJson().toStdString();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().status->headHeight() > movedAt; }, 10000));
    EXPECT_EQ(e.window.notifications().size(), before);
}

TEST(WatchNotifier, UnverifiedBlocksAreSilentAndAnAbsenceIsSummed)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    const Address me = TxFactory::dev(3);
    watchlist.setWatched(Watchlist::Kind::Address, toHexString(me), true);
    WatchNotifier notifier(&watchlist);
    QSignalSpy notified(&notifier, &WatchNotifier::noticed);
    QSignalSpy away(&notifier, &WatchNotifier::awaySummary);
    const auto now = static_cast<std::uint64_t>(QDateTime::currentSecsSinceEpoch());
    auto head = [&](std::uint64_t height, std::uint64_t timestamp, bool verified) {
        BlockHeader h;
        h.height = height;
        h.timestamp = timestamp;
        notifier.headArrived(h, verified);
    };
    auto payment = [&](std::uint64_t height, const QString &id) {
        ActivityEntry e;
        e.id = id;
        e.type = QStringLiteral("transfer");
        e.key = QStringLiteral("x#1");
        e.slug = QStringLiteral("x");
        e.to = me;
        e.height = height;
        notifier.eventArrived(e);
    };
    head(10, now, false);
    payment(10, QStringLiteral("a"));
    EXPECT_EQ(notified.count(), 0) << "its header did not verify";
    head(11, now, true);
    payment(11, QStringLiteral("b"));
    payment(11, QStringLiteral("b"));
    EXPECT_EQ(notified.count(), 1) << "once per event";

    notifier.feedInterrupted();
    // Backfill after the absence: old heads, their events counted, not shown.
    for (std::uint64_t h = 12; h < 20; ++h) {
        head(h, now - 3600, true);
        payment(h, QStringLiteral("c%1").arg(h));
    }
    EXPECT_EQ(notified.count(), 1);
    head(20, now, true); // caught up
    ASSERT_EQ(away.count(), 1);
    EXPECT_EQ(away.first().at(0).toULongLong(), 8u);
    EXPECT_EQ(away.first().at(1).toInt(), 8);
    payment(20, QStringLiteral("d"));
    EXPECT_EQ(notified.count(), 2) << "news again once caught up";
}

TEST(WatchNotifier, ALongSilenceWithoutAStateChangeIsAnAbsenceToo)
{
    // The machine slept: no Offline was ever said, the heads just stopped.
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    WatchNotifier notifier(&watchlist);
    ManualClock clock;
    notifier.setClock(clock);
    notifier.setAwayAfterMs(60000);
    QSignalSpy away(&notifier, &WatchNotifier::awaySummary);
    const auto now = static_cast<std::uint64_t>(QDateTime::currentSecsSinceEpoch());
    auto head = [&](std::uint64_t height, std::uint64_t timestamp) {
        BlockHeader h;
        h.height = height;
        h.timestamp = timestamp;
        notifier.headArrived(h, true);
    };
    head(10, now);
    clock.advance(59000);
    head(11, now);
    head(12, now);
    EXPECT_EQ(away.count(), 0) << "under a minute between heads is no absence";
    clock.advance(60001);
    for (std::uint64_t h = 13; h < 30; ++h)
        head(h, now - 3600); // backfilled
    head(30, now);
    ASSERT_EQ(away.count(), 1);
    EXPECT_EQ(away.first().at(0).toULongLong(), 17u);
}

TEST(WatchNotifier, AWatchedCollectionsFloorMoveNotifies)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    watchlist.setWatched(Watchlist::Kind::Collection, QStringLiteral("pixel-cats"), true);
    WatchNotifier notifier(&watchlist);
    QSignalSpy notified(&notifier, &WatchNotifier::noticed);
    notifier.floorSeen(QStringLiteral("pixel-cats"), Amount(5)); // first sight: nothing moved
    notifier.floorSeen(QStringLiteral("tiny-ghosts"), Amount(5));
    notifier.floorSeen(QStringLiteral("pixel-cats"), Amount(5));
    EXPECT_EQ(notified.count(), 0);
    notifier.floorSeen(QStringLiteral("tiny-ghosts"), Amount(7)); // not watched
    EXPECT_EQ(notified.count(), 0);
    notifier.floorSeen(QStringLiteral("pixel-cats"), std::nullopt);
    ASSERT_EQ(notified.count(), 1);
    const auto notice = notified.first().at(0).value<WatchNotice>();
    EXPECT_TRUE(NotificationLog().body(notice).contains(QStringLiteral("floor of pixel-cats")))
        << NotificationLog().body(notice).toStdString();
}

#include "views/watchlistpage.h"

#include <QPushButton>
#include <QTableView>

// A slug may begin with "0x": what is watched is known by the page it was
// watched on, not guessed from its text.
TEST(Watchlist, ACollectionWhoseSlugLooksLikeHexIsWatchedAsACollection)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QString slug = QStringLiteral("0xcats");
    ASSERT_EQ(d.sendAndWait(
                   f.createCollection(6, slug))[QStringLiteral("receipt")][QStringLiteral("status")]
                  .toString(),
              QStringLiteral("success"));
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    Explorer e(d, &watchlist);
    e.session.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().collections->rowOf(slug) >= 0; }, 10000));

    e.window.open(Location::collection(slug));
    ASSERT_EQ(e.window.here().kind, Location::Kind::Collection);
    QAction *watch = e.window.watchAction();
    ASSERT_TRUE(watch->isEnabled());
    watch->trigger();
    EXPECT_TRUE(watchlist.contains(Watchlist::Kind::Collection, slug));
    EXPECT_FALSE(watchlist.contains(Watchlist::Kind::Address, slug));
    EXPECT_EQ(watch->text(), QStringLiteral("Watching"));

    // Stopped from the Watchlist page, it goes.
    auto *page = e.window.findChild<WatchlistPage *>();
    ASSERT_NE(page, nullptr);
    QTableView *table = page->table();
    ASSERT_EQ(table->model()->rowCount(), 1);
    EXPECT_EQ(table->model()->index(0, WatchlistModel::KindColumn).data().toString(),
              QStringLiteral("collection"));
    table->setCurrentIndex(table->model()->index(0, 0));
    QPushButton *stop = nullptr;
    for (QPushButton *b : page->findChildren<QPushButton *>())
        stop = b->text() == QStringLiteral("Stop watching") ? b : stop;
    ASSERT_NE(stop, nullptr);
    stop->click();
    EXPECT_FALSE(watchlist.contains(Watchlist::Kind::Collection, slug));
    EXPECT_TRUE(Watchlist(&settings).items(Watchlist::Kind::Collection).isEmpty())
        << "gone from settings too";
    EXPECT_TRUE(page->emptyText().contains(QStringLiteral("Nothing watched yet")));
}

// An entry is worded when it is read: after a language switch in the new
// language, an address by the name tag it has now, and a delisting in
// words, not as the event's code.
TEST(NotificationLog, EntriesReadInTodaysLanguageWithTodaysTags)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    AddressBook book(&settings);
    NotificationLog log;
    log.setAddressBook(&book);
    ModelTester tester(&log);
    WatchNotice sale;
    sale.event.type = QStringLiteral("sale");
    sale.event.key = QStringLiteral("pixel-cats#1");
    sale.event.to = TxFactory::dev(7);
    sale.event.price = oneGif() * 2;
    sale.event.height = 117;
    log.add(sale);
    QSignalSpy changed(&log, &QAbstractItemModel::dataChanged);
    const QString buyer = toHexString(*sale.event.to);
    EXPECT_TRUE(log.index(0).data().toString().contains(DisplayFormat::shortHex(*sale.event.to)));
    book.setLabel(buyer, QStringLiteral("Alice"));
    EXPECT_GE(changed.count(), 1) << "a new tag rewords what is shown";
    EXPECT_TRUE(log.index(0).data().toString().contains(QStringLiteral("to Alice")))
        << log.index(0).data().toString().toStdString();

    WatchNotice delist = sale;
    delist.event.type = QStringLiteral("delist");
    log.add(delist);
    const QString words = log.index(0).data(NotificationLog::BodyRole).toString();
    EXPECT_FALSE(words.contains(QStringLiteral("delist"))) << words.toStdString();
    EXPECT_TRUE(words.contains(QStringLiteral("pixel-cats#1"))) << words.toStdString();

    changed.clear();
    Translations translations;
    translations.apply(QStringLiteral("de"));
    const QString german = log.index(1).data(NotificationLog::BodyRole).toString();
    translations.apply(QStringLiteral("en"));
    EXPECT_GE(changed.count(), 1) << "a language switch rewords what is shown";
    EXPECT_TRUE(german.contains(QStringLiteral("verkauft"))) << german.toStdString();
    EXPECT_TRUE(german.contains(QStringLiteral("Alice"))) << german.toStdString();
}
