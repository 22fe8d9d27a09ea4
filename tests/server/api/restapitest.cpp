// The REST API of PROTOCOL §5 over loopback against a running devnet.
#include "core/base/bytes.h"
#include "core/crypto/sha256.h"
#include "core/gif/gifdecoder.h"
#include "core/protocol/blockheader.h"
#include "tests/support/shareddevnet.h"
#include "tests/support/txfactory.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

class RestApi : public SharedDevnet<RestApi>
{
public:
    static server::ServerConfig config() { return DevnetHarness::fastConfig(40, 0.1, true); }
    static constexpr std::uint64_t kHeight = 3;

protected:
    // Every response carries the height header, errors and binaries included.
    void expectHeight(const HttpResult &r)
    {
        bool ok = false;
        r.header("X-Block-Height").toULongLong(&ok);
        EXPECT_TRUE(ok) << "no X-Block-Height";
        const QByteArray cache = r.header("Cache-Control");
        EXPECT_TRUE(cache.startsWith("max-age=")) << cache.constData();
        EXPECT_LE(cache.mid(8).toInt(), 5);
    }
    void expectError(const HttpResult &r, int status, const char *code)
    {
        EXPECT_EQ(r.status, status) << r.body.constData();
        const QJsonObject e = r.json().value(QStringLiteral("error")).toObject();
        EXPECT_EQ(e.value(QStringLiteral("status")).toInt(), status);
        EXPECT_EQ(e.value(QStringLiteral("code")).toString(), QLatin1String(code));
        EXPECT_FALSE(e.value(QStringLiteral("message")).toString().isEmpty());
        EXPECT_TRUE(r.json().value(QStringLiteral("height")).isDouble());
        expectHeight(r);
    }
};

} // namespace

TEST_F(RestApi, BlocksNewestFirstWithVerifiableHeaders)
{
    const HttpResult r = d().get(QStringLiteral("/v1/blocks?limit=3"));
    ASSERT_EQ(r.status, 200);
    expectHeight(r);
    const QJsonArray data = r.data().toArray();
    ASSERT_EQ(data.size(), 3);
    const std::uint64_t height =
        static_cast<std::uint64_t>(r.json()[QStringLiteral("height")].toInteger());
    EXPECT_EQ(r.header("X-Block-Height").toULongLong(), height);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject h = data[i].toObject();
        EXPECT_EQ(static_cast<std::uint64_t>(h[QStringLiteral("height")].toInteger()),
                  height - static_cast<std::uint64_t>(i));
        BlockHeader header;
        header.height = static_cast<std::uint64_t>(h[QStringLiteral("height")].toInteger());
        header.parentHash = *parseHash(h[QStringLiteral("parentHash")].toString());
        header.timestamp = static_cast<std::uint64_t>(h[QStringLiteral("timestamp")].toInteger());
        header.proposer = *parseAddress(h[QStringLiteral("proposer")].toString());
        header.objectRoot = *parseHash(h[QStringLiteral("objectRoot")].toString());
        header.txRoot = *parseHash(h[QStringLiteral("txRoot")].toString());
        header.txCount = static_cast<std::uint64_t>(h[QStringLiteral("txCount")].toInteger());
        header.validatorsHash = *parseHash(h[QStringLiteral("validatorsHash")].toString());
        header.holdingsRoot = *parseHash(h[QStringLiteral("holdingsRoot")].toString());
        EXPECT_EQ(toHexString(header.computeHash()), h[QStringLiteral("hash")].toString());
        // Every header REST serves carries the commit of the whole set.
        EXPECT_EQ(h[QStringLiteral("commit")].toArray().size(), 4);
        if (i > 0) {
            EXPECT_EQ(data[i - 1].toObject()[QStringLiteral("parentHash")],
                      h[QStringLiteral("hash")]);
        }
    }
    EXPECT_TRUE(r.json()[QStringLiteral("cursor")].isString());
}

TEST_F(RestApi, CursorPinsTheHeightOfTheFirstPage)
{
    HttpResult page = d().get(QStringLiteral("/v1/blocks?limit=2"));
    const auto pinned = page.json()[QStringLiteral("height")].toInteger();
    ASSERT_TRUE(d().waitForHeight(static_cast<std::uint64_t>(pinned) + 2));
    std::set<qint64> seen;
    int pages = 0;
    while (true) {
        ASSERT_EQ(page.status, 200) << page.body.constData();
        EXPECT_EQ(page.json()[QStringLiteral("height")].toInteger(), pinned);
        for (const auto &b : page.data().toArray())
            EXPECT_TRUE(seen.insert(b[QStringLiteral("height")].toInteger()).second);
        ++pages;
        const QJsonValue cursor = page.json()[QStringLiteral("cursor")];
        if (cursor.isNull())
            break;
        page = d().get(QStringLiteral("/v1/blocks?limit=2&cursor=") + cursor.toString());
    }
    // Exactly the blocks 0..pinned, though the chain grew meanwhile.
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(pinned + 1));
    EXPECT_EQ(*seen.rbegin(), pinned);
    EXPECT_EQ(pages, static_cast<int>((pinned + 2) / 2));
}

TEST_F(RestApi, BlockWithTransactionsAndTransactionWithReceipt)
{
    const HttpResult genesis = d().get(QStringLiteral("/v1/blocks/0"));
    ASSERT_EQ(genesis.status, 200);
    const QJsonArray txs = genesis.data()[QStringLiteral("transactions")].toArray();
    ASSERT_EQ(txs.size(), 8 + 40);
    const QJsonObject mint = txs[10].toObject();
    EXPECT_EQ(mint[QStringLiteral("kind")].toString(), QStringLiteral("mint"));
    EXPECT_EQ(mint[QStringLiteral("blockHash")], genesis.data()[QStringLiteral("hash")]);
    EXPECT_FALSE(mint.contains(QStringLiteral("content")));

    const HttpResult tx =
        d().get(QStringLiteral("/v1/txs/") + mint[QStringLiteral("hash")].toString());
    ASSERT_EQ(tx.status, 200);
    const QJsonObject receipt = tx.data()[QStringLiteral("receipt")].toObject();
    EXPECT_EQ(receipt[QStringLiteral("status")].toString(), QStringLiteral("success"));
    EXPECT_TRUE(receipt[QStringLiteral("error")].isNull());
    const QJsonArray events = receipt[QStringLiteral("events")].toArray();
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0][QStringLiteral("type")].toString(), QStringLiteral("mint"));
    EXPECT_TRUE(events[0][QStringLiteral("from")].isNull());
    EXPECT_EQ(receipt[QStringLiteral("fee")].toString(),
              QString::number(1000000000ULL * static_cast<quint64>(
                                                  receipt[QStringLiteral("gasUsed")].toInteger())));

    expectError(d().get(QStringLiteral("/v1/txs/0x") + QString(64, u'a')), 404, "not_found");
    expectError(d().get(QStringLiteral("/v1/txs/0x12")), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/blocks/999999")), 404, "not_found");
    expectError(d().get(QStringLiteral("/v1/blocks/-1")), 400, "bad_request");
}

TEST_F(RestApi, ObjectsFilterByCollectionOwnerAndTrait)
{
    const HttpResult all = d().get(QStringLiteral("/v1/objects?collection=pixel-cats&limit=100"));
    ASSERT_EQ(all.status, 200);
    const QJsonArray objects = all.data().toArray();
    ASSERT_FALSE(objects.isEmpty());
    std::set<int> ranks;
    for (const auto &o : objects) {
        EXPECT_EQ(o[QStringLiteral("slug")].toString(), QStringLiteral("pixel-cats"));
        for (const char *field : {"key", "owner", "rarityRank", "traits", "frames", "tokenId"})
            EXPECT_TRUE(o.toObject().contains(QLatin1String(field))) << field;
        ranks.insert(o[QStringLiteral("rarityRank")].toInt());
    }
    // Ranks are a permutation of 1..n.
    EXPECT_EQ(*ranks.begin(), 1);
    EXPECT_EQ(*ranks.rbegin(), objects.size());

    const QJsonObject first = objects[0].toObject();
    const QString owner = first[QStringLiteral("owner")].toString();
    const HttpResult owned =
        d().get(QStringLiteral("/v1/objects?owner=") +
                owner.toUpper().replace(QStringLiteral("0X"), QStringLiteral("0x")));
    ASSERT_EQ(owned.status, 200);
    for (const auto &o : owned.data().toArray())
        EXPECT_EQ(o[QStringLiteral("owner")].toString(), owner);

    const QJsonObject trait = first[QStringLiteral("traits")].toArray()[0].toObject();
    const HttpResult byTrait =
        d().get(QStringLiteral("/v1/objects?collection=pixel-cats&trait=%1:%2")
                    .arg(trait[QStringLiteral("trait")].toString(),
                         trait[QStringLiteral("value")].toString()));
    ASSERT_EQ(byTrait.status, 200);
    EXPECT_GE(byTrait.data().toArray().size(), 1);
    for (const auto &o : byTrait.data().toArray())
        EXPECT_TRUE(o[QStringLiteral("traits")].toArray().contains(trait));

    const HttpResult rare =
        d().get(QStringLiteral("/v1/objects?collection=pixel-cats&sort=rarity&limit=3"));
    ASSERT_EQ(rare.status, 200);
    EXPECT_EQ(rare.data()[0][QStringLiteral("rarityRank")].toInt(), 1);

    expectError(d().get(QStringLiteral("/v1/objects?limit=0")), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/objects?limit=101")), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/objects?owner=0x12")), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/objects?collection=Not_A_Slug")), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/objects?trait=novalue")), 400, "bad_request");
    // Each filter is a clause of the node's query: more than an object can
    // have traits are refused, not tried.
    QString many = QStringLiteral("/v1/objects?");
    for (int i = 0; i < 65; ++i)
        many += QStringLiteral("trait=T%1:v&").arg(i);
    expectError(d().get(many), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/objects?cursor=garbage")), 400, "bad_request");
    EXPECT_TRUE(
        d().get(QStringLiteral("/v1/objects?collection=no-such")).data().toArray().isEmpty());
}

TEST_F(RestApi, ObjectDetailAndFrames)
{
    const HttpResult r = d().get(QStringLiteral("/v1/objects/pixel-cats/1"));
    ASSERT_EQ(r.status, 200) << r.body.constData();
    const QJsonObject o = r.data().toObject();
    for (const char *field : {"key", "slug", "tokenId", "owner", "rarityRank", "traits", "frames",
                              "bytes", "canvasWidth", "canvasHeight", "contentHash", "traitsHash",
                              "root", "mintedAt", "mintTx", "listing", "lastSale"})
        EXPECT_TRUE(o.contains(QLatin1String(field))) << field;

    const HttpResult gif = d().get(QStringLiteral("/v1/objects/pixel-cats/1/frames"));
    ASSERT_EQ(gif.status, 200);
    EXPECT_EQ(gif.header("Content-Type"), QByteArrayLiteral("image/gif"));
    expectHeight(gif);
    EXPECT_EQ(toHexString(sha256(gif.body)), o[QStringLiteral("contentHash")].toString());
    EXPECT_EQ(gif.body.size(), o[QStringLiteral("bytes")].toInteger());
    const QByteArray etag = gif.header("ETag");
    EXPECT_EQ(etag, '"' + o[QStringLiteral("contentHash")].toString().toLatin1() + '"');
    const HttpResult again = d().http().get(
        d().rest(QStringLiteral("/v1/objects/pixel-cats/1/frames")), {{"If-None-Match", etag}});
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.body.isEmpty());

    const HttpResult frame = d().get(QStringLiteral("/v1/objects/pixel-cats/1/frames?frame=2"));
    ASSERT_EQ(frame.status, 200) << frame.body.constData();
    const DecodedGif one = GifDecoder::decode(frame.body);
    ASSERT_TRUE(one.ok()) << one.error.toStdString();
    EXPECT_EQ(one.frames.size(), 1u);
    EXPECT_EQ(one.width, o[QStringLiteral("canvasWidth")].toInt());
    // The one-frame GIF shows exactly the composited frame 2 of the original.
    const DecodedGif whole = GifDecoder::decode(gif.body);
    ASSERT_GE(whole.frames.size(), 3u);
    EXPECT_EQ(one.frames[0].rgba(), whole.frames[2].rgba());

    expectError(d().get(QStringLiteral("/v1/objects/pixel-cats/1/frames?frame=9999")), 404,
                "not_found");
    expectError(d().get(QStringLiteral("/v1/objects/pixel-cats/1/frames?frame=x")), 400,
                "bad_request");
    expectError(d().get(QStringLiteral("/v1/objects/pixel-cats/999999")), 404, "not_found");
    expectError(d().get(QStringLiteral("/v1/objects/pixel-cats/01")), 400, "bad_request");
}

TEST_F(RestApi, CollectionsSortAndFilter)
{
    const HttpResult byName = d().get(QStringLiteral("/v1/collections?sort=name"));
    ASSERT_EQ(byName.status, 200);
    QStringList slugs;
    for (const auto &c : byName.data().toArray()) {
        slugs.append(c[QStringLiteral("slug")].toString());
        for (const char *field :
             {"name", "category", "creator", "items", "owners", "listed", "floorPrice", "volume24h",
              "volumeTotal", "sales24h", "createdAt"})
            EXPECT_TRUE(c.toObject().contains(QLatin1String(field))) << field;
    }
    QStringList sorted = slugs;
    sorted.sort();
    EXPECT_EQ(slugs, sorted);
    EXPECT_GE(slugs.size(), 8);

    const HttpResult byItems = d().get(QStringLiteral("/v1/collections?sort=items"));
    qint64 previous = std::numeric_limits<qint64>::max();
    for (const auto &c : byItems.data().toArray()) {
        EXPECT_LE(c[QStringLiteral("items")].toInteger(), previous);
        previous = c[QStringLiteral("items")].toInteger();
    }
    for (const auto &c : d().get(QStringLiteral("/v1/collections?category=pfp")).data().toArray())
        EXPECT_EQ(c[QStringLiteral("category")].toString(), QStringLiteral("pfp"));
    expectError(d().get(QStringLiteral("/v1/collections?sort=cheapest")), 400, "bad_request");
}

TEST_F(RestApi, TraitCountsOfACollection)
{
    const HttpResult r = d().get(QStringLiteral("/v1/collections/pixel-cats/traits"));
    ASSERT_EQ(r.status, 200);
    const QJsonObject t = r.data().toObject();
    EXPECT_GT(t[QStringLiteral("items")].toInteger(), 0);
    const QJsonArray values = t[QStringLiteral("values")].toArray();
    ASSERT_FALSE(values.isEmpty());
    QString previous;
    for (const auto &v : values) {
        const QString key =
            v[QStringLiteral("trait")].toString() + u'\n' + v[QStringLiteral("value")].toString();
        EXPECT_LT(previous, key) << "by trait, then value";
        previous = key;
        EXPECT_GT(v[QStringLiteral("count")].toInteger(), 0);
    }
    expectError(d().get(QStringLiteral("/v1/collections/no-such/traits")), 404, "not_found");
    expectError(d().get(QStringLiteral("/v1/collections/Bad_Slug/traits")), 400, "bad_request");
}

TEST_F(RestApi, ActivityOfOneAddress)
{
    const QString owner = d().get(QStringLiteral("/v1/objects?limit=1"))
                              .data()
                              .toArray()
                              .first()[QStringLiteral("owner")]
                              .toString();
    const QJsonArray entries =
        d().get(QStringLiteral("/v1/activity?limit=100&address=") + owner).data().toArray();
    ASSERT_FALSE(entries.isEmpty());
    for (const auto &e : entries)
        EXPECT_TRUE(e[QStringLiteral("from")].toString() == owner ||
                    e[QStringLiteral("to")].toString() == owner);
    expectError(d().get(QStringLiteral("/v1/activity?address=0x12")), 400, "bad_request");
}

TEST_F(RestApi, WalletOfADevAccount)
{
    const QString dev0 = toHexString(TxFactory::dev(0));
    const HttpResult r = d().get(QStringLiteral("/v1/wallets/") + dev0);
    ASSERT_EQ(r.status, 200);
    const QJsonObject w = r.data().toObject();
    EXPECT_EQ(w[QStringLiteral("address")].toString(), dev0);
    EXPECT_TRUE(w[QStringLiteral("balance")].isString());
    EXPECT_TRUE(w[QStringLiteral("holdings")].isArray());
    for (const char *c : {"txCount", "minted", "bought", "sold", "transfersIn", "transfersOut"})
        EXPECT_TRUE(w[QStringLiteral("counters")].toObject().contains(QLatin1String(c))) << c;
    // Traffic may mint to dev accounts between two requests: compare two
    // answers computed at the same height.
    bool compared = false;
    for (int attempt = 0; attempt < 10 && !compared; ++attempt) {
        const HttpResult wallet = d().get(QStringLiteral("/v1/wallets/") + dev0);
        const HttpResult objects = d().get(QStringLiteral("/v1/objects?limit=100&owner=") + dev0);
        if (wallet.json()[QStringLiteral("height")] != objects.json()[QStringLiteral("height")])
            continue;
        qint64 held = 0;
        for (const auto &h : wallet.data()[QStringLiteral("holdings")].toArray())
            held += h[QStringLiteral("count")].toInteger();
        EXPECT_EQ(held, objects.data().toArray().size());
        compared = true;
    }
    EXPECT_TRUE(compared);
    expectError(d().get(QStringLiteral("/v1/wallets/nope")), 400, "bad_request");
}

// A type asked again and again is asked once: type=mint,mint,… answers as
// type=mint does, with one statement whatever the list's length (each
// length was a statement of its own, prepared and kept for ever on a read
// server's PostgreSQL: 748 MB in a backend from 200 requests).
TEST_F(RestApi, ATypeRepeatedIsAskedOnce)
{
    QStringList many;
    for (int i = 0; i < 300; ++i)
        many << (i % 2 ? QStringLiteral("mint") : QStringLiteral("sale"));
    // The devnet makes blocks meanwhile: the two are compared at one height.
    bool compared = false;
    for (int attempt = 0; attempt < 10 && !compared; ++attempt) {
        const HttpResult once = d().get(QStringLiteral("/v1/activity?type=mint,sale&limit=100"));
        const HttpResult repeated =
            d().get(QStringLiteral("/v1/activity?type=%1&limit=100").arg(many.join(u',')));
        ASSERT_EQ(once.status, 200);
        ASSERT_EQ(repeated.status, 200) << repeated.body.left(200).constData();
        if (once.json()[QStringLiteral("height")] != repeated.json()[QStringLiteral("height")])
            continue;
        EXPECT_EQ(repeated.data(), once.data());
        compared = true;
    }
    EXPECT_TRUE(compared);
}

TEST_F(RestApi, ActivityFiltersAndOrder)
{
    const HttpResult r = d().get(QStringLiteral("/v1/activity?limit=50"));
    ASSERT_EQ(r.status, 200);
    qint64 last = std::numeric_limits<qint64>::max();
    for (const auto &e : r.data().toArray()) {
        EXPECT_LE(e[QStringLiteral("height")].toInteger(), last);
        last = e[QStringLiteral("height")].toInteger();
    }
    const HttpResult mints =
        d().get(QStringLiteral("/v1/activity?type=mint&collection=pixel-cats&limit=100"));
    ASSERT_EQ(mints.status, 200);
    ASSERT_FALSE(mints.data().toArray().isEmpty());
    for (const auto &e : mints.data().toArray()) {
        EXPECT_EQ(e[QStringLiteral("type")].toString(), QStringLiteral("mint"));
        EXPECT_EQ(e[QStringLiteral("slug")].toString(), QStringLiteral("pixel-cats"));
        EXPECT_TRUE(e[QStringLiteral("from")].isNull());
    }
    const HttpResult since = d().get(QStringLiteral("/v1/activity?since=2&limit=100"));
    ASSERT_EQ(since.status, 200);
    ASSERT_FALSE(since.data().toArray().isEmpty()) << "the fixture has activity after height 2";
    for (const auto &e : since.data().toArray())
        EXPECT_GE(e[QStringLiteral("height")].toInteger(), 2);
    // A height past anything SQLite holds is a height after the head, not -1.
    const HttpResult future = d().get(QStringLiteral("/v1/activity?since=18446744073709551615"));
    ASSERT_EQ(future.status, 200);
    EXPECT_TRUE(future.data().toArray().isEmpty());
    expectError(d().get(QStringLiteral("/v1/activity?type=burn")), 400, "bad_request");
    expectError(d().get(QStringLiteral("/v1/activity?since=yesterday")), 400, "bad_request");
}

TEST_F(RestApi, UnknownPathsAndMethods)
{
    expectError(d().get(QStringLiteral("/v2/blocks")), 404, "not_found");
    expectError(d().get(QStringLiteral("/v1/unknown")), 404, "not_found");
    const HttpResult post =
        d().http().post(d().rest(QStringLiteral("/v1/blocks")), QByteArrayLiteral("{}"));
    expectError(post, 405, "method_not_allowed");
    const HttpResult big = d().http().send("GET", d().rest(QStringLiteral("/v1/blocks")),
                                           QByteArray(1024 * 1024 + 10, 'x'));
    expectError(big, 413, "too_large");
}

TEST_F(RestApi, HostileRequestsGetExactAnswers)
{
    // HEAD: the headers of GET, and no body.
    const HttpResult head =
        d().http().send("HEAD", d().rest(QStringLiteral("/v1/blocks?limit=1")), {});
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.body.isEmpty()) << head.body.size() << " bytes";
    EXPECT_FALSE(head.header("X-Block-Height").isEmpty());
    // A height past 2^64 - 1 names no block; so does the largest one.
    expectError(d().get(QStringLiteral("/v1/blocks/18446744073709551615")), 404, "not_found");
    expectError(d().get(QStringLiteral("/v1/blocks/99999999999999999999999")), 404, "not_found");
    // Named as asked, not as the number it wraps to.
    const HttpResult past = d().get(QStringLiteral("/v1/blocks/18446744073709551616"));
    expectError(past, 404, "not_found");
    EXPECT_TRUE(
        past.json()[QStringLiteral("error")][QStringLiteral("message")].toString().startsWith(
            QStringLiteral("no block 18446744073709551616:")))
        << past.body.constData();
    expectError(d().get(QStringLiteral("/v1/blocks/-1")), 400, "bad_request");
    // A forged cursor whose offset would wrap offset + limit: an empty last page.
    const QString forged = QString::fromLatin1(
        QByteArray("p1:1:18446744073709551610")
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    const HttpResult wrapped = d().get(QStringLiteral("/v1/blocks?limit=100&cursor=") + forged);
    ASSERT_EQ(wrapped.status, 200) << wrapped.body.constData();
    EXPECT_TRUE(wrapped.data().toArray().isEmpty());
    EXPECT_TRUE(wrapped.json()[QStringLiteral("cursor")].isNull())
        << "a cursor that went backwards would page for ever";
}

TEST_F(RestApi, SingleRecordsAnswerAtAPastHeight)
{
    const HttpResult now = d().get(QStringLiteral("/v1/objects/pixel-cats/1"));
    ASSERT_EQ(now.status, 200);
    const qint64 head = now.json()[QStringLiteral("height")].toInteger();
    ASSERT_GE(head, 2);
    for (const QString &path :
         {QStringLiteral("/v1/objects/pixel-cats/1?height=1"),
          QStringLiteral("/v1/wallets/%1?height=1").arg(toHexString(TxFactory::dev(1))),
          QStringLiteral("/v1/collections/pixel-cats/traits?height=1")}) {
        const HttpResult r = d().get(path);
        ASSERT_EQ(r.status, 200) << path.toStdString() << r.body.constData();
        EXPECT_EQ(r.json()[QStringLiteral("height")].toInteger(), 1) << path.toStdString();
        EXPECT_EQ(r.header("X-Block-Height"), "1") << path.toStdString();
    }
    const HttpResult past = d().get(QStringLiteral("/v1/objects/pixel-cats/1?height=0"));
    ASSERT_EQ(past.status, 200);
    EXPECT_EQ(past.data()[QStringLiteral("mintedAt")].toInteger(), 0);
    expectError(d().get(QStringLiteral("/v1/objects/pixel-cats/1?height=99999999")), 404,
                "not_found");
    EXPECT_TRUE(d().get(QStringLiteral("/v1/objects/pixel-cats/1?height=99999999"))
                    .json()[QStringLiteral("error")][QStringLiteral("message")]
                    .toString()
                    .contains(QStringLiteral("beyond the head")));
    // A miss at a past height is said at that height; elsewhere the
    // parameter means nothing and changes nothing.
    const HttpResult never = d().get(QStringLiteral("/v1/objects/pixel-cats/999999?height=1"));
    EXPECT_EQ(never.status, 404);
    EXPECT_EQ(never.header("X-Block-Height"), "1");
    EXPECT_EQ(d().get(QStringLiteral("/v1/blocks?limit=2&height=soon")).status, 200);
    for (const QString &bad : {QStringLiteral("-1"), QStringLiteral("01"), QStringLiteral("1.5"),
                               QStringLiteral(""), QStringLiteral("99999999999999999999999")})
        expectError(d().get(QStringLiteral("/v1/objects/pixel-cats/1?height=") + bad), 400,
                    "bad_request");
}
