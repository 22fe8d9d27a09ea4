#pragma once

#include "core/clock.h"

namespace gifscan::test {

// A clock that moves only when the test says so.
class ManualClock final : public Clock
{
public:
    qint64 nowMs() const override { return m_now; }
    void advance(qint64 ms) { m_now += ms; }

private:
    qint64 m_now = 1000000; // not zero: nothing may take zero for "never"
};

} // namespace gifscan::test
