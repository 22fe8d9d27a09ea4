#include "models/viewpreferences.h"

void ViewPreferences::setMotion(Motion motion)
{
    if (std::exchange(m_motion, motion) != motion)
        Q_EMIT motionChanged(motion);
}

void ViewPreferences::setNotificationsEnabled(bool on)
{
    if (std::exchange(m_notifications, on) != on)
        Q_EMIT notificationsEnabledChanged(on);
}

void ViewPreferences::setMinimiseToTray(bool on)
{
    if (std::exchange(m_minimiseToTray, on) != on)
        Q_EMIT minimiseToTrayChanged(on);
}
