// A profile whose node cannot be reached: the status bar says so, with the
// wait before the next attempt, never "idle"; the local devnet is one click
// away, and that click follows it.
#include "app/appcontroller.h"
#include "core/settings/profilestore.h"
#include "models/viewpreferences.h"
#include "session/explorersession.h"
#include "tests/support/testpaths.h"
#include "translations/translations.h"
#include "views/explorerpages.h"
#include "views/mainwindow.h"
#include "views/statusbarwidget.h"

#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// A loopback port nothing listens on: taken, then let go.
NetworkProfile deadProfile()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    const quint16 port = probe.serverPort();
    probe.close();
    const QString base = QStringLiteral("127.0.0.1:%1").arg(port);
    return {QStringLiteral("nowhere"),
            QUrl(QStringLiteral("http://") + base),
            QUrl(QStringLiteral("http://") + base),
            QUrl(QStringLiteral("ws://") + base),
            kChainId,
            TrustAnchor::devnet()};
}

} // namespace

TEST(Unreachable, TheStatusSaysSoWithTheNextAttemptAndOffersTheLocalDevnet)
{
    ExplorerSession session(deadProfile());
    ViewPreferences preferences;
    MainWindow window(session.pages(), &preferences, explorerPages(session.pages()));
    window.show();
    session.start();
    auto *status = window.findChild<StatusBarWidget *>();
    ASSERT_NE(status, nullptr);
    // Between a failed attempt and the next one's schedule the line may
    // name the error alone for a moment (seen under ASan): both come.
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return status->stateText().contains(QStringLiteral("cannot reach the node")) &&
                   status->stateText().contains(QStringLiteral("trying again in"));
        },
        10000))
        << status->stateText().toStdString();
    EXPECT_FALSE(status->stateText().contains(QStringLiteral("idle")));
    QPushButton *useLocal = status->localDevnetButton();
    ASSERT_TRUE(useLocal->isVisible());
    QSignalSpy asked(&window, &MainWindow::localDevnetRequested);
    QTest::mouseClick(useLocal, Qt::LeftButton);
    EXPECT_EQ(asked.count(), 1);
}

TEST(Unreachable, OneClickFollowsTheLocalDevnetInstead)
{
    QTemporaryDir dir, data;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Translations translations;
    AppController::Options options;
    options.commandLine = deadProfile();
    options.devnetOptions.program = devnetBinary();
    options.devnetOptions.dataDir = data.path();
    options.devnetOptions.blockTime = 0.2;
    options.devnetOptions.extraArguments = {QStringLiteral("--objects"), QStringLiteral("8")};
    AppController controller(&settings, &translations, options);
    controller.setTrustQuestion([](QWidget *, const QString &, const TrustAnchor &,
                                   std::function<void(bool)> answer) { answer(true); });
    controller.start();
    ASSERT_NE(controller.window(), nullptr);
    auto *status = controller.window()->findChild<StatusBarWidget *>();
    ASSERT_TRUE(QTest::qWaitFor([&] { return status->localDevnetButton()->isVisible(); }, 10000));
    QTest::mouseClick(status->localDevnetButton(), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.profileName() == ProfileStore::localDevnetName(); }, 60000));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session() && controller.session()->pages().status->hasHead(); },
        60000));
    auto *now = controller.window()->findChild<StatusBarWidget *>();
    EXPECT_FALSE(now->localDevnetButton()->isVisible()) << "nothing to offer on the local devnet";
}
