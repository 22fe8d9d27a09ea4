#pragma once

#include "core/protocol/records.h"
#include "core/support/clock.h"
#include "models/watchnotice.h"

#include <QObject>
#include <QSet>

class LiveFeed;
class Watchlist;

// Turns live events into notifications for what the user watches: a watched
// object changing owner, listed or sold; a watched address sending or
// receiving; a watched collection's mint or a move of its floor. Only events
// of blocks whose headers verified count, and each event counts once.
// After an absence (offline, asleep), the events missed are folded into one
// "while you were away" summary instead of a burst. Lives on the GUI thread.
class WatchNotifier : public QObject
{
    Q_OBJECT
public:
    explicit WatchNotifier(Watchlist *watchlist, QObject *parent = nullptr);

    // Takes the feed's heads and events, and its interruptions.
    void follow(const LiveFeed &feed);
    // Collections' floors, as the collections list refreshes them.
    void floorSeen(const QString &slug, const std::optional<gifscan::Amount> &floor);
    // How long without a head counts as being away.
    void setAwayAfterMs(int ms) { m_awayAfterMs = ms; }
    // What silences are measured on: the wall clock, since a machine that
    // slept must count as away and the steady clock stops while it sleeps; a
    // test's clock in tests. (A head's freshness is its timestamp against
    // the wall clock too: both are wall time.)
    void setClock(const gifscan::Clock &clock) { m_clock = &clock; }

    void headArrived(const gifscan::BlockHeader &header, bool verified);
    void eventArrived(const gifscan::ActivityEntry &entry);
    // The node was lost: an absence begins (goAway).
    void feedInterrupted();

Q_SIGNALS:
    // An event or a floor move worth telling (the log words it).
    void noticed(const WatchNotice &notice);
    void awaySummary(quint64 blocks, int events);

private:
    bool matches(const gifscan::ActivityEntry &e) const;
    // An absence starts after the last head seen; once, until caught up.
    void goAway();

    Watchlist *m_watchlist;
    const gifscan::Clock *m_clock = &gifscan::Clock::wall();
    QSet<quint64> m_verifiedHeights;
    QSet<QString> m_seen;
    QHash<QString, std::optional<gifscan::Amount>> m_floors;
    std::optional<quint64> m_lastHead;
    qint64 m_lastHeadAt = 0;
    int m_awayAfterMs = 60000;
    bool m_away = false;
    quint64 m_awayFrom = 0;
    int m_awayEvents = 0;
};
