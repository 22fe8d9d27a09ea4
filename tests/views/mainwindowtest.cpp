// The window offscreen, against a devnet with fast blocks.
#include "views/mainwindow.h"

#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "tests/views/fakeexplorer.h"
#include "views/helpmenu.h"

#include <QApplication>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QScreen>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(MainWindow, EveryPageOpensAndTheBlocksGrowLive)
{
    DevnetHarness d(DevnetHarness::fastConfig(30, 0.1, true));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    CollectionListModel &collections = *e.session.pages().collections;
    NetworkStatusModel &status = *e.session.pages().status;

    for (auto page : {Location::Kind::Blocks, Location::Kind::Collections, Location::Kind::Activity,
                      Location::Kind::Live}) {
        window.open(Location::list(page));
        EXPECT_EQ(window.here().kind, page);
    }
    window.open(Location::list(Location::Kind::Blocks));
    auto *page = window.findChild<QStackedWidget *>()->currentWidget()->findChild<QTableView *>();
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->model()->rowCount() > 0; }, 5000));
    const int before = page->model()->rowCount();
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->model()->rowCount() >= before + 5; }, 10000))
        << "the blocks view grows live";
    // The newest block is on top and the status bar says live.
    EXPECT_EQ(page->model()->index(0, 0).data(BlockListModel::HeightRole).toULongLong(),
              status.headHeight());
    bool live = false;
    for (QLabel *l : window.statusBar()->findChildren<QLabel *>())
        live = live || l->text().contains(QStringLiteral("live"));
    EXPECT_TRUE(live);
    ASSERT_TRUE(QTest::qWaitFor([&] { return collections.rowCount() >= 8; }, 5000));

    // Typed suggestions: what a few letters can become.
    QLineEdit *box = window.searchBox();
    ASSERT_NE(box, nullptr);
    QTest::keyClicks(box, QStringLiteral("pixel"));
    QAbstractItemModel *offered = window.completer()->model();
    ASSERT_GT(offered->rowCount(), 0)
        << box->text().toStdString() << " " << box->placeholderText().toStdString();
    EXPECT_EQ(offered->index(0, 0).data(Qt::UserRole).toString(), QStringLiteral("pixel-cats"));
    EXPECT_EQ(offered->index(0, 0).data().toString(), QStringLiteral("collection pixel-cats"));
}

#include "models/objectpagemodel.h"
#include "tests/support/txfactory.h"
#include "views/detailbrowser.h"
#include "views/objectpage.h"
#include "views/pricehistorychart.h"

TEST(MainWindow, SearchOpensObjectsAndVerifyEndsVerifiedAtAnyHeight)
{
    DevnetHarness d(DevnetHarness::fastConfig(20, 0.1, false));
    ASSERT_TRUE(d.ok());
    // An object whose owner changes, so the past differs from the present.
    TxFactory f;
    d.sendAndWait(f.createCollection(6, QStringLiteral("moving")));
    const QJsonObject minted = d.sendAndWait(
        f.mint(6, QStringLiteral("moving"), 1, TxFactory::dev(6), TxFactory::smallGif(3)));
    const auto mintHeight =
        minted[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger();
    d.sendAndWait(
        f.objectTx(TxKind::TransferObject, 6, QStringLiteral("moving"), 1, TxFactory::dev(7)));

    Explorer e(d);
    MainWindow &window = e.window;
    ObjectPageModel &object = *e.session.pages().object;

    EXPECT_FALSE(window.search(QStringLiteral("not a thing !")));
    EXPECT_FALSE(window.search(QStringLiteral("0x12")));

    // Typed in the search box and Return, as a person does.
    typeAndReturn(window.searchBox(), QStringLiteral("moving#1"));
    EXPECT_EQ(window.here().kind, Location::Kind::Object);
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    EXPECT_EQ(object.record()->owner, TxFactory::dev(7));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !object.frames().isEmpty(); }, 5000));
    EXPECT_EQ(object.frames().size(), 3);
    ASSERT_TRUE(clickButton(window.page<ObjectPage>(), QStringLiteral("&Verify")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 5000));
    EXPECT_EQ(object.report()->badge(), VerificationReport::Badge::Verified);
    EXPECT_TRUE(window.page<ObjectPage>()->badgeText().contains(QStringLiteral("Verified")));

    // The height box and Go: the past owner, proven at that height.
    auto *height = window.page<ObjectPage>()->findChild<QSpinBox *>();
    ASSERT_NE(height, nullptr);
    height->setFocus();
    height->selectAll();
    QTest::keyClicks(height, QString::number(mintHeight));
    ASSERT_TRUE(clickButton(window.page<ObjectPage>(), QStringLiteral("Go")));
    EXPECT_EQ(window.here().height, static_cast<std::uint64_t>(mintHeight));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    EXPECT_EQ(object.record()->owner, TxFactory::dev(6));
    ASSERT_TRUE(clickButton(window.page<ObjectPage>(), QStringLiteral("&Verify")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 5000));
    EXPECT_EQ(object.report()->verdict.owner, TxFactory::dev(6));
    EXPECT_EQ(object.report()->badge(), VerificationReport::Badge::Verified);

    // Before it was minted, it did not exist: said in place on the page.
    ASSERT_TRUE(window.search(QStringLiteral("moving#1@%1").arg(mintHeight - 1)));
    QSignalSpy failed(&object, &ObjectPageModel::loadFailed);
    ASSERT_TRUE(failed.wait(5000));
    EXPECT_TRUE(failed.first().first().toString().contains(
        QStringLiteral("was minted at height %1").arg(QLocale().toString(mintHeight))))
        << failed.first().first().toString().toStdString();
}

TEST(MainWindow, BackAndForwardLikeABrowser)
{
    FakeExplorer e(12);
    MainWindow &window = e.window;
    ObjectPageModel &object = *e.session.pages().object;

    EXPECT_FALSE(window.canGoBack());
    const ObjectRecord &some = e.index.objectList().at(2);
    window.open(Location::list(Location::Kind::Blocks));
    window.open(Location::list(Location::Kind::Collections));
    window.open(Location::object(some.slug, some.tokenId));
    EXPECT_EQ(window.here().kind, Location::Kind::Object);

    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.here().kind, Location::Kind::Collections);
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.here().kind, Location::Kind::Blocks);
    ASSERT_TRUE(window.goForward());
    EXPECT_EQ(window.here().kind, Location::Kind::Collections);
    ASSERT_TRUE(window.goForward());
    EXPECT_EQ(window.here().kind, Location::Kind::Object);
    EXPECT_FALSE(window.goForward());
    e.settle();
    ASSERT_TRUE(object.record().has_value());
    EXPECT_EQ(object.record()->key, some.key);

    // A new place after going back drops the forward history.
    ASSERT_TRUE(window.goBack());
    window.open(Location::list(Location::Kind::Activity));
    EXPECT_FALSE(window.canGoForward());
    // Alt+Left goes back, as in a browser (shortcuts need the active window).
    QApplication::setActiveWindow(&window);
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_Left, Qt::AltModifier);
    EXPECT_EQ(window.here().kind, Location::Kind::Collections);
    // The mouse's back button too.
    QWidget *inside = window.centralWidget();
    QTest::mousePress(inside, Qt::BackButton);
    EXPECT_EQ(window.here().kind, Location::Kind::Blocks);
}

// A first window (no size kept from an earlier one) fits the screen, its
// title bar too. The tests' offscreen screen is 800x600, smaller than the
// window's usual first size.
TEST(MainWindow, AFirstWindowFitsItsScreen)
{
    FakeExplorer e(8);
    ASSERT_NE(e.window.screen(), nullptr);
    const QSize room = e.window.screen()->availableGeometry().size();
    EXPECT_LE(e.window.width(), room.width()) << room.width();
    EXPECT_LE(e.window.height(),
              room.height() - e.window.style()->pixelMetric(QStyle::PM_TitleBarHeight))
        << room.height();
    EXPECT_GE(e.window.width(), std::min(room.width(), 1024)) << "and takes the room it has";
}

// Collections are found by their names too; two of one name are told apart
// by their slugs; the box says where the window is, and a complaint goes
// with the search it was about.
TEST(MainWindow, TheSearchBoxFindsNamesAndFollowsThePageShown)
{
    FakeExplorer e(12);
    for (const auto &[slug, name] :
         {std::pair{"quiet-a", "Quiet Pixels"}, std::pair{"quiet-b", "Quiet Pixels"},
          std::pair{"loud-one", "Loud Pixels"}, std::pair{"whisper-art", "Whispers"}}) {
        Collection made;
        made.slug = QString::fromLatin1(slug);
        made.name = QString::fromLatin1(name);
        made.category = QStringLiteral("art");
        e.index.collectionList().push_back(made);
    }
    e.startLive();
    MainWindow &window = e.window;
    CollectionListModel &collections = *e.session.pages().collections;
    ASSERT_GE(collections.rowOf(QStringLiteral("loud-one")), 0);

    // A name, in any case, opens its collection.
    ASSERT_TRUE(window.search(QStringLiteral("loud pixels")));
    EXPECT_EQ(window.here(), Location::collection(QStringLiteral("loud-one")));
    ASSERT_GE(collections.rowOf(QStringLiteral("whisper-art")), 0);
    // One word reads as a slug; no collection has that slug, one has that name.
    ASSERT_TRUE(window.search(QStringLiteral("Whispers")));
    EXPECT_EQ(window.here(), Location::collection(QStringLiteral("whisper-art")));
    // Two of one name: said, and both offered by slug.
    EXPECT_FALSE(window.search(QStringLiteral("Quiet Pixels")));
    EXPECT_TRUE(window.searchBox()->toolTip().contains(QStringLiteral("Quiet Pixels")))
        << window.searchBox()->toolTip().toStdString();
    QAbstractItemModel *offered = window.completer()->model();
    QStringList slugs;
    for (int r = 0; r < offered->rowCount(); ++r)
        slugs << offered->index(r, 0).data(Qt::UserRole).toString();
    EXPECT_TRUE(slugs.contains(QStringLiteral("quiet-a"))) << slugs.join(u',').toStdString();
    EXPECT_TRUE(slugs.contains(QStringLiteral("quiet-b")));
    // The list tells them apart too.
    const int a = collections.rowOf(QStringLiteral("quiet-a"));
    ASSERT_GE(a, 0);
    EXPECT_EQ(collections.headerData(CollectionListModel::SlugColumn, Qt::Horizontal).toString(),
              QStringLiteral("Slug"));
    EXPECT_EQ(collections.index(a, CollectionListModel::SlugColumn).data().toString(),
              QStringLiteral("quiet-a"));

    // The complaint goes with the next place shown, and the box names it.
    EXPECT_FALSE(window.searchBox()->styleSheet().isEmpty());
    window.searchBox()->clearFocus();
    ASSERT_TRUE(window.open(Location::block(1)));
    EXPECT_TRUE(window.searchBox()->styleSheet().isEmpty());
    EXPECT_TRUE(window.searchBox()->toolTip().isEmpty());
    EXPECT_EQ(window.searchBox()->text(), QStringLiteral("1"));
    ASSERT_TRUE(window.open(Location::object(QStringLiteral("pixel-cats"), 1, 3)));
    EXPECT_EQ(window.searchBox()->text(), QStringLiteral("pixel-cats#1@3"));
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.searchBox()->text(), QStringLiteral("1"));
    ASSERT_TRUE(window.open(Location::list(Location::Kind::Blocks)));
    EXPECT_TRUE(window.searchBox()->text().isEmpty());

    // Searched from the box (it keeps the focus), then Ctrl+1: the box says
    // where the window is, not the place before. Words being typed stay.
    typeAndReturn(window.searchBox(), QStringLiteral("pixel-cats#1"));
    ASSERT_EQ(window.here().kind, Location::Kind::Object);
    ASSERT_TRUE(window.searchBox()->hasFocus());
    QTest::keyClick(window.searchBox(), Qt::Key_1, Qt::ControlModifier);
    EXPECT_NE(window.here().kind, Location::Kind::Object);
    EXPECT_TRUE(window.searchBox()->text().isEmpty()) << window.searchBox()->text().toStdString();
    QTest::keyClicks(window.searchBox(), QStringLiteral("pix"));
    ASSERT_TRUE(window.open(Location::list(Location::Kind::Blocks)));
    EXPECT_EQ(window.searchBox()->text(), QStringLiteral("pix")) << "what is being typed stays";
}

// Help: the shortcuts as the window's actions have them, and About with the
// version, Qt's and the network followed.
TEST(MainWindow, HelpListsTheShortcutsAndSaysWhatIsFollowed)
{
    FakeExplorer e(8);
    e.startLive();
    MainWindow &window = e.window;
    QStringList menus;
    for (QAction *a : window.menuBar()->actions())
        menus << a->text();
    EXPECT_TRUE(menus.contains(QStringLiteral("&Help"))) << menus.join(u',').toStdString();
    const QString keys = HelpMenu::shortcutsText(&window);
    for (const char *name : {"Back", "Forward", "Open certificate…", "Broadcast a transaction…",
                             "Settings…", "Keyboard shortcuts"})
        EXPECT_TRUE(keys.contains(QString::fromUtf8(name).toHtmlEscaped()))
            << name << keys.toStdString();
    EXPECT_TRUE(keys.contains(QStringLiteral("Ctrl+Shift+B")));
    // The search box's keys are shortcuts, not actions, and are listed too.
    EXPECT_TRUE(keys.contains(QStringLiteral("<td>Search</td><td><b>/, Ctrl+L</b>")) ||
                keys.contains(QStringLiteral("<td>Search</td><td><b>Ctrl+L, /</b>")))
        << keys.toStdString();
    EXPECT_FALSE(keys.contains(QStringLiteral("<b>, "))) << "no empty key listed";
    // Each key once, however many pages have their own action for it.
    EXPECT_EQ(keys.count(QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText)), 1)
        << keys.toStdString();
    ASSERT_EQ(e.session.pages().status->headHeight(), 7u);
    QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    const QString about = HelpMenu::aboutText(e.session.pages().status);
    EXPECT_TRUE(about.contains(QStringLiteral("gifscan 9.8.7"))) << about.toStdString();
    EXPECT_TRUE(about.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
    EXPECT_TRUE(about.contains(e.session.pages().status->networkName())) << about.toStdString();
    EXPECT_TRUE(about.contains(QStringLiteral(", head "))) << about.toStdString();
}

// A page never shows content of another object than the one named: not
// while the next loads, and not beside the words saying it does not exist.
TEST(MainWindow, AMissingObjectShowsNothingOfThePreviousOne)
{
    FakeExplorer e(12);
    MainWindow &window = e.window;
    ObjectPageModel &object = *e.session.pages().object;
    const ObjectRecord &some = e.index.objectList().front();

    typeAndReturn(window.searchBox(), some.key);
    auto *page = window.page<ObjectPage>();
    ASSERT_NE(page, nullptr);
    e.settle();
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->showsPicture(); }, 5000)); // decoded on a pool
    ASSERT_FALSE(page->history()->toPlainText().isEmpty());

    QSignalSpy failed(&object, &ObjectPageModel::loadFailed);
    const QString slug = some.slug;
    typeAndReturn(window.searchBox(), slug + QStringLiteral("#9999"));
    EXPECT_FALSE(page->showsPicture()) << "the last object's picture went with it";
    e.settle();
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(page->detailsText().contains(QStringLiteral("There is no %1#9999").arg(slug)))
        << page->detailsText().toStdString();
    EXPECT_FALSE(page->showsPicture());
    EXPECT_TRUE(page->history()->toPlainText().isEmpty());
    EXPECT_EQ(page->prices()->pointCount(), 0);
    EXPECT_TRUE(page->prices()->title().contains(QStringLiteral("not loaded")))
        << "no sales would be a claim about an object not shown";
    EXPECT_TRUE(page->badgeText().isEmpty());
    EXPECT_FALSE(buttonNamed(page, QStringLiteral("&Verify"))->isEnabled());
}
