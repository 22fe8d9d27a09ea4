// The address page's figures: at a height said on the page, following the
// head as it moves, and asked again with F5.
#include "views/addresspage.h"

#include "tests/support/txfactory.h"
#include "tests/views/fakeexplorer.h"
#include "views/detailbrowser.h"

#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(AddressPage, FiguresSayTheirHeightFollowTheHeadAndF5AsksAgain)
{
    FakeExplorer e(8);
    e.startLive();
    const Address to = TxFactory::dev(11);
    ASSERT_TRUE(e.window.open(Location::address(toHexString(to))));
    auto *page = e.window.page<AddressPage>();
    e.settle();
    ASSERT_TRUE(page->body()->toPlainText().contains(QStringLiteral("At height")));
    const Amount before = e.session.pages().address->wallet()->balance;
    const std::uint64_t seenAt = e.session.pages().address->height();

    // A payment lands: the page shows it as the head moves, nothing pressed.
    e.index.balances()[toHexString(to)] = before + Amount(5000);
    const std::uint64_t paidAt = e.pushHead().height;
    EXPECT_EQ(e.session.pages().address->wallet()->balance, before + Amount(5000));
    EXPECT_GE(e.session.pages().address->height(), paidAt);
    EXPECT_GT(e.session.pages().address->height(), seenAt);
    EXPECT_TRUE(page->body()->toPlainText().contains(
        QLocale().toString(static_cast<qulonglong>(e.session.pages().address->height()))));

    // F5: the page is asked for again.
    QSignalSpy loaded(e.session.pages().address, &AddressPageModel::loaded);
    QTest::keyClick(&e.window, Qt::Key_F5);
    e.settle();
    EXPECT_EQ(loaded.count(), 1);
}

// Another address opened over one shown: its title at once, and nothing of
// the one before (its figures) while it loads. The same one asked again
// keeps its figures until the new ones come.
TEST(AddressPage, AnotherAddressShowsNothingOfTheOneBefore)
{
    FakeExplorer e(8);
    e.startLive();
    const QString first = toHexString(TxFactory::dev(11)), second = toHexString(TxFactory::dev(12));
    ASSERT_TRUE(e.window.open(Location::address(first)));
    auto *page = e.window.page<AddressPage>();
    e.settle();
    ASSERT_TRUE(page->body()->toPlainText().contains(QStringLiteral("At height")));
    ASSERT_TRUE(page->titleText().contains(first));

    ASSERT_TRUE(e.window.open(Location::address(second)));
    EXPECT_TRUE(page->titleText().contains(second)) << page->titleText().toStdString();
    EXPECT_FALSE(page->body()->toPlainText().contains(QStringLiteral("At height")))
        << "the first address's figures are gone before the second's come";
    e.settle();
    const auto wallet = e.session.pages().address->wallet();
    ASSERT_TRUE(wallet && toHexString(wallet->address) == second);
    EXPECT_TRUE(page->body()->toPlainText().contains(QStringLiteral("At height")));

    QSignalSpy loaded(e.session.pages().address, &AddressPageModel::loaded);
    QTest::keyClick(&e.window, Qt::Key_F5);
    EXPECT_TRUE(page->body()->toPlainText().contains(QStringLiteral("At height")))
        << "F5 keeps the figures on screen while it asks again";
    e.settle();
    EXPECT_EQ(loaded.count(), 1);
}

// The audit's height is the address's: audited at height 5, another
// address opens at the head. Before, the 5 carried over.
TEST(AddressPage, ANewAddressIsAuditedAtTheHead)
{
    FakeExplorer e(8);
    e.startLive();
    const QString first = toHexString(TxFactory::dev(11)), second = toHexString(TxFactory::dev(12));
    ASSERT_TRUE(e.window.open(Location::address(first)));
    auto *page = e.window.page<AddressPage>();
    e.settle();
    auto *height = page->findChild<QSpinBox *>();
    ASSERT_NE(height, nullptr);
    height->setValue(5);
    ASSERT_TRUE(e.window.open(Location::address(second)));
    EXPECT_EQ(height->value(), 0) << "the head, not the first address's height";
    EXPECT_EQ(height->text(), QStringLiteral("head"));
}
