// The window as a router over registered pages, with pages of the test's
// own: no node is asked anything.
#include "models/viewpreferences.h"
#include "session/explorersession.h"
#include "views/explorerpages.h"
#include "views/mainwindow.h"
#include "views/routedpage.h"

#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan;

namespace {

// A page that remembers what it was asked to open.
class RecordingPage : public RoutedPage
{
public:
    using RoutedPage::RoutedPage;
    void open(const Location &where) override { opened.append(where); }
    QString refusal(const Location &where) const override
    {
        return where.key == QStringLiteral("nowhere") ? QStringLiteral("not here") : QString();
    }
    std::optional<Watchable> watchable(const Location &where) const override
    {
        return Watchable(Watchlist::Kind::Collection, where.key);
    }
    QList<Location> opened;
};

struct Window
{
    Window()
        : settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat),
          watchlist(&settings),
          session({QStringLiteral("offline"), QUrl(QStringLiteral("http://127.0.0.1:1")),
                   QUrl(QStringLiteral("http://127.0.0.1:1")),
                   QUrl(QStringLiteral("ws://127.0.0.1:1")), kChainId, std::nullopt},
                  &watchlist)
    {
    }
    MainWindow *make(const PageRegistry &pages)
    {
        window = std::make_unique<MainWindow>(session.pages(), &preferences, pages);
        return window.get();
    }
    QTemporaryDir dir;
    QSettings settings;
    Watchlist watchlist;
    ExplorerSession session;
    ViewPreferences preferences;
    std::unique_ptr<MainWindow> window;
};

RecordingPage *made(QList<RecordingPage *> *pages, QWidget *parent)
{
    pages->append(new RecordingPage(parent));
    return pages->last();
}

} // namespace

TEST(Router, ANewPageIsARegistrationAndTheWindowRoutesToIt)
{
    QList<RecordingPage *> pages;
    PageRegistry registry;
    registry.addListPage(Location::Kind::Blocks, QStringLiteral("First"), QStringLiteral("blocks"),
                         [&](const PageContext &, QWidget *p) { return made(&pages, p); });
    registry.addListPage(Location::Kind::Activity, QStringLiteral("Second"),
                         QStringLiteral("activity"),
                         [&](const PageContext &, QWidget *p) { return made(&pages, p); });
    registry.addDetailPage(Location::Kind::Collection,
                           [&](const PageContext &, QWidget *p) { return made(&pages, p); });
    Window w;
    MainWindow *window = w.make(registry);
    ASSERT_EQ(pages.size(), 3);

    // The navigation is the registry's list pages, in order; the first is shown.
    auto *navigation = window->findChild<QListWidget *>();
    ASSERT_EQ(navigation->count(), 2);
    EXPECT_EQ(navigation->item(0)->text(), QStringLiteral("First"));
    EXPECT_EQ(navigation->item(1)->text(), QStringLiteral("Second"));
    EXPECT_EQ(window->here(), Location::list(Location::Kind::Blocks));
    EXPECT_EQ(window->currentPage(), pages[0]);
    EXPECT_TRUE(pages[0]->isVisibleTo(window));
    EXPECT_FALSE(pages[2]->isVisibleTo(window));
    EXPECT_EQ(window->page(Location::Kind::Collection), pages[2]);

    // A detail page opens what it is given, says what can be watched, and
    // its own links lead on through the window.
    EXPECT_TRUE(window->open(Location::collection(QStringLiteral("pixel-cats"))));
    ASSERT_EQ(pages[2]->opened.size(), 1);
    EXPECT_EQ(pages[2]->opened[0].key, QStringLiteral("pixel-cats"));
    EXPECT_TRUE(window->watchAction()->isEnabled());
    EXPECT_TRUE(navigation->selectedItems().isEmpty());
    pages[2]->follow(QStringLiteral("neon-waves"));
    EXPECT_EQ(window->here(), Location::collection(QStringLiteral("neon-waves")));
    ASSERT_TRUE(window->goBack());
    EXPECT_EQ(window->here(), Location::collection(QStringLiteral("pixel-cats")));

    // A page's refusal is said in the search box, and nothing moves.
    EXPECT_FALSE(window->open(Location::collection(QStringLiteral("nowhere"))));
    EXPECT_EQ(window->here(), Location::collection(QStringLiteral("pixel-cats")));
    EXPECT_EQ(window->searchBox()->toolTip(), QStringLiteral("not here"));

    // A kind no page was registered for goes nowhere.
    EXPECT_FALSE(window->open(Location::block(3)));
    EXPECT_FALSE(window->search(QStringLiteral("0x") + QString(64, u'a')));

    // A redirect replaces the place in history instead of adding one, and
    // only from the page shown.
    Q_EMIT pages[0]->renamed(Location::list(Location::Kind::Activity));
    EXPECT_EQ(window->here(), Location::collection(QStringLiteral("pixel-cats")));
    Q_EMIT pages[2]->renamed(Location::list(Location::Kind::Activity));
    EXPECT_EQ(window->here(), Location::list(Location::Kind::Activity));
    EXPECT_EQ(navigation->currentRow(), 1);
    ASSERT_TRUE(window->goBack());
    EXPECT_EQ(window->here(), Location::list(Location::Kind::Blocks));
    EXPECT_FALSE(window->goBack());
}
