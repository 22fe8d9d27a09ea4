#pragma once

#include <QObject>

// The preferences the window's pages follow while they are shown: how
// thumbnails move, whether watch notices appear, where a minimised window
// goes. The application copies them in from its settings; a view reads the
// properties and follows their signals, so no one reaches into widgets to
// apply them. Lives on the GUI thread.
class ViewPreferences : public QObject
{
    Q_OBJECT
    Q_PROPERTY(Motion motion READ motion WRITE setMotion NOTIFY motionChanged)
    Q_PROPERTY(bool notificationsEnabled READ notificationsEnabled WRITE setNotificationsEnabled
                   NOTIFY notificationsEnabledChanged)
    Q_PROPERTY(bool minimiseToTray READ minimiseToTray WRITE setMinimiseToTray NOTIFY
                   minimiseToTrayChanged)
public:
    // Off: for reduced motion, nothing moves until asked.
    enum class Motion { Always, OnHover, Off };
    Q_ENUM(Motion)

    using QObject::QObject;

    Motion motion() const { return m_motion; }
    void setMotion(Motion motion);
    bool notificationsEnabled() const { return m_notifications; }
    void setNotificationsEnabled(bool on);
    bool minimiseToTray() const { return m_minimiseToTray; }
    void setMinimiseToTray(bool on);

Q_SIGNALS:
    void motionChanged(ViewPreferences::Motion motion);
    void notificationsEnabledChanged(bool on);
    void minimiseToTrayChanged(bool on);

private:
    Motion m_motion = Motion::Always;
    bool m_notifications = true;
    bool m_minimiseToTray = false;
};
