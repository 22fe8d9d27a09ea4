#include "server/net/ratelimiter.h"

#include "server/net/clientkey.h"

#include <cmath>

namespace gifscan::server {

RateLimiter::RateLimiter(double ratePerSecond, double burst, const Clock &clock)
    : m_rate(ratePerSecond), m_burst(burst), m_clock(clock)
{
}

RateLimiter::Bucket &RateLimiter::bucket(const QHostAddress &peer)
{
    const qint64 now = m_clock.nowMs();
    const QString key = clientKey(peer, m_loopbackApart);
    // Forget clients whose bucket has refilled: their state is the default anyway.
    if (m_buckets.size() > kForgetAbove) {
        m_buckets.removeIf([&](const auto &it) {
            return it.value().tokens + (now - it.value().updatedMs) / 1000.0 * m_rate >= m_burst;
        });
    }
    auto it = m_buckets.find(key);
    if (it == m_buckets.end())
        it = m_buckets.insert(key, Bucket{m_burst, now});
    Bucket &b = it.value();
    b.tokens = std::min(m_burst, b.tokens + (now - b.updatedMs) / 1000.0 * m_rate);
    b.updatedMs = now;
    return b;
}

void RateLimiter::owe(const QHostAddress &peer, int tokens)
{
    if (!m_enabled || tokens <= 0)
        return;
    const std::lock_guard lock(m_mutex);
    Bucket &b = bucket(peer);
    b.tokens = std::max(-m_burst, b.tokens - tokens);
}

bool RateLimiter::take(const QHostAddress &peer, int *retryAfterSeconds, int tokens)
{
    if (!m_enabled)
        return true;
    const std::lock_guard lock(m_mutex);
    Bucket &b = bucket(peer);
    const double wanted = std::min<double>(std::max(1, tokens), m_burst);
    if (b.tokens >= wanted) {
        b.tokens -= wanted;
        return true;
    }
    *retryAfterSeconds = std::max(1, static_cast<int>(std::ceil((wanted - b.tokens) / m_rate)));
    return false;
}

} // namespace gifscan::server
