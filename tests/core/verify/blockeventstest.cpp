// Which of an object's transactions in a block took effect, decided from
// its proven owner before and after the block (decideEvents): the events
// are those of the only way that ends there; two ways that end alike with
// other events, or none, prove nothing. And a raw transaction decodes to
// its object, sender and body, or to nothing.
#include "core/verify/blockevents.h"

#include "core/crypto/keccak.h"
#include "core/crypto/privatekey.h"

#include <gtest/gtest.h>

using namespace gifscan;

namespace {
Address dev(std::uint32_t i)
{
    return PrivateKey::devAccount(i).address();
}

ObjectTransaction objectTx(int index, TxKind kind, const Address &sender, const Address &to = {},
                           const Amount &price = 0)
{
    ObjectTransaction t;
    t.index = index;
    t.hash[0] = static_cast<std::uint8_t>(index + 1);
    t.sender = sender;
    t.kind = kind;
    t.slug = QStringLiteral("cats");
    t.tokenId = 1;
    t.key = QStringLiteral("cats#1");
    t.to = to;
    t.price = price;
    t.maxPrice = price;
    return t;
}

BlockHeader block(std::uint64_t height)
{
    BlockHeader h;
    h.height = height;
    h.timestamp = 1'800'000'000;
    return h;
}

QStringList described(const std::variant<QList<ActivityEntry>, QString> &decided)
{
    if (const QString *why = std::get_if<QString>(&decided))
        return {QStringLiteral("unproven: ") + *why};
    QStringList out;
    for (const ActivityEntry &e : std::get<QList<ActivityEntry>>(decided))
        out << e.id + u' ' + e.type;
    return out;
}
} // namespace

TEST(BlockEvents, ATransferThatTookEffectIsItsEvent)
{
    const QList txs{objectTx(3, TxKind::TransferObject, dev(1), dev(2))};
    EXPECT_EQ(described(decideEvents(txs, {dev(1)}, dev(2), block(7))),
              QStringList{QStringLiteral("7-3 transfer")});
    // Sent by one who does not own it: it fails, and makes no event.
    const QList stranger{objectTx(3, TxKind::TransferObject, dev(5), dev(2))};
    EXPECT_EQ(described(decideEvents(stranger, {dev(1)}, dev(1), block(7))), QStringList{});
    // The owner's transfer fails for nothing a state shows: an owner after
    // the block that it does not explain proves nothing.
    EXPECT_TRUE(described(decideEvents(txs, {dev(1)}, dev(1), block(7)))
                    .first()
                    .startsWith(QStringLiteral("unproven: no way")));
    EXPECT_TRUE(described(decideEvents(txs, {dev(1)}, dev(3), block(7)))
                    .first()
                    .startsWith(QStringLiteral("unproven: no way")));
}

TEST(BlockEvents, AListAndASaleInOneBlockTakeThePriceFromTheList)
{
    const Amount price(5000);
    const Address escrow = escrowAddress(objectKey(QStringLiteral("cats#1")));
    QList txs{objectTx(0, TxKind::List, dev(1), {}, price),
              objectTx(1, TxKind::Buy, dev(2), {}, price)};
    const auto decided = decideEvents(txs, {dev(1)}, dev(2), block(9));
    ASSERT_EQ(described(decided),
              (QStringList{QStringLiteral("9-0 list"), QStringLiteral("9-1 sale")}));
    const ActivityEntry &sale = std::get<QList<ActivityEntry>>(decided).at(1);
    EXPECT_EQ(sale.from, dev(1));
    EXPECT_EQ(sale.to, dev(2));
    EXPECT_EQ(sale.price, price);
    EXPECT_EQ(std::get<QList<ActivityEntry>>(decided).at(0).to, escrow);
    // A buy under the price cannot take effect: the object stays in escrow.
    txs[1].maxPrice = 4999;
    EXPECT_EQ(described(decideEvents(txs, {dev(1)}, escrow, block(9))),
              QStringList{QStringLiteral("9-0 list")});
}

TEST(BlockEvents, WhatTheStateDecidesIsProvenAndTwoWaysThatEndAlikeAreNot)
{
    // There and back: a transfer fails only for what the state shows, so
    // both took effect.
    const QList back{objectTx(0, TxKind::TransferObject, dev(1), dev(2)),
                     objectTx(1, TxKind::TransferObject, dev(2), dev(1))};
    EXPECT_EQ(described(decideEvents(back, {dev(1)}, dev(1), block(4))),
              (QStringList{QStringLiteral("4-0 transfer"), QStringLiteral("4-1 transfer")}));
    // Listed twice by its owner: the second finds it in escrow already.
    const Address escrow = escrowAddress(objectKey(QStringLiteral("cats#1")));
    const QList twice{objectTx(0, TxKind::List, dev(1), {}, 10),
                      objectTx(1, TxKind::List, dev(1), {}, 20)};
    EXPECT_EQ(described(decideEvents(twice, {dev(1)}, escrow, block(5))),
              QStringList{QStringLiteral("5-0 list")});
    // Two buys by one buyer: the first may have failed for its balance,
    // which no header shows; either way it ends with the buyer.
    ObjectState listed{escrow, dev(1), 10};
    const QList buys{objectTx(0, TxKind::Buy, dev(2), {}, 10),
                     objectTx(1, TxKind::Buy, dev(2), {}, 10)};
    const QStringList d = described(decideEvents(buys, listed, dev(2), block(6)));
    ASSERT_EQ(d.size(), 1);
    EXPECT_TRUE(d.first().contains(QStringLiteral("receipts root"))) << d.first().toStdString();
    // Many that cannot take effect (buys of an object not listed) cost no
    // way: what did is still proven.
    QList many{objectTx(0, TxKind::TransferObject, dev(1), dev(3))};
    for (int i = 1; i <= 40; ++i)
        many.append(objectTx(i, TxKind::Buy, dev(2), {}, 10));
    EXPECT_EQ(described(decideEvents(many, {dev(1)}, dev(3), block(7))),
              QStringList{QStringLiteral("7-0 transfer")});
    // A list at price 0, a seller buying their own listing, or too little
    // gas: none takes effect.
    QList nothing{objectTx(0, TxKind::List, dev(1), {}, 0),
                  objectTx(1, TxKind::TransferObject, dev(1), dev(4))};
    nothing[1].enoughGas = false;
    EXPECT_EQ(described(decideEvents(nothing, {dev(1)}, dev(1), block(8))), QStringList{});
    EXPECT_EQ(described(decideEvents({objectTx(0, TxKind::Buy, dev(1), {}, 10)}, listed, escrow,
                                     block(9))),
              QStringList{});
}

TEST(BlockEvents, AMintOfAnAbsentObjectAndTheRawBytesItCameIn)
{
    Transaction t;
    t.kind = TxKind::Mint;
    t.nonce = 0;
    t.gasPrice = 1'000'000'000;
    t.gasLimit = 100000;
    t.slug = QStringLiteral("cats");
    t.tokenId = 1;
    t.to = dev(4);
    t.content = QByteArray("GIF89a");
    t.signature = PrivateKey::devAccount(2).sign(t.signingHash());
    const Bytes raw = t.encode();
    const auto decoded = objectTransaction(raw, 5);
    ASSERT_TRUE(decoded);
    EXPECT_EQ(decoded->sender, dev(2));
    EXPECT_EQ(decoded->key, QStringLiteral("cats#1"));
    EXPECT_EQ(decoded->to, dev(4));
    EXPECT_EQ(decoded->hash, t.hash());
    EXPECT_EQ(described(decideEvents({*decoded}, {}, dev(4), block(2))),
              QStringList{QStringLiteral("2-5 mint")});
    // Cut short, or of another chain: no object transaction at all.
    EXPECT_FALSE(objectTransaction(std::span(raw).first(raw.size() - 1), 5));
    t.chainId = 1;
    t.signature = PrivateKey::devAccount(2).sign(t.signingHash());
    EXPECT_FALSE(objectTransaction(t.encode(), 5));
    // txRoot: K of the hashes in order; K("") for none (PROTOCOL §2.4).
    EXPECT_EQ(transactionsRoot({raw}), keccak256(std::span(decoded->hash)));
    EXPECT_EQ(transactionsRoot({}), keccak256(Bytes{}));
}
