#include "models/appsettings.h"

#include <QSettings>
#include <algorithm>

AppSettings::AppSettings(QSettings *settings, QObject *parent)
    : QObject(parent), m_settings(settings)
{
}

void AppSettings::write(const QString &key, const QVariant &value)
{
    if (m_settings->value(key) == value)
        return;
    m_settings->setValue(key, value);
    Q_EMIT changed();
}

AppSettings::ThemeMode AppSettings::theme() const
{
    return static_cast<ThemeMode>(
        std::clamp(m_settings->value(QStringLiteral("look/theme"), 0).toInt(), 0, 2));
}

void AppSettings::setTheme(ThemeMode mode)
{
    write(QStringLiteral("look/theme"), static_cast<int>(mode));
}

AppSettings::Animation AppSettings::animation() const
{
    return static_cast<Animation>(
        std::clamp(m_settings->value(QStringLiteral("look/animation"), 0).toInt(), 0, 2));
}

void AppSettings::setAnimation(Animation mode)
{
    write(QStringLiteral("look/animation"), static_cast<int>(mode));
}

int AppSettings::frameCacheMiB() const
{
    return std::clamp(m_settings->value(QStringLiteral("memory/frameCacheMiB"), 128).toInt(), 16,
                      2048);
}

void AppSettings::setFrameCacheMiB(int mib)
{
    write(QStringLiteral("memory/frameCacheMiB"), std::clamp(mib, 16, 2048));
}

std::optional<AppSettings::WindowPlacement> AppSettings::windowPlacement() const
{
    const QRect normal = m_settings->value(QStringLiteral("window/normal")).toRect();
    if (!normal.isValid())
        return std::nullopt;
    return WindowPlacement{normal, m_settings->value(QStringLiteral("window/maximised")).toBool()};
}

void AppSettings::setWindowPlacement(const WindowPlacement &placement)
{
    m_settings->setValue(QStringLiteral("window/normal"), placement.normal);
    m_settings->setValue(QStringLiteral("window/maximised"), placement.maximised);
    m_settings->remove(QStringLiteral("window/geometry"));
}

QByteArray AppSettings::oldWindowGeometry() const
{
    return m_settings->value(QStringLiteral("window/geometry")).toByteArray();
}

QHash<QString, QByteArray> AppSettings::windowLayout() const
{
    QHash<QString, QByteArray> layout;
    m_settings->beginGroup(QStringLiteral("layout"));
    for (const QString &key : m_settings->childKeys())
        layout.insert(key, m_settings->value(key).toByteArray());
    m_settings->endGroup();
    return layout;
}

void AppSettings::setWindowLayout(const QHash<QString, QByteArray> &layout)
{
    // The layout as it is now, whole: what is no longer in it (a splitter
    // kept before only dragged ones were) goes.
    m_settings->remove(QStringLiteral("layout"));
    m_settings->beginGroup(QStringLiteral("layout"));
    for (auto it = layout.begin(); it != layout.end(); ++it)
        m_settings->setValue(it.key(), it.value());
    m_settings->endGroup();
}

bool AppSettings::notifications() const
{
    return m_settings->value(QStringLiteral("notify/enabled"), true).toBool();
}

void AppSettings::setNotifications(bool on)
{
    write(QStringLiteral("notify/enabled"), on);
}

bool AppSettings::minimiseToTray() const
{
    return m_settings->value(QStringLiteral("notify/minimiseToTray"), false).toBool();
}

void AppSettings::setMinimiseToTray(bool on)
{
    write(QStringLiteral("notify/minimiseToTray"), on);
}

QString AppSettings::language() const
{
    return m_settings->value(QStringLiteral("look/language")).toString();
}

void AppSettings::setLanguage(const QString &code)
{
    if (code == language())
        return;
    write(QStringLiteral("look/language"), code);
    Q_EMIT languageChanged();
}
