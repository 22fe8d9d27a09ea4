#include "views/explorerpages.h"

#include "views/addresspage.h"
#include "views/blockpage.h"
#include "views/collectionpage.h"
#include "views/listpages.h"
#include "views/objectpage.h"
#include "views/transactionpage.h"
#include "views/watchlistpage.h"

#include <QCoreApplication>
#include <QLabel>
#include <QVBoxLayout>

namespace {
// The context of the navigation's words in the translations.
struct Pages
{
    Q_DECLARE_TR_FUNCTIONS(Pages)
};

RoutedPage *noWatchlist(QWidget *parent)
{
    // The Watchlist entry always has a page; without a watchlist it says so.
    auto *page = new RoutedPage(parent);
    (new QVBoxLayout(page))->addWidget(new QLabel(Pages::tr("No watchlist in this window."), page));
    return page;
}
} // namespace

PageRegistry explorerPages(const PageModels &s)
{
    using K = Location::Kind;
    using C = const PageContext &;
    PageRegistry pages;
    pages.addListPage(K::Live, Pages::tr("Live"), QStringLiteral("live"),
                      [s](C, QWidget *parent) { return ListPages::live(s, parent); });
    pages.addListPage(K::Blocks, Pages::tr("Blocks"), QStringLiteral("blocks"),
                      [s](C, QWidget *parent) { return ListPages::blocks(s, parent); });
    pages.addListPage(K::Collections, Pages::tr("Collections"), QStringLiteral("collections"),
                      [s](C, QWidget *parent) { return ListPages::collections(s, parent); });
    pages.addListPage(K::Activity, Pages::tr("Activity"), QStringLiteral("activity"),
                      [s](C, QWidget *parent) { return ListPages::activity(s, parent); });
    pages.addListPage(K::Watchlist, Pages::tr("Watchlist"), QStringLiteral("watch"),
                      [s](C, QWidget *parent) -> RoutedPage * {
                          if (!s.watchlist)
                              return noWatchlist(parent);
                          return new WatchlistPage(s.watched, s.watchlist, s.notifications, parent);
                      });
    pages.addDetailPage(K::Object, [s](C c, QWidget *parent) {
        return new ObjectPage(s.object, c.preferences, parent);
    });
    pages.addDetailPage(K::Collection, [s](C c, QWidget *parent) {
        return new CollectionPage(s.collection, s.collections, s.collectionAnalytics, c, parent);
    });
    pages.addDetailPage(K::Block,
                        [s](C, QWidget *parent) { return new BlockPage(s.block, parent); });
    pages.addDetailPage(K::Transaction, [s](C, QWidget *parent) {
        return new TransactionPage(s.transaction, parent);
    });
    pages.addDetailPage(K::Address, [s](C c, QWidget *parent) {
        return new AddressPage(s.address, s.audit, c, parent);
    });
    return pages;
}
