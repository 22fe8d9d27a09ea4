#include "views/animationclock.h"

AnimationClock::AnimationClock(QObject *parent) : QObject(parent)
{
    m_elapsed.start();
    // 20 ms: GIF delays are multiples of 10 ms and browsers floor short ones
    // to 100 ms, so a frame change is never late by more than one tick.
    m_timer.setInterval(20);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] { Q_EMIT ticked(nowMs()); });
}

void AnimationClock::watch()
{
    if (m_watchers++ == 0)
        m_timer.start();
}

void AnimationClock::unwatch()
{
    if (m_watchers > 0 && --m_watchers == 0)
        m_timer.stop();
}
