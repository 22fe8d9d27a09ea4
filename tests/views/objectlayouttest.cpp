// The object page laid out for the auditor: at 1024×700 in German, the
// verdict and every step of the proof are readable without scrolling
// sideways, the player and the facts beside them.
#include "models/objectpagemodel.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "translations/translations.h"
#include "views/objectpage.h"
#include "views/proofinspector.h"
#include "views/theme.h"

#include <QApplication>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
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

} // namespace

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
    // The badge and the player stay in sight beside it.
    EXPECT_TRUE(page->findChild<QLabel *>() && verify->isVisible());
    translations.apply(QStringLiteral("en"));
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

    QSignalSpy asked(&e.session.object, &ObjectPageModel::loaded);
    MainWindow again(windowModelsOf(e.session, &e.preferences),
                     explorerPages(pageModelsOf(e.session)));
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
