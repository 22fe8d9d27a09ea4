// The watchlist: watched from the object's page, kept in settings, and a
// sale of the watched object notifies once.
#include "models/addressbook.h"
#include "models/displayformat.h"
#include "models/notificationlog.h"
#include "models/watchlist.h"
#include "models/watchlistmodel.h"
#include "models/watchnotifier.h"
#include "tests/models/modeltester.h"
#include "tests/support/manualclock.h"
#include "tests/support/txfactory.h"
#include "tests/views/fakeexplorer.h"
#include "translations/translations.h"

#include <QAction>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// A unit test's events have no block to be proven from: taken as proven
// behind the notifier's seam (EventProver's own test proves real ones).
void provenByFake(const ActivityEntry &, const BlockHeader &, QObject *,
                  std::function<void(const EventVerdict &)> done)
{
    done({EventVerdict::Kind::Proven, {}});
}
} // namespace

TEST(Watchlist, ASoldWatchedObjectNotifiesOnce)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    FakeExplorer e(12, 4, &watchlist);
    const QString slug = QStringLiteral("watched");
    Collection made;
    made.slug = slug;
    made.name = QStringLiteral("Watched");
    made.category = QStringLiteral("art");
    e.index.collectionList().push_back(made);
    e.addObject(slug, 1).owner = TxFactory::dev(6);
    e.addEvent(3, QStringLiteral("mint"), slug, 1).to = TxFactory::dev(6);
    ModelTester watched{e.session.pages().watched, e.session.pages().notifications};
    e.startLive();
    ASSERT_EQ(e.session.pages().status->state(), LiveFeed::Connection::Live);

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
    const Amount price(2'000'000'000'000'000'000ULL);
    ActivityEntry &listed = e.addEvent(e.grow().height, QStringLiteral("list"), slug, 1, price);
    listed.from = listed.to = TxFactory::dev(6);
    e.announce();
    ActivityEntry &sold = e.addEvent(e.grow().height, QStringLiteral("sale"), slug, 1, price);
    sold.from = TxFactory::dev(6);
    sold.to = TxFactory::dev(7);
    e.index.objectList().back().owner = TxFactory::dev(7);
    e.announce();
    auto count = [&](const QString &word) {
        int n = 0;
        for (const QString &body : e.window.notifications())
            n += body.contains(word) ? 1 : 0;
        return n;
    };
    ASSERT_GT(count(QStringLiteral("sold")), 0);
    // Three more blocks through the window's session: nothing repeats.
    for (int i = 0; i < 3; ++i)
        e.pushHead();
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
    ASSERT_EQ(cell(WatchlistModel::OwnerColumn), DisplayFormat::shortHex(TxFactory::dev(7)));
    EXPECT_TRUE(cell(WatchlistModel::LastEventColumn).contains(QStringLiteral("2 GIF")))
        << cell(WatchlistModel::LastEventColumn).toStdString();
    EXPECT_FALSE(cell(WatchlistModel::AgeColumn).isEmpty());
    EXPECT_EQ(cell(WatchlistModel::FloorColumn), QStringLiteral("none listed"));
    // The last event, the longest words, is the column that stretches over
    // what is left (it was cut beside an age column of room).
    EXPECT_EQ(rows.headerData(rows.columnCount() - 1, Qt::Horizontal).toString(),
              QStringLiteral("Last event"));

    // Unwatched, a later move says nothing.
    watch->trigger();
    EXPECT_FALSE(watchlist.contains(Watchlist::Kind::Object, QStringLiteral("watched#1")));
    EXPECT_EQ(e.window.statusBar()->currentMessage(),
              QStringLiteral("Stopped watching watched#1."));
    const qsizetype before = e.window.notifications().size();
    ActivityEntry &moved = e.addEvent(e.grow().height, QStringLiteral("transfer"), slug, 1);
    moved.from = TxFactory::dev(7);
    moved.to = TxFactory::dev(8);
    e.announce();
    e.pushHead();
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
    notifier.setEventCheck(provenByFake);
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
        // Its own transaction: the notifier tells a transaction's event once.
        const QByteArray tx = id.toLatin1().leftJustified(32, '\0', true);
        std::copy(tx.begin(), tx.end(), e.txHash.begin());
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

// An event that arrived live is news even when its proof ends after the
// feed was interrupted again (a reconnect tried while heads still come):
// what it is was decided as it came. One that arrived while away is still
// counted, not told, however fast its proof, unless its absence was
// summed before the proof ended. Before, a slow proof of a real transfer
// (WatchProven under ASan) ended in the away count, told nowhere.
TEST(WatchNotifier, AnEventIsNewsOrHistoryAsItArrivesNotAsItsProofEnds)
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    const Address me = TxFactory::dev(3);
    watchlist.setWatched(Watchlist::Kind::Address, toHexString(me), true);
    WatchNotifier notifier(&watchlist);
    // Proofs answered when the test says.
    std::vector<std::function<void(const EventVerdict &)>> owed;
    notifier.setEventCheck([&owed](const ActivityEntry &, const BlockHeader &, QObject *,
                                   std::function<void(const EventVerdict &)> done) {
        owed.push_back(std::move(done));
    });
    QSignalSpy notified(&notifier, &WatchNotifier::noticed);
    QSignalSpy away(&notifier, &WatchNotifier::awaySummary);
    const auto now = static_cast<std::uint64_t>(QDateTime::currentSecsSinceEpoch());
    auto arrive = [&](std::uint64_t height, std::uint64_t timestamp, char id) {
        BlockHeader h;
        h.height = height;
        h.timestamp = timestamp;
        notifier.headArrived(h, true);
        ActivityEntry e;
        e.id = QString(QLatin1Char(id));
        e.type = QStringLiteral("transfer");
        e.key = QStringLiteral("x#1");
        e.slug = QStringLiteral("x");
        e.to = me;
        e.height = height;
        e.txHash.fill(static_cast<std::uint8_t>(id));
        notifier.eventArrived(e);
    };
    arrive(10, now, 'a');
    ASSERT_EQ(owed.size(), 1u);
    notifier.feedInterrupted(); // a reconnect tried while the proof runs
    owed[0]({EventVerdict::Kind::Proven, {}});
    EXPECT_EQ(notified.count(), 1) << "it arrived live";
    arrive(11, now - 3600, 'b'); // backfilled while away
    ASSERT_EQ(owed.size(), 2u);
    owed[1]({EventVerdict::Kind::Proven, {}});
    EXPECT_EQ(notified.count(), 1) << "it arrived while away";
    arrive(12, now - 3600, 'c'); // backfilled too, its proof still running
    arrive(13, now, 'd');        // caught up: the absence's summary is said
    ASSERT_EQ(away.count(), 1);
    EXPECT_EQ(away.first().at(1).toInt(), 1);
    ASSERT_EQ(owed.size(), 4u);
    owed[2]({EventVerdict::Kind::Proven, {}});
    EXPECT_EQ(notified.count(), 2) << "its absence was summed without it: told, not lost";
    owed[3]({EventVerdict::Kind::Proven, {}});
    EXPECT_EQ(notified.count(), 3);
}

TEST(WatchNotifier, ALongSilenceWithoutAStateChangeIsAnAbsenceToo)
{
    // The machine slept: no Offline was ever said, the heads just stopped.
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    WatchNotifier notifier(&watchlist);
    notifier.setEventCheck(provenByFake);
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
    notifier.setEventCheck(provenByFake);
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
    const QString slug = QStringLiteral("0xcats");
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    FakeExplorer e(12, 4, &watchlist);
    Collection cats;
    cats.slug = slug;
    cats.name = QStringLiteral("Hex Cats");
    cats.category = QStringLiteral("pfp");
    e.index.collectionList().push_back(cats);
    e.startLive();
    ASSERT_GE(e.session.pages().collections->rowOf(slug), 0);

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
TEST(NotificationLogWording, EntriesReadInTodaysLanguageWithTodaysTags)
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
    // A listing and a delisting name who did it, by tag, as a sale its buyer.
    EXPECT_TRUE(words.contains(QStringLiteral("by Alice"))) << words.toStdString();
    WatchNotice list = sale;
    list.event.type = QStringLiteral("list");
    list.event.from = sale.event.to;
    log.add(list);
    const QString listed = log.index(0).data(NotificationLog::BodyRole).toString();
    EXPECT_TRUE(listed.contains(QStringLiteral("listed for 2 GIF by Alice")))
        << listed.toStdString();

    changed.clear();
    Translations translations;
    translations.apply(QStringLiteral("de"));
    const QString german = log.index(2).data(NotificationLog::BodyRole).toString();
    translations.apply(QStringLiteral("en"));
    EXPECT_GE(changed.count(), 1) << "a language switch rewords what is shown";
    EXPECT_TRUE(german.contains(QStringLiteral("verkauft"))) << german.toStdString();
    EXPECT_TRUE(german.contains(QStringLiteral("Alice"))) << german.toStdString();
}
