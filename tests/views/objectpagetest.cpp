// The object page offscreen: the player, trait shares, history and time
// travel; a listed object's seller and escrow; heights it cannot be read at.
#include "views/objectpage.h"

#include "models/objectpagemodel.h"
#include "tests/support/txfactory.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "views/detailbrowser.h"
#include "views/gifplayer.h"

#include <QDate>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(ObjectPage, PlayerTraitSharesHistoryAndTimeTravel)
{
    DevnetHarness d(DevnetHarness::fastConfig(20, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    MainWindow &window = e.window;
    ObjectPage *page = window.page<ObjectPage>();
    ObjectPageModel &object = *e.session.pages().object;
    // An object of our own, minted and then moved, so it has a past.
    TxFactory f;
    d.sendAndWait(f.createCollection(6, QStringLiteral("travel")));
    d.sendAndWait(f.mint(6, QStringLiteral("travel"), 1, TxFactory::dev(6), TxFactory::smallGif(4),
                         {{QStringLiteral("Mood"), QStringLiteral("Calm")}}));
    d.sendAndWait(f.mint(6, QStringLiteral("travel"), 2, TxFactory::dev(6), TxFactory::smallGif(4),
                         {{QStringLiteral("Mood"), QStringLiteral("Wild")}}));
    const QJsonObject moved = d.sendAndWait(
        f.objectTx(TxKind::TransferObject, 6, QStringLiteral("travel"), 1, TxFactory::dev(7)));
    ASSERT_EQ(moved[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    const auto movedAt = static_cast<std::uint64_t>(
        moved[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    const QString key = QStringLiteral("travel#1");

    ASSERT_TRUE(window.search(key));
    QSignalSpy shares(&object, &ObjectPageModel::traitCountsLoaded);
    QSignalSpy history(&object, &ObjectPageModel::historyLoaded);
    ASSERT_TRUE(shares.wait(5000));
    EXPECT_TRUE(page->detailsText().contains(QStringLiteral("Calm")));
    EXPECT_TRUE(page->detailsText().contains(QStringLiteral("(50.0% have it)")))
        << page->detailsText().toStdString();
    ASSERT_TRUE(history.count() > 0 || history.wait(5000));
    EXPECT_TRUE(page->history()->toPlainText().contains(QStringLiteral("transfer")));
    EXPECT_EQ(object.history().first().height, movedAt) << "newest first";

    // The player: a step pauses and moves one frame, wrapping at the start.
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.frames().size() > 1; }, 5000));
    GifPlayer *player = page->player();
    player->stepFrame(-player->currentFrame()); // to frame 0
    player->stepFrame(-1);
    EXPECT_FALSE(player->playing());
    EXPECT_EQ(player->currentFrame(), object.frames().size() - 1);
    // Paused here, another object plays again: the pause was for this one.
    ASSERT_TRUE(window.search(QStringLiteral("pixel-cats#1")));
    EXPECT_TRUE(player->playing()) << "the next object opened paused";
    ASSERT_TRUE(window.search(key));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.frames().size() > 1; }, 5000));
    player->setPlaying(true);
    EXPECT_TRUE(player->playing());

    // Time travel: the height box and Go read the object before the move.
    auto *height = page->findChild<QSpinBox *>();
    ASSERT_NE(height, nullptr);
    height->setValue(static_cast<int>(movedAt - 1));
    QPushButton *go = buttonNamed(page, QStringLiteral("Go"));
    ASSERT_NE(go, nullptr);
    go->click();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return object.record().has_value() && object.atPastHeight(); }, 5000));
    EXPECT_EQ(object.height(), movedAt - 1);
    EXPECT_EQ(object.record()->owner, TxFactory::dev(6));
    ASSERT_TRUE(window.goBack());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return object.record().has_value() && !object.atPastHeight(); }, 5000));
    EXPECT_EQ(object.record()->owner, TxFactory::dev(7));
}

// A listed object is held by the escrow: the page names the seller as the
// one who listed it, and the proof still proves the escrow's leaf.
TEST(ObjectPage, AListedObjectNamesItsSellerAndTheEscrow)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    TxFactory f;
    d.sendAndWait(f.createCollection(6, QStringLiteral("shop")));
    d.sendAndWait(f.mint(6, QStringLiteral("shop"), 1, TxFactory::dev(6), TxFactory::smallGif(2)));
    const QJsonObject listed = d.sendAndWait(f.objectTx(TxKind::List, 6, QStringLiteral("shop"), 1,
                                                        {}, Amount(3'000'000'000'000'000'000ULL)));
    ASSERT_EQ(listed[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));

    ASSERT_TRUE(e.window.search(QStringLiteral("shop#1")));
    ObjectPageModel &object = *e.session.pages().object;
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    ASSERT_TRUE(object.record()->listing.has_value());
    const QString seller = toHexString(TxFactory::dev(6));
    auto *page = e.window.page<ObjectPage>();
    EXPECT_TRUE(page->ownerText().contains(QStringLiteral("listed by")))
        << page->ownerText().toStdString();
    EXPECT_TRUE(page->ownerText().contains(seller)) << page->ownerText().toStdString();
    EXPECT_TRUE(page->ownerText().contains(QStringLiteral("unverified")));

    ASSERT_TRUE(clickButton(page, QStringLiteral("&Verify")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 5000));
    EXPECT_EQ(object.report()->verdict.owner, object.record()->listing->escrow)
        << "the leaf's owner is the escrow";
    EXPECT_TRUE(page->ownerText().contains(QStringLiteral("listed by")));
    EXPECT_TRUE(page->ownerText().contains(seller));
    EXPECT_TRUE(page->ownerText().contains(QStringLiteral("proven")))
        << page->ownerText().toStdString();
}

// A page read at the head stays at the height read (its verdict is for
// that height) and says when the chain has moved on; Now, or the object
// searched again, reads it at the new head.
TEST(ObjectPage, APageReadAtTheHeadSaysTheChainMovedOnAndNowReadsAgain)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    ObjectPage *page = window.page<ObjectPage>();
    ObjectPageModel &object = *e.session.pages().object;
    const QJsonObject first = d.firstObject();
    const QString key = first[QStringLiteral("slug")].toString() + u'#' +
                        QString::number(first[QStringLiteral("tokenId")].toInteger());
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.head().has_value(); }, 5000));
    ASSERT_TRUE(window.search(key));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    const std::uint64_t read = object.height();
    QTest::mouseClick(buttonNamed(page, QStringLiteral("&Verify")), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.report().has_value(); }, 5000));

    TxFactory f;
    d.sendAndWait(f.createCollection(6, QStringLiteral("later")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.head() > read; }, 10000));
    EXPECT_EQ(object.height(), read) << "the page stays at the height it was read at";
    const QString readAt = QStringLiteral("Read at the head, %1;").arg(QLocale().toString(read));
    EXPECT_TRUE(page->travelNoteText().startsWith(readAt)) << page->travelNoteText().toStdString();
    EXPECT_TRUE(page->travelNoteText().contains(QStringLiteral("Now reads it again")));

    // Now: read again at the head, the old verdict gone with the old height,
    // and no step in the history.
    const qsizetype steps = window.trail().back.size();
    ASSERT_TRUE(clickButton(page, QStringLiteral("Now")));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return object.record().has_value() && object.height() > read; }, 5000));
    EXPECT_FALSE(object.report().has_value());
    EXPECT_FALSE(page->travelNoteText().startsWith(readAt)) << page->travelNoteText().toStdString();
    EXPECT_EQ(window.trail().back.size(), steps);
    const std::uint64_t again = object.height();

    // Searched again: read again too, without a step in the history.
    d.sendAndWait(f.createCollection(6, QStringLiteral("later2")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.head() > again; }, 10000));
    ASSERT_TRUE(window.search(key));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return object.record().has_value() && object.height() > again; }, 5000));
    EXPECT_EQ(window.trail().back.size(), steps);
}

// The height box reaches as far as the chain does, and a height with no
// object at it says why: beyond the head, before the mint, never minted.
TEST(ObjectPage, TravelsWithinTheChainAndSaysWhyNot)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    MainWindow &window = e.window;
    ObjectPage *page = window.page<ObjectPage>();
    ObjectPageModel &object = *e.session.pages().object;
    TxFactory f;
    d.sendAndWait(f.createCollection(6, QStringLiteral("late")));
    const QJsonObject minted = d.sendAndWait(
        f.mint(6, QStringLiteral("late"), 1, TxFactory::dev(6), TxFactory::smallGif(2)));
    const auto mintedAt = static_cast<std::uint64_t>(
        minted[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    ASSERT_GT(mintedAt, 1u);
    d.sendAndWait(f.mint(6, QStringLiteral("late"), 2, TxFactory::dev(6), TxFactory::smallGif(2)));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.head() >= mintedAt; }, 10000));

    ASSERT_TRUE(window.search(QStringLiteral("late#1")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return object.record().has_value(); }, 5000));
    auto *box = page->findChild<QSpinBox *>();
    ASSERT_NE(box, nullptr);
    auto button = [&](const QString &text) { return buttonNamed(page, text); };
    ASSERT_NE(button(QStringLiteral("Go")), nullptr);
    ASSERT_NE(button(QStringLiteral("Now")), nullptr);

    // A height beyond the head stays as typed (never rewritten to the head)
    // and Go refuses it in words, with both heights; the object is kept.
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("99999"));
    EXPECT_EQ(box->value(), 99999) << box->text().toStdString();
    ASSERT_TRUE(clickButton(page, QStringLiteral("Go")));
    EXPECT_TRUE(page->travelNoteText().contains(QStringLiteral("beyond the head")))
        << page->travelNoteText().toStdString();
    EXPECT_TRUE(page->travelNoteText().contains(QStringLiteral("99999")))
        << page->travelNoteText().toStdString();
    ASSERT_TRUE(object.record().has_value());
    EXPECT_EQ(object.record()->key, QStringLiteral("late#1"));
    EXPECT_TRUE(page->detailsText().contains(QStringLiteral("Owner")));
    // The window names the place shown, not the height refused, and Back
    // does not lead to the very page shown.
    EXPECT_EQ(window.here(), Location::object(QStringLiteral("late"), 1, std::nullopt));
    EXPECT_EQ(window.searchBox()->text(), QStringLiteral("late#1"));
    EXPECT_TRUE(window.trail().back.isEmpty() || window.trail().back.last() != window.here());

    // Before the mint: said so, with the mint's height; Now comes back.
    box->setValue(static_cast<int>(mintedAt - 1));
    button(QStringLiteral("Go"))->click();
    QSignalSpy failed(&object, &ObjectPageModel::loadFailed);
    ASSERT_TRUE(failed.wait(5000));
    const QString why = failed.first().first().toString();
    EXPECT_TRUE(why.contains(QStringLiteral("late#1"))) << why.toStdString();
    EXPECT_TRUE(
        why.contains(QStringLiteral("minted at height %1").arg(QLocale().toString(mintedAt))))
        << why.toStdString();
    EXPECT_TRUE(page->detailsText().contains(why.toHtmlEscaped()))
        << page->detailsText().toStdString();
    button(QStringLiteral("Now"))->click();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return object.record().has_value() && !object.atPastHeight(); }, 5000));
    // No refusal; at most that the chain has moved on since (a block may
    // come right after the read).
    EXPECT_TRUE(page->travelNoteText().isEmpty() ||
                page->travelNoteText().startsWith(QStringLiteral("Read at the head")))
        << page->travelNoteText().toStdString();

    // Another object's link beyond the head opens that object at the head.
    ASSERT_TRUE(window.search(QStringLiteral("late#2")));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return object.record().has_value() && object.displayKey() == QStringLiteral("late#2");
        },
        5000));
    window.open(Location::object(QStringLiteral("late"), 1, 99999));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return object.record().has_value() && object.displayKey() == QStringLiteral("late#1");
        },
        5000));
    EXPECT_FALSE(object.atPastHeight());
    EXPECT_TRUE(page->travelNoteText().contains(QStringLiteral("beyond the head")));
    EXPECT_EQ(window.searchBox()->text(), QStringLiteral("late#1"));

    // Never minted, at the head and at a past height.
    QSignalSpy absent(&object, &ObjectPageModel::loadFailed);
    window.open(Location::object(QStringLiteral("late"), 9, std::nullopt));
    ASSERT_TRUE(absent.wait(5000));
    EXPECT_EQ(absent.last().first().toString(),
              QStringLiteral("There is no late#9 on this chain."));
    window.open(Location::object(QStringLiteral("late"), 9, 2));
    ASSERT_TRUE(absent.wait(5000));
    EXPECT_EQ(absent.last().first().toString(), QStringLiteral("There was no late#9 at height 2."));
}
