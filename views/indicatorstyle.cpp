#include "views/indicatorstyle.h"

#include <QPainter>
#include <QStyleOption>

IndicatorStyle::IndicatorStyle() = default;

void IndicatorStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                                   QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element == PE_PanelButtonCommand && (option->state & State_On)) {
        // A checked button (a range chosen of several) is tinted with the
        // selection colour: Fusion's sunken shade alone is lost on dark.
        QColor tint = option->palette.color(QPalette::Highlight);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(QPen(tint, 1));
        tint.setAlphaF(0.5f);
        painter->setBrush(tint);
        painter->drawRoundedRect(QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5), 2, 2);
        painter->restore();
        return;
    }
    const bool box = element == PE_IndicatorCheckBox || element == PE_IndicatorItemViewItemCheck;
    if (!box && element != PE_IndicatorRadioButton)
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setBrush(Qt::NoBrush);
    // The placeholder grey: 3:1 or more against both the field and the
    // window in either theme (WCAG's least for a control's edge).
    painter->setPen(QPen(option->palette.color(QPalette::PlaceholderText), 1));
    // The base style's indicator square (an item view's check sits in a
    // larger rect: the base draws it centred at the check box's size).
    const int side = std::min({option->rect.width(), option->rect.height(),
                               pixelMetric(PM_IndicatorWidth, option, widget)});
    QRectF square(0, 0, side, side);
    square.moveCenter(QRectF(option->rect).center());
    square.adjust(0.5, 0.5, -0.5, -0.5);
    if (box)
        painter->drawRoundedRect(square, 2, 2);
    else
        painter->drawEllipse(square);
    painter->restore();
}
