// The devnet's market orders on /v1/objects (sort=price|lastSale|listed,
// listed=true) and the listing and last sale in its list records.
#include "core/base/bytes.h"
#include "tests/support/devnetharness.h"
#include "tests/support/txfactory.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

Amount gif(std::uint64_t n)
{
    return Amount(n) * Amount(1'000'000'000'000'000'000ULL);
}

QList<qint64> tokenIds(const HttpResult &r)
{
    QList<qint64> ids;
    for (const auto &o : r.data().toArray())
        ids.append(o[QStringLiteral("tokenId")].toInteger());
    return ids;
}

} // namespace

// Four objects: #1 listed last at 5 GIF, #2 first at 3, #3 second at 1,
// #4 listed at 2 and bought, so it is the only one sold and not listed.
TEST(RestMarket, ObjectsSortByPriceLastSaleAndListingAndFilterTheListed)
{
    DevnetHarness d(DevnetHarness::fastConfig(4, 0.1, false));
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    TxFactory f;
    const QString slug = QStringLiteral("market");
    auto succeeds = [&](const Bytes &tx) {
        const QJsonObject r = d.sendAndWait(tx);
        return r[QStringLiteral("receipt")][QStringLiteral("status")].toString() ==
               QLatin1String("success");
    };
    ASSERT_TRUE(succeeds(f.createCollection(6, slug)));
    for (std::uint64_t id = 1; id <= 4; ++id)
        ASSERT_TRUE(succeeds(f.mint(6, slug, id, TxFactory::dev(6), TxFactory::smallGif())));
    ASSERT_TRUE(succeeds(f.objectTx(TxKind::List, 6, slug, 2, {}, gif(3))));
    ASSERT_TRUE(succeeds(f.objectTx(TxKind::List, 6, slug, 3, {}, gif(1))));
    ASSERT_TRUE(succeeds(f.objectTx(TxKind::List, 6, slug, 4, {}, gif(2))));
    ASSERT_TRUE(succeeds(f.objectTx(TxKind::Buy, 7, slug, 4, {}, gif(2))));
    ASSERT_TRUE(succeeds(f.objectTx(TxKind::List, 6, slug, 1, {}, gif(5))));

    auto ids = [&](const QString &query) {
        const HttpResult r = d.get(QStringLiteral("/v1/objects?collection=market&") + query);
        EXPECT_EQ(r.status, 200) << query.toStdString() << r.body.constData();
        return tokenIds(r);
    };
    EXPECT_EQ(ids(QString()), (QList<qint64>{1, 2, 3, 4}));
    EXPECT_EQ(ids(QStringLiteral("sort=price")), (QList<qint64>{3, 2, 1, 4}))
        << "cheapest first, the unlisted last";
    EXPECT_EQ(ids(QStringLiteral("sort=listed")), (QList<qint64>{1, 3, 2, 4}))
        << "newest listing first";
    EXPECT_EQ(ids(QStringLiteral("sort=lastSale")), (QList<qint64>{4, 1, 2, 3}))
        << "the sold first, the rest by id";
    EXPECT_EQ(ids(QStringLiteral("sort=price&listed=true")), (QList<qint64>{3, 2, 1}));
    EXPECT_EQ(ids(QStringLiteral("listed=false")), (QList<qint64>{1, 2, 3, 4}));
    // Paging keeps the order across pages.
    const HttpResult first =
        d.get(QStringLiteral("/v1/objects?collection=market&sort=price&limit=2"));
    ASSERT_EQ(tokenIds(first), (QList<qint64>{3, 2}));
    const QString cursor = first.json()[QStringLiteral("cursor")].toString();
    ASSERT_FALSE(cursor.isEmpty());
    EXPECT_EQ(ids(QStringLiteral("sort=price&limit=2&cursor=") + cursor), (QList<qint64>{1, 4}));

    // List records carry the listing and the last sale, null when absent.
    const QJsonArray records =
        d.get(QStringLiteral("/v1/objects?collection=market")).data().toArray();
    ASSERT_EQ(records.size(), 4);
    EXPECT_EQ(records[2][QStringLiteral("listing")][QStringLiteral("price")].toString(),
              QStringLiteral("1000000000000000000"));
    EXPECT_EQ(records[2][QStringLiteral("listing")][QStringLiteral("seller")].toString(),
              toHexString(TxFactory::dev(6)));
    EXPECT_TRUE(records[2][QStringLiteral("lastSale")].isNull());
    EXPECT_TRUE(records[3][QStringLiteral("listing")].isNull());
    EXPECT_EQ(records[3][QStringLiteral("lastSale")][QStringLiteral("price")].toString(),
              QStringLiteral("2000000000000000000"));

    // Each order the other way round; those without the figure still last.
    EXPECT_EQ(ids(QStringLiteral("reverse=true")), (QList<qint64>{4, 3, 2, 1}));
    EXPECT_EQ(ids(QStringLiteral("sort=price&reverse=true")), (QList<qint64>{1, 2, 3, 4}))
        << "dearest first, the unlisted still last";
    EXPECT_EQ(ids(QStringLiteral("sort=listed&reverse=true")), (QList<qint64>{2, 3, 1, 4}));
    // A price range in wei keeps what is listed within it, bounds included.
    EXPECT_EQ(ids(QStringLiteral("sort=price&minPrice=1000000000000000001&maxPrice=") +
                  amountToString(gif(5))),
              (QList<qint64>{2, 1}));
    EXPECT_EQ(ids(QStringLiteral("maxPrice=") + amountToString(gif(1))), (QList<qint64>{3}));

    for (const QString &bad : {QStringLiteral("sort=cheapest"), QStringLiteral("listed=yes"),
                               QStringLiteral("reverse=1"), QStringLiteral("minPrice=1.5"),
                               QStringLiteral("maxPrice=-1"), QStringLiteral("anyTrait=NoColon")}) {
        const HttpResult r = d.get(QStringLiteral("/v1/objects?collection=market&") + bad);
        EXPECT_EQ(r.status, 400) << bad.toStdString();
    }
}

// Values of one trait asked with anyTrait= are alternatives; names all hold,
// beside the protocol's trait=.
TEST(RestMarket, AnyTraitTakesSeveralValuesOfOneTrait)
{
    DevnetHarness d(DevnetHarness::fastConfig(4, 0.1, false));
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    TxFactory f;
    const QString slug = QStringLiteral("moods");
    d.sendAndWait(f.createCollection(6, slug));
    const QList<QPair<QString, QString>> traits{{QStringLiteral("Calm"), QStringLiteral("big")},
                                                {QStringLiteral("Wild"), QStringLiteral("big")},
                                                {QStringLiteral("Calm"), QStringLiteral("small")},
                                                {QStringLiteral("Sleepy"), QStringLiteral("big")}};
    std::uint64_t id = 0;
    for (const auto &[mood, size] : traits)
        d.sendAndWait(f.mint(6, slug, ++id, TxFactory::dev(6), TxFactory::smallGif(),
                             {{QStringLiteral("Mood"), mood}, {QStringLiteral("Size"), size}}));
    auto ids = [&](const QString &query) {
        const HttpResult r = d.get(QStringLiteral("/v1/objects?collection=moods&") + query);
        EXPECT_EQ(r.status, 200) << query.toStdString() << r.body.constData();
        return tokenIds(r);
    };
    EXPECT_EQ(ids(QStringLiteral("anyTrait=Mood:Calm&anyTrait=Mood:Wild")),
              (QList<qint64>{1, 2, 3}));
    EXPECT_EQ(ids(QStringLiteral("anyTrait=Mood:Calm&anyTrait=Mood:Wild&anyTrait=Size:big")),
              (QList<qint64>{1, 2}))
        << "one group per name, every group holds";
    EXPECT_EQ(ids(QStringLiteral("anyTrait=Mood:Calm&anyTrait=Mood:Sleepy&trait=Size:small")),
              (QList<qint64>{3}));
    EXPECT_EQ(ids(QStringLiteral("anyTrait=Mood:Calm&sort=id&reverse=true")),
              (QList<qint64>{3, 1}));
}
