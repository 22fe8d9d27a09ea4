#include "views/theme.h"

#include "resources/resources.h"

#include <QLabel>
#include <QPainter>

bool Theme::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QIcon Theme::icon(const QString &name, const QPalette &palette)
{
    initGifscanResources();
    const QIcon source(QStringLiteral(":/icons/%1.svg").arg(name));
    QIcon tinted;
    for (const int size : {16, 24, 32, 48}) {
        for (const auto &[mode, role, group] : {std::tuple{QIcon::Normal, QPalette::WindowText, QPalette::Active},
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
