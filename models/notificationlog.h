#pragma once

#include "core/support/clock.h"
#include "models/watchnotice.h"

#include <QAbstractListModel>
#include <deque>

class AddressBook;
class WatchNotifier;

// Every watchlist notification in the order they came, newest first, kept
// in the app whether or not a tray shows them (a desktop may have none, and
// a message in the tray is gone in seconds). Entries are kept as facts and
// worded here when read: in the language of the moment, an address by its
// name tag when it has one (the watchlist's way). At most kLimit entries.
// Lives on the GUI thread.
class NotificationLog : public QAbstractListModel
{
    Q_OBJECT
public:
    static constexpr int kLimit = 500;
    enum Role { TitleRole = Qt::UserRole + 1, BodyRole, TimeRole };

    explicit NotificationLog(QObject *parent = nullptr);
    void follow(WatchNotifier *notifier);
    // The name tags addresses are said by; none: short hex.
    void setAddressBook(const AddressBook *book);
    // When entries are stamped: the wall clock unless a test's.
    void setWallClock(const gifscan::Clock &clock) { m_wall = &clock; }
    void add(const WatchNotice &notice);

    // A notice as a notification says it: a title and a sentence.
    QString title(const WatchNotice &notice) const;
    QString body(const WatchNotice &notice) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // One entry more, worded: what a tray or status bar shows.
    void added(const QString &title, const QString &body);

protected:
    // The application's language changed: every entry reads anew.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QString eventBody(const gifscan::ActivityEntry &e) const;
    QString who(const std::optional<gifscan::Address> &address) const;
    void rewordAll();

    struct Entry
    {
        WatchNotice notice;
        qint64 atMs = 0;
    };
    const gifscan::Clock *m_wall = &gifscan::Clock::wall();
    const AddressBook *m_book = nullptr;
    std::deque<Entry> m_entries; // newest first
};
