// The explorer's pages in one GraphQL request each, against a real devnet:
// the same records REST gives at the same height, in one request instead
// of several; and a node without /graphql answered over REST, asked once.
#include "core/client/awaitresult.h"
#include "core/client/restclient.h"
#include "core/client/restpageloads.h"
#include "tests/support/devnetharness.h"
#include "tests/support/runresult.h"
#include "tests/support/txfactory.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

server::ServerConfig quietNode(bool graphql)
{
    // No traffic: the chain holds still, so REST and GraphQL answer alike.
    auto config = DevnetHarness::fastConfig(150, 0.1, false);
    config.rateLimit = false;
    config.graphql = graphql;
    return config;
}

// An address holding something, and one of its objects with a history.
struct Subject
{
    Address owner{};
    QString slug;
    std::uint64_t tokenId = 0;
};
Subject subjectOn(DevnetHarness &d)
{
    // The dev account holding most, and its first object.
    QJsonArray best;
    for (std::uint32_t i = 0; i < 10; ++i) {
        const QJsonArray held =
            d.get(QStringLiteral("/v1/objects?limit=100&owner=") + toHexString(TxFactory::dev(i)))
                .data()
                .toArray();
        if (held.size() > best.size())
            best = held;
    }
    const QJsonObject o = best.first().toObject();
    return {*parseAddress(o[QStringLiteral("owner")].toString()),
            o[QStringLiteral("slug")].toString(),
            static_cast<std::uint64_t>(o[QStringLiteral("tokenId")].toInteger())};
}

void expectSameObject(const ObjectRecord &a, const ObjectRecord &b)
{
    EXPECT_EQ(a.key, b.key);
    EXPECT_EQ(a.owner, b.owner);
    EXPECT_EQ(a.rarityRank, b.rarityRank);
    EXPECT_EQ(a.traits, b.traits);
    EXPECT_EQ(a.contentHash, b.contentHash);
    EXPECT_EQ(a.root, b.root);
    EXPECT_EQ(a.mintedAt, b.mintedAt);
    EXPECT_EQ(a.bytes, b.bytes);
    EXPECT_TRUE(a.detailed && b.detailed);
    EXPECT_EQ(a.listing.has_value(), b.listing.has_value());
}

QStringList ids(const QList<ActivityEntry> &entries)
{
    QStringList out;
    for (const auto &e : entries)
        out.append(e.id);
    return out;
}

QStringList keys(const QList<ObjectRecord> &objects)
{
    QStringList out;
    for (const auto &o : objects)
        out.append(o.key);
    return out;
}

} // namespace

TEST(PageLoads, EachPageIsOneGraphqlRequestWithRestsRecords)
{
    DevnetHarness d(quietNode(true));
    ASSERT_TRUE(d.ok());
    TxFactory f;
    // Give the object a history beyond its mint: it moves and comes back.
    const Subject s = subjectOn(d);
    std::uint32_t signer = 0;
    while (signer < 10 && TxFactory::dev(signer) != s.owner)
        ++signer;
    ASSERT_LT(signer, 10u) << "genesis objects belong to dev accounts";
    d.sendAndWait(f.objectTx(TxKind::TransferObject, signer, s.slug, s.tokenId,
                             TxFactory::dev((signer + 1) % 10)));
    d.sendAndWait(
        f.objectTx(TxKind::TransferObject, (signer + 1) % 10, s.slug, s.tokenId, s.owner));

    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    int requests = 0;
    QObject::connect(&http, &HttpClient::requestSent, [&](const QUrl &) { ++requests; });

    const auto page = run<ObjectPageRecords>(
        [&](QObject *c, auto done) { rest.objectPage(s.slug, s.tokenId, std::nullopt, c, done); });
    ASSERT_TRUE(page.ok()) << page.error.toString().toStdString();
    EXPECT_EQ(requests, 1);
    EXPECT_EQ(rest.graphql(), RestClient::Graphql::Served);
    requests = 0;
    const auto byRest = run<ObjectPageRecords>([&](QObject *c, auto done) {
        RestPageLoads::objectPage(rest, s.slug, s.tokenId, page.height, c, done);
    });
    ASSERT_TRUE(byRest.ok()) << byRest.error.toString().toStdString();
    EXPECT_GE(requests, 3) << "REST takes the object, the counts and the feed's pages";
    expectSameObject(page.value->object, byRest.value->object);
    ASSERT_TRUE(page.value->traitCounts && byRest.value->traitCounts);
    EXPECT_EQ(page.value->traitCounts->items, byRest.value->traitCounts->items);
    EXPECT_EQ(page.value->traitCounts->values, byRest.value->traitCounts->values);
    EXPECT_EQ(ids(page.value->history), ids(byRest.value->history));
    EXPECT_EQ(page.value->history.size(), 3) << "mint, transfer, transfer back";
    EXPECT_TRUE(page.value->historyComplete);

    // The collection page: its own record beside the counts, at one height.
    requests = 0;
    const auto collection = run<CollectionPageRecords>(
        [&](QObject *c, auto done) { rest.collectionPage(s.slug, page.height, c, done); });
    ASSERT_TRUE(collection.ok()) << collection.error.toString().toStdString();
    EXPECT_EQ(requests, 1);
    ASSERT_TRUE(collection.value->collection);
    EXPECT_EQ(collection.value->collection->slug, s.slug);
    EXPECT_EQ(collection.value->collection->items, collection.value->traitCounts.items);
    EXPECT_EQ(collection.value->traitCounts.values, page.value->traitCounts->values);

    // The address page: the wallet and both lists' first pages, whose
    // cursors REST continues.
    requests = 0;
    const auto address = run<AddressPageRecords>(
        [&](QObject *c, auto done) { rest.addressPage(s.owner, 2, c, done); });
    ASSERT_TRUE(address.ok()) << address.error.toString().toStdString();
    EXPECT_EQ(requests, 1);
    const auto restAddress = run<AddressPageRecords>(
        [&](QObject *c, auto done) { RestPageLoads::addressPage(rest, s.owner, 2, c, done); });
    ASSERT_TRUE(restAddress.ok());
    EXPECT_EQ(address.value->wallet.balance, restAddress.value->wallet.balance);
    EXPECT_EQ(address.value->wallet.holdings, restAddress.value->wallet.holdings);
    EXPECT_EQ(keys(address.value->holdings.data), keys(restAddress.value->holdings.data));
    EXPECT_EQ(ids(address.value->activity.data), ids(restAddress.value->activity.data));
    ASSERT_FALSE(address.value->holdings.cursor.isEmpty()) << "a dev account holds more than 2";
    NodeIndex::ObjectQuery q;
    q.owner = s.owner;
    const auto next = run<Page<ObjectRecord>>([&](QObject *c, auto done) {
        rest.objects(q, address.value->holdings.cursor, 2, c, done);
    });
    const auto restNext = run<Page<ObjectRecord>>([&](QObject *c, auto done) {
        rest.objects(q, restAddress.value->holdings.cursor, 2, c, done);
    });
    ASSERT_TRUE(next.ok() && restNext.ok());
    EXPECT_EQ(keys(next.value->data), keys(restNext.value->data));

    // What is not there is REST's 404, said as such.
    const auto missing = run<ObjectPageRecords>(
        [&](QObject *c, auto done) { rest.objectPage(s.slug, 999999, std::nullopt, c, done); });
    EXPECT_TRUE(missing.error.isNotFound()) << missing.error.toString().toStdString();
    const auto noCollection = run<CollectionPageRecords>(
        [&](QObject *c, auto done) { rest.collectionPage(QStringLiteral("nope"), {}, c, done); });
    EXPECT_TRUE(noCollection.error.isNotFound());
    // Beyond the head is not found, as REST says it, so the page can say why.
    const auto beyond = run<ObjectPageRecords>([&](QObject *c, auto done) {
        rest.objectPage(s.slug, s.tokenId, page.height + 1000, c, done);
    });
    EXPECT_TRUE(beyond.error.isNotFound()) << beyond.error.toString().toStdString();
    // A request GraphQL refuses for its own sake (an id past 2^53 - 1) is
    // REST's to answer; the node still answers GraphQL for the next one.
    const auto huge = run<ObjectPageRecords>([&](QObject *c, auto done) {
        rest.objectPage(s.slug, 9007199254740993ULL, std::nullopt, c, done);
    });
    EXPECT_FALSE(huge.ok());
    EXPECT_EQ(rest.graphql(), RestClient::Graphql::Served);
}

TEST(PageLoads, ANodeWithoutGraphqlIsAskedOverRestAndOnlyOnceOverGraphql)
{
    DevnetHarness d(quietNode(false));
    ASSERT_TRUE(d.ok());
    const Subject s = subjectOn(d);
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    QStringList paths;
    QObject::connect(&http, &HttpClient::requestSent,
                     [&](const QUrl &url) { paths.append(url.path()); });

    const auto page = run<ObjectPageRecords>(
        [&](QObject *c, auto done) { rest.objectPage(s.slug, s.tokenId, std::nullopt, c, done); });
    ASSERT_TRUE(page.ok()) << page.error.toString().toStdString();
    EXPECT_EQ(rest.graphql(), RestClient::Graphql::Absent);
    EXPECT_EQ(paths.count(QStringLiteral("/graphql")), 1);
    EXPECT_EQ(page.value->object.key, displayKey(s.slug, s.tokenId));
    EXPECT_TRUE(page.value->traitCounts);
    EXPECT_FALSE(page.value->history.isEmpty()) << "the mint, from the collection's feed";

    const auto address = run<AddressPageRecords>(
        [&](QObject *c, auto done) { rest.addressPage(s.owner, 5, c, done); });
    ASSERT_TRUE(address.ok());
    EXPECT_FALSE(address.value->holdings.data.isEmpty());
    const auto collection = run<CollectionPageRecords>(
        [&](QObject *c, auto done) { rest.collectionPage(s.slug, std::nullopt, c, done); });
    ASSERT_TRUE(collection.ok());
    EXPECT_FALSE(collection.value->collection) << "REST has no single collection";
    EXPECT_GT(collection.value->traitCounts.items, 0u);
    EXPECT_EQ(paths.count(QStringLiteral("/graphql")), 1) << "asked once, then known absent";
}
