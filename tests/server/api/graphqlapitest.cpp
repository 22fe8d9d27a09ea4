// The devnet's /graphql over loopback: GraphQL over HTTP as its draft
// says, the same records as REST at the same height, time travel, cursors
// pinned across new blocks, and limits named.
#include "core/base/bytes.h"
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
        // A list reads at the head (only its cursor pins a height), and the
        // traffic may have sold the object again since `height`: what came
        // after is not the history at that height.
        for (const auto &e : page.data().toArray()) {
            if (e[QStringLiteral("key")].toString() == key &&
                e[QStringLiteral("height")].toInteger() <= height)
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
