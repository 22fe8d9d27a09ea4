#include "views/theme.h"

#include "resources/resources.h"
#include "views/indicatorstyle.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QApplication>
#include <QChart>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QPainter>
#include <QStyle>
#include <QStyleFactory>
#include <QXYSeries>
#include <cmath>
#include <memory>

bool Theme::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QString Theme::colour(Tone tone)
{
    // On a dark window the same hues, lighter; on a light one, dark enough
    // for 4.5:1 against white and the window's grey (tests/views/themetest).
    const bool dark = isDark(QGuiApplication::palette());
    switch (tone) {
    case Tone::Good:
        return dark ? QStringLiteral("#4cc070") : QStringLiteral("#1d7a3a");
    case Tone::Waiting:
        return dark ? QStringLiteral("#e0b840") : QStringLiteral("#7d5d00");
    case Tone::Late:
        return dark ? QStringLiteral("#f08a40") : QStringLiteral("#a34700");
    case Tone::Bad:
        return dark ? QStringLiteral("#ff7b6e") : QStringLiteral("#b3362a");
    }
    return {};
}

double Theme::contrast(const QColor &a, const QColor &b)
{
    auto luminance = [](const QColor &c) {
        auto channel = [](double v) {
            return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor Theme::secondaryText(const QPalette &palette)
{
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    const QColor window = palette.color(QPalette::Window);
    // As far toward the background as 4.5:1 on both allows (with a margin
    // for rounding), and never further than two fifths of the way.
    for (double t = 0.6; t < 1.0; t += 0.05) {
        const QColor c = QColor::fromRgbF(
            static_cast<float>(base.redF() + (text.redF() - base.redF()) * t),
            static_cast<float>(base.greenF() + (text.greenF() - base.greenF()) * t),
            static_cast<float>(base.blueF() + (text.blueF() - base.blueF()) * t));
        if (contrast(c, base) >= 4.7 && contrast(c, window) >= 4.7)
            return c;
    }
    return text;
}

QString Theme::secondaryText()
{
    return secondaryText(QGuiApplication::palette()).name();
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

void Theme::plainButtons(QDialogButtonBox *box)
{
    for (QAbstractButton *button : box->buttons())
        button->setIcon(QIcon());
}

void Theme::followPalette(QChart *chart, const QPalette &palette)
{
    QList<QPair<QXYSeries *, QPen>> pens;
    for (QAbstractSeries *s : chart->series()) {
        if (auto *xy = qobject_cast<QXYSeries *>(s))
            pens.append({xy, xy->pen()});
    }
    chart->setTheme(isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.base());
    chart->setTitleBrush(palette.text());
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsBrush(palette.text());
        axis->setTitleBrush(palette.text());
    }
    for (const auto &[series, pen] : pens)
        series->setPen(pen);
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
    // Once, before any palette: setting a style resets the palette.
    if (!qobject_cast<IndicatorStyle *>(QApplication::style()))
        QApplication::setStyle(new IndicatorStyle);
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
            p.setColor(QPalette::Disabled, role, QColor(0x8c, 0x8c, 0x8c));
        // A field that cannot be typed in looks it: the window's grey, not
        // the base an enabled field has.
        p.setColor(QPalette::Disabled, QPalette::Base, window);
    } else {
        // Fusion's placeholder grey is 3.9:1 on white: below WCAG AA.
        p.setColor(QPalette::PlaceholderText, QColor(0x6b, 0x6b, 0x6b));
        p.setColor(QPalette::Disabled, QPalette::Base, p.color(QPalette::Window));
    }
    QApplication::setPalette(p);
}
