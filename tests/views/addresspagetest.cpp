// The address page's figures: at a height said on the page, following the
// head as it moves, and asked again with F5.
#include "views/addresspage.h"

#include "tests/support/txfactory.h"
#include "tests/views/explorer.h"
#include "views/detailbrowser.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(AddressPage, FiguresSayTheirHeightFollowTheHeadAndF5AsksAgain)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    const Address to = TxFactory::dev(11);
    ASSERT_TRUE(e.window.open(Location::address(toHexString(to))));
    auto *page = e.window.page<AddressPage>();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return page->body()->toPlainText().contains(QStringLiteral("At height")); }, 10000));
    const Amount before = e.session.pages().address->wallet()->balance;
    const std::uint64_t seenAt = e.session.pages().address->height();

    // A payment lands: the page shows it as the head moves, nothing pressed.
    TxFactory f;
    const QJsonObject paid = d.sendAndWait(f.transfer(4, to, 5000));
    const auto paidAt = static_cast<std::uint64_t>(
        paid[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().address->wallet()->balance == before + Amount(5000); },
        10000));
    EXPECT_GE(e.session.pages().address->height(), paidAt);
    EXPECT_GT(e.session.pages().address->height(), seenAt);
    EXPECT_TRUE(page->body()->toPlainText().contains(
        QLocale().toString(static_cast<qulonglong>(e.session.pages().address->height()))));

    // F5: the page is asked for again.
    QSignalSpy loaded(e.session.pages().address, &AddressPageModel::loaded);
    QTest::keyClick(&e.window, Qt::Key_F5);
    ASSERT_TRUE(loaded.wait(5000));
}

// Another address opened over one shown: its title at once, and nothing of
// the one before (its figures) while it loads. The same one asked again
// keeps its figures until the new ones come.
TEST(AddressPage, AnotherAddressShowsNothingOfTheOneBefore)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    const QString first = toHexString(TxFactory::dev(11)), second = toHexString(TxFactory::dev(12));
    ASSERT_TRUE(e.window.open(Location::address(first)));
    auto *page = e.window.page<AddressPage>();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return page->body()->toPlainText().contains(QStringLiteral("At height")); }, 10000));
    ASSERT_TRUE(page->titleText().contains(first));

    ASSERT_TRUE(e.window.open(Location::address(second)));
    EXPECT_TRUE(page->titleText().contains(second)) << page->titleText().toStdString();
    EXPECT_FALSE(page->body()->toPlainText().contains(QStringLiteral("At height")))
        << "the first address's figures are gone before the second's come";
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const auto wallet = e.session.pages().address->wallet();
            return wallet && toHexString(wallet->address) == second;
        },
        10000));
    EXPECT_TRUE(page->body()->toPlainText().contains(QStringLiteral("At height")));

    QSignalSpy loaded(e.session.pages().address, &AddressPageModel::loaded);
    QTest::keyClick(&e.window, Qt::Key_F5);
    EXPECT_TRUE(page->body()->toPlainText().contains(QStringLiteral("At height")))
        << "F5 keeps the figures on screen while it asks again";
    ASSERT_TRUE(loaded.wait(5000));
}
