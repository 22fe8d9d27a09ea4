#pragma once

#include <QObject>
#include <QRect>
#include <optional>

class QSettings;

// The explorer's preferences, kept in settings: look, language, motion,
// memory and notifications. Lives on the GUI thread.
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
    // Where the window was and how large (its normal geometry, the inside
    // of its frame) and whether maximised: kept as it closes, not a
    // preference, so no change is signalled. Not QWidget::saveGeometry's
    // bytes: restoring those moves a window at the screen's top down by a
    // title bar's height on every start.
    struct WindowPlacement
    {
        QRect normal;
        bool maximised = false;
    };
    std::optional<WindowPlacement> windowPlacement() const;
    void setWindowPlacement(const WindowPlacement &placement);
    // saveGeometry's bytes of before, for a first start after an update.
    QByteArray oldWindowGeometry() const;
    // Splitters and column widths by name (MainWindow::layoutState), kept
    // the same way.
    QHash<QString, QByteArray> windowLayout() const;
    void setWindowLayout(const QHash<QString, QByteArray> &layout);
    bool notifications() const;
    void setNotifications(bool on);
    bool minimiseToTray() const;
    void setMinimiseToTray(bool on);
    // An ISO 639 code, or empty for the system's language.
    QString language() const;
    void setLanguage(const QString &code);

Q_SIGNALS:
    void changed();
    // Also changed(); apart because the window is rebuilt to speak it.
    void languageChanged();

private:
    void write(const QString &key, const QVariant &value);

    QSettings *m_settings;
};
