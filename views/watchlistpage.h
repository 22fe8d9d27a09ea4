#pragma once

#include "views/routedpage.h"

class NotificationLog;
class QLabel;
class QListView;
class QTableView;
class TablePage;
class Watchlist;
class WatchlistModel;

// The watched objects, addresses and collections as a table (picture,
// owner, floor, last event, age): open one, or stop watching it. Below, the
// log of every notification they raised. Lives on the GUI thread.
class WatchlistPage : public RoutedPage
{
    Q_OBJECT
public:
    WatchlistPage(WatchlistModel *model, Watchlist *watchlist, NotificationLog *log,
                  QWidget *parent = nullptr);
    QTableView *table() const;
    QListView *log() const { return m_log; }
    // What the page says when nothing is watched (empty otherwise).
    QString emptyText() const;

private:
    void showEmpty();

    WatchlistModel *m_model;
    Watchlist *m_watchlist;
    TablePage *m_table;
    QLabel *m_empty;
    QListView *m_log;
};
