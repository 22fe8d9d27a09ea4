#pragma once

#include "core/support/clock.h"

#include <QHash>
#include <QHostAddress>
#include <mutex>

namespace gifscan::server {

// One token bucket per client (clientKey: loopback is one, an IPv6 host
// its /64), shared by REST, JSON-RPC and the websocket (PROTOCOL §6). Lives
// on the node thread; a read server's reader threads take and owe GraphQL's
// tokens too, so the buckets are behind a lock.
class RateLimiter
{
public:
    RateLimiter(double ratePerSecond, double burst, const Clock &clock = Clock::steady());

    void setEnabled(bool enabled) { m_enabled = enabled; }
    // Tests: each loopback address a client of its own (clientKey).
    void setLoopbackApart(bool apart) { m_loopbackApart = apart; }
    bool enabled() const { return m_enabled; }
    // Takes `tokens` (at most a burst's worth, so that any number can be
    // had); when fewer are left, takes none and says in how many whole
    // seconds they will be there.
    bool take(const QHostAddress &peer, int *retryAfterSeconds, int tokens = 1);
    // Takes `tokens` whatever is left, down to a burst below empty: a debt
    // for work done before its price was known, which the client's next
    // requests wait out.
    void owe(const QHostAddress &peer, int tokens);
    const Clock &clock() const { return m_clock; }
    double burst() const { return m_burst; }
    // Clients remembered now; full buckets are forgotten past kForgetAbove.
    qsizetype trackedClients() const
    {
        const std::lock_guard lock(m_mutex);
        return m_buckets.size();
    }
    static constexpr qsizetype kForgetAbove = 4096;

private:
    struct Bucket
    {
        double tokens = 0;
        qint64 updatedMs = 0;
    };
    // The client's bucket, refilled to now; the lock held.
    Bucket &bucket(const QHostAddress &peer);
    double m_rate;
    double m_burst;
    bool m_enabled = true;
    bool m_loopbackApart = false;
    const Clock &m_clock;
    mutable std::mutex m_mutex; // guards m_buckets
    QHash<QString, Bucket> m_buckets;
};

} // namespace gifscan::server
