// The REST and JSON-RPC clients against a real devnet, and their retry,
// timeout and rate-limit behaviour against scripted failures.
#include "core/client/awaitresult.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/crypto/sha256.h"
#include "core/verify/objectproof.h"
#include "tests/support/runresult.h"
#include "tests/support/scriptedhttpserver.h"
#include "tests/support/shareddevnet.h"
#include "tests/support/txfactory.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

class Clients : public SharedDevnet<Clients>
{
public:
    static constexpr std::uint64_t kHeight = 6;

protected:
    HttpClient http;
    RestClient rest{QUrl(s_devnet->endpoints().baseUrl), &http};
    RpcClient rpc{QUrl(s_devnet->endpoints().rpcUrl), &http};
};

} // namespace

TEST_F(Clients, RestEveryEndpointDecodes)
{
    auto blocks =
        run<Page<BlockHeader>>([&](QObject *c, auto done) { rest.blocks({}, 5, c, done); });
    ASSERT_TRUE(blocks.ok()) << blocks.error.toString().toStdString();
    EXPECT_EQ(blocks.value->data.size(), 5);
    EXPECT_TRUE(blocks.value->data[0].hashIsValid());

    auto genesis = run<Block>([&](QObject *c, auto done) { rest.block(0, c, done); });
    ASSERT_TRUE(genesis.ok()) << genesis.error.toString().toStdString();
    ASSERT_EQ(genesis.value->transactions.size(), 8 + 30);

    auto byHash = run<Block>(
        [&](QObject *c, auto done) { rest.blockByHash(genesis.value->header.hash, c, done); });
    ASSERT_TRUE(byHash.ok()) << byHash.error.toString().toStdString();
    EXPECT_EQ(byHash.value->header.height, 0u);
    Hash32 unknown{};
    unknown[0] = 0x42;
    EXPECT_TRUE(run<Block>([&](QObject *c, auto done) {
                    rest.blockByHash(unknown, c, done);
                }).error.isNotFound());

    auto tx = run<TransactionWithReceipt>([&](QObject *c, auto done) {
        rest.transaction(genesis.value->transactions[9].hash, c, done);
    });
    ASSERT_TRUE(tx.ok()) << tx.error.toString().toStdString();
    EXPECT_TRUE(tx.value->receipt && tx.value->receipt->success);

    RestClient::ObjectQuery q;
    q.collection = QStringLiteral("pixel-cats");
    q.sort = QStringLiteral("rarity");
    auto objects =
        run<Page<ObjectRecord>>([&](QObject *c, auto done) { rest.objects(q, {}, 100, c, done); });
    ASSERT_TRUE(objects.ok()) << objects.error.toString().toStdString();
    ASSERT_FALSE(objects.value->data.isEmpty());
    EXPECT_EQ(objects.value->data[0].rarityRank, 1);
    const ObjectRecord first = objects.value->data[0];

    RestClient::ObjectQuery byTrait;
    byTrait.collection = QStringLiteral("pixel-cats");
    byTrait.traits = {first.traits[0]};
    auto filtered = run<Page<ObjectRecord>>(
        [&](QObject *c, auto done) { rest.objects(byTrait, {}, 100, c, done); });
    ASSERT_TRUE(filtered.ok());
    for (const auto &o : filtered.value->data)
        EXPECT_TRUE(o.traits.contains(first.traits[0]));

    // The trait counts agree with the trait filter, value by value.
    auto counts = run<TraitCounts>([&](QObject *c, auto done) {
        rest.traitCounts(QStringLiteral("pixel-cats"), std::nullopt, c, done);
    });
    ASSERT_TRUE(counts.ok()) << counts.error.toString().toStdString();
    std::uint64_t all = 0;
    for (const TraitCount &t : counts.value->values) {
        if (t.trait == first.traits[0]) {
            EXPECT_EQ(t.count, static_cast<std::uint64_t>(filtered.value->data.size()));
        }
        if (t.trait.trait == first.traits[0].trait)
            all += t.count;
    }
    EXPECT_EQ(all, counts.value->items) << "each object has one value of each trait";
    auto noCounts = run<TraitCounts>([&](QObject *c, auto done) {
        rest.traitCounts(QStringLiteral("no-such"), std::nullopt, c, done);
    });
    EXPECT_TRUE(noCounts.error.isNotFound());

    auto detail = run<ObjectRecord>([&](QObject *c, auto done) {
        rest.object(first.slug, first.tokenId, std::nullopt, c, done);
    });
    ASSERT_TRUE(detail.ok()) << detail.error.toString().toStdString();
    EXPECT_TRUE(detail.value->detailed);

    auto gif = run<QByteArray>([&](QObject *c, auto done) {
        rest.frames(first.slug, first.tokenId, std::nullopt, c, done);
    });
    ASSERT_TRUE(gif.ok());
    EXPECT_EQ(sha256(*gif.value), detail.value->contentHash);
    auto again = run<QByteArray>([&](QObject *c, auto done) {
        rest.frames(first.slug, first.tokenId, std::nullopt, c, done);
    });
    EXPECT_EQ(*again.value, *gif.value);
    EXPECT_EQ(rest.cachedFrames(), 1);
    auto frame = run<QByteArray>(
        [&](QObject *c, auto done) { rest.frames(first.slug, first.tokenId, 1, c, done); });
    ASSERT_TRUE(frame.ok());
    EXPECT_TRUE(frame.value->startsWith("GIF89a"));

    auto collections = run<Page<Collection>>([&](QObject *c, auto done) {
        rest.collections({}, QStringLiteral("name"), {}, 25, c, done);
    });
    ASSERT_TRUE(collections.ok());
    EXPECT_GE(collections.value->data.size(), 8);

    auto wallet = run<Wallet>(
        [&](QObject *c, auto done) { rest.wallet(TxFactory::dev(0), std::nullopt, c, done); });
    ASSERT_TRUE(wallet.ok()) << wallet.error.toString().toStdString();
    EXPECT_EQ(wallet.value->address, TxFactory::dev(0));
    // And as the indexer saw it at a height: the answer says which.
    auto atGenesis =
        run<Wallet>([&](QObject *c, auto done) { rest.wallet(TxFactory::dev(0), 0, c, done); });
    ASSERT_TRUE(atGenesis.ok()) << atGenesis.error.toString().toStdString();
    EXPECT_EQ(atGenesis.height, 0u);

    RestClient::ActivityQuery aq;
    aq.types = {QStringLiteral("mint")};
    aq.since = 0;
    auto activity = run<Page<ActivityEntry>>(
        [&](QObject *c, auto done) { rest.activity(aq, {}, 10, c, done); });
    ASSERT_TRUE(activity.ok());
    for (const auto &e : activity.value->data)
        EXPECT_EQ(e.type, QStringLiteral("mint"));

    auto missing = run<ObjectRecord>([&](QObject *c, auto done) {
        rest.object(QStringLiteral("pixel-cats"), 999999, std::nullopt, c, done);
    });
    EXPECT_TRUE(missing.error.isNotFound());
    EXPECT_EQ(missing.error.code, QStringLiteral("not_found"));
}

TEST_F(Clients, WalkSeesOnePinnedHeight)
{
    QSet<std::uint64_t> heights;
    std::uint64_t pinned = 0;
    int pages = 0;
    const ClientError finished =
        awaitResult<ClientError>([&](QObject *c, std::function<void(const ClientError &)> done) {
            rest.walk<BlockHeader>(
                [&, c](const QString &cursor, RestClient::Done<Page<BlockHeader>> next) {
                    rest.blocks(cursor, 3, c, next);
                },
                [&](const Page<BlockHeader> &page) {
                    if (pages++ == 0)
                        pinned = page.height;
                    EXPECT_EQ(page.height, pinned);
                    for (const auto &h : page.data)
                        heights.insert(h.height);
                    // The chain moves on before the next page is asked for.
                    EXPECT_TRUE(s_devnet->waitForHeight(s_devnet->head() + 1));
                    return true;
                },
                done);
        });
    EXPECT_TRUE(finished.ok());
    EXPECT_EQ(heights.size(), pinned + 1);
}

TEST_F(Clients, RpcTypedCallsAndBatches)
{
    EXPECT_EQ(*run<std::uint64_t>([&](QObject *c, auto done) { rpc.chainId(c, done); }).value,
              6464u);
    const std::uint64_t head =
        *run<std::uint64_t>([&](QObject *c, auto done) { rpc.blockNumber(c, done); }).value;
    auto block = run<Block>([&](QObject *c, auto done) { rpc.block(head, false, c, done); });
    ASSERT_TRUE(block.ok()) << block.error.toString().toStdString();
    EXPECT_TRUE(block.value->header.hashIsValid());

    auto object = run<ObjectRecord>(
        [&](QObject *c, auto done) { rpc.object(QStringLiteral("pixel-cats"), 1, head, c, done); });
    ASSERT_TRUE(object.ok()) << object.error.toString().toStdString();
    auto bytes = run<QByteArray>([&](QObject *c, auto done) {
        rpc.objectBytes(QStringLiteral("pixel-cats"), 1, head, c, done);
    });
    EXPECT_EQ(sha256(*bytes.value), object.value->contentHash);
    auto owned = run<QList<OwnedLeaf>>(
        [&](QObject *c, auto done) { rpc.ownership(object.value->owner, head, c, done); });
    ASSERT_TRUE(owned.ok());
    EXPECT_TRUE(std::any_of(owned.value->begin(), owned.value->end(), [](const OwnedLeaf &l) {
        return l.key == QStringLiteral("pixel-cats#1");
    }));
    auto listing = run<std::optional<Listing>>([&](QObject *c, auto done) {
        rpc.listing(QStringLiteral("pixel-cats"), 1, head, c, done);
    });
    EXPECT_TRUE(listing.ok());
    auto root = run<Hash32>([&](QObject *c, auto done) { rpc.objectRoot(head, c, done); });
    EXPECT_EQ(*root.value, block.value->header.objectRoot);
    auto proof = run<ObjectProof>(
        [&](QObject *c, auto done) { rpc.proof(QStringLiteral("pixel-cats"), 1, head, c, done); });
    ASSERT_TRUE(proof.ok()) << proof.error.toString().toStdString();
    EXPECT_EQ(verifyProof(*proof.value, QStringLiteral("pixel-cats#1"), *root.value).kind,
              ProofVerdictKind::VerifiedOwner);

    const auto answers = awaitResult<QList<Result<QJsonValue>>>([&](QObject *c, auto done) {
        rpc.batch({{QStringLiteral("gif_chainId"), {}},
                   {QStringLiteral("gif_nothing"), {}},
                   {QStringLiteral("gif_blockNumber"), {}}},
                  c, done);
    });
    ASSERT_EQ(answers.size(), 3);
    EXPECT_EQ(answers[0].value->toInteger(), 6464);
    EXPECT_EQ(answers[1].error.rpcCode, -32601);
    EXPECT_GE(answers[2].value->toInteger(), static_cast<qint64>(head));

    auto missing = run<ObjectRecord>([&](QObject *c, auto done) {
        rpc.object(QStringLiteral("pixel-cats"), 424242, std::nullopt, c, done);
    });
    EXPECT_EQ(missing.error.kind, ClientError::Kind::Rpc);
    EXPECT_TRUE(missing.error.isNotFound());
    Transaction unsigned_;
    unsigned_.to = TxFactory::dev(1);
    unsigned_.gasPrice = 1000000000;
    unsigned_.gasLimit = 21000;
    auto rejected = run<Hash32>(
        [&](QObject *c, auto done) { rpc.sendRawTransaction(unsigned_.encode(), c, done); });
    EXPECT_EQ(rejected.error.rpcCode, -32003);
    EXPECT_EQ(rejected.error.code, QStringLiteral("unsigned"));
}

TEST(HttpClientBehaviour, RetriesFiveHundredsThenSucceeds)
{
    ScriptedHttpServer server({ScriptedHttpServer::response(500, "{}"),
                               ScriptedHttpServer::response(503, "{}"),
                               ScriptedHttpServer::response(200, R"({"ok":true})")});
    HttpClient::Options o;
    o.backoffMs = 20;
    HttpClient http(o);
    const HttpResponse r = awaitResult<HttpResponse>(
        [&](QObject *c, auto done) { http.get(QUrl(server.url()), c, done); });
    EXPECT_TRUE(r.error.ok()) << r.error.toString().toStdString();
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.height, 7u);
    EXPECT_EQ(server.requests(), 3);
}

TEST(HttpClientBehaviour, GivesUpAfterRetriesAndNeverRetriesABroadcast)
{
    ScriptedHttpServer server(
        {ScriptedHttpServer::response(500, "{}"), ScriptedHttpServer::response(500, "{}"),
         ScriptedHttpServer::response(500, "{}"), ScriptedHttpServer::response(500, "{}"),
         ScriptedHttpServer::response(500, "{}")});
    HttpClient::Options o;
    o.backoffMs = 10;
    o.maxRetries = 2;
    HttpClient http(o);
    HttpResponse r = awaitResult<HttpResponse>(
        [&](QObject *c, auto done) { http.get(QUrl(server.url()), c, done); });
    EXPECT_EQ(r.error.kind, ClientError::Kind::Http);
    EXPECT_EQ(r.error.httpStatus, 500);
    EXPECT_EQ(server.requests(), 3);
    r = awaitResult<HttpResponse>(
        [&](QObject *c, auto done) { http.post(QUrl(server.url()), "{}", false, c, done); });
    EXPECT_EQ(server.requests(), 4);
}

TEST(HttpClientBehaviour, NeverRetriesWhatTheServerSaysItCannotDo)
{
    // 501 and 505 describe the server, not a passing fault: one request each.
    for (const int status : {501, 505}) {
        ScriptedHttpServer server({ScriptedHttpServer::response(status, "{}"),
                                   ScriptedHttpServer::response(200, R"({"ok":true})")});
        HttpClient::Options o;
        o.backoffMs = 10;
        HttpClient http(o);
        const HttpResponse r = awaitResult<HttpResponse>(
            [&](QObject *c, auto done) { http.get(QUrl(server.url()), c, done); });
        EXPECT_EQ(r.error.kind, ClientError::Kind::Http) << status;
        EXPECT_EQ(r.error.httpStatus, status);
        EXPECT_EQ(server.requests(), 1) << status;
    }
}

TEST(HttpClientBehaviour, TimesOutASilentNode)
{
    ScriptedHttpServer server({"hang", "hang"});
    HttpClient::Options o;
    o.timeoutMs = 300;
    o.maxRetries = 1;
    o.backoffMs = 10;
    HttpClient http(o);
    const HttpResponse r = awaitResult<HttpResponse>(
        [&](QObject *c, auto done) { http.get(QUrl(server.url()), c, done); });
    EXPECT_EQ(r.error.kind, ClientError::Kind::Timeout) << r.error.toString().toStdString();
    EXPECT_EQ(server.requests(), 2);
}

TEST(HttpClientBehaviour, RefusedConnectionIsANetworkError)
{
    QTcpServer closed;
    closed.listen(QHostAddress::LocalHost, 0);
    const quint16 port = closed.serverPort();
    closed.close();
    HttpClient::Options o;
    o.backoffMs = 10;
    HttpClient http(o);
    const HttpResponse r = awaitResult<HttpResponse>([&](QObject *c, auto done) {
        http.get(QUrl(QStringLiteral("http://127.0.0.1:%1/v1/blocks").arg(port)), c, done);
    });
    EXPECT_EQ(r.error.kind, ClientError::Kind::Network);
}

TEST(HttpClientBehaviour, WaitsOutA429AsRetryAfterSays)
{
    const QByteArray date =
        QDateTime::currentDateTimeUtc().addSecs(1).toString(Qt::RFC2822Date).toLatin1();
    ScriptedHttpServer server(
        {ScriptedHttpServer::response(429, "{}", "Retry-After: 1\r\n"),
         ScriptedHttpServer::response(429, "{}", "Retry-After: " + date + "\r\n"),
         ScriptedHttpServer::response(200, "{}")});
    HttpClient http;
    QSignalSpy limited(&http, &HttpClient::rateLimited);
    const HttpResponse r = awaitResult<HttpResponse>(
        [&](QObject *c, auto done) { http.get(QUrl(server.url()), c, done); });
    EXPECT_TRUE(r.error.ok());
    EXPECT_EQ(limited.count(), 2);
    EXPECT_EQ(limited.at(0).at(0).toInt(), 1);
    EXPECT_EQ(parseRetryAfter("120"), 120);
    EXPECT_EQ(parseRetryAfter("soon", 3), 3);
}

// A Retry-After past the call's own deadline is not waited for: one that
// overflowed wait * 1000 ("Timers cannot have negative intervals", then
// idle for ever), and one of a day, are answered at once, in words.
TEST(HttpClientBehaviour, ARetryAfterPastTheDeadlineIsSaidNotWaited)
{
    for (const QByteArray &retryAfter :
         {QByteArray("2147484"), QByteArray("86400"), QByteArray("30")}) {
        ScriptedHttpServer server(
            {ScriptedHttpServer::response(429, "{}", "Retry-After: " + retryAfter + "\r\n"),
             ScriptedHttpServer::response(200, "{}")});
        HttpClient::Options options;
        options.deadlineMs = 5000;
        HttpClient http(options);
        QElapsedTimer clock;
        clock.start();
        const HttpResponse r = awaitResult<HttpResponse>(
            [&](QObject *c, auto done) { http.get(QUrl(server.url()), c, done); });
        EXPECT_LT(clock.elapsed(), 3000) << retryAfter.constData();
        EXPECT_EQ(r.error.kind, ClientError::Kind::RateLimited) << retryAfter.constData();
        EXPECT_EQ(r.error.retryAfter, retryAfter.toInt());
        EXPECT_TRUE(r.error.message.contains(
            QStringLiteral("asks to wait %1 s, past this call's 5 s").arg(retryAfter.toInt())))
            << r.error.message.toStdString();
    }
}

TEST(HttpClientBehaviour, ClientBucketKeepsANormalUserUnderTheNodesLimit)
{
    auto config = DevnetHarness::rateLimitedConfig(8, 1.0, 100, 20);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    // Below the node's bucket in rate and burst, as the defaults are (and
    // 40 requests take 0.4 s at this rate).
    HttpClient::Options o;
    o.rate = 75;
    o.burst = 10;
    HttpClient http(o);
    QSignalSpy limited(&http, &HttpClient::rateLimited);
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    int answered = 0;
    QObject context;
    for (int i = 0; i < 40; ++i)
        rest.blocks({}, 1, &context,
                    [&](const Result<Page<BlockHeader>> &r) { answered += r.ok(); });
    ASSERT_TRUE(QTest::qWaitFor([&] { return answered == 40; }, 20000));
    EXPECT_EQ(limited.count(), 0);
}
