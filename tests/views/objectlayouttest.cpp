// The object page laid out for the auditor: at 1024×700 in German, the
// verdict and every step of the proof are readable without scrolling
// sideways, the player and the facts beside them.
#include "models/objectpagemodel.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "translations/translations.h"
#include "views/gifplayer.h"
#include "views/objectpage.h"
#include "views/proofinspector.h"
#include "views/theme.h"
#include "views/wordkeepingdelegate.h"

#include <QApplication>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidgetItemIterator>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// The scroll area the window holds a page in.
QScrollArea *holderOf(QWidget *page)
{
    for (QWidget *w = page->parentWidget(); w; w = w->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(w))
            return area;
    }
    return nullptr;
}

// Where the first object the node lists is shown.
Location firstObjectOf(DevnetHarness &d)
{
    const QJsonObject first = d.firstObject();
    return Location::object(
        first[QStringLiteral("slug")].toString(),
        static_cast<std::uint64_t>(first[QStringLiteral("tokenId")].toInteger()));
}

// Every cell of the inspector as drawn: each word of its text whole (only
// a hash may lose its middle), each line within the cell.
void expectEveryWordWhole(ProofInspector *inspector)
{
    auto *delegate = qobject_cast<WordKeepingDelegate *>(inspector->itemDelegate());
    ASSERT_NE(delegate, nullptr);
    const QFontMetrics fm(inspector->font());
    static const QRegularExpression hash(QStringLiteral("^0x[0-9a-fA-F]{9,}$"));
    int cells = 0;
    for (QTreeWidgetItemIterator it(inspector); *it; ++it) {
        for (int column = 0; column < 2; ++column) {
            const QModelIndex index = inspector->indexFromItem(*it, column);
            const QRect cell = inspector->visualRect(index);
            const QStringList lines = delegate->linesIn(cell, index);
            const QStringList drawn = lines.join(u' ').split(u' ', Qt::SkipEmptyParts);
            for (const QString &word : (*it)->text(column).split(u' ', Qt::SkipEmptyParts)) {
                if (!hash.match(word).hasMatch()) {
                    EXPECT_TRUE(drawn.contains(word))
                        << "'" << word.toStdString()
                        << "' cut in: " << lines.join(u'|').toStdString();
                }
            }
            for (const QString &line : lines)
                EXPECT_TRUE(fm.horizontalAdvance(line) <= cell.width() || !line.contains(u' '))
                    << line.toStdString() << " wider than " << cell.width();
            // The row is as tall as its lines.
            EXPECT_GE(cell.height(), static_cast<int>(lines.size()) * fm.lineSpacing())
                << lines.join(u'|').toStdString();
            ++cells;
        }
    }
    EXPECT_GE(cells, 24);
}

} // namespace

// A narrow cell: a hash loses its middle before a word is touched; words
// that still do not fit wrap, and each line's hashes take its room again.
TEST(ObjectLayout, HashesGiveWayBeforeWords)
{
    const QFontMetrics fm(QApplication::font());
    const QString hash = QStringLiteral("0xc989268ad1904717d0c44a4a9f4e41db1cb32710");
    const QString owned = QStringLiteral("owned by ") + hash;
    EXPECT_EQ(WordKeepingDelegate::layout(owned, fm, 10000), QStringList{owned});
    const int narrow = fm.horizontalAdvance(QStringLiteral("owned by 0xc98926…b32710"));
    const QStringList one = WordKeepingDelegate::layout(owned, fm, narrow);
    ASSERT_EQ(one.size(), 1);
    EXPECT_TRUE(one[0].startsWith(QStringLiteral("owned by 0xc989"))) << one[0].toStdString();
    EXPECT_TRUE(one[0].endsWith(QStringLiteral("2710"))) << one[0].toStdString();
    const QString words = QStringLiteral("signed by 4 of 4 validators (quorum 3)");
    const QStringList wrapped =
        WordKeepingDelegate::layout(words, fm, fm.horizontalAdvance(words) / 2);
    EXPECT_GE(wrapped.size(), 2);
    EXPECT_EQ(wrapped.join(u' '), words) << "wrapped between words, none cut";
    const QString step = QStringLiteral("sibling 0x200e1b…90994b → ") + hash;
    const QStringList two = WordKeepingDelegate::layout(
        step, fm, fm.horizontalAdvance(QStringLiteral("sibling 0x200e1b…90994b →")));
    ASSERT_EQ(two.size(), 2) << two.join(u'|').toStdString();
    // On a line of its own the hash keeps more than the three digits a side
    // it was wrapped with.
    EXPECT_TRUE(two[1].startsWith(QStringLiteral("0xc989268")) &&
                two[1].endsWith(QStringLiteral("32710")))
        << two[1].toStdString();
}

TEST(ObjectLayout, TheVerdictAndItsStepsFitAt1024x700InGerman)
{
    Translations translations;
    translations.apply(QStringLiteral("de"));
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    e.window.resize(1024, 700);
    ASSERT_TRUE(e.window.open(firstObjectOf(d)));
    auto *page = e.window.page<ObjectPage>();
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->showsPicture(); }, 10000));
    QPushButton *verify = buttonNamed(page, QStringLiteral("&Verifizieren"));
    ASSERT_NE(verify, nullptr);
    QTest::mouseClick(verify, Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return page->badgeText().contains(QStringLiteral("&#10004;")); }, 10000))
        << page->badgeText().toStdString();
    QCoreApplication::processEvents();

    QScrollArea *holder = holderOf(page);
    ASSERT_NE(holder, nullptr);
    EXPECT_EQ(holder->horizontalScrollBar()->maximum(), 0)
        << "the page scrolls sideways: " << page->minimumSizeHint().width() << " px wide in "
        << holder->viewport()->width();
    // Verify turned the page to its proof, and the proof has room: a dozen
    // rows at least, every one of them in the tree's width.
    EXPECT_EQ(page->tabs()->currentIndex(), ObjectPage::kProofTab);
    auto *inspector = page->findChild<ProofInspector *>();
    ASSERT_TRUE(inspector->isVisible());
    EXPECT_GE(inspector->viewport()->height() / std::max(1, inspector->sizeHintForRow(0)), 12);
    EXPECT_EQ(inspector->horizontalScrollBar()->maximum(), 0);
    expectEveryWordWhole(inspector);
    // The badge and the player stay in sight beside it.
    EXPECT_TRUE(page->findChild<QLabel *>() && verify->isVisible());
    translations.apply(QStringLiteral("en"));
}

// The picture grows with the window in whole-pixel steps, as pixel art
// wants, and the facts keep the width beside it.
TEST(ObjectLayout, ThePictureGrowsWithTheWindowInWholePixels)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    e.window.resize(1024, 700);
    ASSERT_TRUE(e.window.open(firstObjectOf(d)));
    auto *page = e.window.page<ObjectPage>();
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->showsPicture(); }, 10000));
    const QSize frame = e.session.pages().object->frames().first().size();
    auto wholeSteps = [&](QSize shown) {
        return shown.width() % frame.width() == 0 && shown.height() % frame.height() == 0 &&
               shown.width() / frame.width() == shown.height() / frame.height();
    };
    const QSize small = page->player()->shownSize();
    EXPECT_TRUE(wholeSteps(small)) << small.width() << "x" << small.height();
    e.window.resize(1600, 1000);
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->player()->shownSize() != small; }, 2000));
    const QSize large = page->player()->shownSize();
    EXPECT_TRUE(wholeSteps(large)) << large.width() << "x" << large.height();
    EXPECT_GE(large.width(), small.width() + frame.width()) << "grown by a step at least";
    EXPECT_GE(page->tabs()->width(), page->width() / 2) << "the facts keep the most of the width";
    // A wide window short of height: the picture is held by the height and
    // the page does not grow past the window (measured on itself it grew a
    // step at a time, and scrolled).
    e.window.resize(1600, 640);
    QScrollArea *holder = holderOf(page);
    ASSERT_NE(holder, nullptr);
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return page->player()->shownSize().width() < large.width(); }, 2000));
    QCoreApplication::processEvents();
    EXPECT_EQ(holder->verticalScrollBar()->maximum(), 0)
        << "the page scrolls: " << page->height() << " px in " << holder->viewport()->height();
}

// Dark switched on with a verified object open: its facts and its verdict
// are drawn again in the dark theme's colours, and the verdict stays.
TEST(ObjectLayout, ASwitchedThemeRedrawsTheOpenPageAndKeepsItsVerdict)
{
    Theme::apply(false);
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    ASSERT_TRUE(e.window.open(firstObjectOf(d)));
    auto *page = e.window.page<ObjectPage>();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page->detailsText().isEmpty(); }, 10000));
    QTest::mouseClick(buttonNamed(page, QStringLiteral("&Verify")), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return page->badgeText().contains(Theme::colour(Theme::Tone::Good)); }, 10000));
    const QString lightGood = Theme::colour(Theme::Tone::Good);
    Theme::apply(true);
    QCoreApplication::processEvents();
    ASSERT_NE(Theme::colour(Theme::Tone::Good), lightGood);
    EXPECT_TRUE(page->badgeText().contains(Theme::colour(Theme::Tone::Good)))
        << page->badgeText().toStdString();
    EXPECT_TRUE(page->detailsText().contains(Theme::secondaryText()));
    EXPECT_FALSE(page->inspectorText().isEmpty()) << "the proof is still there";
    Theme::apply(std::nullopt);
}

// The window made again over the same session (a language switched): the
// object on screen keeps its verdict and is not asked for again; F5 asks.
TEST(ObjectLayout, AWindowMadeAgainKeepsTheVerdictOnScreen)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    const Location object = firstObjectOf(d);
    ASSERT_TRUE(e.window.open(object));
    auto *page = e.window.page<ObjectPage>();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page->detailsText().isEmpty(); }, 10000));
    QTest::mouseClick(buttonNamed(page, QStringLiteral("&Verify")), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return page->badgeText().contains(QStringLiteral("&#10004;")); }, 10000));

    QSignalSpy asked(e.session.pages().object, &ObjectPageModel::loaded);
    MainWindow again(e.session.pages(), &e.preferences, explorerPages(e.session.pages()));
    again.resumeTrail(e.window.trail());
    again.show();
    auto *kept = again.page<ObjectPage>();
    EXPECT_TRUE(kept->badgeText().contains(QStringLiteral("&#10004;")))
        << kept->badgeText().toStdString();
    EXPECT_FALSE(kept->inspectorText().isEmpty());
    EXPECT_TRUE(kept->showsPicture());
    EXPECT_EQ(asked.count(), 0) << "nothing asked again";
    QTest::keyClick(&again, Qt::Key_F5);
    EXPECT_TRUE(asked.wait(5000)) << "F5 asks";
}
