// The explorer against a node that forges headers (signed by keys outside
// the set it names): no page says verified or holds, and each says why.
#include "models/auditmodel.h"
#include "models/blockpagemodel.h"
#include "models/networkstatusmodel.h"
#include "models/objectpagemodel.h"
#include "models/watchlist.h"
#include "models/watchnotifier.h"
#include "tests/support/txfactory.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "views/addresspage.h"
#include "views/blockpage.h"
#include "views/objectpage.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(Trust, AForgingNodeGetsNoVerifiedBadgeAnywhere)
{
    auto config = DevnetHarness::fastConfig(30, 0.1, true);
    config.chain.forgeHeaders = true;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("watch.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    watchlist.setWatched(Watchlist::Kind::Collection, QStringLiteral("pixel-cats"), true);
    Explorer e(d, &watchlist);
    QSignalSpy notified(e.session.notifier(), &WatchNotifier::noticed);
    e.session.start();

    // The connection is refused, and the status says why.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().status->state() == LiveFeed::Connection::WrongNetwork; },
        10000));
    EXPECT_EQ(e.session.pages().status->trust(), LiveFeed::Trust::Untrusted);
    EXPECT_FALSE(e.session.pages().status->trustText().isEmpty());
    EXPECT_TRUE(e.session.pages().status->problem().contains(
        QStringLiteral("headers not signed by the trusted validators")));
    // Every page says so across its top and steps aside: nothing of the
    // node is shown as the chain, nor its head in the status bar.
    EXPECT_TRUE(e.window.bannerText().contains(QStringLiteral("is not the network")))
        << e.window.bannerText().toStdString();
    EXPECT_FALSE(e.window.pagesShown());
    EXPECT_FALSE(e.session.pages().status->hasHead());

    // The object page: the proof walks, the header's signatures do not hold.
    ASSERT_TRUE(e.window.search(QStringLiteral("pixel-cats#1")));
    ObjectPageModel &object = *e.session.pages().object;
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    // Behind the banner the pages verify nothing either (their own Verify,
    // pressed though they are not shown).
    QPushButton *verify = buttonNamed(e.window.page<ObjectPage>(), QStringLiteral("&Verify"));
    ASSERT_NE(verify, nullptr);
    verify->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 5000));
    EXPECT_TRUE(object.report()->verdict.holds());
    EXPECT_FALSE(object.report()->proven());
    const QString badge = e.window.page<ObjectPage>()->badgeText();
    EXPECT_FALSE(badge.contains(QStringLiteral("Verified"))) << badge.toStdString();
    EXPECT_TRUE(badge.contains(QStringLiteral("Not verified"))) << badge.toStdString();
    EXPECT_TRUE(badge.contains(QStringLiteral("does not come from its validator")))
        << badge.toStdString();
    EXPECT_TRUE(e.window.page<ObjectPage>()->ownerText().contains(QStringLiteral("unverified")));

    // The block page.
    ASSERT_TRUE(e.window.search(QStringLiteral("1")));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.window.page<BlockPage>()->badgeText().contains(QStringLiteral("Header")); },
        5000));
    EXPECT_TRUE(e.window.page<BlockPage>()->badgeText().contains(QStringLiteral("does not verify")))
        << e.window.page<BlockPage>()->badgeText().toStdString();

    // The audit.
    ASSERT_TRUE(e.window.search(toHexString(TxFactory::dev(0))));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().address->wallet().has_value(); }, 5000));
    QSignalSpy finished(e.session.pages().audit, &AuditModel::finished);
    e.window.page<AddressPage>()->startAudit(0);
    ASSERT_TRUE(finished.wait(20000));
    EXPECT_FALSE(e.session.pages().audit->report()->holds());
    EXPECT_TRUE(e.window.page<AddressPage>()->auditText().contains(QStringLiteral("Not proven")))
        << e.window.page<AddressPage>()->auditText().toStdString();

    // The watchlist: blocks keep coming, none verified, no notification.
    // The refusal holds while the node's chain moves on three blocks
    // (waiting spins the event loop): the session neither reconnects to it
    // nor takes a head from it, so the watchlist hears nothing.
    QSignalSpy delivered(&e.session.sync(), &LiveSync::headDelivered);
    QSignalSpy states(&e.session.sync(), &LiveSync::stateChanged);
    const auto head = d.head();
    ASSERT_TRUE(d.waitForHeight(head + 3));
    EXPECT_EQ(delivered.count(), 0);
    EXPECT_EQ(states.count(), 0) << "still refused, not reconnecting";
    EXPECT_EQ(e.session.sync().state(), LiveSync::State::WrongNetwork);
    EXPECT_EQ(notified.count(), 0);
}

TEST(Trust, AnHonestNodeShowsWhoSignedOnTheObjectPage)
{
    DevnetHarness d(DevnetHarness::fastConfig(20, 30.0, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    ASSERT_TRUE(e.window.search(QStringLiteral("pixel-cats#1")));
    ObjectPageModel &object = *e.session.pages().object;
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    // A trusted node's pages are shown, and no banner over them.
    EXPECT_TRUE(e.window.pagesShown());
    EXPECT_TRUE(e.window.bannerText().isEmpty());
    ASSERT_TRUE(clickButton(e.window.page<ObjectPage>(), QStringLiteral("&Verify")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 5000));
    ASSERT_TRUE(object.report()->proven());
    EXPECT_TRUE(e.window.page<ObjectPage>()->badgeText().contains(QStringLiteral("Verified")));
    // The owner shown is the proof's.
    EXPECT_TRUE(e.window.page<ObjectPage>()->ownerText().contains(
        toHexString(object.report()->verdict.owner)));
    EXPECT_TRUE(e.window.page<ObjectPage>()->ownerText().contains(QStringLiteral("proven")));
    EXPECT_TRUE(e.window.page<ObjectPage>()->inspectorText().contains(
        QStringLiteral("signed by 4 of 4 validators (quorum 3)")))
        << e.window.page<ObjectPage>()->inspectorText().toStdString();
    EXPECT_TRUE(e.window.page<ObjectPage>()->inspectorText().contains(
        ValidatorSet::devnet().fingerprint()));
}
