// Block, transaction and address pages offscreen: the search box reaches
// each, links lead on, the header badge reports its checks; bad data from a
// node is shown in place.
#include "models/activitylistmodel.h"
#include "models/addresspagemodel.h"
#include "models/blockpagemodel.h"
#include "models/collectiongroupsmodel.h"
#include "models/displayformat.h"
#include "models/transactionpagemodel.h"
#include "tests/support/scriptedhttpserver.h"
#include "tests/support/txfactory.h"
#include "tests/support/widgets.h"
#include "tests/views/explorer.h"
#include "tests/views/fakeexplorer.h"
#include "views/addresspage.h"
#include "views/blockpage.h"
#include "views/detailbrowser.h"
#include "views/objectgridview.h"
#include "views/tablepage.h"
#include "views/transactionpage.h"

#include <QDate>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(DetailPages, SearchReachesBlocksTransactionsAndAddressesAndLinksLeadOn)
{
    DevnetHarness d(DevnetHarness::fastConfig(20, 0.1, false));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    const QJsonObject paid = d.sendAndWait(f.transfer(3, TxFactory::dev(4), 12345));
    const QString txHash = paid[QStringLiteral("transaction")][QStringLiteral("hash")].toString();
    const auto height = static_cast<std::uint64_t>(
        paid[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    Explorer e(d);
    MainWindow &window = e.window;

    // A height: the block, its header checked here.
    ASSERT_TRUE(window.search(QString::number(height)));
    EXPECT_EQ(window.here().kind, Location::Kind::Block);
    QSignalSpy checked(e.session.pages().block, &BlockPageModel::checked);
    ASSERT_TRUE(checked.wait(5000));
    EXPECT_TRUE(e.session.pages().block->check().verified());
    EXPECT_TRUE(window.page<BlockPage>()->badgeText().contains(QStringLiteral("Header verified")));
    EXPECT_TRUE(window.page<BlockPage>()->body()->toHtml().contains(txHash))
        << "its transactions are listed";
    // With what each moves: the transfer's 12,345 wei.
    const QString text = window.page<BlockPage>()->body()->toPlainText();
    EXPECT_TRUE(text.contains(QStringLiteral("Value or price"))) << text.toStdString();
    EXPECT_TRUE(text.contains(DisplayFormat::amount(Amount(12345)))) << text.toStdString();
    const QString blockHash = toHexString(e.session.pages().block->block()->header.hash);

    // A transaction hash: the transaction, with its receipt.
    ASSERT_TRUE(window.search(txHash));
    EXPECT_EQ(window.here().kind, Location::Kind::Transaction);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().transaction->transaction().has_value(); }, 5000));
    EXPECT_EQ(e.session.pages().transaction->transaction()->receipt->blockHeight, height);
    EXPECT_TRUE(
        window.page<TransactionPage>()->body()->toPlainText().contains(QStringLiteral("success")));

    // Its recipient is a link: following it opens the address.
    const QString to = toHexString(TxFactory::dev(4));
    ASSERT_TRUE(window.page<TransactionPage>()->body()->toHtml().contains(
        QStringLiteral("gif://6464/") + to));
    ASSERT_TRUE(
        clickLink(window.page<TransactionPage>()->body(), QStringLiteral("gif://6464/") + to));
    EXPECT_EQ(window.here().kind, Location::Kind::Address);
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().address->wallet().has_value(); }, 5000));
    EXPECT_EQ(e.session.pages().address->wallet()->address, TxFactory::dev(4));
    EXPECT_TRUE(
        window.page<AddressPage>()->body()->toPlainText().contains(QStringLiteral("Balance")));
    // An owner's page has its activity: its entries, and nothing of others.
    const QString owner = d.firstObject()[QStringLiteral("owner")].toString();
    ASSERT_TRUE(window.search(owner));
    ActivityListModel &feed = *e.session.pages().address->activity();
    ASSERT_TRUE(QTest::qWaitFor([&] { return feed.rowCount() > 0; }, 5000));
    for (int r = 0; r < feed.rowCount(); ++r) {
        const auto &entry = feed.entry(r);
        EXPECT_TRUE((entry.from && toHexString(*entry.from) == owner) ||
                    (entry.to && toHexString(*entry.to) == owner));
    }
    ASSERT_TRUE(window.goBack());

    // A block hash: the same box, a block page.
    ASSERT_TRUE(window.search(blockHash));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.here().kind == Location::Kind::Block; }, 5000));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().block->block().has_value(); }, 5000));
    EXPECT_EQ(e.session.pages().block->block()->header.height, height);
    // Back goes to the address, not to a transaction page that never was.
    ASSERT_TRUE(window.goBack());
    EXPECT_EQ(window.here().kind, Location::Kind::Address);

    // Object keys survive the link's "#".
    Q_EMIT window.page<BlockPage>()->body()->anchorClicked(
        QUrl(QStringLiteral("gif://6464/pixel-cats#1@2")));
    EXPECT_EQ(window.here().kind, Location::Kind::Object);
    ASSERT_TRUE(window.goBack());

    // A hash that names nothing says so in place.
    QSignalSpy failed(e.session.pages().transaction, &TransactionPageModel::loadFailed);
    ASSERT_TRUE(window.search(QStringLiteral("0x") + QString(64, u'7')));
    ASSERT_TRUE(failed.wait(5000));
    EXPECT_TRUE(window.page<TransactionPage>()->body()->toPlainText().contains(
        QStringLiteral("No transaction or block")));
    // So does a height beyond the head.
    QSignalSpy noBlock(e.session.pages().block, &BlockPageModel::loadFailed);
    ASSERT_TRUE(window.search(QStringLiteral("99999999")));
    ASSERT_TRUE(noBlock.wait(5000));
}

// A transaction and a block say when they were made, exactly and as an
// age, and how deep they are, counting on as heads arrive.
TEST(DetailPages, TransactionsAndBlocksSayWhenAndHowDeep)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start();
    TxFactory f;
    const QJsonObject paid = d.sendAndWait(f.transfer(3, TxFactory::dev(4), 5));
    const QString hash = paid[QStringLiteral("transaction")][QStringLiteral("hash")].toString();
    const auto height = static_cast<std::uint64_t>(
        paid[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.feed().height().value_or(0) >= height; }, 10000));

    ASSERT_TRUE(e.window.search(hash));
    auto *tx = e.window.page<TransactionPage>();
    const QString year = QString::number(QDate::currentDate().year());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return tx->whenText().contains(QStringLiteral("confirmation")); }, 5000))
        << tx->whenText().toStdString();
    EXPECT_TRUE(tx->whenText().contains(year)) << tx->whenText().toStdString();
    EXPECT_TRUE(tx->whenText().contains(
        QRegularExpression(QStringLiteral("\\((just now|\\d+ (s|min|h|d) ago)\\)"))))
        << tx->whenText().toStdString();
    auto confirmations = [](const QString &when) {
        // Plurals come from the catalogue; without one loaded: "confirmation(s)".
        static const QRegularExpression n(QStringLiteral("(\\d+) confirmation"));
        const auto m = n.match(when);
        return m.hasMatch() ? m.captured(1).toULongLong() : 0ULL;
    };
    const auto first = confirmations(tx->whenText());
    EXPECT_EQ(first, e.session.feed().confirmations(height));
    EXPECT_GE(first, 1u);
    ASSERT_TRUE(QTest::qWaitFor([&] { return confirmations(tx->whenText()) > first; }, 5000))
        << "counts on with the head";

    e.window.open(Location::block(height));
    auto *block = e.window.page<BlockPage>();
    ASSERT_TRUE(QTest::qWaitFor([&] { return confirmations(block->whenText()) > 0; }, 5000))
        << block->whenText().toStdString();
    EXPECT_TRUE(block->whenText().contains(year));
    EXPECT_TRUE(block->body()->toPlainText().contains(year)) << "the header's time, exactly";

    // A block beyond the head says how far the chain has come.
    QSignalSpy failed(e.session.pages().block, &BlockPageModel::loadFailed);
    e.window.open(Location::block(99999));
    ASSERT_TRUE(failed.wait(5000));
    const QString why = failed.first().first().toString();
    EXPECT_TRUE(why.startsWith(QStringLiteral("There is no block 99999 yet: the head is ")))
        << why.toStdString();
    // And a transaction's gas price is in gwei.
    ASSERT_TRUE(e.window.search(hash));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return tx->body()->toPlainText().contains(QStringLiteral(" gwei")); }, 5000))
        << tx->body()->toPlainText().toStdString();
}

TEST(MainWindow, BadDataFromANodeIsShownInPlaceAndTheWindowGoesOn)
{
    // Every answer is well-formed JSON that breaks the protocol's shapes.
    std::deque<QByteArray> script(
        12, ScriptedHttpServer::response(
                200, R"({"data":[{"height":"tall"}],"cursor":null,"height":3})"));
    ScriptedHttpServer node(script);
    ExplorerSession session({QStringLiteral("broken"), QUrl(node.url()), QUrl(node.url()),
                             QUrl(QStringLiteral("ws://127.0.0.1:1")), kChainId, std::nullopt});
    ViewPreferences preferences;
    MainWindow window(session.pages(), &preferences, explorerPages(session.pages()));
    window.show();
    session.start();
    window.open(Location::list(Location::Kind::Blocks));
    TablePage *blocks = nullptr;
    for (TablePage *p : window.findChildren<TablePage *>()) {
        if (p->table()->model() == session.pages().blocks)
            blocks = p;
    }
    ASSERT_NE(blocks, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !blocks->errorText().isEmpty(); }, 10000));
    EXPECT_TRUE(blocks->errorText().contains(QStringLiteral("height")))
        << blocks->errorText().toStdString();
    // The rest still works: pages open, the search box answers.
    window.open(Location::list(Location::Kind::Collections));
    EXPECT_EQ(window.here().kind, Location::Kind::Collections);
    EXPECT_FALSE(window.search(QStringLiteral("not a thing !")));
}

TEST(MainWindow, ActivityEntriesLeadToTheirAddressesBlockAndTransaction)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, true));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.start(); // the live events bring transfers made after the first page
    ActivityListModel &activity = *e.session.pages().activity;
    activity.setFilter({QStringLiteral("transfer")}, {});
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            if (activity.rowCount() == 0 && activity.canFetchMore({}))
                activity.fetchMore({});
            return activity.rowCount() > 0;
        },
        20000));
    TablePage *page = nullptr;
    for (TablePage *p : e.window.findChildren<TablePage *>()) {
        if (p->table()->model() == &activity)
            page = p;
    }
    ASSERT_NE(page, nullptr);
    const ActivityEntry entry = activity.entry(0);
    doubleClick(page->table(), activity.index(0, ActivityListModel::ToColumn));
    EXPECT_EQ(e.window.here().kind, Location::Kind::Address);
    doubleClick(page->table(), activity.index(0, ActivityListModel::HeightColumn));
    EXPECT_EQ(e.window.here().kind, Location::Kind::Block);
    doubleClick(page->table(), activity.index(0, ActivityListModel::TypeColumn));
    EXPECT_EQ(e.window.here().kind, Location::Kind::Transaction);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().transaction->transaction().has_value(); }, 5000));
    EXPECT_EQ(e.session.pages().transaction->transaction()->transaction.hash, entry.txHash);
    doubleClick(page->table(), activity.index(0, ActivityListModel::ObjectColumn));
    EXPECT_EQ(e.window.here().kind, Location::Kind::Object);
}

// Scrolled down the blocks, new ones wait behind a link that looks like
// one (it read as a flat button); following it shows them, at the top.
TEST(MainWindow, NewBlocksWaitBehindALinkWhileScrolledDown)
{
    FakeExplorer e(80); // more blocks than the window shows
    e.window.resize(1024, 500);
    e.startLive();
    e.window.open(Location::list(Location::Kind::Blocks));
    TablePage *page = nullptr;
    for (TablePage *p : e.window.findChildren<TablePage *>()) {
        if (p->table()->model() == e.session.pages().blocks)
            page = p;
    }
    ASSERT_NE(page, nullptr);
    e.settle();
    QScrollBar *bar = page->table()->verticalScrollBar();
    ASSERT_GT(bar->maximum(), 0);
    bar->setValue(bar->maximum());
    e.settle(); // the rest of the history, which scrolling down asked for
    auto *link = page->findChild<QLabel *>(QStringLiteral("newRows"));
    ASSERT_NE(link, nullptr);
    EXPECT_FALSE(link->isVisible());
    EXPECT_GT(bar->value(), 0);
    const int rows = e.session.pages().blocks->rowCount();
    e.pushHead();
    EXPECT_EQ(e.session.pages().blocks->rowCount(), rows) << "held while scrolled down";
    EXPECT_TRUE(link->isVisible());
    EXPECT_TRUE(link->text().contains(QStringLiteral("<a href")) &&
                link->text().contains(QStringLiteral("1 new — show")))
        << link->text().toStdString();
    Q_EMIT link->linkActivated(QStringLiteral("show"));
    EXPECT_FALSE(link->isVisible());
    EXPECT_EQ(bar->value(), 0);
    EXPECT_EQ(e.session.pages().blocks->rowCount(), rows + 1);
    EXPECT_EQ(e.session.pages().blocks->header(0).height, 80u);
}

TEST(DetailPages, AnAddressHoldingsAreGroupedByCollectionEachOnLinesOfItsOwn)
{
    FakeExplorer e(20);
    // Objects of our own in two collections, so there is more than one group.
    for (const QString &slug : {QStringLiteral("alpha"), QStringLiteral("beta")}) {
        for (std::uint64_t id : {1, 2, 3})
            e.addObject(slug, id).owner = TxFactory::dev(6);
    }
    e.window.resize(900, 700);
    ASSERT_TRUE(e.window.search(toHexString(TxFactory::dev(6))));
    e.settle();
    ASSERT_TRUE(e.session.pages().address->wallet().has_value());
    ASSERT_FALSE(e.session.pages().address->holdings()->canFetchMore({}));
    ObjectGridView *grid = e.window.page<AddressPage>()->grid();
    auto *groups = qobject_cast<CollectionGroupsModel *>(grid->model());
    ASSERT_NE(groups, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return groups->columns() > 1; }, 2000))
        << "the grid tells the model its width";
    EXPECT_EQ(groups->columns(), grid->columns());

    // One heading a collection, with the wallet's count, each opening a line.
    QStringList headed;
    int objects = 0;
    for (int r = 0; r < groups->rowCount(); ++r) {
        const QModelIndex i = groups->index(r);
        const auto cell = static_cast<CollectionGroupsModel::Cell>(
            i.data(CollectionGroupsModel::CellRole).toInt());
        if (cell == CollectionGroupsModel::Cell::Heading) {
            headed.append(i.data().toString());
            EXPECT_EQ(r % groups->columns(), 0) << i.data().toString().toStdString();
            EXPECT_EQ(grid->visualRect(i).left(), grid->visualRect(groups->index(0)).left())
                << "drawn at a line's start";
        } else if (cell == CollectionGroupsModel::Cell::Object) {
            ++objects;
            EXPECT_EQ(i.data(ObjectListModel::SlugRole).toString(), headed.last())
                << "under its own collection's heading";
        }
    }
    QStringList held;
    for (const auto &[slug, count] : e.session.pages().address->wallet()->holdings) {
        held.append(slug);
        const int at = static_cast<int>(headed.indexOf(slug));
        ASSERT_GE(at, 0) << slug.toStdString();
    }
    held.sort();
    EXPECT_EQ(headed, held);
    EXPECT_TRUE(headed.contains(QStringLiteral("alpha")) &&
                headed.contains(QStringLiteral("beta")));
    EXPECT_EQ(objects, e.session.pages().address->holdings()->rowCount());
    for (int r = 0; r < groups->rowCount(); ++r) {
        const QModelIndex i = groups->index(r);
        if (i.data().toString() == QStringLiteral("beta") &&
            !i.data(ObjectListModel::TokenIdRole).isValid()) {
            EXPECT_EQ(i.data(CollectionGroupsModel::GroupCountRole).toULongLong(), 3u);
        }
    }

    // A heading opens its collection.
    const QModelIndex beta = groups->index(static_cast<int>([&] {
        for (int r = 0; r < groups->rowCount(); ++r) {
            if (groups->index(r).data().toString() == QStringLiteral("beta"))
                return r;
        }
        return -1;
    }()));
    ASSERT_TRUE(beta.isValid());
    Q_EMIT grid->activated(beta);
    EXPECT_EQ(e.window.here().kind, Location::Kind::Collection);
    EXPECT_EQ(e.session.pages().collection->slug(), QStringLiteral("beta"));
}
