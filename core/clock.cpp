#include "core/clock.h"

#include <chrono>

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
};
} // namespace

const Clock &Clock::steady()
{
    static const SteadyClock clock;
    return clock;
}

} // namespace gifscan
