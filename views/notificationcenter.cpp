#include "views/notificationcenter.h"

#include "models/notificationlog.h"
#include "views/theme.h"

#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QWidget>

NotificationCenter::NotificationCenter(NotificationLog *log, QStatusBar *fallback, QWidget *window)
    : QObject(window), m_fallback(fallback)
{
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        m_tray = new QSystemTrayIcon(Theme::appIcon(), this);
        m_tray->setToolTip(tr("gifscan"));
        m_tray->show();
        connect(m_tray, &QSystemTrayIcon::activated, window, [window] {
            window->showNormal();
            window->raise();
            window->activateWindow();
        });
    }
    connect(log, &NotificationLog::added, this, &NotificationCenter::notify);
}

void NotificationCenter::notify(const QString &title, const QString &body)
{
    if (!m_enabled)
        return;
    m_shown.append(body);
    if (m_tray)
        m_tray->showMessage(title, body, QSystemTrayIcon::Information, 8000);
    else
        m_fallback->showMessage(body, 10000); // no tray on this desktop: the status bar says it
}
