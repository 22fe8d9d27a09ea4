#pragma once

#include <QtGlobal>

namespace gifscan {

// Where time comes from, for whatever waits, expires or refills: the
// monotonic clock in the programs, a clock the test moves by hand in tests
// (tests/support/manualclock.h), so that no test sleeps to pass time.
// Read from any thread; the steady clock has no state.
class Clock
{
public:
    virtual ~Clock() = default;
    // Milliseconds since an arbitrary, fixed start; never goes back.
    virtual qint64 nowMs() const = 0;

    static const Clock &steady();
};

} // namespace gifscan
