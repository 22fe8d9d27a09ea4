// The page models alone, without their widgets: each against a real devnet
// for what it loads, checks and refuses, and over fakes where the order of
// answers is the point (a late answer for a page since left).
#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "models/activitylistmodel.h"
#include "models/addresspagemodel.h"
#include "models/auditmodel.h"
#include "models/blockpagemodel.h"
#include "models/broadcastmodel.h"
#include "models/framedecoder.h"
#include "models/livefeed.h"
#include "models/objectlistmodel.h"
#include "models/objectpagemodel.h"
#include "models/thumbnailcache.h"
#include "models/transactionpagemodel.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "tests/support/fakeindex.h"
#include "tests/support/fakeprover.h"
#include "tests/support/shareddevnet.h"
#include "tests/support/testpaths.h"
#include "tests/support/txfactory.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// One devnet for the suite: the page models only read it, and each test
// makes what it needs on top (a transfer, a mint) with keys of its own.
class PageModelsOverADevnet : public SharedDevnet<PageModelsOverADevnet>
{
public:
    static server::ServerConfig config() { return DevnetHarness::fastConfig(12, 0.1, false); }
    static constexpr std::uint64_t kHeight = 0;

protected:
    PageModelsOverADevnet()
        : rest(QUrl(d().endpoints().baseUrl), &http), rpc(QUrl(d().endpoints().rpcUrl), &http)
    {
    }
    DevnetHarness &node() { return d(); }
    QJsonObject firstObject() { return node().firstObject(); }

    HttpClient http;
    RestClient rest;
    RpcClient rpc;
    HeaderVerifier trusted{TrustAnchor::devnet()};
};
} // namespace

TEST_F(PageModelsOverADevnet, ABlockIsCheckedHereAndOneBeyondTheHeadIsRefusedInWords)
{
    BlockPageModel model(&rest, &rpc);
    model.setHeaderVerifier(trusted);
    LiveFeed head;
    model.follow(head);
    ASSERT_TRUE(node().waitForHeight(3));
    QSignalSpy checked(&model, &BlockPageModel::checked);
    model.load(2);
    ASSERT_TRUE(checked.wait(5000));
    EXPECT_EQ(model.block()->header.height, 2u);
    EXPECT_TRUE(model.check().verified());
    head.advance(5);
    EXPECT_EQ(model.confirmations(), 4u);
    EXPECT_FALSE(model.whenText().isEmpty());
    // By hash, the same block.
    const Hash32 hash = model.block()->header.hash;
    model.loadByHash(hash);
    ASSERT_TRUE(checked.wait(5000));
    EXPECT_EQ(model.block()->header.height, 2u);
    // Against a set it does not trust, nothing verifies.
    model.setHeaderVerifier(
        HeaderVerifier(TrustAnchor{kChainId, std::nullopt, ValidatorSet::devnet(5)}));
    model.load(2);
    ASSERT_TRUE(checked.wait(5000));
    EXPECT_FALSE(model.check().verified());
    QSignalSpy failed(&model, &BlockPageModel::loadFailed);
    // A height is written as it is typed, never grouped, in every language
    // ("1.000.000" in German read as a decimal, beside heights elsewhere
    // written without a separator).
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    model.load(1000000);
    ASSERT_TRUE(failed.wait(5000));
    QLocale::setDefault(before);
    const QString said = failed.first().first().toString();
    EXPECT_TRUE(said.contains(QStringLiteral("1000000"))) << said.toStdString();
    EXPECT_FALSE(said.contains(QStringLiteral("1.000.000"))) << said.toStdString();
}

TEST_F(PageModelsOverADevnet, ATransactionWithItsReceiptAndAHashThatNamesABlockHandsOver)
{
    TxFactory f;
    const QJsonObject paid = node().sendAndWait(f.transfer(5, TxFactory::dev(6), 777));
    const Hash32 txHash =
        *parseHash(paid[QStringLiteral("transaction")][QStringLiteral("hash")].toString());
    TransactionPageModel model(&rest);
    LiveFeed head;
    model.follow(head);
    QSignalSpy loaded(&model, &TransactionPageModel::loaded);
    QSignalSpy when(&model, &TransactionPageModel::whenChanged);
    model.load(txHash);
    ASSERT_TRUE(loaded.wait(5000));
    ASSERT_TRUE(model.transaction()->receipt);
    const std::uint64_t height = model.transaction()->receipt->blockHeight;
    head.advance(height + 2);
    EXPECT_EQ(model.confirmations(), 3u);
    ASSERT_TRUE(QTest::qWaitFor([&] { return model.blockTime().has_value(); }, 5000));
    EXPECT_FALSE(model.whenText().isEmpty());
    // A block's hash: not a transaction, but the page says where it leads.
    const auto block = node().rpcResult(QStringLiteral("gif_getBlockByHeight"), {1, false});
    QSignalSpy found(&model, &TransactionPageModel::blockFound);
    model.load(*parseHash(block[QStringLiteral("hash")].toString()));
    ASSERT_TRUE(found.wait(5000));
    EXPECT_EQ(found.first().first().toULongLong(), 1u);
    // Neither: said.
    QSignalSpy failed(&model, &TransactionPageModel::loadFailed);
    Hash32 nothing{};
    nothing[0] = 0x42;
    model.load(nothing);
    ASSERT_TRUE(failed.wait(5000));
}

TEST_F(PageModelsOverADevnet, AnAddressWithItsBalanceHoldingsAndGroups)
{
    const QJsonObject first = firstObject();
    const Address owner = *parseAddress(first[QStringLiteral("owner")].toString());
    ThumbnailCache thumbnails([](const QString &, std::uint64_t, QObject *,
                                 std::function<void(QByteArray)> done) { done({}); });
    ObjectListModel holdings(&rest, &thumbnails);
    ActivityListModel activity(&rest);
    ModelTester tester({&holdings, &activity});
    AddressPageModel model(&rest, &holdings, &activity);
    QSignalSpy loaded(&model, &AddressPageModel::loaded);
    model.load(owner);
    ASSERT_TRUE(loaded.wait(5000));
    EXPECT_EQ(model.wallet()->address, owner);
    std::uint64_t held = 0;
    for (const auto &h : model.wallet()->holdings)
        held += h.second;
    EXPECT_GT(held, 0u);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return static_cast<std::uint64_t>(holdings.rowCount()) == held; }, 5000))
        << holdings.rowCount() << " of " << held;
    EXPECT_GT(model.holdingGroups()->rowCount(), 0) << "grouped by collection for the grid";
}

TEST_F(PageModelsOverADevnet, AnObjectLoadsDecodesVerifiesAndRefusesAHeightBeyondTheHead)
{
    const QJsonObject first = firstObject();
    const QString slug = first[QStringLiteral("slug")].toString();
    const auto id = static_cast<std::uint64_t>(first[QStringLiteral("tokenId")].toInteger());
    ObjectPageModel model(&rest, &rpc);
    model.setHeaderVerifier(trusted);
    LiveFeed head;
    model.follow(head);
    head.advance(node().head());
    QSignalSpy loaded(&model, &ObjectPageModel::loaded);
    QSignalSpy frames(&model, &ObjectPageModel::framesReady);
    model.load(slug, id, std::nullopt);
    ASSERT_TRUE(loaded.wait(5000));
    ASSERT_TRUE(frames.count() > 0 || frames.wait(5000));
    EXPECT_FALSE(model.frames().isEmpty());
    EXPECT_EQ(model.delaysMs().size(), model.frames().size());
    EXPECT_EQ(model.displayKey(), displayKey(slug, id));
    QSignalSpy verified(&model, &ObjectPageModel::verified);
    model.verify();
    ASSERT_TRUE(verified.wait(10000));
    ASSERT_TRUE(model.report());
    EXPECT_TRUE(model.report()->proven());
    EXPECT_EQ(model.report()->badge(), VerificationReport::Badge::Verified);
    ASSERT_TRUE(model.proofWalk());
    // Beyond the head: refused in words, and the object shown stays.
    QSignalSpy refused(&model, &ObjectPageModel::heightRefused);
    model.load(slug, id, *head.height() + 1000);
    ASSERT_EQ(refused.count(), 1);
    EXPECT_FALSE(model.refusal().isEmpty());
    EXPECT_EQ(model.record()->tokenId, id);
    // One that does not exist: failed, and nothing of the last one kept.
    QSignalSpy failed(&model, &ObjectPageModel::loadFailed);
    model.load(slug, 999999, std::nullopt);
    ASSERT_TRUE(failed.wait(5000));
    EXPECT_FALSE(model.record());
    EXPECT_TRUE(model.frames().isEmpty());
    EXPECT_FALSE(model.report());
}

TEST_F(PageModelsOverADevnet, AnAuditProvesEveryObjectAndCancelsWhenAsked)
{
    const Address owner = *parseAddress(firstObject()[QStringLiteral("owner")].toString());
    AuditModel model(&rest, &rpc);
    model.setHeaderVerifier(trusted);
    QSignalSpy finished(&model, &AuditModel::finished);
    QSignalSpy progressed(&model, &AuditModel::progressed);
    model.run(owner, std::nullopt);
    EXPECT_TRUE(model.running());
    ASSERT_TRUE(finished.wait(20000));
    ASSERT_TRUE(model.report());
    EXPECT_TRUE(model.report()->holds());
    EXPECT_GT(progressed.count(), 0);
    EXPECT_EQ(model.marks().size(), model.report()->entries.size());
    // Cancelled at once: said so, and not running.
    model.run(owner, std::nullopt);
    model.cancel();
    if (model.running()) {
        ASSERT_TRUE(finished.wait(5000));
    }
    EXPECT_FALSE(model.running());
}

TEST_F(PageModelsOverADevnet, ABroadcastIsExplainedBeforeItIsSentThenFollowedToItsReceipt)
{
    BroadcastModel model(&rest, &rpc);
    model.setFollowInterval(50);
    model.setRaw(QStringLiteral("garbage"));
    EXPECT_EQ(model.state(), BroadcastModel::State::Invalid);
    EXPECT_FALSE(model.canSend());
    EXPECT_FALSE(model.problem().isEmpty());
    TxFactory f;
    model.setRaw(toHexString(f.transfer(7, TxFactory::dev(8), 4242)));
    ASSERT_EQ(model.state(), BroadcastModel::State::Decoded);
    EXPECT_TRUE(model.canSend());
    EXPECT_EQ(model.preview()->sender, TxFactory::dev(7));
    EXPECT_FALSE(model.preview()->summary.isEmpty());
    model.send();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return model.state() == BroadcastModel::State::Included; }, 15000))
        << model.problem().toStdString();
    ASSERT_TRUE(model.result() && model.result()->receipt);
    // Another with the nonce just used: the node refuses it, in words.
    Transaction again = f.base(TxKind::Transfer, 7);
    again.nonce = 0;
    again.to = TxFactory::dev(8);
    again.amount = 1;
    model.setRaw(toHexString(TxFactory::sign(again, 7)));
    model.send();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return model.state() == BroadcastModel::State::Rejected; }, 15000));
    EXPECT_FALSE(model.problem().isEmpty());
}

// The reader moved on to block 3 before block 2's answer came: 3 stays.
TEST(PageModelsOverFakes, ALateAnswerForABlockLeftBehindIsDropped)
{
    FakeIndex index;
    FakeProver prover(index);
    index.headers() = FakeIndex::chain(5);
    BlockPageModel model(&index, &prover);
    model.setHeaderVerifier(HeaderVerifier(TrustAnchor::devnet()));
    QSignalSpy loaded(&model, &BlockPageModel::loaded);
    model.load(2);
    model.load(3);
    while (index.deliverNewest()) {
    }
    while (index.deliver() > 0) {
    }
    ASSERT_TRUE(model.block());
    EXPECT_EQ(model.block()->header.height, 3u);
    EXPECT_EQ(loaded.count(), 1);
}

// A chain of genesis alone has a head: height 0 is a height, not "none yet".
TEST(LiveFeed, GenesisIsAHeadAndNoneIsNone)
{
    LiveFeed head;
    EXPECT_FALSE(head.height());
    EXPECT_EQ(head.confirmations(0), 0u);
    QSignalSpy advanced(&head, &LiveFeed::advanced);
    head.advance(0);
    ASSERT_EQ(advanced.count(), 1);
    EXPECT_EQ(head.height(), std::optional<std::uint64_t>(0));
    EXPECT_EQ(head.confirmations(0), 1u);
    head.advance(0);
    EXPECT_EQ(advanced.count(), 1) << "a repeated head changes nothing";
}

// A head reaches the feed's followers before the height moves (the order
// the session's connections to the sync had), and a repeat only the former.
TEST(LiveFeed, AHeadReachesItsFollowersBeforeTheHeightMoves)
{
    LiveFeed feed;
    QStringList order;
    QObject::connect(&feed, &LiveFeed::headArrived, [&](const BlockHeader &h, bool verified) {
        order << QStringLiteral("head %1 %2").arg(h.height).arg(verified);
    });
    QObject::connect(&feed, &LiveFeed::advanced, [&](std::uint64_t height) {
        order << QStringLiteral("advanced %1").arg(height);
    });
    QObject::connect(&feed, &LiveFeed::eventArrived,
                     [&](const ActivityEntry &e) { order << QStringLiteral("event ") + e.id; });
    BlockHeader h;
    h.height = 4;
    feed.deliverHead(h, true);
    ActivityEntry e;
    e.id = QStringLiteral("x");
    feed.deliverEvent(e);
    feed.deliverHead(h, true); // a repeat reaches the lists (they drop it), not the height
    EXPECT_EQ(order, (QStringList{QStringLiteral("head 4 1"), QStringLiteral("advanced 4"),
                                  QStringLiteral("event x"), QStringLiteral("head 4 1")}));
}

// The object page's frames, decoded off the GUI thread: every frame with its
// delay, the asker's ticket back with them; bytes that are no GIF, none.
TEST(FrameDecoder, FramesAndDelaysComeBackWithTheirTicket)
{
    QFile file(sharedPath(QStringLiteral("gifs/animated-red-blue.gif")));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    FrameDecoder decoder;
    QSignalSpy decoded(&decoder, &FrameDecoder::decoded);
    decoder.decode(file.readAll(), 7);
    decoder.decode(QByteArrayLiteral("not a gif"), 8);
    ASSERT_TRUE(QTest::qWaitFor([&] { return decoded.count() == 2; }, 10000));
    EXPECT_EQ(decoded[0][0].toULongLong(), 7u);
    const auto frames = decoded[0][1].value<QList<QImage>>();
    const auto delays = decoded[0][2].value<QList<int>>();
    EXPECT_GT(frames.size(), 1);
    EXPECT_EQ(delays.size(), frames.size());
    EXPECT_FALSE(frames.first().isNull());
    EXPECT_EQ(decoded[1][0].toULongLong(), 8u);
    EXPECT_TRUE(decoded[1][1].value<QList<QImage>>().isEmpty());
}
