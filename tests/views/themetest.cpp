// The palettes' words and colours are readable: WCAG AA's 4.5:1 for text
// against the backgrounds it is drawn on, light and dark.
#include "views/theme.h"

#include "views/detailbrowser.h"

#include <QApplication>
#include <QCheckBox>
#include <QListWidget>
#include <QPushButton>
#include <QStyleOption>
#include <QTextCursor>
#include <gtest/gtest.h>

namespace {
struct ThemeRestorer
{
    ~ThemeRestorer() { Theme::apply(std::nullopt); }
};
} // namespace

TEST(Theme, TextMeetsWcagAaContrastInBothThemes)
{
    ThemeRestorer restore;
    for (const bool dark : {false, true}) {
        Theme::apply(dark);
        const QPalette p = QApplication::palette();
        ASSERT_EQ(Theme::isDark(p), dark);
        const QColor base = p.color(QPalette::Base), window = p.color(QPalette::Window);
        const char *theme = dark ? "dark" : "light";
        for (const auto tone :
             {Theme::Tone::Good, Theme::Tone::Waiting, Theme::Tone::Late, Theme::Tone::Bad}) {
            const QColor c(Theme::colour(tone));
            EXPECT_GE(Theme::contrast(c, base), 4.5) << theme << " tone " << static_cast<int>(tone);
            EXPECT_GE(Theme::contrast(c, window), 4.5)
                << theme << " tone " << static_cast<int>(tone);
        }
        const QColor secondary(Theme::secondaryText());
        EXPECT_GE(Theme::contrast(secondary, base), 4.5) << theme;
        EXPECT_GE(Theme::contrast(secondary, window), 4.5) << theme;
        EXPECT_LT(Theme::contrast(secondary, base), Theme::contrast(p.color(QPalette::Text), base))
            << theme << ": a label is dimmer than its value";
        EXPECT_GE(Theme::contrast(p.color(QPalette::PlaceholderText), base), 4.5) << theme;
        EXPECT_GE(Theme::contrast(p.color(QPalette::Link), base), 4.5) << theme;
        // A disabled field does not look like one that takes typing.
        EXPECT_EQ(p.color(QPalette::Disabled, QPalette::Base), window) << theme;
        EXPECT_NE(window, base) << theme;
    }
}

TEST(Theme, ContrastIsWcagsRatio)
{
    EXPECT_DOUBLE_EQ(Theme::contrast(Qt::black, Qt::white), 21.0);
    EXPECT_DOUBLE_EQ(Theme::contrast(Qt::white, Qt::white), 1.0);
    // #767676 on white is the usual AA threshold: 4.54:1.
    EXPECT_NEAR(Theme::contrast(QColor(0x76, 0x76, 0x76), Qt::white), 4.54, 0.01);
}

// A page's links and the player's frame follow a theme switched while the
// page is open, not only pages opened after it.
TEST(Theme, LinksOnAnOpenPageFollowASwitch)
{
    ThemeRestorer restore;
    Theme::apply(false);
    DetailBrowser browser;
    browser.setHtml(DetailBrowser::table(DetailBrowser::row(
        QStringLiteral("Owner"), DetailBrowser::link(QStringLiteral("0x") + QString(40, u'a')))));
    browser.show();
    auto linkColour = [&] {
        QTextCursor c(browser.document());
        c.movePosition(QTextCursor::End);
        while (!c.charFormat().isAnchor() && c.movePosition(QTextCursor::PreviousCharacter)) {
        }
        return c.charFormat().foreground().color();
    };
    const QColor light = linkColour();
    Theme::apply(true);
    QCoreApplication::processEvents();
    const QColor dark = QApplication::palette().color(QPalette::Link);
    EXPECT_NE(light, dark);
    EXPECT_EQ(linkColour(), dark) << linkColour().name().toStdString();
}

namespace {
// The most any pixel of `area` in `image` stands off `background`.
double standsOff(const QImage &image, const QRect &area, const QColor &background)
{
    double most = 1.0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x)
            most = std::max(most, Theme::contrast(image.pixelColor(x, y), background));
    }
    return most;
}
} // namespace

// A tick box can be seen before it is ticked, on the window (Listed only)
// and in a list (a trait's values): its edge stands 3:1 off what is around
// it, WCAG's least for a control, in both themes.
TEST(Theme, TickBoxesCanBeSeenInBothThemes)
{
    ThemeRestorer restore;
    for (const bool dark : {false, true}) {
        Theme::apply(dark);
        const QPalette p = QApplication::palette();
        const char *theme = dark ? "dark" : "light";

        QCheckBox box(QStringLiteral("Listed only"));
        box.resize(box.sizeHint());
        QStyleOptionButton boxOption;
        boxOption.initFrom(&box);
        const QRect boxIndicator =
            box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &boxOption, &box);
        EXPECT_GE(standsOff(box.grab().toImage(), boxIndicator, p.color(QPalette::Window)), 3.0)
            << theme << ": a check box on the window";

        QListWidget list;
        auto *item = new QListWidgetItem(QStringLiteral("Calm (3, 50.0%)"), &list);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        list.resize(220, 60);
        list.show();
        QStyleOptionViewItem itemOption;
        itemOption.initFrom(list.viewport());
        itemOption.rect = list.visualItemRect(item);
        itemOption.features = QStyleOptionViewItem::HasCheckIndicator;
        const QRect check =
            list.style()->subElementRect(QStyle::SE_ItemViewItemCheckIndicator, &itemOption, &list);
        const QImage shown = list.viewport()->grab().toImage();
        EXPECT_GE(standsOff(shown, check, p.color(QPalette::Base)), 3.0)
            << theme << ": a value's tick box in a list";
    }
}

// Of a row of ranges, the one chosen shows it: a checked button's face
// stands off an unchecked one's in both themes.
TEST(Theme, TheCheckedOfSeveralButtonsShowsIt)
{
    ThemeRestorer restore;
    auto face = [](bool checked) {
        QPushButton button(QStringLiteral("7 d"));
        button.setCheckable(true);
        button.setChecked(checked);
        button.resize(80, 30);
        const QImage image = button.grab().toImage();
        const QColor middle = image.pixelColor(6, image.height() / 2); // beside the text
        return middle;
    };
    for (const bool dark : {false, true}) {
        Theme::apply(dark);
        EXPECT_GE(Theme::contrast(face(true), face(false)), 1.3)
            << (dark ? "dark" : "light") << ": " << face(true).name().toStdString() << " against "
            << face(false).name().toStdString();
    }
}
