#pragma once

#include "core/support/clock.h"

#include <QObject>
#include <QPointer>
#include <atomic>
#include <map>

namespace gifscan::test {

// A clock that moves only when the test says so; what waits on it runs as
// advance() passes its time, in time order, on the test's thread.
class ManualClock final : public Clock
{
public:
    // From `startMs` on: 0, or a Unix time in ms where it stands for the wall clock.
    explicit ManualClock(qint64 startMs = 0) : m_now(startMs) {}
    // Read from any thread (a devnet's server thread reads it too).
    qint64 nowMs() const override { return m_now.load(); }
    void callAfter(qint64 ms, QObject *context, std::function<void()> f) const override
    {
        m_due.emplace(m_now.load() + std::max<qint64>(0, ms), Waiting{context, std::move(f)});
    }
    // Moves time on by `ms`, running everything due by then (what those
    // schedule runs too, if it falls due in the same stretch). advance(0)
    // runs what is due now.
    void advance(qint64 ms)
    {
        const qint64 until = m_now.load() + ms;
        while (!m_due.empty() && m_due.begin()->first <= until) {
            auto first = m_due.begin();
            m_now = std::max(m_now.load(), first->first);
            Waiting waiting = std::move(first->second);
            m_due.erase(first);
            if (waiting.context)
                waiting.f();
        }
        m_now = until;
    }
    std::size_t waiting() const { return m_due.size(); }

private:
    struct Waiting
    {
        QPointer<QObject> context;
        std::function<void()> f;
    };
    std::atomic<qint64> m_now{1000000}; // not zero: nothing may take zero for "never"
    mutable std::multimap<qint64, Waiting> m_due;
};

} // namespace gifscan::test
