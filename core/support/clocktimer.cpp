#include "core/support/clocktimer.h"

namespace gifscan {

void ClockTimer::start(qint64 ms)
{
    m_interval = ms;
    ++m_ticket;
    m_active = true;
    arm();
}

void ClockTimer::arm()
{
    m_clock->callAfter(m_interval, this, [this, ticket = m_ticket] {
        if (ticket != m_ticket || !m_active)
            return;
        if (m_singleShot)
            m_active = false;
        else
            arm();
        Q_EMIT fired();
    });
}

} // namespace gifscan
