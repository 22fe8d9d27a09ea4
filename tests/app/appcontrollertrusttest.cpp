// The application controller and trust: a new node is asked about before
// it is trusted, a No leaves a banner with Trust… on every page, a profile
// made in a fresh home asks as a command line's node does, and a refused
// network may be trusted in place of the set a profile pinned.
#include "app/appcontroller.h"
#include "core/settings/profilestore.h"
#include "session/explorersession.h"
#include "tests/app/appcontrollerfixture.h"
#include "views/mainwindow.h"
#include "views/settingsdialog.h"

#include <QListWidget>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;
using namespace gifscan::test::appcontroller;

TEST(AppController, AsksBeforeTrustingANewNodeAndOpensTheLinkOnceTheWindowIsThere)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    AppController::Options options = f.options();
    options.link = QStringLiteral("pixel-cats#1@2");
    AppController controller(&f.settings, &f.translations, options);
    // Another instance's link before there is a window replaces the command line's.
    controller.openLink(QStringLiteral("pixel-cats#2@2"));
    QStringList asked;
    controller.setTrustQuestion([&](QWidget *, const QString &profile, const TrustAnchor &anchor,
                                    std::function<void(bool)> answer) {
        asked << profile + QLatin1Char(' ') + anchor.validators.fingerprint();
        answer(true);
    });
    controller.start();

    ASSERT_NE(controller.window(), nullptr);
    EXPECT_EQ(controller.profileName(), QStringLiteral("mine"));
    EXPECT_TRUE(controller.window()->windowTitle().contains(QStringLiteral("mine")));
    EXPECT_EQ(controller.window()->here(), Location::object(QStringLiteral("pixel-cats"), 2, 2))
        << "the link waited for the window";
    // A node that pins nothing is trusted only when the user says so.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !asked.isEmpty(); }, 10000));
    EXPECT_EQ(asked, QStringList{QStringLiteral("mine ") + ValidatorSet::devnet().fingerprint()});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session()->sync().trust() == LiveSync::Trust::Trusted; }, 10000));

    // A second link from another instance opens in the same window.
    controller.openLink(QStringLiteral("neon-waves"));
    EXPECT_EQ(controller.window()->here(), Location::collection(QStringLiteral("neon-waves")));
}

TEST(AppController, RefusedTrustLeavesNothingVerified)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    AppController::Options options = f.options();
    AppController controller(&f.settings, &f.translations, options);
    bool asked = false;
    controller.setTrustQuestion(
        [&](QWidget *, const QString &, const TrustAnchor &, std::function<void(bool)> answer) {
            asked = true;
            answer(false);
        });
    controller.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return asked; }, 10000));
    EXPECT_EQ(controller.session()->sync().trust(), LiveSync::Trust::AwaitingTrust);
    // Every page says so across its top, and shows nothing of the node as
    // the chain: no pages, no head in the status bar.
    MainWindow *window = controller.window();
    EXPECT_TRUE(window->bannerText().contains(QStringLiteral("not trusted yet")))
        << window->bannerText().toStdString();
    EXPECT_FALSE(window->pagesShown());
    EXPECT_FALSE(controller.session()->pages().status->hasHead());
    // After No, Trust… stays: the same question again, and Yes this time.
    QStringList askedAgain;
    controller.setTrustQuestion([&](QWidget *, const QString &profile, const TrustAnchor &anchor,
                                    std::function<void(bool)> answer) {
        askedAgain << profile + QLatin1Char(' ') + anchor.validators.fingerprint();
        answer(true);
    });
    Q_EMIT window->trustRequested();
    EXPECT_EQ(askedAgain,
              QStringList{QStringLiteral("mine ") + ValidatorSet::devnet().fingerprint()});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session()->sync().trust() == LiveSync::Trust::Trusted; }, 10000));
    EXPECT_TRUE(window->bannerText().isEmpty());
    EXPECT_TRUE(window->pagesShown());
    // Settings lists the node the window follows, though no profile holds
    // it (it came on the command line), selected, with what it trusts.
    controller.showSettings();
    auto *settings = window->findChild<SettingsDialog *>();
    ASSERT_NE(settings, nullptr);
    ASSERT_NE(settings->profiles()->currentItem(), nullptr);
    EXPECT_EQ(settings->profiles()->currentItem()->text(), QStringLiteral("mine"));
    EXPECT_TRUE(settings->anchorText().contains(ValidatorSet::devnet().fingerprint()))
        << settings->anchorText().toStdString();
    settings->close();
}

// A profile made in a fresh home for a node of another set (five
// validators) asks as a command line's node does: the fingerprint, the
// set's size and the genesis, never straight to "wrong network".
TEST(AppController, ANewProfileInAFreshHomeAsksToTrustItsNode)
{
    DevnetHarness other(fiveValidators());
    ASSERT_TRUE(other.ok());
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    ProfileStore store(&settings);
    ASSERT_TRUE(store.save(profileOf(other, QStringLiteral("fresh"))));
    store.setLast(QStringLiteral("fresh"));
    Translations translations;
    AppController controller(&settings, &translations, {});
    QList<TrustAnchor> asked;
    controller.setTrustQuestion([&](QWidget *, const QString &, const TrustAnchor &anchor,
                                    std::function<void(bool)> answer) {
        asked << anchor;
        answer(true);
    });
    controller.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !asked.isEmpty(); }, 10000));
    EXPECT_EQ(asked.first().validators, ValidatorSet::devnet(5));
    EXPECT_TRUE(asked.first().genesisHash.has_value());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session()->sync().trust() == LiveSync::Trust::Trusted; }, 10000));
    EXPECT_TRUE(controller.window()->pagesShown());
}

// A profile that pins the devnet's set, pointed at a node of another set
// (five validators): refused on every page, Trust… offers the node's own
// set in its place, and once trusted the node is followed anew.
TEST(AppController, ARefusedNetworkIsSaidOnEveryPageAndMayBeTrustedInstead)
{
    DevnetHarness other(fiveValidators());
    ASSERT_TRUE(other.ok());
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Translations translations;
    AppController::Options options;
    options.commandLine = profileOf(other, QStringLiteral("pinned"));
    options.commandLine->anchor = TrustAnchor::devnet();
    AppController controller(&settings, &translations, options);
    QStringList asked;
    controller.setTrustQuestion([&](QWidget *, const QString &profile, const TrustAnchor &anchor,
                                    std::function<void(bool)> answer) {
        asked << profile + QLatin1Char(' ') + anchor.validators.fingerprint();
        answer(true);
    });
    controller.start();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session()->sync().state() == LiveSync::State::WrongNetwork; },
        10000));
    EXPECT_TRUE(asked.isEmpty()) << "a pinned profile is refused, not asked";
    MainWindow *window = controller.window();
    EXPECT_TRUE(window->bannerText().contains(
        QStringLiteral("is not the network gifscan trusts for pinned")))
        << window->bannerText().toStdString();
    EXPECT_FALSE(window->pagesShown());
    EXPECT_FALSE(controller.session()->pages().status->hasHead());
    Q_EMIT window->trustRequested();
    EXPECT_EQ(asked,
              QStringList{QStringLiteral("pinned ") + ValidatorSet::devnet(5).fingerprint()});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return controller.session() &&
                   controller.session()->sync().trust() == LiveSync::Trust::Trusted;
        },
        10000));
    EXPECT_TRUE(controller.window()->pagesShown());
    EXPECT_TRUE(controller.window()->bannerText().isEmpty());
}
