#pragma once

#include <QObject>
#include <QStringList>

class QStatusBar;
class QSystemTrayIcon;
class QWidget;
class NotificationLog;

// Where watchlist notifications pop up as they are logged: the system
// tray's messages, or the status bar on a desktop without a tray. The log
// keeps them all either way (the Watchlist page shows it).
// Lives on the GUI thread.
class NotificationCenter : public QObject
{
    Q_OBJECT
public:
    NotificationCenter(NotificationLog *log, QStatusBar *fallback, QWidget *window);
    const QStringList &shown() const { return m_shown; }
    void setEnabled(bool on) { m_enabled = on; }
    bool hasTray() const { return m_tray != nullptr; }

private:
    void notify(const QString &title, const QString &body);

    QStatusBar *m_fallback;
    QSystemTrayIcon *m_tray = nullptr;
    QStringList m_shown;
    bool m_enabled = true;
};
