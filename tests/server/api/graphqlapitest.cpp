// The devnet's /graphql over loopback: GraphQL over HTTP as its draft
// says, the same records as REST at the same height, time travel, cursors
// pinned across new blocks, and limits named.
#include "core/base/bytes.h"
#include "tests/support/manualclock.h"
#include "tests/support/shareddevnet.h"
#include "tests/support/txfactory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QUrlQuery>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

class GraphqlApi : public SharedDevnet<GraphqlApi>
{
public:
    static server::ServerConfig config() { return DevnetHarness::fastConfig(40, 0.1, true); }
    static constexpr std::uint64_t kHeight = 3;

protected:
    HttpResult post(const QString &query, const QJsonObject &variables = {},
                    const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        QJsonObject body{{QStringLiteral("query"), query}};
        if (!variables.isEmpty())
            body.insert(QStringLiteral("variables"), variables);
        return d().http().post(d().rest(QStringLiteral("/graphql")),
                               QJsonDocument(body).toJson(QJsonDocument::Compact), headers);
    }

public:
    static QString messages(const HttpResult &r)
    {
        QStringList out;
        for (const auto &e : r.json().value(QStringLiteral("errors")).toArray())
            out.append(e[QStringLiteral("message")].toString());
        return out.join(u'\n');
    }
};

} // namespace

TEST_F(GraphqlApi, OneRequestAnswersWhatRestAnswersAtTheSameHeight)
{
    const HttpResult r = post(QStringLiteral(R"(query($h: Int) {
        head { height hash }
        object(slug: "pixel-cats", tokenId: 1, height: $h) { key owner rarityRank traits { trait value } listing { price } }
        collection(slug: "pixel-cats", height: $h) { slug items traitCounts { trait value count } }
    })"),
                              QJsonObject{{QStringLiteral("h"), 2}});
    ASSERT_EQ(r.status, 200) << r.body.constData();
    EXPECT_TRUE(r.header("Content-Type").startsWith("application/json"));
    ASSERT_FALSE(r.json().contains(QStringLiteral("errors"))) << messages(r).toStdString();
    const QJsonObject data = r.json()[QStringLiteral("data")].toObject();
    EXPECT_EQ(r.json()[QStringLiteral("extensions")][QStringLiteral("height")].toInteger(), 2);
    EXPECT_EQ(r.header("X-Block-Height"), "2");

    const QJsonObject rest =
        d().get(QStringLiteral("/v1/objects/pixel-cats/1?height=2")).data().toObject();
    const QJsonObject object = data[QStringLiteral("object")].toObject();
    for (const char *key : {"key", "owner", "rarityRank", "traits"})
        EXPECT_EQ(object[QLatin1String(key)], rest[QLatin1String(key)]) << key;
    const QJsonObject traits =
        d().get(QStringLiteral("/v1/collections/pixel-cats/traits?height=2")).data().toObject();
    EXPECT_EQ(data[QStringLiteral("collection")][QStringLiteral("items")].toInteger(),
              traits[QStringLiteral("items")].toInteger());
    EXPECT_EQ(data[QStringLiteral("collection")][QStringLiteral("traitCounts")].toArray(),
              traits[QStringLiteral("values")].toArray());
    EXPECT_GE(data[QStringLiteral("head")][QStringLiteral("height")].toInteger(), 3);

    // Blocks newest first from the height asked, as REST's /blocks pages them.
    const HttpResult blocks =
        post(QStringLiteral("{ blocks(first: 3, height: 2) { nodes { height hash } } }"));
    ASSERT_FALSE(blocks.json().contains(QStringLiteral("errors")))
        << messages(blocks).toStdString();
    const QJsonArray nodes =
        blocks.json()[QStringLiteral("data")][QStringLiteral("blocks")][QStringLiteral("nodes")]
            .toArray();
    ASSERT_EQ(nodes.size(), 3);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(nodes[i][QStringLiteral("height")].toInteger(), 2 - i);
        EXPECT_EQ(nodes[i][QStringLiteral("hash")].toString(),
                  d().get(QStringLiteral("/v1/blocks/%1").arg(2 - i))
                      .data()[QStringLiteral("hash")]
                      .toString());
    }
}

// A collection's holders: every object counted once, for its holder (the
// seller of a listed one), most first.
TEST_F(GraphqlApi, HoldersOfACollectionAddUpToItsItems)
{
    const HttpResult r = post(
        QStringLiteral("{ collection(slug: \"pixel-cats\") { items owners holders(first: 100) { "
                       "nodes { owner count } pageInfo { hasNextPage } } } }"));
    ASSERT_FALSE(r.json().contains(QStringLiteral("errors"))) << messages(r).toStdString();
    const QJsonObject c = r.json()[QStringLiteral("data")][QStringLiteral("collection")].toObject();
    const QJsonArray holders = c[QStringLiteral("holders")][QStringLiteral("nodes")].toArray();
    ASSERT_FALSE(holders.isEmpty());
    qint64 total = 0, previous = std::numeric_limits<qint64>::max();
    for (const auto &h : holders) {
        const qint64 n = h[QStringLiteral("count")].toInteger();
        EXPECT_LE(n, previous) << "most first";
        previous = n;
        total += n;
    }
    EXPECT_EQ(total, c[QStringLiteral("items")].toInteger());
    EXPECT_EQ(holders.size(), c[QStringLiteral("owners")].toInteger());

    // The same through the collections list: each its own holders.
    const HttpResult list = post(QStringLiteral("{ collections(first: 20) { nodes { slug items "
                                                "holders(first: 50) { nodes { count } } } } }"));
    ASSERT_FALSE(list.json().contains(QStringLiteral("errors"))) << messages(list).toStdString();
    for (const auto &node :
         list.json()[QStringLiteral("data")][QStringLiteral("collections")][QStringLiteral("nodes")]
             .toArray()) {
        qint64 sum = 0;
        for (const auto &h : node[QStringLiteral("holders")][QStringLiteral("nodes")].toArray())
            sum += h[QStringLiteral("count")].toInteger();
        EXPECT_EQ(sum, node[QStringLiteral("items")].toInteger())
            << node[QStringLiteral("slug")].toString().toStdString();
    }
}

TEST_F(GraphqlApi, PagesArePinnedToTheirFirstHeightAsRestsAre)
{
    const QString query = QStringLiteral(R"(query($after: String) {
        objects(collection: "pixel-cats", first: 2, after: $after) {
          edges { cursor node { key owner } } pageInfo { endCursor hasNextPage } } })");
    HttpResult page = post(query);
    ASSERT_EQ(page.status, 200);
    const qint64 height =
        page.json()[QStringLiteral("extensions")][QStringLiteral("height")].toInteger();
    QStringList keys;
    for (;;) {
        const QJsonObject objects =
            page.json()[QStringLiteral("data")][QStringLiteral("objects")].toObject();
        for (const auto &e : objects[QStringLiteral("edges")].toArray())
            keys.append(e[QStringLiteral("node")][QStringLiteral("key")].toString());
        if (!objects[QStringLiteral("pageInfo")][QStringLiteral("hasNextPage")].toBool())
            break;
        // Traffic makes blocks meanwhile: the next page still reads `height`.
        ASSERT_TRUE(d().waitForHeight(static_cast<std::uint64_t>(height) + 1));
        page = post(query, {{QStringLiteral("after"),
                             objects[QStringLiteral("pageInfo")][QStringLiteral("endCursor")]}});
        ASSERT_FALSE(page.json().contains(QStringLiteral("errors")))
            << messages(page).toStdString();
        // And says so: the height it was read at, not the head.
        EXPECT_EQ(page.json()[QStringLiteral("extensions")][QStringLiteral("height")].toInteger(),
                  height);
    }
    QStringList rest;
    QString cursor;
    do {
        const HttpResult r =
            d().get(QStringLiteral("/v1/objects?collection=pixel-cats&limit=100") +
                    (cursor.isEmpty() ? QString() : QStringLiteral("&cursor=") + cursor));
        for (const auto &o : r.data().toArray())
            rest.append(o[QStringLiteral("key")].toString());
        cursor = r.json()[QStringLiteral("cursor")].toString();
    } while (!cursor.isEmpty());
    // REST at the head may have more (mints since): the pinned walk is a prefix.
    ASSERT_GT(keys.size(), 2) << "the walk took more than one page";
    ASSERT_LE(keys.size(), rest.size());
    EXPECT_EQ(keys, rest.mid(0, keys.size()));
}

TEST_F(GraphqlApi, HttpAsTheDraftSaysAndErrorsWithPaths)
{
    // GET with query parameters.
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("query"), QStringLiteral("{ head { height } }"));
    HttpResult r = d().get(QStringLiteral("/graphql?") + q.toString(QUrl::FullyEncoded));
    ASSERT_EQ(r.status, 200) << r.body.constData();
    EXPECT_TRUE(r.json()[QStringLiteral("data")][QStringLiteral("head")].isObject());
    // As a form writes it (URLSearchParams): '+' for spaces, %2B for a plus.
    r = d().get(QStringLiteral("/graphql?query={+head+{+height+}+}"));
    ASSERT_EQ(r.status, 200) << r.body.constData();
    EXPECT_TRUE(r.json()[QStringLiteral("data")][QStringLiteral("head")].isObject());
    // A syntax error: 400 in the newer media type, 200 in application/json.
    r = post(
        QStringLiteral("{ head { "), {},
        {{QByteArrayLiteral("Accept"), QByteArrayLiteral("application/graphql-response+json")}});
    EXPECT_EQ(r.status, 400);
    EXPECT_TRUE(r.header("Content-Type").startsWith("application/graphql-response+json"));
    EXPECT_TRUE(messages(r).startsWith(QStringLiteral("Syntax Error")));
    r = post(QStringLiteral("{ head { "));
    EXPECT_EQ(r.status, 200);
    EXPECT_FALSE(r.json().contains(QStringLiteral("data")));
    r = d().http().post(d().rest(QStringLiteral("/graphql")),
                        QByteArrayLiteral("{ head { height } }"),
                        {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("text/plain")}});
    EXPECT_EQ(r.status, 415);
    QUrlQuery mutation;
    mutation.addQueryItem(QStringLiteral("query"), QStringLiteral("mutation { head { height } }"));
    r = d().get(QStringLiteral("/graphql?") + mutation.toString(QUrl::FullyEncoded));
    EXPECT_EQ(r.status, 405) << "GET is for queries";
    EXPECT_EQ(r.header("Allow"), "POST");
    r = d().http().send("PUT", d().rest(QStringLiteral("/graphql")), QByteArray());
    EXPECT_EQ(r.status, 405);
    EXPECT_EQ(r.header("Allow"), "GET, POST");
    // A height beyond the head: that field null, its error at its path.
    r = post(QStringLiteral(
        "{ head { height } object(slug: \"pixel-cats\", tokenId: 1, height: 99999999) { key } }"));
    ASSERT_EQ(r.status, 200);
    EXPECT_TRUE(r.json()[QStringLiteral("data")][QStringLiteral("object")].isNull());
    EXPECT_TRUE(r.json()[QStringLiteral("data")][QStringLiteral("head")].isObject());
    const QJsonObject e = r.json()[QStringLiteral("errors")][0].toObject();
    EXPECT_TRUE(
        e[QStringLiteral("message")].toString().contains(QStringLiteral("beyond the head")));
    EXPECT_EQ(e[QStringLiteral("path")].toArray(), QJsonArray{QStringLiteral("object")});
    // Limits are named.
    r = post(QStringLiteral("{ objects(first: 101) { nodes { key } } }"));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("first limit"))) << messages(r).toStdString();
    // An address with a final newline is no address (not a filter dropped).
    r = post(
        QStringLiteral("query($a: Address!) { wallet(address: $a) { balance } }"),
        {{QStringLiteral("a"), QStringLiteral("0x0000000000000000000000000000000000000001\n")}});
    EXPECT_FALSE(r.json().contains(QStringLiteral("data")));
    EXPECT_TRUE(messages(r).contains(QStringLiteral("Address"))) << messages(r).toStdString();
}

// An object's whole history and a transaction with its receipt: what the
// explorer's object page and transaction page need, each in one request.
TEST_F(GraphqlApi, AnObjectsHistoryAndATransactionAsRestHasThem)
{
    // The newest sale or transfer of the traffic, and its object.
    QJsonObject entry;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const QJsonArray feed =
                d().get(QStringLiteral("/v1/activity?type=sale,transfer&limit=1")).data().toArray();
            entry = feed.isEmpty() ? QJsonObject() : feed.first().toObject();
            return !entry.isEmpty();
        },
        15000));
    const QString slug = entry[QStringLiteral("slug")].toString();
    const qint64 tokenId = entry[QStringLiteral("tokenId")].toInteger();
    const QString key = entry[QStringLiteral("key")].toString();
    const qint64 height = entry[QStringLiteral("height")].toInteger();
    const QString query =
        QStringLiteral(R"(query($slug: String!, $id: TokenId!, $tx: Hash!, $h: Int) {
        object(slug: $slug, tokenId: $id, height: $h) {
          history(first: 100) { nodes { id type from to price txHash height } pageInfo { hasNextPage } }
        }
        transaction(hash: $tx, height: $h) {
          hash from nonce kind gasPrice gasLimit to slug tokenId key price maxPrice blockHeight blockHash index
          receipt { status error gasUsed fee blockHeight index events { type key from to price } }
        }
    })");
    const QJsonObject variables{{QStringLiteral("slug"), slug},
                                {QStringLiteral("id"), tokenId},
                                {QStringLiteral("tx"), entry[QStringLiteral("txHash")]},
                                {QStringLiteral("h"), height}};
    const HttpResult r = post(query, variables);
    ASSERT_FALSE(r.json().contains(QStringLiteral("errors"))) << messages(r).toStdString();
    const QJsonObject data = r.json()[QStringLiteral("data")].toObject();

    // The history is the collection's feed, picked for this object, at that height.
    QJsonArray fromRest;
    QString cursor;
    do {
        const HttpResult page =
            d().get(QStringLiteral("/v1/activity?collection=%1&limit=100&height=%2%3")
                        .arg(slug)
                        .arg(height)
                        .arg(cursor.isEmpty() ? QString() : QStringLiteral("&cursor=") + cursor));
        for (const auto &e : page.data().toArray()) {
            if (e[QStringLiteral("key")].toString() == key)
                fromRest.append(e);
        }
        cursor = page.json()[QStringLiteral("cursor")].toString();
    } while (!cursor.isEmpty());
    const QJsonArray history =
        data[QStringLiteral("object")][QStringLiteral("history")][QStringLiteral("nodes")]
            .toArray();
    ASSERT_EQ(history.size(), fromRest.size());
    ASSERT_FALSE(history.isEmpty());
    for (qsizetype i = 0; i < history.size(); ++i) {
        for (const char *field : {"id", "type", "from", "to", "price", "txHash", "height"})
            EXPECT_EQ(history[i][QLatin1String(field)], fromRest[i][QLatin1String(field)])
                << i << " " << field;
    }
    EXPECT_EQ(history.first()[QStringLiteral("txHash")], entry[QStringLiteral("txHash")]);

    const QJsonObject rest =
        d().get(QStringLiteral("/v1/txs/") + entry[QStringLiteral("txHash")].toString())
            .data()
            .toObject();
    const QJsonObject tx = data[QStringLiteral("transaction")].toObject();
    const QJsonObject restTx = rest[QStringLiteral("transaction")].toObject();
    for (auto it = tx.begin(); it != tx.end(); ++it) {
        if (it.key() != QLatin1String("receipt")) {
            EXPECT_EQ(it.value(),
                      restTx.value(it.key()).isUndefined() ? QJsonValue() : restTx.value(it.key()))
                << it.key().toStdString();
        }
    }
    EXPECT_EQ(tx[QStringLiteral("receipt")], rest[QStringLiteral("receipt")]);

    // A block earlier the transaction was not yet mined, and the history
    // stops before it.
    QJsonObject earlier = variables;
    earlier.insert(QStringLiteral("h"), height - 1);
    const HttpResult before = post(query, earlier);
    ASSERT_FALSE(before.json().contains(QStringLiteral("errors")))
        << messages(before).toStdString();
    EXPECT_TRUE(before.json()[QStringLiteral("data")][QStringLiteral("transaction")].isNull());
    for (const auto &e : before
                             .json()[QStringLiteral("data")][QStringLiteral("object")]
                                    [QStringLiteral("history")][QStringLiteral("nodes")]
                             .toArray())
        EXPECT_LT(e[QStringLiteral("height")].toInteger(), height);
    // An unknown hash is null, not an error.
    const HttpResult unknown = post(QStringLiteral(
        R"({ transaction(hash: "0x0000000000000000000000000000000000000000000000000000000000000001") { hash } })"));
    EXPECT_TRUE(unknown.json()[QStringLiteral("data")][QStringLiteral("transaction")].isNull());
    EXPECT_FALSE(unknown.json().contains(QStringLiteral("errors")));
    // A hash of the wrong length is refused before anything runs.
    const HttpResult malformed = post(QStringLiteral(R"({ transaction(hash: "0x01") { hash } })"));
    EXPECT_FALSE(malformed.json().contains(QStringLiteral("data")));
    EXPECT_EQ(messages(malformed),
              QStringLiteral("Expected value of type \"Hash\", found \"0x01\"."));
}

namespace {
QString aliases(int n, const QString &field)
{
    QString q = QStringLiteral("{");
    for (int i = 0; i < n; ++i)
        q += QStringLiteral(" a%1: %2").arg(i).arg(field);
    return q + QStringLiteral(" }");
}
} // namespace

// The attacker's query: 1,400 aliases of a listed-objects scan, 2,800 nodes
// by field count, held the node ~3.4 s. A scan weighs the objects it reads,
// and a query pays a rate-limit token per 100 nodes of its cost.
TEST(GraphqlCost, AScanWeighsWhatItReadsAndACostlyQueryPaysForIt)
{
    auto config = DevnetHarness::fastConfig(40, 1.0, false);
    config.rateLimit = true;
    config.rate = 1;
    config.burst = 100; // a token for the query refused first, 2 × 47, and 5 over
    ManualClock clock;  // tokens come back only when the test says so
    config.clock = &clock;
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
    // alone read a page from the listings' indexes since 1bc8711). The
    // trait as a variable: the query stays under the size limit.
    auto postScans = [&](const QString &query) {
        const QJsonArray traits{QJsonObject{{QStringLiteral("trait"), QStringLiteral("Shape")},
                                            {QStringLiteral("value"), QStringLiteral("0")}}};
        return d.http().post(
            d.rest(QStringLiteral("/graphql")),
            QJsonDocument(QJsonObject{{QStringLiteral("query"),
                                       QString(QStringLiteral("query($t: [TraitInput!])") + query)},
                                      {QStringLiteral("variables"),
                                       QJsonObject{{QStringLiteral("t"), traits}}}})
                .toJson(QJsonDocument::Compact));
    };
    const QString listedScan = QStringLiteral("objects(listed:true,traits:$t,first:1){__typename}");
    // 1,000 listed scans of 40 objects: 2,000 fields and 1,000 traits, but
    // 11,000 nodes read.
    HttpResult r = postScans(aliases(1000, listedScan));
    EXPECT_FALSE(r.json().contains(QStringLiteral("data")));
    EXPECT_EQ(GraphqlApi::messages(r),
              QStringLiteral("The query may touch 13000 nodes, over the cost limit of 5000."));
    // 360 of them (4,680 nodes) run, and take 47 tokens each.
    r = postScans(aliases(360, listedScan));
    ASSERT_EQ(r.status, 200) << r.body.left(300).constData();
    EXPECT_TRUE(r.json()[QStringLiteral("data")].isObject())
        << GraphqlApi::messages(r).toStdString();
    r = postScans(aliases(360, listedScan));
    ASSERT_EQ(r.status, 200) << GraphqlApi::messages(r).toStdString();
    // The third finds four tokens after its own: told to wait, in GraphQL's shape.
    r = postScans(aliases(360, listedScan));
    EXPECT_EQ(r.status, 429);
    EXPECT_EQ(r.header("Retry-After"), "42");
    EXPECT_TRUE(GraphqlApi::messages(r).startsWith(
        QStringLiteral("The query may touch 4680 nodes, which take 47 rate-limit tokens")))
        << GraphqlApi::messages(r).toStdString();
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
    ASSERT_TRUE(r.json()[QStringLiteral("data")].isObject())
        << GraphqlApi::messages(r).toStdString();
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
    EXPECT_EQ(GraphqlApi::messages(r),
              QStringLiteral("The query may touch 5004 nodes, over the cost limit of 5000."))
        << "1,112 × (1 + 40/16 + 1)";
    r = postOwned(1100);
    EXPECT_FALSE(GraphqlApi::messages(r).contains(QStringLiteral("cost limit")))
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
    const QJsonArray traits{QJsonObject{{QStringLiteral("trait"), QStringLiteral("Shape")},
                                        {QStringLiteral("value"), QStringLiteral("0")}}};
    // 400 listed scans of 40 objects weigh 5,200 nodes, over the limit;
    // refused, 400 nodes and their traits.
    for (const QString &refused :
         {QStringLiteral("height:999999"), QStringLiteral("after:\"x\"")}) {
        const QString scan =
            QStringLiteral("objects(listed:true,traits:$t,first:1,%1){__typename}").arg(refused);
        const HttpResult r = d.http().post(
            d.rest(QStringLiteral("/graphql")),
            QJsonDocument(
                QJsonObject{
                    {QStringLiteral("query"),
                     QString(QStringLiteral("query($t: [TraitInput!])") + aliases(400, scan))},
                    {QStringLiteral("variables"), QJsonObject{{QStringLiteral("t"), traits}}}})
                .toJson(QJsonDocument::Compact));
        EXPECT_FALSE(GraphqlApi::messages(r).contains(QStringLiteral("cost limit")))
            << refused.toStdString() << ": " << GraphqlApi::messages(r).left(200).toStdString();
        EXPECT_TRUE(GraphqlApi::messages(r).contains(QStringLiteral("beyond the head")) ||
                    GraphqlApi::messages(r).contains(QStringLiteral("not a cursor")))
            << refused.toStdString() << ": " << GraphqlApi::messages(r).left(200).toStdString();
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
    EXPECT_TRUE(GraphqlApi::messages(many).contains(QStringLiteral("over the cost limit")))
        << GraphqlApi::messages(many).toStdString();
}
