// GraphQL's price over loopback: a query weighs what it reads (a scan the
// objects of its scope, a page its rows, a list argument its length), a
// refused list one node, and a costly query pays rate-limit tokens for it
// or is refused over the cost limit, in GraphQL's shape.
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QString aliases(int n, const QString &field)
{
    QString q = QStringLiteral("{");
    for (int i = 0; i < n; ++i)
        q += QStringLiteral(" a%1: %2").arg(i).arg(field);
    return q + QStringLiteral(" }");
}

QString errorMessages(const HttpResult &r)
{
    QStringList out;
    for (const auto &e : r.json().value(QStringLiteral("errors")).toArray())
        out.append(e[QStringLiteral("message")].toString());
    return out.join(u'\n');
}

// `query` (its selections) with the trait Shape:0 as its variable $t: a
// trait asked of the listed reads every object's version, and as a
// variable it keeps a query of many aliases under the size limit.
HttpResult postWithShapeTrait(DevnetHarness &d, const QString &query)
{
    const QJsonArray traits{QJsonObject{{QStringLiteral("trait"), QStringLiteral("Shape")},
                                        {QStringLiteral("value"), QStringLiteral("0")}}};
    return d.http().post(
        d.rest(QStringLiteral("/graphql")),
        QJsonDocument(
            QJsonObject{{QStringLiteral("query"),
                         QString(QStringLiteral("query($t: [TraitInput!])") + query)},
                        {QStringLiteral("variables"), QJsonObject{{QStringLiteral("t"), traits}}}})
            .toJson(QJsonDocument::Compact));
}

} // namespace

// The attacker's query: 1,400 aliases of a listed-objects scan, 2,800 nodes
// by field count, held the node ~3.4 s. A scan weighs the objects it reads,
// and a query pays a rate-limit token per 100 nodes of its cost.
TEST(GraphqlCost, AScanWeighsWhatItReadsAndACostlyQueryPaysForIt)
{
    ManualClock clock; // tokens come back only when the test says so
    // Bursts of 100: a token for the query refused first, 2 × 47, and 5 over.
    auto config = DevnetHarness::rateLimitedConfig(40, 1.0, 1, 100, &clock);
    // Tokens and nodes are counted here, not time: on a loaded machine under
    // ASan the 400 scans let through must not be cut at 250 ms.
    config.requestBudgetMs = 10000;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    auto post = [&](const QString &query) {
        return d.http().post(d.rest(QStringLiteral("/graphql")),
                             QJsonDocument(QJsonObject{{QStringLiteral("query"), query}})
                                 .toJson(QJsonDocument::Compact));
    };
    // A trait asked of the listed: every object's version read (the listed
    // alone read a page from the listings' indexes since 1bc8711).
    auto postScans = [&](const QString &query) { return postWithShapeTrait(d, query); };
    const QString listedScan = QStringLiteral("objects(listed:true,traits:$t,first:1){__typename}");
    // 1,000 listed scans of 40 objects: 2,000 fields and 1,000 traits, but
    // 11,000 nodes read.
    HttpResult r = postScans(aliases(1000, listedScan));
    EXPECT_FALSE(r.json().contains(QStringLiteral("data")));
    EXPECT_EQ(errorMessages(r),
              QStringLiteral("The query may touch 13000 nodes, over the cost limit of 5000."));
    // 360 of them (4,680 nodes) run, and take 47 tokens each.
    r = postScans(aliases(360, listedScan));
    ASSERT_EQ(r.status, 200) << r.body.left(300).constData();
    EXPECT_TRUE(r.json()[QStringLiteral("data")].isObject()) << errorMessages(r).toStdString();
    r = postScans(aliases(360, listedScan));
    ASSERT_EQ(r.status, 200) << errorMessages(r).toStdString();
    // The third finds four tokens after its own: told to wait, in GraphQL's shape.
    r = postScans(aliases(360, listedScan));
    EXPECT_EQ(r.status, 429);
    EXPECT_EQ(r.header("Retry-After"), "42");
    EXPECT_TRUE(errorMessages(r).startsWith(
        QStringLiteral("The query may touch 4680 nodes, which take 47 rate-limit tokens")))
        << errorMessages(r).toStdString();
    // What the refusal did not take is still there for a plain request.
    EXPECT_EQ(d.get(QStringLiteral("/v1/blocks")).status, 200);
    clock.advance(100000);
    // Holders read every object of a collection not known beforehand: the
    // largest one's, at the head. The cost is told in the extensions.
    qint64 largest = 0;
    for (const QJsonValue &c : d.get(QStringLiteral("/v1/collections?limit=100")).data().toArray())
        largest = std::max(largest, c[QStringLiteral("items")].toInteger());
    ASSERT_GT(largest, 0);
    r = post(QStringLiteral(
        "{ collection(slug: \"pixel-cats\") { holders(first: 1) { __typename } } }"));
    ASSERT_TRUE(r.json()[QStringLiteral("data")].isObject()) << errorMessages(r).toStdString();
    EXPECT_EQ(r.json()[QStringLiteral("extensions")][QStringLiteral("cost")].toDouble(),
              std::ceil(3 + static_cast<double>(largest) / 4))
        << "largest collection: " << largest;
    // A list read as a page pays for the page (its `first` and one more):
    // by last sale, four sales an object; by rarity, its rows, and the
    // objects of a collection it needs ranked until their ranks are made
    // (ten aliases: a small collection's share shows through the rounding).
    double cats = 0;
    for (const QJsonValue &c : d.get(QStringLiteral("/v1/collections?limit=100")).data().toArray())
        if (c[QStringLiteral("slug")].toString() == QLatin1String("pixel-cats"))
            cats = c[QStringLiteral("items")].toDouble();
    ASSERT_GT(cats, 0);
    auto costOf = [&](const QString &query) {
        return post(query).json()[QStringLiteral("extensions")][QStringLiteral("cost")].toDouble();
    };
    EXPECT_EQ(costOf(QStringLiteral("{ objects(sort: LAST_SALE, first: 1) { __typename } }")),
              std::ceil(1 + 2.0 * 4 / 16 + 1));
    const QString byRarity = QStringLiteral(
        "objects(collection: \"pixel-cats\", sort: RARITY, first: %1) { __typename }");
    EXPECT_EQ(costOf(aliases(10, byRarity.arg(1))), std::ceil(10 * (1 + 2.0 / 16 + cats / 16 + 1)));
    // (What a connection's page holds counts once an entry: `__typename`
    // twice for `first: 2`.)
    EXPECT_EQ(costOf(aliases(10, byRarity.arg(2))), std::ceil(10 * (1 + 3.0 / 16 + 2)))
        << "its ranks are made";
    // Cheap scans (rows only, as an owner's list in id order) weigh less:
    // 16 objects to a node. Told before anything runs, so however long it
    // would take.
    // The owner as a variable: the query stays under the size limit.
    const QString owner = d.firstObject()[QStringLiteral("owner")].toString();
    auto postOwned = [&](int n) {
        const QString q = QStringLiteral("query($o: Address)") +
                          aliases(n, QStringLiteral("objects(owner:$o,first:1){__typename}"));
        return d.http().post(d.rest(QStringLiteral("/graphql")),
                             QJsonDocument(QJsonObject{{QStringLiteral("query"), q},
                                                       {QStringLiteral("variables"),
                                                        QJsonObject{{QStringLiteral("o"), owner}}}})
                                 .toJson(QJsonDocument::Compact));
    };
    r = postOwned(1112);
    EXPECT_EQ(errorMessages(r),
              QStringLiteral("The query may touch 5004 nodes, over the cost limit of 5000."))
        << "1,112 × (1 + 40/16 + 1)";
    r = postOwned(1100);
    EXPECT_FALSE(errorMessages(r).contains(QStringLiteral("cost limit")))
        << "1,100 × (1 + 40/16 + 1) = 4,950 nodes";
}

// A list is weighed from its arguments as its resolution reads them: one
// it refuses (a height past the head, a cursor no node issued) is a node,
// not the scan it names, so the query is told what is wrong with it rather
// than that it costs too much.
TEST(GraphqlCost, ARefusedListWeighsOneNode)
{
    DevnetHarness d(DevnetHarness::fastConfig(40, 1.0, false));
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    // 400 listed scans of 40 objects weigh 5,200 nodes, over the limit;
    // refused, 400 nodes and their traits.
    for (const QString &refused :
         {QStringLiteral("height:999999"), QStringLiteral("after:\"x\"")}) {
        const QString scan =
            QStringLiteral("objects(listed:true,traits:$t,first:1,%1){__typename}").arg(refused);
        const HttpResult r = postWithShapeTrait(d, aliases(400, scan));
        EXPECT_FALSE(errorMessages(r).contains(QStringLiteral("cost limit")))
            << refused.toStdString() << ": " << errorMessages(r).left(200).toStdString();
        EXPECT_TRUE(errorMessages(r).contains(QStringLiteral("beyond the head")) ||
                    errorMessages(r).contains(QStringLiteral("not a cursor")))
            << refused.toStdString() << ": " << errorMessages(r).left(200).toStdString();
    }
}

// A list argument's length has a price: activity(types: [MINT × 6000]) is
// refused over the cost limit before it runs, and each element is paid for
// (before, any length cost 4, and each made a new statement).
TEST(GraphqlLimits, AListArgumentsLengthIsPaidFor)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 1.0, false));
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    auto post = [&](int types) {
        QStringList list;
        for (int i = 0; i < types; ++i)
            list << QStringLiteral("MINT");
        const QString query = QStringLiteral("{ activity(types: [%1], first: 1) { __typename } }")
                                  .arg(list.join(u','));
        return d.http().post(d.rest(QStringLiteral("/graphql")),
                             QJsonDocument(QJsonObject{{QStringLiteral("query"), query}})
                                 .toJson(QJsonDocument::Compact));
    };
    const HttpResult few = post(3);
    ASSERT_EQ(few.status, 200) << few.body.left(300).constData();
    EXPECT_TRUE(few.json()[QStringLiteral("data")].isObject());
    const HttpResult many = post(6000);
    EXPECT_FALSE(many.json().contains(QStringLiteral("data")));
    EXPECT_TRUE(errorMessages(many).contains(QStringLiteral("over the cost limit")))
        << errorMessages(many).toStdString();
}
