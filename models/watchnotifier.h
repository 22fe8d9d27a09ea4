#pragma once

#include "core/protocol/records.h"
#include "core/support/clock.h"
#include "core/verify/eventprover.h"
#include "models/watchnotice.h"

#include <QMap>
#include <QObject>
#include <QSet>
#include <optional>

class LiveFeed;
class Watchlist;

// Turns live events into notifications for what the user watches: a watched
// object changing owner, listed or sold; a watched address sending or
// receiving; a watched collection's mint or a move of its floor. Only events
// of blocks whose headers verified count, each once, and only once proven
// from their block (EventCheck: EventProver in the session): an event the
// node invents is never told as a fact.
// After an absence (offline, asleep), the events missed are folded into one
// "while you were away" summary instead of a burst. Lives on the GUI thread.
class WatchNotifier : public QObject
{
    Q_OBJECT
public:
    // Whether a node's event of a verified block happened; `done` only while
    // `context` lives. Without one set, no event is told.
    using EventCheck = std::function<void(const gifscan::ActivityEntry &event,
                                          const gifscan::BlockHeader &header, QObject *context,
                                          std::function<void(const gifscan::EventVerdict &)> done)>;

    explicit WatchNotifier(Watchlist *watchlist, QObject *parent = nullptr);
    void setEventCheck(EventCheck check) { m_check = std::move(check); }

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
    // A node's event that its block does not prove: not told, but said here
    // (the words say why) for whoever keeps a record of the node's lies.
    void unproven(const gifscan::ActivityEntry &event, const QString &why);
    void awaySummary(quint64 blocks, int events);

private:
    bool matches(const gifscan::ActivityEntry &e) const;
    // `absence`: the one it arrived in, if it arrived while away.
    void proven(const gifscan::ActivityEntry &entry, std::optional<std::uint64_t> absence);
    // An absence starts after the last head seen; once, until caught up.
    void goAway();

    Watchlist *m_watchlist;
    const gifscan::Clock *m_clock = &gifscan::Clock::wall();
    QMap<quint64, gifscan::BlockHeader> m_verified; // the recent verified heads, by height
    EventCheck m_check;
    QSet<QString> m_seen;
    QHash<QString, std::optional<gifscan::Amount>> m_floors;
    std::optional<quint64> m_lastHead;
    qint64 m_lastHeadAt = 0;
    int m_awayAfterMs = 60000;
    std::uint64_t m_absence = 0; // counts the absences begun
    bool m_away = false;
    quint64 m_awayFrom = 0;
    int m_awayEvents = 0;
};
