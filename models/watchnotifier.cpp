#include "models/watchnotifier.h"

#include "models/livefeed.h"
#include "models/watchlist.h"

#include <QDateTime>

namespace {
// A head stamped within this of now is live, not backfill (blocks are ~5 s apart).
constexpr qint64 kFreshMs = 15000;
// Verified heads kept for the events that follow them: events come right
// after their head, so a few hundred heights back is plenty.
constexpr quint64 kHeadsKept = 256;
} // namespace

WatchNotifier::WatchNotifier(Watchlist *watchlist, QObject *parent)
    : QObject(parent), m_watchlist(watchlist)
{
}

void WatchNotifier::follow(const LiveFeed &feed)
{
    connect(&feed, &LiveFeed::headArrived, this, &WatchNotifier::headArrived);
    connect(&feed, &LiveFeed::eventArrived, this, &WatchNotifier::eventArrived);
    connect(&feed, &LiveFeed::interrupted, this, &WatchNotifier::feedInterrupted);
}

void WatchNotifier::feedInterrupted()
{
    goAway();
}

void WatchNotifier::goAway()
{
    if (m_away || !m_lastHead)
        return;
    m_away = true;
    ++m_absence;
    m_awayFrom = *m_lastHead;
    m_awayEvents = 0;
}

void WatchNotifier::headArrived(const gifscan::BlockHeader &header, bool verified)
{
    const qint64 now = m_clock->nowMs();
    // A long silence without a state change (the machine slept) is an absence too.
    if (m_lastHead && now - m_lastHeadAt > m_awayAfterMs)
        goAway();
    const qint64 wallNow = QDateTime::currentMSecsSinceEpoch();
    if (verified) {
        m_verified.insert(header.height, header);
        while (m_verified.size() > static_cast<qsizetype>(kHeadsKept))
            m_verified.erase(m_verified.begin()); // the oldest
    }
    m_lastHead = header.height;
    m_lastHeadAt = now;
    // Backfilled heads are old; the first fresh one means caught up. Its own
    // events, which follow it, are news again.
    const bool fresh = static_cast<qint64>(header.timestamp) * 1000 >= wallNow - kFreshMs;
    if (m_away && fresh) {
        m_away = false;
        if (header.height > m_awayFrom + 1)
            Q_EMIT awaySummary(header.height - m_awayFrom - 1, m_awayEvents);
    }
}

bool WatchNotifier::matches(const gifscan::ActivityEntry &e) const
{
    using K = Watchlist::Kind;
    if (m_watchlist->contains(K::Object, e.key) &&
        (e.type == QLatin1String("transfer") || e.type == QLatin1String("list") ||
         e.type == QLatin1String("sale")))
        return true;
    for (const auto &a : {e.from, e.to}) {
        if (a && m_watchlist->contains(K::Address, gifscan::toHexString(*a)))
            return true;
    }
    return m_watchlist->contains(K::Collection, e.slug) && e.type == QLatin1String("mint");
}

void WatchNotifier::eventArrived(const gifscan::ActivityEntry &entry)
{
    // LiveSync delivers a block's head before its events.
    // Once per transaction and kind, whatever id the node gives it: a real
    // event said again under new ids is told once.
    const QString seen = gifscan::toHexString(entry.txHash) + u' ' + entry.type;
    const auto head = m_verified.constFind(entry.height);
    if (head == m_verified.cend() || m_seen.contains(seen) || !matches(entry) || !m_check)
        return;
    m_seen.insert(seen);
    // News or history as it arrives: its proof may end after the feed was
    // interrupted again (a reconnect tried while heads still come), which
    // says nothing of this event. Deciding it then swallowed a real
    // transfer whose proof was slow.
    const std::optional<std::uint64_t> absence = m_away ? std::optional(m_absence) : std::nullopt;
    // Told only once its block proves it: the node's word is not a fact.
    m_check(entry, *head, this, [this, entry, seen, absence](const gifscan::EventVerdict &v) {
        if (v.proven())
            proven(entry, absence);
        else if (v.kind == gifscan::EventVerdict::Kind::NotProven)
            Q_EMIT unproven(entry, v.why);
        else
            m_seen.remove(seen); // no answer: no verdict, so it may come again
    });
}

void WatchNotifier::proven(const gifscan::ActivityEntry &entry,
                           std::optional<std::uint64_t> absence)
{
    // Counted in the absence it arrived in while that absence lasts; once
    // its summary was said without it, told as news (as before this was
    // decided on arrival), not lost.
    if (absence && m_away && *absence == m_absence) {
        ++m_awayEvents;
        return;
    }
    WatchNotice notice;
    notice.event = entry;
    Q_EMIT noticed(notice);
}

void WatchNotifier::floorSeen(const QString &slug, const std::optional<gifscan::Amount> &floor)
{
    const auto it = m_floors.constFind(slug);
    const bool known = it != m_floors.constEnd();
    const auto before = known ? *it : std::nullopt;
    m_floors.insert(slug, floor);
    if (!known || before == floor || !m_watchlist->contains(Watchlist::Kind::Collection, slug))
        return;
    WatchNotice notice;
    notice.kind = WatchNotice::Kind::Floor;
    notice.slug = slug;
    notice.floorBefore = before;
    notice.floorAfter = floor;
    Q_EMIT noticed(notice);
}
