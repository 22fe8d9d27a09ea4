#include "views/notificationcenter.h"

#include "models/watchnotifier.h"
#include "views/theme.h"

#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QWidget>

NotificationCenter::NotificationCenter(WatchNotifier *notifier, QStatusBar *fallback,
                                       QWidget *window)
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
    connect(notifier, &WatchNotifier::notified, this, &NotificationCenter::notify);
    connect(notifier, &WatchNotifier::awaySummary, this, [this](quint64 missed, int events) {
        notify(tr("gifscan"),
               tr("While you were away: %Ln block(s), ", nullptr, static_cast<int>(missed)) +
                   tr("%Ln event(s) on your watchlist.", nullptr, events));
    });
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
