// Requests whose work grows with the chain, each for one token before:
// a forged cursor's offset made /v1/activity skip millions of rows (228 ms a
// request on a 100,000-object chain), and REST's sort=price read every
// object's version (1.6 s). Now the feed is paged by key, REST's object
// lists pay for what they read as GraphQL's do, and a scan past the
// request's time budget is cut by the store, not waited for.
#include "server/api/pagecursor.h"
#include "server/node/nodeserver.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"

#include <QTest>
#include <QUrlQuery>
#include <gtest/gtest.h>
#include <set>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QString cursorText(const QByteArray &plain)
{
    return QString::fromLatin1(
        plain.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

QString errorMessage(const HttpResult &r)
{
    return r.json()[QStringLiteral("error")][QStringLiteral("message")].toString();
}

} // namespace

TEST(Scans, TheFeedIsPagedByKeyAndNoCursorMakesAPageReadMore)
{
    // No traffic: the genesis's 40 mints are the whole feed.
    DevnetHarness d(DevnetHarness::fastConfig(40, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QJsonArray everything = d.get(QStringLiteral("/v1/activity?limit=100")).data().toArray();
    ASSERT_EQ(everything.size(), 40);
    // Walked seven at a time: the same entries, in order, each page keyed.
    QJsonArray walked;
    QString cursor;
    for (int page = 0; page < 10; ++page) {
        const HttpResult r =
            d.get(QStringLiteral("/v1/activity?limit=7") +
                  (cursor.isEmpty() ? QString() : QStringLiteral("&cursor=") + cursor));
        for (const QJsonValue &e : r.data().toArray())
            walked.append(e);
        cursor = r.json()[QStringLiteral("cursor")].toString();
        if (cursor.isEmpty())
            break;
        EXPECT_TRUE(server::PageCursor::decode(cursor)->key.has_value()) << "a keyed cursor";
    }
    EXPECT_EQ(walked, everything);
}

// Objects in id order, with filters that read nothing per object, are read
// a page at a time too: every page from where the last ended, either way
// round, with a trait; other orders keep offsets into the list they sort.
TEST(Scans, ObjectsInIdOrderArePagedByKey)
{
    DevnetHarness d(DevnetHarness::fastConfig(60, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QString slug = d.firstObject()[QStringLiteral("slug")].toString();
    for (const QString &list :
         {QStringLiteral("/v1/objects?"), QStringLiteral("/v1/objects?reverse=true&"),
          QStringLiteral("/v1/objects?collection=%1&").arg(slug)}) {
        const QJsonArray everything = d.get(list + QStringLiteral("limit=100")).data().toArray();
        ASSERT_GT(everything.size(), 8) << list.toStdString();
        QJsonArray walked;
        QString cursor;
        for (int page = 0; page < 20; ++page) {
            const HttpResult r =
                d.get(list + QStringLiteral("limit=7") +
                      (cursor.isEmpty() ? QString() : QStringLiteral("&cursor=") + cursor));
            ASSERT_EQ(r.status, 200) << r.body.constData();
            for (const QJsonValue &o : r.data().toArray())
                walked.append(o);
            cursor = r.json()[QStringLiteral("cursor")].toString();
            if (cursor.isEmpty())
                break;
            EXPECT_TRUE(server::PageCursor::decode(cursor)->key.has_value());
        }
        EXPECT_EQ(walked, everything) << list.toStdString();
    }
    // A market order's cursor is an offset; neither kind is taken for the other.
    const HttpResult byPrice = d.get(QStringLiteral("/v1/objects?sort=rarity&limit=5"));
    const QString offset = byPrice.json()[QStringLiteral("cursor")].toString();
    ASSERT_FALSE(offset.isEmpty());
    EXPECT_FALSE(server::PageCursor::decode(offset)->key.has_value());
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects?limit=5&cursor=") + offset).status, 400);
    const QString key =
        d.get(QStringLiteral("/v1/objects?limit=5")).json()[QStringLiteral("cursor")].toString();
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects?sort=rarity&limit=5&cursor=") + key).status, 400);
    // GraphQL's first page goes on over REST with its cursor.
    const HttpResult first = d.http().post(
        d.rest(QStringLiteral("/graphql")),
        R"({"query":"{ objects(first: 3) { nodes { key } pageInfo { endCursor } } }"})");
    const QJsonObject objects =
        first.json()[QStringLiteral("data")][QStringLiteral("objects")].toObject();
    const QJsonArray next =
        d.get(QStringLiteral("/v1/objects?limit=3&cursor=") +
              objects[QStringLiteral("pageInfo")][QStringLiteral("endCursor")].toString())
            .data()
            .toArray();
    const QJsonArray six = d.get(QStringLiteral("/v1/objects?limit=6")).data().toArray();
    ASSERT_EQ(next.size(), 3);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(objects[QStringLiteral("nodes")][i][QStringLiteral("key")],
                  six[i][QStringLiteral("key")]);
        EXPECT_EQ(next[i][QStringLiteral("key")], six[i + 3][QStringLiteral("key")]);
    }
}

TEST(Scans, ForgedFeedCursorsAreRefusedOrReadNoMore)
{
    DevnetHarness d(DevnetHarness::fastConfig(24, 5.0, false));
    ASSERT_TRUE(d.ok());
    const std::uint64_t head = d.head();
    // The offset kind, as every list had: not one this feed issues.
    HttpResult r = d.get(QStringLiteral("/v1/activity?cursor=") +
                         cursorText("p1:" + QByteArray::number(head) + ":99999999999"));
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(errorMessage(r), QStringLiteral("cursor is not one this node issued"));
    // A key past every entry reads the newest page; key 0 reads nothing.
    r = d.get(QStringLiteral("/v1/activity?limit=5&cursor=") +
              cursorText("p2:" + QByteArray::number(head) + ":18446744073709551615"));
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.data().toArray().size(), 5);
    r = d.get(QStringLiteral("/v1/activity?cursor=") +
              cursorText("p2:" + QByteArray::number(head) + ":0"));
    EXPECT_EQ(r.status, 200);
    EXPECT_TRUE(r.data().toArray().isEmpty());
    EXPECT_TRUE(r.json()[QStringLiteral("cursor")].isNull());
    // A keyed cursor on a list of the other kind is refused the same way.
    r = d.get(QStringLiteral("/v1/blocks?cursor=") +
              cursorText("p2:" + QByteArray::number(head) + ":3"));
    EXPECT_EQ(r.status, 400);
}

TEST(Scans, GraphqlsFeedGoesOnOverRestWithTheSameCursor)
{
    DevnetHarness d(DevnetHarness::fastConfig(24, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QByteArray query = R"({"query":"{ activity(first: 4) { edges { cursor node { id } } )"
                             R"(pageInfo { endCursor hasNextPage } } }"})";
    const HttpResult first = d.http().post(d.rest(QStringLiteral("/graphql")), query);
    const QJsonObject connection =
        first.json()[QStringLiteral("data")][QStringLiteral("activity")].toObject();
    ASSERT_TRUE(connection[QStringLiteral("pageInfo")][QStringLiteral("hasNextPage")].toBool());
    const QString end =
        connection[QStringLiteral("pageInfo")][QStringLiteral("endCursor")].toString();
    const QJsonArray edges = connection[QStringLiteral("edges")].toArray();
    EXPECT_EQ(edges.last()[QStringLiteral("cursor")].toString(), end);
    const QJsonArray rest = d.get(QStringLiteral("/v1/activity?limit=8")).data().toArray();
    const QJsonArray next =
        d.get(QStringLiteral("/v1/activity?limit=4&cursor=") + end).data().toArray();
    ASSERT_EQ(next.size(), 4);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(edges[i][QStringLiteral("node")][QStringLiteral("id")],
                  rest[i][QStringLiteral("id")]);
        EXPECT_EQ(next[i][QStringLiteral("id")], rest[i + 4][QStringLiteral("id")]);
    }
}

TEST(Scans, SeveralActivityTypesAsAnEncodedList)
{
    DevnetHarness d(DevnetHarness::fastConfig(24, 0.1, true));
    ASSERT_TRUE(d.ok());
    ASSERT_TRUE(d.waitForHeight(20, 30000));
    // What URLSearchParams writes: the comma as %2C.
    const HttpResult r = d.get(QStringLiteral("/v1/activity?type=sale%2Ctransfer&limit=100"));
    ASSERT_EQ(r.status, 200) << r.body.constData();
    std::set<QString> types;
    for (const QJsonValue &e : r.data().toArray())
        types.insert(e[QStringLiteral("type")].toString());
    EXPECT_FALSE(types.empty());
    for (const QString &t : types)
        EXPECT_TRUE(t == u"sale" || t == u"transfer") << t.toStdString();
}

TEST(Scans, RestsObjectListsPayForWhatTheyRead)
{
    ManualClock clock;
    auto config = DevnetHarness::rateLimitedConfig(400, 5.0, 1, 20, &clock);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    auto left = [&] {
        int n = 0;
        while (n < 100 && d.get(QStringLiteral("/v1/mempool")).status == 200)
            ++n;
        clock.advance(1'000'000);
        return n;
    };
    const int full = left();
    ASSERT_EQ(full, 20);
    // 400 objects, each one's version read (a trait asked): 101 nodes, two
    // tokens.
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects?sort=price&trait=Shape:0&limit=1")).status, 200);
    EXPECT_EQ(full - left(), 2);
    // Their rows only: 26 nodes, the request's own token.
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects?limit=1")).status, 200);
    EXPECT_EQ(full - left(), 1);
    // Priced as its handler reads it: what the handler refuses (an owner
    // that is no address, a limit of 0) is the request's own token, not
    // the scan it names, so a client is told its mistake rather than 429.
    for (const char *refused : {"owner=nope", "limit=0", "cursor=nope"}) {
        EXPECT_EQ(
            d.get(QStringLiteral("/v1/objects?sort=price&trait=Shape:0&") + QLatin1String(refused))
                .status,
            400)
            << refused;
        EXPECT_EQ(full - left(), 1) << refused;
    }
    // A cursor of a head not taken up yet: a read server's reader thread,
    // further on than the thread that prices it, may answer it with the
    // scan it names, so it pays for the scan (here, with no readers, the
    // node refuses it).
    const std::uint64_t head = d.head();
    left(); // the call above's token back
    const QString later = server::PageCursor::at(head + 1000, 0).encode();
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects?sort=price&trait=Shape:0&cursor=") + later).status,
              400);
    EXPECT_EQ(full - left(), 2);
    // Read as a page (by price and the listed from the listings' indexes at
    // the head, by last sale and rarity at any height): the rows up to the
    // page's end, and a collection's traits once for its ranks.
    for (const char *list : {"sort=price", "sort=listed", "listed=true", "sort=lastSale",
                             "sort=rarity", "sort=rarity&reverse=true"}) {
        EXPECT_EQ(d.get(QStringLiteral("/v1/objects?limit=1&") + QLatin1String(list)).status, 200);
        EXPECT_EQ(full - left(), 1) << list;
    }
    // By price from a cursor of a height since passed: read from the
    // listing spans, every one opened by then (about the scope's objects,
    // sixteen to a node), not every object's version (four to a node,
    // which took two tokens).
    const QString cursor = d.get(QStringLiteral("/v1/objects?sort=price&limit=1"))
                               .json()[QStringLiteral("cursor")]
                               .toString();
    ASSERT_FALSE(cursor.isEmpty());
    bool passed = false;
    QObject::connect(&d.devnet(), &server::NodeServer::blockAnnounced, [&] { passed = true; });
    ASSERT_TRUE(QTest::qWaitFor([&] { return passed; }, 15000));
    left();
    EXPECT_EQ(d.get(QStringLiteral("/v1/objects?sort=price&limit=1&cursor=") + cursor).status, 200);
    EXPECT_EQ(full - left(), 1);
    // Too few tokens left: told what it costs and when to come back.
    for (int i = 0; i < 19; ++i)
        d.get(QStringLiteral("/v1/mempool"));
    const HttpResult r = d.get(QStringLiteral("/v1/objects?listed=true&trait=Shape:0"));
    EXPECT_EQ(r.status, 429);
    EXPECT_TRUE(
        errorMessage(r).startsWith(QStringLiteral("this list reads 101 nodes, which take 2")))
        << errorMessage(r).toStdString();
    EXPECT_FALSE(r.header("Retry-After").isEmpty());
}

TEST(Scans, AScanPastTheBudgetIsCutAndTheNodeGoesOn)
{
    auto config = DevnetHarness::fastConfig(400, 5.0, false);
    config.requestBudgetMs = 0; // every scan is past it at its first check
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    // The listed by last sale: every object's version read (a list by
    // price at the head reads the listings' indexes since 1bc8711, one by
    // last sale the sales' since f6a2f57, and neither is a scan).
    const HttpResult r = d.get(QStringLiteral("/v1/objects?sort=lastSale&listed=true"));
    EXPECT_EQ(r.status, 503);
    EXPECT_EQ(r.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
              QStringLiteral("timeout"));
    const HttpResult g = d.http().post(
        d.rest(QStringLiteral("/graphql")),
        R"({"query":"{ objects(sort: LAST_SALE, listed: true, first: 100) { nodes { key } } }"})");
    EXPECT_TRUE(g.body.contains("ran past the time limit")) << g.body.left(300).constData();
    // JSON-RPC's reads have the same budget: a call past it is told so,
    // in words a client takes for the node's own limit, not a bug.
    const QJsonObject cut =
        d.rpc(QStringLiteral("gif_getBlockByHeight"), QJsonArray{0, true})[QStringLiteral("error")]
            .toObject();
    EXPECT_EQ(cut[QStringLiteral("code")].toInt(), -32603);
    EXPECT_EQ(cut[QStringLiteral("message")].toString(),
              QStringLiteral("this call ran past the node's time limit of 0 ms"));
    EXPECT_EQ(cut[QStringLiteral("data")][QStringLiteral("reason")].toString(),
              QStringLiteral("time-limit"));
    // Nothing was harmed: what reads nothing is answered.
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// The same budget, given room, answers the same reads in full: the cut
// above was the budget's, and the node went on.
TEST(Scans, JsonRpcReadsWithinTheBudgetAreAnsweredInFull)
{
    auto config = DevnetHarness::fastConfig(400, 5.0, false);
    config.requestBudgetMs = 10000;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    EXPECT_TRUE(d.rpcResult(QStringLiteral("gif_getBlockByHeight"), QJsonArray{0, true})
                    .toObject()
                    .contains(QStringLiteral("transactions")));
    EXPECT_FALSE(
        d.rpcResult(QStringLiteral("gif_getRawBlock"), QJsonArray{0}).toObject().isEmpty());
}
