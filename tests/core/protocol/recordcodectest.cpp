// The strict codec on golden documents written from PROTOCOL.md, and on
// every way a field can be wrong.
#include "core/protocol/recordcodec.h"

#include "tests/support/testpaths.h"

#include <QFile>
#include <functional>
#include <gtest/gtest.h>
#include <map>

using namespace gifscan;

namespace {

QJsonDocument golden(const char *name)
{
    QFile f(gifscan::test::testsPath(QStringLiteral("golden/")) + QLatin1String(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &e);
    EXPECT_EQ(e.error, QJsonParseError::NoError) << name;
    return doc;
}

// Replaces one value at a path ("data", 0, "owner") in a document.
QJsonValue replaced(const QJsonValue &v, QList<QVariant> path, const QJsonValue &with)
{
    if (path.isEmpty())
        return with;
    const QVariant step = path.takeFirst();
    if (step.typeId() == QMetaType::Int) {
        QJsonArray a = v.toArray();
        a[step.toInt()] = replaced(a[step.toInt()], path, with);
        return a;
    }
    QJsonObject o = v.toObject();
    const QString key = step.toString();
    if (with.isUndefined() && path.isEmpty())
        o.remove(key);
    else
        o[key] = replaced(o[key], path, with);
    return o;
}

template <typename T> QString pageError(const QJsonDocument &doc)
{
    Page<T> page;
    DecodeError error;
    return RecordCodec::decodePage(doc, &page, &error) ? QString() : error.toString();
}

template <typename T> QString singleError(const QJsonDocument &doc)
{
    T record;
    std::uint64_t height = 0;
    DecodeError error;
    return RecordCodec::decodeSingle(doc, &record, &height, &error) ? QString() : error.toString();
}

QJsonDocument with(const QJsonDocument &doc, QList<QVariant> path, const QJsonValue &value)
{
    return QJsonDocument(replaced(doc.object(), std::move(path), value).toObject());
}

} // namespace

TEST(RecordCodec, BlocksPage)
{
    Page<BlockHeader> page;
    DecodeError error;
    ASSERT_TRUE(RecordCodec::decodePage(golden("blocks-page.json"), &page, &error))
        << error.toString().toStdString();
    ASSERT_EQ(page.data.size(), 2);
    EXPECT_TRUE(page.cursor.isEmpty());
    EXPECT_EQ(page.height, 1u);
    EXPECT_TRUE(page.data[0].hashIsValid());
    EXPECT_EQ(page.data[0].parentHash, page.data[1].hash);
    // Version 2: the signatures decode with their indexes.
    ASSERT_EQ(page.data[0].commit.size(), 3u);
    EXPECT_EQ(page.data[0].commit[2].index, 3u);
    EXPECT_EQ(page.data[1].commit.size(), 4u);

    const QJsonDocument doc = golden("blocks-page.json");
    EXPECT_EQ(
        pageError<BlockHeader>(with(doc, {u"data"_qs, 1, u"hash"_qs}, QStringLiteral("0x12"))),
        QStringLiteral("data[1].hash: not a hash"));
    EXPECT_EQ(pageError<BlockHeader>(with(doc, {u"data"_qs, 0, u"txCount"_qs}, -1)),
              QStringLiteral("data[0].txCount: not a non-negative integer"));
    EXPECT_EQ(pageError<BlockHeader>(with(doc, {u"data"_qs, 0, u"txCount"_qs}, 1.5)),
              QStringLiteral("data[0].txCount: not a non-negative integer"));
    EXPECT_EQ(
        pageError<BlockHeader>(with(doc, {u"data"_qs, 0, u"proposer"_qs}, QJsonValue::Undefined)),
        QStringLiteral("data[0].proposer: missing"));
    EXPECT_EQ(pageError<BlockHeader>(with(doc, {u"height"_qs}, QStringLiteral("1"))),
              QStringLiteral("height: not a non-negative integer"));
    EXPECT_EQ(pageError<BlockHeader>(with(doc, {u"data"_qs}, QJsonObject{})),
              QStringLiteral("data: not an array"));
    EXPECT_EQ(pageError<BlockHeader>(
                  with(doc, {u"data"_qs, 0, u"holdingsRoot"_qs}, QJsonValue::Undefined)),
              QStringLiteral("data[0].holdingsRoot: missing"));
    EXPECT_EQ(pageError<BlockHeader>(
                  with(doc, {u"data"_qs, 0, u"commit"_qs},
                       QJsonArray{QJsonObject{{u"index"_qs, 0}, {u"signature"_qs, u"0x12"_qs}}})),
              QStringLiteral("data[0].commit[0].signature: not 65 bytes of hex"));
    EXPECT_EQ(pageError<BlockHeader>(with(doc, {u"data"_qs, 0, u"commit"_qs}, QJsonObject{})),
              QStringLiteral("data[0].commit: not an array"));
    EXPECT_EQ(pageError<BlockHeader>(QJsonDocument(QJsonArray{})), QStringLiteral("not an object"));
}

TEST(RecordCodec, MinedAndPendingTransactions)
{
    TransactionWithReceipt t;
    std::uint64_t height = 0;
    DecodeError error;
    ASSERT_TRUE(RecordCodec::decodeSingle(golden("tx-mined.json"), &t, &height, &error))
        << error.toString().toStdString();
    EXPECT_EQ(height, 14u);
    EXPECT_EQ(t.transaction.kind, QStringLiteral("buy"));
    EXPECT_EQ(t.transaction.maxPrice, oneGif() * 5 / 2);
    EXPECT_EQ(t.transaction.blockHeight, 12u);
    ASSERT_TRUE(t.receipt);
    EXPECT_TRUE(t.receipt->success);
    ASSERT_EQ(t.receipt->events.size(), 2);
    EXPECT_TRUE(t.receipt->events[1].key.isEmpty());
    EXPECT_EQ(t.receipt->events[0].price, oneGif() * 2);

    ASSERT_TRUE(RecordCodec::decodeSingle(golden("tx-pending.json"), &t, &height, &error))
        << error.toString().toStdString();
    EXPECT_FALSE(t.receipt);
    EXPECT_FALSE(t.transaction.blockHeight);
    EXPECT_EQ(t.transaction.amount, oneGif() * 3 / 2);

    const QJsonDocument doc = golden("tx-mined.json");
    EXPECT_EQ(singleError<TransactionWithReceipt>(
                  with(doc, {u"data"_qs, u"transaction"_qs, u"kind"_qs}, QStringLiteral("burn"))),
              QStringLiteral("data.transaction.kind: unknown kind \"burn\""));
    EXPECT_EQ(singleError<TransactionWithReceipt>(
                  with(doc, {u"data"_qs, u"transaction"_qs, u"maxPrice"_qs}, 2.5e18)),
              QStringLiteral("data.transaction.maxPrice: not an amount (a decimal string)"));
    EXPECT_EQ(singleError<TransactionWithReceipt>(
                  with(doc, {u"data"_qs, u"receipt"_qs, u"status"_qs}, QStringLiteral("ok"))),
              QStringLiteral("data.receipt.status: neither success nor failed"));
    EXPECT_EQ(
        singleError<TransactionWithReceipt>(with(
            doc, {u"data"_qs, u"receipt"_qs, u"events"_qs, 1, u"to"_qs}, QStringLiteral("0xabc"))),
        QStringLiteral("data.receipt.events[1].to: not an address"));
}

TEST(RecordCodec, ObjectDetailAndList)
{
    ObjectRecord o;
    std::uint64_t height = 0;
    DecodeError error;
    ASSERT_TRUE(RecordCodec::decodeSingle(golden("object-detail.json"), &o, &height, &error))
        << error.toString().toStdString();
    EXPECT_TRUE(o.detailed);
    EXPECT_EQ(
        toHexString(o.owner),
        QStringLiteral("0xe331807fd0f469cf6ed5ce7da632bb6038548e61")); // input case-insensitive
    ASSERT_TRUE(o.listing);
    EXPECT_EQ(o.listing->price, oneGif() * 2);
    EXPECT_FALSE(o.lastSale);
    EXPECT_EQ(o.traits.size(), 2);

    Page<ObjectRecord> page;
    ASSERT_TRUE(RecordCodec::decodePage(golden("objects-page.json"), &page, &error))
        << error.toString().toStdString();
    EXPECT_FALSE(page.data[0].detailed);
    EXPECT_EQ(page.data[1].traits[0].value, QStringLiteral("Ω"));
    EXPECT_EQ(page.cursor, QStringLiteral("cDE6MTQ6Mg"));

    const QJsonDocument doc = golden("object-detail.json");
    EXPECT_EQ(singleError<ObjectRecord>(
                  with(doc, {u"data"_qs, u"key"_qs}, QStringLiteral("pixel-cats#43"))),
              QStringLiteral("data.key: \"pixel-cats#43\" is not pixel-cats#42"));
    EXPECT_EQ(singleError<ObjectRecord>(
                  with(doc, {u"data"_qs, u"slug"_qs}, QStringLiteral("Pixel Cats"))),
              QStringLiteral("data.slug: not a collection slug"));
    EXPECT_EQ(singleError<ObjectRecord>(
                  with(doc, {u"data"_qs, u"listing"_qs, u"escrow"_qs}, QJsonValue::Null)),
              QStringLiteral("data.listing.escrow: not a string"));
    EXPECT_EQ(singleError<ObjectRecord>(with(doc, {u"data"_qs, u"traits"_qs, 1, u"value"_qs}, 5)),
              QStringLiteral("data.traits[1].value: not a string"));
    EXPECT_EQ(singleError<ObjectRecord>(with(doc, {u"data"_qs, u"root"_qs}, QJsonValue::Undefined)),
              QStringLiteral("data.root: missing"));
}

TEST(RecordCodec, CollectionsWalletActivity)
{
    Page<Collection> collections;
    DecodeError error;
    ASSERT_TRUE(RecordCodec::decodePage(golden("collections-page.json"), &collections, &error))
        << error.toString().toStdString();
    EXPECT_EQ(
        amountToString(collections.data[0].volumeTotal),
        QStringLiteral(
            "115792089237316195423570985008687907853269984665640564039457584007913129639935"));
    EXPECT_FALSE(collections.data[1].floorPrice);
    EXPECT_EQ(
        pageError<Collection>(with(
            golden("collections-page.json"), {u"data"_qs, 0, u"volumeTotal"_qs},
            QStringLiteral(
                "115792089237316195423570985008687907853269984665640564039457584007913129639936"))),
        QStringLiteral("data[0].volumeTotal: not an amount (a decimal string)"));

    Wallet w;
    std::uint64_t height = 0;
    ASSERT_TRUE(RecordCodec::decodeSingle(golden("wallet.json"), &w, &height, &error))
        << error.toString().toStdString();
    EXPECT_EQ(w.holdings.size(), 2);
    EXPECT_EQ(w.counters.bought, 1u);
    EXPECT_EQ(
        singleError<Wallet>(with(golden("wallet.json"), {u"data"_qs, u"counters"_qs, u"sold"_qs},
                                 QJsonValue::Undefined)),
        QStringLiteral("data.counters.sold: missing"));

    Page<ActivityEntry> activity;
    ASSERT_TRUE(RecordCodec::decodePage(golden("activity-page.json"), &activity, &error))
        << error.toString().toStdString();
    EXPECT_FALSE(activity.data[1].from);
    EXPECT_EQ(activity.data[0].price, oneGif() * 2);
    EXPECT_EQ(
        pageError<ActivityEntry>(with(golden("activity-page.json"), {u"data"_qs, 0, u"type"_qs},
                                      QStringLiteral("payment"))),
        QStringLiteral("data[0].type: unknown activity type \"payment\""));
}

TEST(RecordCodec, NeverCrashesOnArbitraryJson)
{
    // Every sub-value of every golden file swapped for every JSON type.
    const QList<QJsonValue> junk = {
        QJsonValue::Null, true, 0, -1, 1e300, QStringLiteral(""), QJsonArray{}, QJsonObject{}};
    // Decoded as its own record, a changed field is either still valid (a
    // null where null is allowed) or refused by the name of that field;
    // decoded as another record, it must only not crash.
    const std::map<std::string, std::function<QString(const QJsonDocument &)>> own = {
        {"tx-mined.json", singleError<TransactionWithReceipt>},
        {"object-detail.json", singleError<ObjectRecord>},
        {"wallet.json", singleError<Wallet>},
    };
    int refused = 0;
    for (const auto &[name, decode] : own) {
        const QJsonDocument doc = golden(name.c_str());
        const QJsonObject data = doc.object()[QStringLiteral("data")].toObject();
        for (const QString &key : data.keys()) {
            for (const auto &j : junk) {
                const QJsonDocument bad = with(doc, {u"data"_qs, key}, j);
                const QString error = decode(bad);
                // An object's key names its slug and token id: another token
                // id is refused where the two disagree.
                const QString where =
                    key == QLatin1String("tokenId") && error.startsWith(QStringLiteral("data.key"))
                        ? QStringLiteral("key")
                        : key;
                EXPECT_TRUE(error.isEmpty() || error.startsWith(QStringLiteral("data.") + where))
                    << name << ", data." << key.toStdString() << " = "
                    << QJsonDocument(QJsonArray{j}).toJson(QJsonDocument::Compact).toStdString()
                    << ": " << error.toStdString();
                refused += !error.isEmpty();
                for (const auto &[other, decodeOther] : own) {
                    if (other != name)
                        decodeOther(bad);
                }
            }
        }
    }
    EXPECT_GT(refused, 100) << "junk is refused, not taken";
}
