#include "core/support/clock.h"

#include <QDateTime>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <climits>

namespace gifscan {

namespace {
class SteadyClock final : public Clock
{
public:
    qint64 nowMs() const override
    {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }
    void callAfter(qint64 ms, QObject *context, std::function<void()> f) const override
    {
        QTimer::singleShot(static_cast<int>(std::clamp<qint64>(ms, 0, INT_MAX)), context,
                           std::move(f));
    }
};

class WallClock final : public Clock
{
public:
    qint64 nowMs() const override { return QDateTime::currentMSecsSinceEpoch(); }
    void callAfter(qint64 ms, QObject *context, std::function<void()> f) const override
    {
        Clock::steady().callAfter(ms, context, std::move(f));
    }
};
} // namespace

const Clock &Clock::wall()
{
    static const WallClock clock;
    return clock;
}

const Clock &Clock::steady()
{
    static const SteadyClock clock;
    return clock;
}

} // namespace gifscan
