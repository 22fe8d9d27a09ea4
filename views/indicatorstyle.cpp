#include "views/indicatorstyle.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOption>

// What it adds is for Fusion's look (the style Qt picks where no desktop
// names one); another desktop's own style is left to draw as it does.
IndicatorStyle::IndicatorStyle()
    : m_fusion(baseStyle()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) == 0)
{
}

void IndicatorStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                                   QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (!m_fusion)
        return;
    if (element == PE_PanelButtonCommand && (option->state & State_On)) {
        // A checked button (a range chosen of several, the watch star) is
        // tinted with the selection colour: Fusion's sunken shade alone is
        // lost on dark.
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
    // An item view's check comes here too: Fusion draws it as a check box.
    const bool box = element == PE_IndicatorCheckBox;
    if (!box && element != PE_IndicatorRadioButton)
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setBrush(Qt::NoBrush);
    // The placeholder grey: 3:1 or more against both the field and the
    // window in either theme (WCAG's least for a control's edge).
    painter->setPen(QPen(option->palette.color(QPalette::PlaceholderText), 1));
    // The base style's indicator, centred in the rect at its own size.
    const int side = std::min(
        {option->rect.width(), option->rect.height(),
         pixelMetric(box ? PM_IndicatorWidth : PM_ExclusiveIndicatorWidth, option, widget)});
    QRectF square(0, 0, side, side);
    square.moveCenter(QRectF(option->rect).center());
    square.adjust(0.5, 0.5, -0.5, -0.5);
    if (box)
        painter->drawRoundedRect(square, 2, 2);
    else
        painter->drawEllipse(square);
    painter->restore();
}
