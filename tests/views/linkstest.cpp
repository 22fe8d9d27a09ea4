// What every linked value offers (issue: copy and share): a table cell's and
// a grid tile's menu, a detail page's copy buttons and link menu, the copy
// button beside a title. Driven by right-clicks and clicks, over fakes of a node.
#include "models/activitylistmodel.h"
#include "models/addressbook.h"
#include "models/addresspagemodel.h"
#include "models/objectlistmodel.h"
#include "models/watchlist.h"
#include "tests/support/widgets.h"
#include "tests/views/fakeexplorer.h"
#include "views/addresslabeldelegate.h"
#include "views/addresspage.h"
#include "views/collectionpage.h"
#include "views/copybutton.h"
#include "views/detailbrowser.h"
#include "views/objectgridview.h"
#include "views/objectpage.h"
#include "views/searchbox.h"
#include "views/tablepage.h"

#include <QClipboard>
#include <QCompleter>
#include <QInputDialog>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// The first copy button's href in a text browser for a hex value ("gifscan-copy:0x…").
QString firstCopyHref(QTextBrowser *browser)
{
    return firstAnchor(browser,
                       [](const QString &href) {
                           return href.startsWith(QLatin1String("gifscan-copy:0x"));
                       })
        .charFormat()
        .anchorHref();
}

// Where a text browser draws the first link to `href`, in its viewport.
QPoint linkPoint(QTextBrowser *browser, const QString &href)
{
    const QTextFragment fragment =
        firstAnchor(browser, [&](const QString &link) { return link == href; });
    return fragment.isValid() ? fragmentCentre(browser, fragment) : QPoint(-1, -1);
}

struct Watched
{
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat};
    Watchlist list{&settings};
};

} // namespace

TEST(Links, ATableCellOffersCopyAsLinkOpenAndWatch)
{
    Watched watched;
    FakeExplorer e(12, 4, &watched.list);
    e.startLive();
    MainWindow &window = e.window;
    ASSERT_TRUE(window.open(Location::list(Location::Kind::Activity)));
    auto *page = window.findChild<TablePage *>(QStringLiteral("activity"));
    ASSERT_NE(page, nullptr);
    QTableView *table = page->table();
    ASSERT_TRUE(e.settleUntil([&] { return table->model()->rowCount() > 0; }, 10000));
    const QModelIndex cell = table->model()->index(0, ActivityListModel::ToColumn);
    const QString address = cell.data(Qt::ToolTipRole).toString();
    ASSERT_TRUE(address.startsWith(QLatin1String("0x")));
    table->scrollTo(cell);
    const QPoint at = table->visualRect(cell).center();

    QMenu *menu = contextMenuAt(table->viewport(), at);
    ASSERT_NE(menu, nullptr) << "a linked cell has a menu";
    EXPECT_EQ(menuTexts(menu),
              (QStringList{QStringLiteral("Copy"), QStringLiteral("Copy as gif:// link"),
                           QStringLiteral("Open"), QStringLiteral("Watch")}));
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Copy as gif:// link")));
    EXPECT_EQ(QGuiApplication::clipboard()->text(), QStringLiteral("gif://6464/") + address);
    EXPECT_EQ(window.statusBar()->currentMessage(), QStringLiteral("Copied gif://6464/") + address);

    menu = contextMenuAt(table->viewport(), at);
    ASSERT_NE(menu, nullptr);
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Copy")));
    EXPECT_EQ(QGuiApplication::clipboard()->text(), address) << "the full value, not the short";

    menu = contextMenuAt(table->viewport(), at);
    ASSERT_NE(menu, nullptr);
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Watch")));
    EXPECT_TRUE(watched.list.contains(Watchlist::Kind::Address, address));
    EXPECT_TRUE(window.statusBar()->currentMessage().startsWith(QStringLiteral("Watching 0x")));

    menu = contextMenuAt(table->viewport(), at);
    ASSERT_NE(menu, nullptr);
    EXPECT_TRUE(menuTexts(menu).contains(QStringLiteral("Stop watching")))
        << "the menu knows it is watched";
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Open")));
    EXPECT_EQ(window.here(), Location::address(address));
}

TEST(Links, CopyButtonsCopyWholeValuesAndADetailLinkHasTheMenu)
{
    FakeExplorer e(12);
    MainWindow &window = e.window;
    const QString key = e.index.objectList().front().key;
    ASSERT_TRUE(window.search(key));
    auto *page = window.page<ObjectPage>();
    ASSERT_TRUE(
        e.settleUntil([&] { return !page->history()->toPlainText().trimmed().isEmpty(); }, 10000));

    // The button beside the title copies the key.
    auto *title = page->findChild<CopyButton *>(QStringLiteral("copy"));
    ASSERT_NE(title, nullptr);
    ASSERT_TRUE(title->isVisible());
    QGuiApplication::clipboard()->clear();
    QTest::mouseClick(title, Qt::LeftButton, {}, QPoint(4, title->height() / 2));
    EXPECT_EQ(QGuiApplication::clipboard()->text(), key);

    // A shortened hash in the history has a button that copies it whole.
    DetailBrowser *history = page->history();
    auto *tabs = page->findChild<QTabWidget *>();
    ASSERT_NE(tabs, nullptr);
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->tabText(i).remove(u'&') == QLatin1String("History"))
            QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {},
                              tabs->tabBar()->tabRect(i).center());
    }
    ASSERT_TRUE(history->isVisible());
    const QString copyHref = firstCopyHref(history);
    ASSERT_FALSE(copyHref.isEmpty()) << history->toHtml().toStdString();
    ASSERT_TRUE(clickLink(history, copyHref));
    const QString copied = QGuiApplication::clipboard()->text();
    EXPECT_TRUE(copied.startsWith(QLatin1String("0x")) &&
                (copied.size() == 42 || copied.size() == 66))
        << copied.toStdString();
    EXPECT_FALSE(history->toPlainText().contains(copied)) << "what is shown is shortened";

    // A link's menu is a table cell's.
    const QString linkHref = QStringLiteral("gif://6464/") + copied;
    const QPoint at = linkPoint(history, linkHref);
    ASSERT_GE(at.x(), 0);
    QMenu *menu = contextMenuAt(history->viewport(), at);
    ASSERT_NE(menu, nullptr);
    EXPECT_TRUE(menuTexts(menu).contains(QStringLiteral("Copy as gif:// link")))
        << menuTexts(menu).join(u',').toStdString();
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Open")));
    EXPECT_NE(window.here().kind, Location::Kind::Object) << "the link was followed";
    EXPECT_EQ(window.here().text(), copied);
}

TEST(Links, AGridTileOffersWatchAndTheOwner)
{
    Watched watched;
    FakeExplorer e(12, 4, &watched.list);
    ASSERT_TRUE(e.window.open(Location::collection(e.index.objectList().front().slug)));
    ObjectGridView *grid = e.window.page<CollectionPage>()->grid();
    ASSERT_TRUE(e.settleUntil([&] { return grid->model()->rowCount() > 0; }, 10000));
    const QModelIndex tile = grid->model()->index(0, 0);
    const QString key = tile.data(ObjectListModel::KeyRole).toString();
    QMenu *menu = contextMenuAt(grid->viewport(), grid->visualRect(tile).center());
    ASSERT_NE(menu, nullptr);
    EXPECT_EQ(menuTexts(menu),
              (QStringList{QStringLiteral("Copy"), QStringLiteral("Copy as gif:// link"),
                           QStringLiteral("Open"), QStringLiteral("Watch"),
                           QStringLiteral("Copy owner")}));
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Watch")));
    EXPECT_TRUE(watched.list.contains(Watchlist::Kind::Object, key));
    menu = contextMenuAt(grid->viewport(), grid->visualRect(tile).center());
    ASSERT_NE(menu, nullptr);
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Copy owner")));
    EXPECT_EQ(QGuiApplication::clipboard()->text(),
              tile.data(ObjectListModel::OwnerRole).toString());
}

TEST(Links, ANameTagShowsWhereverItsAddressIsAndIsSearchable)
{
    Watched watched;
    AddressBook book(&watched.settings);
    FakeExplorer e(12, 4, &watched.list, &book);
    e.startLive();
    MainWindow &window = e.window;
    ASSERT_TRUE(window.open(Location::list(Location::Kind::Activity)));
    QTableView *table = window.findChild<TablePage *>(QStringLiteral("activity"))->table();
    ASSERT_TRUE(e.settleUntil([&] { return table->model()->rowCount() > 0; }, 10000));
    const QModelIndex cell = table->model()->index(0, ActivityListModel::ToColumn);
    const QString address = cell.data(Qt::ToolTipRole).toString();
    table->scrollTo(cell);

    // Named from the cell's menu, in a dialog typed into.
    QMenu *menu = contextMenuAt(table->viewport(), table->visualRect(cell).center());
    ASSERT_NE(menu, nullptr);
    ASSERT_TRUE(clickMenuEntry(menu, QStringLiteral("Name this address…")));
    auto *dialog = window.findChild<QInputDialog *>(QStringLiteral("nameTag"));
    ASSERT_NE(dialog, nullptr);
    auto *line = dialog->findChild<QLineEdit *>();
    ASSERT_NE(line, nullptr);
    typeAndReturn(line, QStringLiteral("Treasury"));
    EXPECT_EQ(book.label(address), QStringLiteral("Treasury"));

    // The cell shows it; the window's other lists of the address too.
    EXPECT_EQ(AddressLabelDelegate::labelOf(cell, table), QStringLiteral("Treasury"));
    // And the delegate draws it: the cell is measured for the tag, not the address.
    auto drawnText = [&] {
        QStyleOptionViewItem option;
        option.initFrom(table->viewport());
        option.widget = table;
        option.font = table->font();
        return table->itemDelegate()->sizeHint(option, cell).width();
    };
    const int tagged = drawnText();
    EXPECT_TRUE(AddressLabelDelegate::labelOf(
                    table->model()->index(0, ActivityListModel::TypeColumn), table)
                    .isEmpty())
        << "only the cell that shows the address";

    // The search box offers it and opens the address by it.
    SearchBox *box = window.findChild<SearchBox *>();
    box->setFocus();
    QTest::keyClicks(box, QStringLiteral("treas"));
    ASSERT_GT(box->completer()->model()->rowCount(), 0);
    EXPECT_EQ(box->completer()->model()->index(0, 0).data(Qt::UserRole).toString(), address);
    ASSERT_TRUE(window.search(QStringLiteral("treasury")));
    EXPECT_EQ(window.here(), Location::address(address));
    auto *page = window.page<AddressPage>();
    ASSERT_TRUE(
        e.settleUntil([&] { return e.session.pages().address->wallet().has_value(); }, 5000));
    auto *name = page->findChild<QPushButton *>(QStringLiteral("nameTag"));
    ASSERT_NE(name, nullptr);
    EXPECT_EQ(name->text(), QStringLiteral("Rename…"));
    bool shown = false;
    for (const QLabel *l : page->findChildren<QLabel *>())
        shown = shown || l->text() == QStringLiteral("<i>Treasury</i>");
    EXPECT_TRUE(shown) << "the page names it beside its title";

    // Removed from the page's own button: gone everywhere at once.
    QTest::mouseClick(name, Qt::LeftButton);
    dialog = window.findChild<QInputDialog *>(QStringLiteral("nameTag"));
    ASSERT_NE(dialog, nullptr);
    typeAndReturn(dialog->findChild<QLineEdit *>(), QString());
    EXPECT_TRUE(book.label(address).isEmpty());
    EXPECT_EQ(name->text(), QStringLiteral("Name…"));
    EXPECT_TRUE(AddressLabelDelegate::labelOf(cell, table).isEmpty());
    EXPECT_NE(drawnText(), tagged) << "drawn bare again";
}

// A tag given or taken while an object's page is open shows in its facts at
// once: the owner's line is drawn again, nothing else is asked.
// Before the collections have loaded, a tag typed in the search box is the
// reader's tag, not a slug (it opened an empty collection page once).
TEST(Links, ATagIsFoundBeforeTheCollectionsHaveLoaded)
{
    Watched watched;
    AddressBook book(&watched.settings);
    FakeExplorer e(12, 4, &watched.list, &book); // not started: no collection loaded
    const QString address = toHexString(e.index.objectList().front().owner);
    book.setLabel(address, QStringLiteral("Treasury"));
    ASSERT_EQ(e.session.pages().collections->rowCount(), 0);
    ASSERT_TRUE(e.window.search(QStringLiteral("treasury")));
    EXPECT_EQ(e.window.here(), Location::address(address));
}

TEST(Links, AnOpenObjectPageShowsItsOwnersTagAtOnce)
{
    Watched watched;
    AddressBook book(&watched.settings);
    FakeExplorer e(12, 4, &watched.list, &book);
    const ObjectRecord &object = e.index.objectList().front();
    const QString owner = toHexString(object.owner);
    ASSERT_TRUE(e.window.search(object.key));
    auto *page = e.window.page<ObjectPage>();
    ASSERT_TRUE(e.settleUntil([&] { return page->detailsText().contains(owner); }, 10000));

    book.setLabel(owner, QStringLiteral("Treasury"));
    EXPECT_TRUE(page->detailsText().contains(QStringLiteral("<i>Treasury</i>")))
        << page->detailsText().toStdString();
    book.setLabel(owner, QString());
    EXPECT_FALSE(page->detailsText().contains(QStringLiteral("Treasury")));
}
