#pragma once

#include <QProxyStyle>

// The application's style, with check boxes and radio buttons whose edges
// can be seen. Fusion outlines an indicator in the window colour darkened:
// on a dark window that is black on near-black (the trait filter's ticks
// and "Listed only" were nearly invisible), and on a light one 2.3:1 against
// white. This draws the outline again in the palette's placeholder grey,
// and tints a checked push button (one range of several) with the
// selection colour, which Fusion's sunken shade alone does not show on dark.
// Installed once by Theme::apply; lives on the GUI thread.
class IndicatorStyle : public QProxyStyle
{
    Q_OBJECT
public:
    IndicatorStyle();
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;

private:
    bool m_fusion; // the style beneath is Fusion: the only one this corrects
};
