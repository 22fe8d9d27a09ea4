#pragma once

#include "core/support/clock.h"

#include <QAbstractListModel>
#include <deque>

class WatchNotifier;

// Every watchlist notification in the order they came, newest first, kept
// in the app whether or not a tray shows them (a desktop may have none, and
// a message in the tray is gone in seconds). The notifier's away summary is
// worded here too, so the log and the tray say the same. At most kLimit
// entries. Lives on the GUI thread.
class NotificationLog : public QAbstractListModel
{
    Q_OBJECT
public:
    static constexpr int kLimit = 500;
    enum Role { TitleRole = Qt::UserRole + 1, BodyRole, TimeRole };

    explicit NotificationLog(QObject *parent = nullptr);
    void follow(WatchNotifier *notifier);
    // When entries are stamped: the wall clock unless a test's.
    void setWallClock(const gifscan::Clock &clock) { m_wall = &clock; }
    void add(const QString &title, const QString &body);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // One entry more: what a tray or status bar shows.
    void added(const QString &title, const QString &body);

private:
    struct Entry
    {
        QString title;
        QString body;
        qint64 atMs = 0;
    };
    const gifscan::Clock *m_wall = &gifscan::Clock::wall();
    std::deque<Entry> m_entries; // newest first
};
