// Broadcast: a valid transaction is explained, sent and followed to its
// receipt; an underpriced one is refused in words.
#include "models/broadcastmodel.h"
#include "tests/support/txfactory.h"
#include "tests/views/explorer.h"
#include "views/broadcastdialog.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(Broadcast, ExplainsSendsAndFollowsAValidTransactionAndRefusesAnUnderpricedOne)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    e.session.pages().broadcast->setFollowInterval(100);
    BroadcastDialog *dialog = e.window.openBroadcast();
    ASSERT_NE(dialog, nullptr);
    EXPECT_FALSE(dialog->sendButton()->isEnabled()) << "nothing to send yet";

    dialog->input()->setPlainText(QStringLiteral("0xnothex"));
    EXPECT_EQ(e.session.pages().broadcast->state(), BroadcastModel::State::Invalid);
    EXPECT_TRUE(dialog->statusText().contains(QStringLiteral("not hex")));

    TxFactory f;
    const Bytes valid = f.transfer(2, TxFactory::dev(3), Amount(5'000'000'000'000'000'000ULL));
    dialog->input()->setPlainText(toHexString(valid));
    ASSERT_EQ(e.session.pages().broadcast->state(), BroadcastModel::State::Decoded);
    EXPECT_EQ(e.session.pages().broadcast->preview()->sender, TxFactory::dev(2))
        << "the sender, recovered from the signature";
    EXPECT_TRUE(dialog->previewText().contains(QStringLiteral("transfer")));
    EXPECT_TRUE(dialog->previewText().contains(QStringLiteral("5 GIF")))
        << dialog->previewText().toStdString();
    EXPECT_TRUE(dialog->statusText().contains(QStringLiteral("Nothing has been sent")));
    ASSERT_TRUE(dialog->sendButton()->isEnabled());
    dialog->sendButton()->click();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().broadcast->state() == BroadcastModel::State::Included; },
        10000))
        << dialog->statusText().toStdString();
    EXPECT_TRUE(e.session.pages().broadcast->result()->receipt->success);
    EXPECT_TRUE(dialog->statusText().contains(QStringLiteral("success")));

    Transaction cheap = f.base(TxKind::Transfer, 2);
    cheap.to = TxFactory::dev(4);
    cheap.amount = 1;
    cheap.gasPrice = 1; // the node's minimum is 1 gwei
    cheap.gasLimit = cheap.intrinsicGas();
    dialog->input()->setPlainText(toHexString(TxFactory::sign(cheap, 2)));
    ASSERT_EQ(e.session.pages().broadcast->state(), BroadcastModel::State::Decoded);
    dialog->sendButton()->click();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().broadcast->state() == BroadcastModel::State::Rejected; },
        10000));
    EXPECT_TRUE(dialog->statusText().contains(QStringLiteral("below the node's minimum")))
        << dialog->statusText().toStdString();
}

// The dialog works out the fee on every edit: a gas price of 2^255 must be
// explained, not abort the window; the node then refuses it in words.
TEST(Broadcast, AnOverflowingFeeIsExplainedAndRefused)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    BroadcastDialog *dialog = e.window.openBroadcast();
    Transaction tx;
    tx.kind = TxKind::Transfer;
    tx.to = TxFactory::dev(1);
    tx.gasPrice = Amount(1) << 255;
    tx.gasLimit = 21000;
    tx.signature = PrivateKey::derived(QByteArrayLiteral("stranger"), 3).sign(tx.signingHash());
    dialog->input()->setPlainText(toHexString(tx.encode()));
    ASSERT_EQ(e.session.pages().broadcast->state(), BroadcastModel::State::Decoded);
    EXPECT_FALSE(e.session.pages().broadcast->preview()->maxFee.has_value());
    EXPECT_TRUE(dialog->previewText().contains(QStringLiteral("more than any balance can hold")))
        << dialog->previewText().toStdString();
    dialog->sendButton()->click();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return e.session.pages().broadcast->state() == BroadcastModel::State::Rejected; },
        10000));
    EXPECT_TRUE(dialog->statusText().contains(QStringLiteral("malformed")))
        << dialog->statusText().toStdString();
}

// What the dialog itself calls unsigned is never sent: Send stays off and
// the status says why, while the preview still shows what it would do.
TEST(Broadcast, AnUnsignedTransactionCannotBeSent)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 0.1, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    BroadcastDialog *dialog = e.window.openBroadcast();
    Transaction tx = TxFactory().base(TxKind::Transfer, 2);
    tx.to = TxFactory::dev(1);
    tx.amount = Amount(5);
    dialog->input()->setPlainText(toHexString(tx.encode())); // no signature
    ASSERT_EQ(e.session.pages().broadcast->state(), BroadcastModel::State::Decoded);
    EXPECT_TRUE(dialog->previewText().contains(QStringLiteral("not signed")))
        << dialog->previewText().toStdString();
    EXPECT_FALSE(dialog->sendButton()->isEnabled());
    EXPECT_TRUE(dialog->statusText().contains(QStringLiteral("cannot be sent")))
        << dialog->statusText().toStdString();
    // Signed, the same transaction may go.
    dialog->input()->setPlainText(toHexString(TxFactory::sign(tx, 2)));
    EXPECT_TRUE(dialog->sendButton()->isEnabled());
}
