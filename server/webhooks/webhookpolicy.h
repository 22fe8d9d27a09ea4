#pragma once

#include <QString>
#include <QtGlobal>
#include <array>

namespace gifscan::server {

// What happens after an attempt to deliver a webhook: the retry schedule of
// PROTOCOL's webhook section, Retry-After, 410 Gone, the five-day rule and
// the hour given to a receiver that never answered,
// as a pure function of the attempt's outcome so that every branch can be
// tested without a network or a week. Stateless; any thread.
class WebhookPolicy
{
public:
    // The waits before the retries, in ms: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
    static constexpr std::array<qint64, 7> kSchedule{5'000,      300'000,    1'800'000, 7'200'000,
                                                     18'000'000, 36'000'000, 36'000'000};
    static constexpr qint64 kDisableAfterMs = 5LL * 24 * 3600 * 1000;
    // A receiver that has never acknowledged a delivery (a target that is
    // not there, or not a webhook receiver) is disabled after an hour of
    // failures: its slot goes back to its owner, not held for five days.
    static constexpr qint64 kDeadAfterMs = 3600LL * 1000;
    static constexpr qint64 kMaxRetryAfterMs = 10LL * 3600 * 1000;

    // `scale` shrinks every wait and the five days alike (tests: 0.001).
    explicit WebhookPolicy(double scale = 1.0) : m_scale(scale) {}

    struct Attempt
    {
        int status = 0;             // the HTTP status; 0 when none came (timeout, refused)
        bool timedOut = false;      // no whole answer within the timeout
        QString network;            // what went wrong below HTTP, when status is 0
        qint64 retryAfterMs = -1;   // the receiver's Retry-After, when it gave one
        int attempt = 0;            // 0 for the first delivery of this message
        qint64 nowMs = 0;           // wall clock
        qint64 failingSinceMs = -1; // when the endpoint's current run of failures began
        bool everDelivered = true;  // the endpoint has acknowledged a delivery before
    };

    enum class Action {
        Delivered, // 2xx: the message leaves the queue
        Retry,     // again at `at`
        GiveUp,    // the message failed for good; the queue moves on
        Disable,   // the endpoint is disabled; its queue waits
    };
    struct Decision
    {
        Action action = Action::Delivered;
        qint64 at = 0;  // Retry: when (wall clock, ms)
        QString reason; // every outcome but Delivered: in the words of the status call
    };

    Decision decide(const Attempt &a) const;
    qint64 scaled(qint64 ms) const;
    static bool retryable(const Attempt &a);
    static QString describe(const Attempt &a);

private:
    double m_scale;
};

} // namespace gifscan::server
