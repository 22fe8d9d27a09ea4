#pragma once

#include <QIcon>
#include <QPalette>
#include <optional>

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
    // A page's title: larger, bold, selectable.
    static void makeHeading(QLabel *label);
    // The whole application's look: the system's (`dark` unset), or forced
    // light or dark whatever the system says.
    static void apply(std::optional<bool> dark);
};
