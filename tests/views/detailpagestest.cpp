// Block, transaction and address pages offscreen: the search box reaches
// each, links lead on, the header badge reports its checks.
#include "models/addresspagemodel.h"
#include "models/blockpagemodel.h"
#include "models/transactionpagemodel.h"
#include "tests/support/txfactory.h"
#include "tests/views/explorer.h"
#include "views/addresspage.h"
#include "views/blockpage.h"
#include "views/detailbrowser.h"
#include "views/transactionpage.h"

#include <gtest/gtest.h>

#include <QSignalSpy>
#include <QTest>

using namespace gifscan;
using namespace gifscan::test;

TEST(DetailPages, SearchReachesBlocksTransactionsAndAddressesAndLinksLeadOn)
{
    DevnetHarness d(DevnetHarness::fastConfig(20, 0.3, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QJsonObject paid = d.sendAndWait(toHexString(f.transfer(3, TxFactory::dev(4), 12345)).toLatin1());
    const QString txHash = paid[QStringLiteral("transaction")][QStringLiteral("hash")].toString();
    const auto height = static_cast<std::uint64_t>(paid[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    Explorer e(d);
    MainWindow &window = e.window;

    // A height: the block, its header checked here.
    ASSERT_TRUE(window.search(QString::number(height)));
    EXPECT_EQ(window.currentPage(), MainWindow::BlockDetailPage);
    QSignalSpy checked(&e.session.block, &BlockPageModel::checked);
    ASSERT_TRUE(checked.wait(5000));
    EXPECT_TRUE(e.session.block.check().verified());
    EXPECT_TRUE(window.blockPage()->badgeText().contains(QStringLiteral("Header verified")));
    EXPECT_TRUE(window.blockPage()->body()->toHtml().contains(txHash)) << "its transactions are listed";
    const QString blockHash = toHexString(e.session.block.block()->header.hash);

    // A transaction hash: the transaction, with its receipt.
    ASSERT_TRUE(window.search(txHash));
    EXPECT_EQ(window.currentPage(), MainWindow::TransactionDetailPage);
    ASSERT_TRUE(QTest::qWaitFor([&] { return e.session.transaction.transaction().has_value(); }, 5000));
    EXPECT_EQ(e.session.transaction.transaction()->receipt->blockHeight, height);
    EXPECT_TRUE(window.transactionPage()->body()->toPlainText().contains(QStringLiteral("success")));

    // Its recipient is a link: following it opens the address.
    const QString to = toHexString(TxFactory::dev(4));
    ASSERT_TRUE(window.transactionPage()->body()->toHtml().contains(QStringLiteral("gif://6464/") + to));
    Q_EMIT window.transactionPage()->body()->anchorClicked(QUrl(QStringLiteral("gif://6464/") + to));
    EXPECT_EQ(window.currentPage(), MainWindow::AddressDetailPage);
    ASSERT_TRUE(QTest::qWaitFor([&] { return e.session.address.wallet().has_value(); }, 5000));
    EXPECT_EQ(e.session.address.wallet()->address, TxFactory::dev(4));
    EXPECT_TRUE(window.addressPage()->body()->toPlainText().contains(QStringLiteral("Balance")));

    // A block hash: the same box, a block page.
    ASSERT_TRUE(window.search(blockHash));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.currentPage() == MainWindow::BlockDetailPage; }, 5000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return e.session.block.block().has_value(); }, 5000));
    EXPECT_EQ(e.session.block.block()->header.height, height);
    // Back goes to the address, not to a transaction page that never was.
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.currentPage(), MainWindow::AddressDetailPage);

    // Object keys survive the link's "#".
    Q_EMIT window.blockPage()->body()->anchorClicked(QUrl(QStringLiteral("gif://6464/pixel-cats#1@2")));
    EXPECT_EQ(window.currentPage(), MainWindow::ObjectDetailPage);
    ASSERT_TRUE(window.goBack());

    // A hash that names nothing says so in place.
    QSignalSpy failed(&e.session.transaction, &TransactionPageModel::loadFailed);
    ASSERT_TRUE(window.search(QStringLiteral("0x") + QString(64, u'7')));
    ASSERT_TRUE(failed.wait(5000));
    EXPECT_TRUE(window.transactionPage()->body()->toPlainText().contains(QStringLiteral("No transaction or block")));
    // So does a height beyond the head.
    QSignalSpy noBlock(&e.session.block, &BlockPageModel::loadFailed);
    ASSERT_TRUE(window.search(QStringLiteral("99999999")));
    ASSERT_TRUE(noBlock.wait(5000));
}
