// A read server's reader threads (ReaderPool), each a QueryStore of its own
// over a followed database: REST, GraphQL and JSON-RPC answer as the node's
// own routes, schema and dispatcher do, many at once; each says what it
// asked of the pool, for the node thread to answer again only what its own
// pool could change.
#include "server/api/readerpool.h"

#include "chain/engine/mempool.h"
#include "server/api/graphqlschema.h"
#include "server/api/restroutes.h"
#include "server/api/rpcdispatcher.h"
#include "server/records/rankcache.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"
#include "tests/support/outcomeassert.h"
#include "tests/support/txfactory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <atomic>
#include <map>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// A transaction no one sent: a reader looks for it in its pool.
Hash32 neverSentHash()
{
    Hash32 h;
    h.fill(0x77);
    return h;
}
} // namespace

// A read server's reader threads (ReaderPool), each with a QueryStore of its own
// over the followed database, answer as the node's own routes do: objects
// and wallets at past heights, pages and blocks, all asked at once, each
// answer handed back on this thread.
TEST_F(ChainFollowTest, ReaderThreadsAnswerAsTheNodeManyAtOnce)
{
    const std::uint64_t head = s_node->state().head();
    const QString url = followedDatabase(head);
    const auto ranks = std::make_shared<server::RankCache>();
    server::ReaderPool pool(readerOptions(url), 2, 5000, ranks);
    ASSERT_TRUE(holds(pool.open()));
    server::RecordReader records(s_node->state());
    const server::RestRoutes nodeRoutes(*s_node, records);
    std::vector<QUrl> urls;
    for (int i = 0; i < 60; ++i) {
        const chain::ObjectRecord o = s_node->state().object(i % 40);
        const chain::ObjectVersion v = s_node->state().version(i % 40, head);
        const std::uint64_t at = static_cast<std::uint64_t>(i) % (head + 1);
        // An object from its mint on.
        const std::uint64_t held =
            o.mintedAt + static_cast<std::uint64_t>(i) % (head - o.mintedAt + 1);
        urls.emplace_back(
            i % 4 == 0
                ? QStringLiteral("/v1/objects/%1/%2?height=%3").arg(o.slug).arg(o.tokenId).arg(held)
            : i % 4 == 1
                ? QStringLiteral("/v1/wallets/%1?height=%2").arg(toHexString(v.owner)).arg(at)
            : i % 4 == 2 ? QStringLiteral("/v1/objects?limit=5&sort=%1&q=%2")
                               .arg(i % 8 == 2 ? QStringLiteral("price") : QStringLiteral("rarity"))
                               .arg(i)
                         : QStringLiteral("/v1/blocks/%1").arg(at));
    }
    // A mined transaction, read from the chain alone; one never sent, which
    // looks in the pool.
    const Hash32 mined = s_node->state().transactionsOf(head / 2).front().hash;
    urls.emplace_back(QStringLiteral("/v1/txs/") + toHexString(mined));
    const Hash32 neverSent = neverSentHash();
    urls.emplace_back(QStringLiteral("/v1/txs/") + toHexString(neverSent));
    std::map<std::size_t, server::RestReply> answers;
    std::map<std::size_t, chain::MempoolAsked> asked;
    for (std::size_t i = 0; i < urls.size(); ++i)
        pool.answer(urls[i], {}, head,
                    [&answers, &asked, i, head](server::RestReply reply, chain::MempoolAsked pooled,
                                                std::uint64_t readAt) {
                        EXPECT_GE(readAt, head);
                        answers[i] = std::move(reply);
                        asked[i] = std::move(pooled);
                    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == urls.size(); }, 60000))
        << answers.size() << " of " << urls.size() << " answered";
    for (std::size_t i = 0; i + 1 < urls.size(); ++i)
        EXPECT_TRUE(asked[i].empty()) << urls[i].toString().toStdString();
    EXPECT_EQ(asked[urls.size() - 1].hashes, std::vector<Hash32>{neverSent});
    EXPECT_FALSE(asked[urls.size() - 1].whole);
    // The node's pool does not hold it either: the reader's answer stands.
    EXPECT_FALSE(pool.handsBack(asked[urls.size() - 1], head, *s_node));
    for (std::size_t i = 0; i < urls.size(); ++i) {
        const server::RestReply node = nodeRoutes.answer(urls[i], {});
        EXPECT_EQ(static_cast<int>(node.status), i + 1 < urls.size() ? 200 : 404)
            << urls[i].toString().toStdString();
        EXPECT_EQ(answers[i].status, node.status) << urls[i].toString().toStdString();
        EXPECT_EQ(answers[i].height, node.height) << urls[i].toString().toStdString();
        EXPECT_EQ(answers[i].body, node.body) << urls[i].toString().toStdString();
    }
    // The ranks the reader threads made are the server's: a list by rarity
    // is priced on its node thread as ranked (its rows alone).
    server::RecordReader priced(s_node->state(), ranks);
    server::ObjectFilter byRarity;
    byRarity.order = server::ObjectFilter::Order::Rarity;
    EXPECT_EQ(priced.objectsCost(byRarity, head, 0, 6), server::RecordReader::scanCost(6, false));
    const server::RecordReader fresh(s_node->state());
    EXPECT_GT(fresh.objectsCost(byRarity, head, 0, 6), server::RecordReader::scanCost(6, false))
        << "a reader that has not ranked them";
}

// GraphQL on a read server's reader threads answers as the node's own
// schema does at the same height, takes its price through the limiter's
// callbacks, and leaves a query that read the pool (which readers lack) to
// the node thread.
TEST_F(ChainFollowTest, ReaderThreadsAnswerGraphqlAsTheNode)
{
    const std::uint64_t head = s_node->state().head();
    const QString url = followedDatabase(head);
    server::ReaderPool pool(readerOptions(url), 2, 5000, std::make_shared<server::RankCache>());
    ASSERT_TRUE(holds(pool.open()));
    server::RecordReader records(s_node->state());
    const server::ChainGraphql node(s_node->state(), records, s_node->mempool());
    std::vector<QByteArray> bodies;
    for (int i = 0; i < 24; ++i) {
        const chain::ObjectRecord o = s_node->state().object(i % 40);
        const std::uint64_t held =
            o.mintedAt + static_cast<std::uint64_t>(i) % (head - o.mintedAt + 1);
        const chain::ObjectVersion v = s_node->state().version(i % 40, head);
        const QString query =
            i % 3 == 0 ? QStringLiteral("{ object(slug: \"%1\", tokenId: %2, height: %3) "
                                        "{ key owner listing { price } } }")
                             .arg(o.slug)
                             .arg(o.tokenId)
                             .arg(held)
            : i % 3 == 1 ? QStringLiteral("{ wallet(address: \"%1\", height: %2) { balance } }")
                               .arg(toHexString(v.owner))
                               .arg(static_cast<std::uint64_t>(i) % (head + 1))
                         : QStringLiteral("{ objects(first: 5, sort: PRICE, height: %1) "
                                          "{ nodes { key owner } } }")
                               .arg(head - static_cast<std::uint64_t>(i) % 4);
        bodies.push_back(QJsonDocument(QJsonObject{{QStringLiteral("query"), query}})
                             .toJson(QJsonDocument::Compact));
    }
    // One that costs more than its request's token.
    bodies.push_back(QByteArrayLiteral(
        R"({"query":"{ objects(first: 100, sort: PRICE) { nodes { key owner listing { price } } } }"})"));
    // One asking a pending transaction's hash: the pool is read.
    bodies.push_back(QByteArrayLiteral(R"({"query":"{ transaction(hash: \"0x)") +
                     QByteArray(64, '7') + QByteArrayLiteral(R"(\") { hash } }"})"));
    std::atomic<int> taken = 0;
    std::map<std::size_t, server::ChainGraphql::HttpAnswer> answers;
    std::map<std::size_t, chain::MempoolAsked> asked;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        server::GraphqlAsk ask{QByteArrayLiteral("POST"),
                               QUrl(QStringLiteral("/graphql")),
                               bodies[i],
                               QByteArrayLiteral("application/json"),
                               {},
                               {},
                               {}};
        ask.take = [&taken](int tokens, int *) {
            taken += tokens;
            return true;
        };
        pool.answerGraphql(ask, head,
                           [&answers, &asked, i, head](server::ChainGraphql::HttpAnswer a,
                                                       chain::MempoolAsked pooled,
                                                       std::uint64_t readAt) {
                               EXPECT_GE(readAt, head);
                               answers[i] = std::move(a);
                               asked[i] = std::move(pooled);
                           });
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == bodies.size(); }, 60000))
        << answers.size() << " of " << bodies.size() << " answered";
    int takenHere = 0;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const server::ChainGraphql::HttpAnswer mine = node.answerHttp(
            QByteArrayLiteral("POST"), QUrl(QStringLiteral("/graphql")), bodies[i],
            QByteArrayLiteral("application/json"), {}, [&takenHere](int tokens, int *) {
                takenHere += tokens;
                return true;
            });
        EXPECT_FALSE(mine.body.contains("\"errors\"")) << mine.body.constData();
        EXPECT_EQ(answers[i].status, mine.status) << bodies[i].constData();
        EXPECT_EQ(answers[i].height, mine.height) << bodies[i].constData();
        EXPECT_EQ(answers[i].body, mine.body) << bodies[i].constData();
        EXPECT_EQ(asked[i].empty(), i + 1 < bodies.size()) << bodies[i].constData();
    }
    // The pending transaction asked for: the node thread's answer only when
    // its pool holds it, or when it has taken up a later block than the
    // reader read at (and may have let the transaction go).
    const chain::MempoolAsked &pending = asked[bodies.size() - 1];
    EXPECT_EQ(pending.hashes, std::vector<Hash32>{neverSentHash()});
    EXPECT_FALSE(pool.handsBack(pending, head, *s_node));
    EXPECT_TRUE(pool.handsBack(pending, head - 1, *s_node));
    EXPECT_FALSE(pool.handsBack(asked[0], head - 1, *s_node));
    EXPECT_GT(takenHere, 0);
    EXPECT_EQ(taken.load(), takenHere) << "each query's price, taken through the callback";
}

// JSON-RPC on a read server's reader threads: proofs, objects and raw
// blocks at several heights, and a batch, answer as the node's dispatcher
// does; a call that looked in the pool (which readers lack) is handed back;
// only calls that read the chain alone are the readers' at all.
TEST_F(ChainFollowTest, ReaderThreadsAnswerJsonRpcAsTheNode)
{
    const std::uint64_t head = s_node->state().head();
    const QString url = followedDatabase(head);
    server::ReaderPool pool(readerOptions(url), 2, 5000, std::make_shared<server::RankCache>());
    ASSERT_TRUE(holds(pool.open()));
    server::RecordReader records(s_node->state());
    server::RpcDispatcher node(*s_node, records);
    auto call = [](const char *method, const QJsonArray &params, int id) {
        return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                           {QStringLiteral("id"), id},
                           {QStringLiteral("method"), QLatin1String(method)},
                           {QStringLiteral("params"), params}};
    };
    std::vector<QByteArray> bodies;
    QJsonArray batch;
    for (int i = 0; i < 18; ++i) {
        const chain::ObjectRecord o = s_node->state().object(i % 40);
        const auto held = static_cast<qint64>(o.mintedAt + static_cast<std::uint64_t>(i) %
                                                               (head - o.mintedAt + 1));
        const QJsonObject one =
            i % 3 == 0   ? call("gif_proof", {o.slug, static_cast<qint64>(o.tokenId), held}, i)
            : i % 3 == 1 ? call("gif_getObject", {o.slug, static_cast<qint64>(o.tokenId), held}, i)
                         : call("gif_getRawBlock", {static_cast<qint64>(i) % 8}, i);
        bodies.push_back(QJsonDocument(one).toJson(QJsonDocument::Compact));
        batch.append(one);
    }
    bodies.push_back(QJsonDocument(batch).toJson(QJsonDocument::Compact));
    // A transaction not mined: the pool is looked in; and a batch holding
    // one, whose client can pay for its first two calls alone.
    const QJsonObject unmined = call(
        "gif_getTransaction", QJsonArray{QString(QStringLiteral("0x") + QString(64, u'7'))}, 99);
    QJsonArray poor{batch.at(0), unmined, batch.at(1), batch.at(2)};
    const QByteArray poorBody = QJsonDocument(poor).toJson(QJsonDocument::Compact);
    bodies.push_back(QJsonDocument(unmined).toJson(QJsonDocument::Compact));
    for (const QByteArray &body : bodies)
        EXPECT_TRUE(server::RpcDispatcher::readsChainOnly(body)) << body.constData();
    std::atomic<int> charged = 0;
    std::map<std::size_t, server::ReaderPool::RpcAnswer> answers;
    for (std::size_t i = 0; i < bodies.size(); ++i)
        pool.answerRpc(
            bodies[i],
            [&charged](int *) {
                ++charged;
                return true;
            },
            head,
            [&answers, i, head](server::ReaderPool::RpcAnswer answer, std::uint64_t readAt) {
                EXPECT_GE(readAt, head);
                answers[i] = std::move(answer);
            });
    std::optional<server::ReaderPool::RpcAnswer> handedBack;
    pool.answerRpc(
        poorBody,
        [taken = 0](int *wait) mutable {
            *wait = 7;
            return ++taken <= 1;
        },
        head,
        [&handedBack](server::ReaderPool::RpcAnswer answer, std::uint64_t) {
            handedBack = std::move(answer);
        });
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return answers.size() == bodies.size() && handedBack.has_value(); }, 60000))
        << answers.size() << " of " << bodies.size() << " answered";
    // Had the node's pool held the transaction, answered again on the node
    // thread with the reader's charges: the calls the client could not pay
    // for stay refused.
    EXPECT_EQ(handedBack->asked.hashes, std::vector<Hash32>{neverSentHash()});
    const QByteArray again =
        node.handle(poorBody, nullptr, server::ReaderPool::replayed(handedBack->charged));
    EXPECT_EQ(again, handedBack->body) << "the reader refused the same calls";
    const QJsonArray replayed = QJsonDocument::fromJson(again).array();
    ASSERT_EQ(replayed.size(), 4);
    EXPECT_NE(replayed.at(1).toObject()[QStringLiteral("error")][QStringLiteral("code")].toInt(),
              -32005)
        << "paid for on the reader";
    for (const int refused : {2, 3}) {
        const QJsonObject e = replayed.at(refused).toObject()[QStringLiteral("error")].toObject();
        EXPECT_EQ(e[QStringLiteral("code")].toInt(), -32005) << refused;
        EXPECT_EQ(e[QStringLiteral("data")].toObject()[QStringLiteral("retryAfter")].toInt(), 7);
    }
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const QByteArray mine = node.handle(bodies[i], nullptr);
        EXPECT_EQ(mine.contains("\"error\""), i + 1 == bodies.size()) << mine.left(300).constData();
        EXPECT_EQ(answers[i].body, mine) << bodies[i].constData();
        EXPECT_EQ(answers[i].asked.empty(), i + 1 < bodies.size()) << bodies[i].constData();
    }
    EXPECT_EQ(charged.load(), batch.size() - 1) << "a batch's calls past its first";

    for (const char *other : {"gif_sendRawTransaction", "gif_subscribe", "gif_pendingTransactions",
                              "gif_mempoolChanges", "gif_createWebhook", "gif_nonesuch"}) {
        EXPECT_FALSE(server::RpcDispatcher::readsChainOnly(
            QJsonDocument(call(other, {}, 1)).toJson(QJsonDocument::Compact)))
            << other;
        QJsonArray mixed = batch;
        mixed.append(call(other, {}, 1));
        EXPECT_FALSE(server::RpcDispatcher::readsChainOnly(
            QJsonDocument(mixed).toJson(QJsonDocument::Compact)))
            << other << " in a batch";
    }
    EXPECT_FALSE(server::RpcDispatcher::readsChainOnly("{not json"));
    EXPECT_FALSE(server::RpcDispatcher::readsChainOnly("[]"));
}

// A request whose answer the node's pool changes (a pending transaction it
// looked for) is asked again on a reader with that transaction lent: the
// reader answers as the node thread would over its own pool, and the
// transaction leaves the reader's pool with the request.
TEST_F(ChainFollowTest, AReaderLentThePendingTransactionsAnswersAsTheNodesPool)
{
    const std::uint64_t head = s_node->state().head();
    server::ReaderPool pool(readerOptions(followedDatabase(head)), 1, 5000,
                            std::make_shared<server::RankCache>());
    ASSERT_TRUE(holds(pool.open()));
    // The node's pool: a transfer waiting far ahead of its sender's nonce.
    TxFactory factory;
    Transaction tx = factory.base(TxKind::Transfer, 1);
    tx.nonce = 40;
    tx.to = TxFactory::dev(4);
    tx.amount = 7;
    QString why;
    const std::optional<Transaction> decoded = decodeTransaction(TxFactory::sign(tx, 1), &why);
    ASSERT_TRUE(decoded) << why.toStdString();
    chain::Mempool nodePool;
    nodePool.mirror({*decoded, TxFactory::dev(1), decoded->hash(), 0});
    const Hash32 pending = decoded->hash();
    EXPECT_TRUE(nodePool.couldChange({false, {neverSentHash(), pending}}));
    EXPECT_FALSE(nodePool.couldChange({false, {neverSentHash()}}));
    EXPECT_TRUE(nodePool.couldChange({true, {}}));
    EXPECT_FALSE(chain::Mempool().couldChange({true, {pending}})) << "an empty pool";

    server::RecordReader records(s_node->state());
    const server::ChainGraphql node(s_node->state(), records, nodePool);
    const QByteArray body =
        QJsonDocument(
            QJsonObject{
                {QStringLiteral("query"),
                 QStringLiteral("{ transaction(hash: \"%1\") { hash nonce receipt { status } "
                                "} }")
                     .arg(toHexString(pending))}})
            .toJson(QJsonDocument::Compact);
    const server::GraphqlAsk ask{QByteArrayLiteral("POST"),
                                 QUrl(QStringLiteral("/graphql")),
                                 body,
                                 QByteArrayLiteral("application/json"),
                                 {},
                                 {},
                                 {}};
    std::vector<std::pair<QByteArray, chain::MempoolAsked>> answers;
    const auto kept = [&answers](const server::ChainGraphql::HttpAnswer &a,
                                 const chain::MempoolAsked &asked,
                                 std::uint64_t) { answers.emplace_back(a.body, asked); };
    pool.answerGraphql(ask, head, kept);
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == 1; }, 30000));
    EXPECT_TRUE(nodePool.couldChange(answers[0].second)) << "the node's pool holds it";
    pool.answerGraphql(
        ask, head, kept,
        server::ReaderPool::Lent(std::make_shared<std::vector<chain::PendingTx>>(
            std::vector<chain::PendingTx>{{*decoded, TxFactory::dev(1), pending, 0}})));
    pool.answerGraphql(ask, head, kept);
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == 3; }, 30000));
    const QByteArray mine =
        node.answerHttp(QByteArrayLiteral("POST"), QUrl(QStringLiteral("/graphql")), body,
                        QByteArrayLiteral("application/json"), {}, {})
            .body;
    EXPECT_TRUE(mine.contains(toHexString(pending).toUtf8())) << mine.constData();
    EXPECT_EQ(answers[1].first, mine) << "lent, as the node's pool answers";
    EXPECT_NE(answers[0].first, mine);
    EXPECT_EQ(answers[2].first, answers[0].first) << "taken back with the request";
}
