#pragma once

#include <QWidget>

class QListWidget;
class Watchlist;

// The watched objects, addresses and collections: open one, or stop
// watching it. Lives on the GUI thread.
class WatchlistPage : public QWidget
{
    Q_OBJECT
public:
    explicit WatchlistPage(Watchlist *watchlist, QWidget *parent = nullptr);
    QListWidget *list() const { return m_list; }

Q_SIGNALS:
    void followed(const QString &target);

private:
    void reload();

    Watchlist *m_watchlist;
    QListWidget *m_list;
};
