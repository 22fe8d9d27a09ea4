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
    // The owner did not move: it failed (its sender was no owner, or out of
    // funds), and makes no event.
    EXPECT_EQ(described(decideEvents(txs, {dev(1)}, dev(1), block(7))), QStringList{});
    // An owner after the block that no way explains: nothing is proven.
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

TEST(BlockEvents, TwoWaysThatEndAlikeProveNothing)
{
    // There and back: both took effect, or neither did; the header cannot say.
    const QList txs{objectTx(0, TxKind::TransferObject, dev(1), dev(2)),
                    objectTx(1, TxKind::TransferObject, dev(2), dev(1))};
    const QStringList d = described(decideEvents(txs, {dev(1)}, dev(1), block(4)));
    ASSERT_EQ(d.size(), 1);
    EXPECT_TRUE(d.first().contains(QStringLiteral("receipts root"))) << d.first().toStdString();
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
