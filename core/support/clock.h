#pragma once

#include <QtGlobal>
#include <functional>

class QObject;

namespace gifscan {

// Where time comes from, for whatever waits, expires, refills or times out:
// the monotonic clock in the programs, a clock the test moves by hand in tests
// (tests/support/manualclock.h), so that no test sleeps to pass time.
// nowMs() may be read from any thread; callAfter() is called on the thread
// `context` lives on, and calls back there.
class Clock
{
public:
    virtual ~Clock() = default;
    // Milliseconds since an arbitrary, fixed start; never goes back.
    virtual qint64 nowMs() const = 0;
    // Calls `f` once `ms` have passed on this clock, unless `context` has gone
    // by then. Never inside this call, even for 0: a burst of calls made
    // together is answered after it.
    virtual void callAfter(qint64 ms, QObject *context, std::function<void()> f) const = 0;

    // The monotonic clock: what most waits want. It stops while the machine
    // sleeps.
    static const Clock &steady();
    // The wall clock: it goes on while the machine sleeps (and may be set
    // back), for whoever must see a suspend as time gone by.
    static const Clock &wall();
};

} // namespace gifscan
