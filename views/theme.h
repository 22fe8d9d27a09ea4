#pragma once

#include <QIcon>
#include <QPalette>
#include <optional>

class QChart;
class QDialogButtonBox;
class QLabel;

// The look follows the system: light or dark is read from the palette, and
// the monochrome SVG icons in resources/ are tinted with its text colour, so
// they stay legible on either. Called on the GUI thread.
class Theme
{
public:
    static bool isDark(const QPalette &palette);
    // An icon from resources/icons/<name>.svg in the palette's colours.
    static QIcon icon(const QString &name, const QPalette &palette);
    static QIcon appIcon();
    // The colours that carry meaning (verified, waiting, late, failed), one
    // place for all of them, each readable on the current palette: the
    // application's, light or dark. A "#rrggbb" name for style sheets and
    // rich text.
    enum class Tone { Good, Waiting, Late, Bad };
    static QString colour(Tone tone);
    // Text that says less than the values beside it (a label, a caption):
    // dimmer than the palette's text, still 4.5:1 against its base and
    // window (WCAG AA), as "#rrggbb".
    static QString secondaryText();
    static QColor secondaryText(const QPalette &palette);
    // WCAG 2's contrast ratio of two colours, 1 to 21.
    static double contrast(const QColor &a, const QColor &b);
    // A dialog's standard buttons without the icon theme's pictures: a
    // desktop's icon theme draws them for its own palette (black on this
    // one's dark grey), and their words say it all.
    static void plainButtons(QDialogButtonBox *box);
    // A chart in the palette's look: the light or dark chart theme, base
    // background, text-coloured titles and axes. A chart theme resets the
    // series' pens, so each line keeps the pen it had.
    static void followPalette(QChart *chart, const QPalette &palette);
    // A page's title: larger, bold, selectable.
    static void makeHeading(QLabel *label);
    // The whole application's look: the system's (`dark` unset), or forced
    // light or dark whatever the system says.
    static void apply(std::optional<bool> dark);
};
