#pragma once

#include <QObject>

class QSettings;

// The explorer's preferences, kept in settings: look, motion, memory and
// notifications. Lives on the GUI thread.
class AppSettings : public QObject
{
    Q_OBJECT
public:
    enum class ThemeMode { System, Light, Dark };
    enum class Animation { Always, OnHover, Off }; // Off: for reduced motion

    explicit AppSettings(QSettings *settings, QObject *parent = nullptr);

    ThemeMode theme() const;
    void setTheme(ThemeMode mode);
    Animation animation() const;
    void setAnimation(Animation mode);
    int frameCacheMiB() const; // 16 … 2048
    void setFrameCacheMiB(int mib);
    bool notifications() const;
    void setNotifications(bool on);
    bool minimiseToTray() const;
    void setMinimiseToTray(bool on);

Q_SIGNALS:
    void changed();

private:
    void write(const QString &key, const QVariant &value);

    QSettings *m_settings;
};
