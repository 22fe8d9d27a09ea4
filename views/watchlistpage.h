#pragma once

#include "views/routedpage.h"

class QListWidget;
class Watchlist;

// The watched objects, addresses and collections: open one, or stop
// watching it. Lives on the GUI thread.
class WatchlistPage : public RoutedPage
{
    Q_OBJECT
public:
    explicit WatchlistPage(Watchlist *watchlist, QWidget *parent = nullptr);
    QListWidget *list() const { return m_list; }

private:
    void reload();

    Watchlist *m_watchlist;
    QListWidget *m_list;
};
