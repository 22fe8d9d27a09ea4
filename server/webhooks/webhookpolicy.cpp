#include "server/webhooks/webhookpolicy.h"

#include <algorithm>
#include <cmath>

namespace gifscan::server {

qint64 WebhookPolicy::scaled(qint64 ms) const
{
    return static_cast<qint64>(std::llround(static_cast<double>(ms) * m_scale));
}

bool WebhookPolicy::retryable(const Attempt &a)
{
    // No answer at all (timeout, refused, reset) is the receiver being away,
    // which a retry may outlast; so are 5xx and 429. Any other answer is the
    // receiver's considered word, which the same request would only get again.
    return a.status == 0 || a.status == 429 || a.status >= 500;
}

QString WebhookPolicy::describe(const Attempt &a)
{
    if (a.timedOut)
        return QStringLiteral("no answer within the timeout");
    if (a.status == 0)
        return a.network.isEmpty() ? QStringLiteral("no answer") : a.network;
    return QStringLiteral("HTTP %1").arg(a.status);
}

WebhookPolicy::Decision WebhookPolicy::decide(const Attempt &a) const
{
    if (a.status >= 200 && a.status < 300)
        return {Action::Delivered, 0, {}};
    if (a.status == 410)
        return {Action::Disable, 0, QStringLiteral("the receiver answered 410 Gone")};
    const QString what = describe(a);
    if (a.failingSinceMs >= 0 && a.nowMs - a.failingSinceMs >= scaled(kDisableAfterMs))
        return {Action::Disable, 0, QStringLiteral("failing for 5 days (last: %1)").arg(what)};
    // This attempt's failure begins the run when none is going on.
    const qint64 since = a.failingSinceMs >= 0 ? a.failingSinceMs : a.nowMs;
    const qint64 deadAt = since + scaled(kDeadAfterMs);
    if (!a.everDelivered && a.nowMs >= deadAt)
        return {Action::Disable, 0,
                QStringLiteral("failing for an hour without ever acknowledging a delivery "
                               "(last: %1)")
                    .arg(what)};
    if (!retryable(a) || a.attempt >= static_cast<int>(kSchedule.size()))
        return {Action::GiveUp, 0,
                QStringLiteral("%1 after %2 attempts").arg(what).arg(a.attempt + 1)};
    qint64 wait = scaled(kSchedule[static_cast<std::size_t>(a.attempt)]);
    // Retry-After is honoured where the receiver is busy or down for a
    // while (429, 502-504): never sooner than it asks, never past the
    // schedule's longest wait.
    const bool honours = a.status == 429 || (a.status >= 502 && a.status <= 504);
    if (honours && a.retryAfterMs >= 0)
        wait = std::max(wait, std::min(a.retryAfterMs, kMaxRetryAfterMs));
    // A receiver never heard from is tried once more at its hour's end,
    // which decides whether it keeps its slot, rather than hours later.
    if (!a.everDelivered)
        wait = std::min(wait, deadAt - a.nowMs);
    return {Action::Retry, a.nowMs + wait, what};
}

} // namespace gifscan::server
