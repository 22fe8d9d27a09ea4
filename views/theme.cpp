#include "views/theme.h"

#include "resources/resources.h"

#include <QApplication>
#include <QGuiApplication>
#include <QLabel>
#include <QPainter>
#include <QStyle>
#include <QStyleFactory>
#include <memory>

bool Theme::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QString Theme::colour(Tone tone)
{
    // On a dark window the same hues, lighter, keep their contrast.
    const bool dark = isDark(QGuiApplication::palette());
    switch (tone) {
    case Tone::Good:
        return dark ? QStringLiteral("#4cc070") : QStringLiteral("#2e9d4f");
    case Tone::Waiting:
        return dark ? QStringLiteral("#e0b840") : QStringLiteral("#d0a020");
    case Tone::Late:
        return dark ? QStringLiteral("#f08a40") : QStringLiteral("#e07020");
    case Tone::Bad:
        return dark ? QStringLiteral("#e8675a") : QStringLiteral("#c0392b");
    }
    return {};
}

QIcon Theme::icon(const QString &name, const QPalette &palette)
{
    initGifscanResources();
    const QIcon source(QStringLiteral(":/icons/%1.svg").arg(name));
    QIcon tinted;
    for (const int size : {16, 24, 32, 48}) {
        for (const auto &[mode, role, group] :
             {std::tuple{QIcon::Normal, QPalette::WindowText, QPalette::Active},
              std::tuple{QIcon::Disabled, QPalette::WindowText, QPalette::Disabled},
              std::tuple{QIcon::Active, QPalette::Highlight, QPalette::Active}}) {
            QPixmap pixmap = source.pixmap(QSize(size, size));
            QPainter painter(&pixmap);
            painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
            painter.fillRect(pixmap.rect(), palette.color(group, role));
            painter.end();
            tinted.addPixmap(pixmap, mode);
        }
    }
    return tinted;
}

QIcon Theme::appIcon()
{
    initGifscanResources();
    return QIcon(QStringLiteral(":/icons/gifscan.svg"));
}

void Theme::makeHeading(QLabel *label)
{
    QFont f = label->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    f.setBold(true);
    label->setFont(f);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void Theme::apply(std::optional<bool> dark)
{
    static const QPalette system = QApplication::palette();
    if (!dark) {
        QApplication::setPalette(system);
        return;
    }
    // The style is asked for its palette only; it goes straight away (each
    // change of a preference comes here).
    QPalette p =
        std::unique_ptr<QStyle>(QStyleFactory::create(QStringLiteral("Fusion")))->standardPalette();
    if (*dark) {
        const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, window);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, window);
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::ToolTipBase, base);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb5));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
        p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8a, 0x8a));
        p.setColor(QPalette::Mid, QColor(0x55, 0x57, 0x5c));
        for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
            p.setColor(QPalette::Disabled, role, QColor(0x7a, 0x7a, 0x7a));
    }
    QApplication::setPalette(p);
}
