// The application controller against a devnet: which node it follows, what
// survives a language change, and preferences reaching pages (what it asks
// before trusting a node: appcontrollertrusttest.cpp).
#include "app/appcontroller.h"

#include "core/settings/profilestore.h"
#include "session/explorersession.h"
#include "tests/app/appcontrollerfixture.h"
#include "tests/support/devnetharness.h"
#include "tests/support/testpaths.h"
#include "translations/translations.h"
#include "views/collectionpage.h"
#include "views/mainwindow.h"
#include "views/notificationcenter.h"
#include "views/objectgridview.h"
#include "views/settingsdialog.h"
#include "views/tablepage.h"

#include <QApplication>
#include <QComboBox>
#include <QHeaderView>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <signal.h>

using namespace gifscan;
using namespace gifscan::test;

using namespace gifscan::test::appcontroller;

TEST(AppController, PreferencesReachThePagesWithoutReachingIntoThem)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    AppController::Options options = f.options();
    AppController controller(&f.settings, &f.translations, options);
    controller.setTrustQuestion(trustEverything);
    // Chosen before there is a window: the window is made with it.
    controller.preferences().setAnimation(AppSettings::Animation::Off);
    controller.start();
    ObjectGridView *grid = controller.window()->page<CollectionPage>()->grid();
    EXPECT_EQ(grid->motion(), ObjectGridView::Motion::Off);

    controller.preferences().setAnimation(AppSettings::Animation::Always);
    EXPECT_EQ(grid->motion(), ObjectGridView::Motion::Always);
    controller.preferences().setAnimation(AppSettings::Animation::OnHover);
    EXPECT_EQ(grid->motion(), ObjectGridView::Motion::OnHover);
    controller.preferences().setFrameCacheMiB(32);
    EXPECT_EQ(controller.session()->thumbnails().budget(), 32 * 1024 * 1024);
    controller.preferences().setMinimiseToTray(true);
    EXPECT_TRUE(controller.viewPreferences().minimiseToTray());

    // Kept across a new window (another profile, the same node).
    NetworkProfile other = profileOf(f.d, QStringLiteral("other"));
    ASSERT_TRUE(controller.profiles().save(other));
    QSignalSpy opened(&controller, &AppController::windowOpened);
    controller.connectTo(QStringLiteral("other"));
    ASSERT_EQ(opened.count(), 1);
    EXPECT_EQ(controller.profileName(), QStringLiteral("other"));
    EXPECT_EQ(controller.profiles().last(), QStringLiteral("other"));
    EXPECT_EQ(controller.window()->page<CollectionPage>()->grid()->motion(),
              ObjectGridView::Motion::OnHover);
}

TEST(AppController, ALanguageChangeSpeaksItOnTheSameNodeWithSettingsOpenAgain)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    AppController::Options options = f.options();
    AppController controller(&f.settings, &f.translations, options);
    int asked = 0;
    controller.setTrustQuestion(
        [&](QWidget *, const QString &, const TrustAnchor &, std::function<void(bool)> answer) {
            ++asked;
            answer(true);
        });
    controller.start();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session()->sync().trust() == LiveSync::Trust::Trusted; }, 10000));
    QListWidget *navigation = controller.window()->findChild<QListWidget *>();
    ASSERT_NE(navigation, nullptr);
    EXPECT_EQ(navigation->item(1)->text(), QStringLiteral("Blocks"));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return controller.session()->pages().status->headHeight() > 0; }, 10000));
    // Where the reader is: two pages in, maximised.
    MainWindow *before = controller.window();
    ASSERT_TRUE(before->open(Location::list(Location::Kind::Collections)));
    ASSERT_TRUE(before->open(Location::collection(QStringLiteral("pixel-cats"))));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !before->page<CollectionPage>()->countText().isEmpty(); }, 10000));
    ASSERT_TRUE(before->open(Location::block(1)));
    before->showMaximized();
    ExplorerSession *session = controller.session();
    session->pages().activity->setFilter({QStringLiteral("mint")}, {}, 0);

    QSignalSpy opened(&controller, &AppController::windowOpened);
    controller.preferences().setLanguage(QStringLiteral("de"));
    ASSERT_TRUE(opened.wait(5000));
    EXPECT_EQ(controller.profileName(), QStringLiteral("mine"));
    navigation = controller.window()->findChild<QListWidget *>();
    EXPECT_EQ(navigation->item(1)->text(), QStringLiteral("Blöcke"));
    EXPECT_NE(controller.window()->findChild<SettingsDialog *>(), nullptr)
        << "Settings open again where the language was chosen";
    // The same session: its head at once, nothing asked or loaded again.
    EXPECT_EQ(controller.session(), session);
    EXPECT_GT(controller.session()->pages().status->headHeight(), 0u);
    EXPECT_EQ(controller.session()->sync().trust(), LiveSync::Trust::Trusted);
    EXPECT_EQ(asked, 1);
    // The same place, state and history.
    MainWindow *after = controller.window();
    // Controls made over filtered models show the filter.
    auto *type =
        after->page(Location::Kind::Activity)->findChild<QComboBox *>(QStringLiteral("type"));
    ASSERT_NE(type, nullptr);
    EXPECT_EQ(type->currentData().toString(), QStringLiteral("mint"));
    EXPECT_TRUE(after->windowState() & Qt::WindowMaximized);
    EXPECT_EQ(after->here(), Location::block(1));
    // The new collection page builds its controls over the model kept open.
    ASSERT_TRUE(after->goBack());
    EXPECT_EQ(after->here(), Location::collection(QStringLiteral("pixel-cats")));
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return !after->page<CollectionPage>()->countText().isEmpty(); }, 10000));
    ASSERT_TRUE(after->goBack());
    EXPECT_EQ(after->here(), Location::list(Location::Kind::Collections));
    controller.preferences().setLanguage(QStringLiteral("en"));
    ASSERT_TRUE(opened.wait(5000));
    f.translations.apply(QStringLiteral("en"));
}

// The window opens where the last one closed, at its size.
TEST(AppController, TheWindowOpensWhereTheLastOneClosed)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    QRect closedAt;
    {
        AppController controller(&f.settings, &f.translations, f.options());
        controller.setTrustQuestion(trustEverything);
        controller.start();
        ASSERT_NE(controller.window(), nullptr);
        // At the screen's top: it came back 20 pixels lower on every start
        // and every language switch.
        controller.window()->setGeometry(QRect(QPoint(0, 0), QSize(1111, 777)));
        QCoreApplication::processEvents();
        closedAt = controller.window()->geometry(); // the platform keeps its frame on screen
    }
    AppController again(&f.settings, &f.translations, f.options());
    again.setTrustQuestion(trustEverything);
    again.start();
    ASSERT_NE(again.window(), nullptr);
    ASSERT_LE(closedAt.top(), 2);
    EXPECT_EQ(again.window()->geometry(), closedAt);
    QSignalSpy opened(&again, &AppController::windowOpened);
    again.preferences().setLanguage(QStringLiteral("de"));
    ASSERT_TRUE(opened.wait(5000));
    EXPECT_EQ(again.window()->geometry(), closedAt);
    again.preferences().setLanguage(QStringLiteral("en"));
    ASSERT_TRUE(opened.wait(5000));
    f.translations.apply(QStringLiteral("en"));
}

// The reader's arrangement comes back too: a splitter dragged, a column
// widened on its header.
TEST(AppController, SplittersAndTheColumnsTheReaderSizedAreRemembered)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    QList<int> sizes;
    int width = 0;
    {
        AppController controller(&f.settings, &f.translations, f.options());
        controller.setTrustQuestion(trustEverything);
        controller.start();
        MainWindow *window = controller.window();
        ASSERT_NE(window, nullptr);
        window->resize(1400, 900);
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window));
        auto *split = window->findChild<QSplitter *>(QStringLiteral("liveSplit"));
        ASSERT_NE(split, nullptr);
        // Dragged by its handle, as a reader does.
        QSplitterHandle *handle = split->handle(1);
        const QPoint grip = handle->rect().center();
        QTest::mousePress(handle, Qt::LeftButton, {}, grip);
        QTest::mouseMove(handle, grip - QPoint(250, 0));
        QTest::mouseRelease(handle, Qt::LeftButton, {}, grip - QPoint(250, 0));
        QCoreApplication::processEvents();
        sizes = split->sizes();
        ASSERT_LT(sizes.value(0), sizes.value(1) - 300) << "dragged";
        auto *blocks = window->findChild<TablePage *>(QStringLiteral("liveBlocks"));
        ASSERT_NE(blocks, nullptr);
        // A drag on the header: a press on it, then the section's new width.
        QHeaderView *header = blocks->table()->horizontalHeader();
        QTest::mousePress(header->viewport(), Qt::LeftButton, {}, QPoint(5, 5));
        header->resizeSection(0, 137);
        QTest::mouseRelease(header->viewport(), Qt::LeftButton, {}, QPoint(5, 5));
        width = header->sectionSize(0);
        ASSERT_EQ(width, 137);
        ASSERT_FALSE(blocks->readerColumns().isEmpty());
    }
    AppController again(&f.settings, &f.translations, f.options());
    again.setTrustQuestion(trustEverything);
    again.start();
    MainWindow *window = again.window();
    ASSERT_NE(window, nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(window));
    QCoreApplication::processEvents();
    ASSERT_EQ(window->size(), QSize(1400, 900));
    EXPECT_EQ(window->findChild<QSplitter *>(QStringLiteral("liveSplit"))->sizes(), sizes);
    auto *blocks = window->findChild<TablePage *>(QStringLiteral("liveBlocks"));
    EXPECT_EQ(blocks->table()->horizontalHeader()->sectionSize(0), width);
    // And it stays: the columns no longer fit themselves over the reader's width.
    ASSERT_TRUE(QTest::qWaitFor([&] { return blocks->table()->model()->rowCount() > 0; }, 5000));
    QCoreApplication::processEvents();
    EXPECT_EQ(blocks->table()->horizontalHeader()->sectionSize(0), width);
}

// The local devnet, killed as a crash would: the status bar says so until
// the node is back, on the same session.
TEST(AppController, TheLocalNodeDownIsSaidUntilItIsBack)
{
    QTemporaryDir dir, data;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Translations translations;
    AppController::Options options;
    options.devnet = true;
    options.devnetOptions.program = devnetBinary();
    options.devnetOptions.dataDir = data.path();
    options.devnetOptions.blockTime = 0.2;
    options.devnetOptions.extraArguments = {QStringLiteral("--objects"), QStringLiteral("8")};
    options.devnetOptions.firstRestartDelayMs = 200;
    AppController controller(&settings, &translations, options);
    controller.setTrustQuestion(trustEverything);
    controller.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return controller.session() != nullptr; }, 60000));
    ASSERT_NE(controller.devnet(), nullptr);
    QSignalSpy died(controller.devnet(), &LocalNode::died);
    QSignalSpy started(controller.devnet(), &LocalNode::started);
    ::kill(static_cast<pid_t>(controller.devnet()->processId()), SIGKILL);
    ASSERT_TRUE(died.wait(10000));
    EXPECT_EQ(controller.session()->pages().status->stateText(),
              QStringLiteral("the local node crashed; restarting it"));
    ASSERT_TRUE(started.wait(60000));
    EXPECT_TRUE(controller.session()->pages().status->localNodeText().isEmpty());
    // In German the title names the local devnet in German too.
    QSignalSpy opened(&controller, &AppController::windowOpened);
    controller.preferences().setLanguage(QStringLiteral("de"));
    ASSERT_TRUE(opened.wait(5000));
    EXPECT_TRUE(controller.window()->windowTitle().contains(ProfileStore::localDevnetName()))
        << controller.window()->windowTitle().toStdString();
    EXPECT_NE(ProfileStore::localDevnetName(), QStringLiteral("Local devnet"));
    controller.preferences().setLanguage(QStringLiteral("en"));
    ASSERT_TRUE(opened.wait(5000));
    translations.apply(QStringLiteral("en"));
}

#include "app/instancechannel.h"

#include <QMessageBox>
#include <QProcess>
#include <QScopeGuard>

// A second gifscan given a link that is none: it says why on its standard
// error and hands it to the running one, which shows it over its own
// window without stopping it; no box of the second waits for OK.
TEST(AppController, ASecondInstancesBadLinkIsSaidByTheRunningWindow)
{
    Fixture f;
    ASSERT_TRUE(f.d.ok());
    AppController controller(&f.settings, &f.translations, f.options());
    controller.setTrustQuestion(trustEverything);
    controller.start();
    ASSERT_NE(controller.window(), nullptr);

    const QString user = QStringLiteral("test-%1").arg(QCoreApplication::applicationPid());
    const QByteArray userBefore = qgetenv("USER");
    qputenv("USER", user.toUtf8()); // the channel's name, for this test alone
    const auto restoreUser = qScopeGuard([&] { qputenv("USER", userBefore); });
    // The channel is the home's too: the second instance's, as it will see it.
    const QString config = f.dir.filePath(QStringLiteral("config"));
    const QString data = f.dir.filePath(QStringLiteral("data"));
    const QByteArray configBefore = qgetenv("XDG_CONFIG_HOME"),
                     dataBefore = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_CONFIG_HOME", config.toUtf8());
    qputenv("XDG_DATA_HOME", data.toUtf8());
    const QString channel = InstanceChannel::defaultName();
    qputenv("XDG_CONFIG_HOME", configBefore);
    qputenv("XDG_DATA_HOME", dataBefore);
    if (configBefore.isNull())
        qunsetenv("XDG_CONFIG_HOME");
    if (dataBefore.isNull())
        qunsetenv("XDG_DATA_HOME");
    InstanceChannel running(channel);
    ASSERT_TRUE(running.listen());
    QObject::connect(&running, &InstanceChannel::received, &controller,
                     &AppController::handleInstanceMessage);
    QProcess second;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("USER"), user);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), f.dir.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
    env.insert(QStringLiteral("XDG_DATA_HOME"), data);
    second.setProcessEnvironment(env);
    second.start(guiBinary(), {QStringLiteral("gif://7777/pixel-cats%231")});
    ASSERT_TRUE(QTest::qWaitFor([&] { return second.state() == QProcess::NotRunning; }, 20000))
        << "the second instance waits (for a box's OK?)";
    EXPECT_EQ(second.exitCode(), 2);
    // Its own line on standard error (Qt may say things of its own there too).
    const QString err = QString::fromLocal8Bit(second.readAllStandardError());
    QString said;
    for (const QString &line : err.split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("gifscan: ")))
            said = line;
    ASSERT_FALSE(said.isEmpty()) << err.toStdString();
    QMessageBox *box = nullptr;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            box = controller.window()->findChild<QMessageBox *>(QStringLiteral("instanceError"));
            return box && box->isVisible();
        },
        5000));
    EXPECT_TRUE(box->text().endsWith(said.mid(9).trimmed())) << box->text().toStdString();
    EXPECT_EQ(box->textFormat(), Qt::PlainText) << "another process's words are no markup";
    EXPECT_FALSE(box->isModal() && box->windowModality() == Qt::ApplicationModal);
    box->close();
}
