// The chain engine following another node's blocks into PostgreSQL, as the
// indexer's follower does: every block executed here and checked against
// the header it came with before it is stored; what is stored reads back as
// the node that made it reads its own; a block that does not execute to its
// header is refused with the height and both roots, and nothing of it kept.
#include "chain/engine/genesis.h"
#include "chain/store/postgresdatabase.h"
#include "chain/store/trienodes.h"
#include "server/api/graphqlschema.h"
#include "server/api/readerpool.h"
#include "server/api/restroutes.h"
#include "server/api/rpcdispatcher.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"
#include "tests/support/outcomeassert.h"

#include <QJsonDocument>
#include <QTest>
#include <atomic>
#include <map>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// What a client reads of a chain at a height, in the node's own JSON.
QByteArray snapshot(const chain::ChainView &state, std::uint64_t height)
{
    server::RecordReader indexer(state);
    QJsonArray out;
    out.append(server::RecordJson::block(state, *state.block(height), true));
    for (int c = 0; c < static_cast<int>(state.collectionCount()); ++c) {
        if (state.collectionExists(c, height))
            out.append(server::RecordJson::collection(state, indexer.stats(c, height)));
    }
    for (int o = 0; o < static_cast<int>(state.objectCount()); ++o) {
        if (state.objectExists(o, height))
            out.append(server::RecordJson::object(state, indexer, o, height));
    }
    for (const auto &e : state.activityOf(height))
        out.append(server::RecordJson::activity(state, e));
    for (const auto &key : chain::Genesis::trafficKeys())
        out.append(
            server::RecordJson::wallet(key.address(), indexer.wallet(key.address(), height)));
    out.append(toHexString(state.treeAt(height)->root()));
    out.append(toHexString(state.holdingsAt(height)->root()));
    return QJsonDocument(out).toJson(QJsonDocument::Compact);
}

TEST_F(ChainFollowTest, EveryBlockFollowedReadsAsTheNodeReadsItAtEveryHeight)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    EXPECT_FALSE(follower.state().hasBlocks()) << "a follower makes no genesis of its own";
    followUpTo(follower, s_node->state().head());
    ASSERT_EQ(follower.state().head(), s_node->state().head());
    for (std::uint64_t h = 0; h <= s_node->state().head(); h += 4) {
        EXPECT_EQ(follower.state().block(h)->header.hash, s_node->state().block(h)->header.hash);
        EXPECT_EQ(follower.state().block(h)->header.commit.size(),
                  s_node->state().block(h)->header.commit.size())
            << "the validators' own signatures are kept";
        EXPECT_EQ(snapshot(follower.state(), h), snapshot(s_node->state(), h)) << "height " << h;
    }
}

// A collection's items at a height, counted from its objects' mint
// heights without a read, are its statistics' count at every height, on
// the node's file and in PostgreSQL.
TEST_F(ChainFollowTest, ItemsCountedFromMintHeightsAreTheStatisticsAtEveryHeight)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    for (const chain::Chain *chain : std::vector<const chain::Chain *>{s_node, &follower}) {
        const server::RecordReader records(chain->state());
        for (std::uint64_t h = 0; h <= chain->state().head(); ++h) {
            for (int c = 0; c < static_cast<int>(chain->state().collectionCount()); ++c)
                ASSERT_EQ(records.itemsAt(c, h), chain->state().tables().totals(c, h).items)
                    << "collection " << c << " at " << h;
        }
    }
}

// Versions read at once, for objects spread over the chain (a wallet's) and
// for a page's run of them, are each object's own, on both engines; so are
// records read at once, and a holder's sub-trie read a level at a time.
TEST_F(ChainFollowTest, VersionsRecordsAndTrieNodesReadAtOnceAreEachOnesOwn)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    const int last = static_cast<int>(s_node->state().objectCount()) - 1;
    const std::vector<int> spread{0, 3, last / 2, last - 1, last};
    for (const chain::Chain *chain : std::vector<const chain::Chain *>{s_node, &follower}) {
        const chain::StateReader &tables = chain->state().tables();
        for (std::uint64_t h = 0; h <= chain->state().head(); h += 7) {
            const auto read = tables.versionsOf(spread, h);
            std::size_t minted = 0;
            for (const int o : spread)
                minted += tables.version(o, h).has_value();
            ASSERT_EQ(read.size(), minted) << "height " << h;
            for (const auto &[o, v] : read)
                EXPECT_EQ(v.owner, tables.version(o, h)->owner) << "object " << o << " at " << h;
        }
        const auto records = tables.objectsIn(spread);
        ASSERT_EQ(records.size(), spread.size());
        std::vector<Hash32> keys;
        for (const auto &[o, record] : records) {
            EXPECT_EQ(record.displayKey, tables.object(o)->displayKey);
            keys.push_back(record.key);
        }
        keys.push_back(Hash32{}); // none
        const auto indexes = tables.objectIndexes(keys);
        ASSERT_EQ(indexes.size(), spread.size());
        for (const auto &[key, o] : indexes)
            EXPECT_EQ(tables.objectIndex(key), o);
        const std::vector<int> byState = chain->state().objectIndexes(keys);
        ASSERT_EQ(byState.size(), keys.size());
        EXPECT_EQ(byState.back(), -1);
        for (std::size_t i = 0; i + 1 < keys.size(); ++i)
            EXPECT_EQ(byState[i], tables.objectIndex(keys[i]));

        // A holder's sub-trie read a level at a time: walking it then reads nothing more.
        const Address holder = chain::Genesis::trafficKeys().front().address();
        const auto root = chain->store().holderRoot(holder, chain->state().head());
        ASSERT_TRUE(root) << root.error().message.toStdString();
        chain::TrieNodes nodes;
        nodes.setStore(&chain->store());
        nodes.prefetchBelow(root.value());
        const std::size_t read = nodes.cachedNodes();
        EXPECT_GT(read, 2U);
        EXPECT_EQ(nodes.tree(root.value()).keys(),
                  chain->state().holdingsOf(holder, chain->state().head()));
        EXPECT_EQ(nodes.cachedNodes(), read) << "the walk read a node the levels had not";

        // Part of it kept already (the same holder earlier, whose nodes the
        // later sub-trie shares): what the cache lacks is read, under what
        // it keeps too. (Reading a whole sub-trie in one recursive statement
        // was tried: it reads again what the cache keeps, and a wallet at a
        // new height took longer.)
        const std::uint64_t earlier = chain->state().head() / 2;
        const auto before = chain->store().holderRoot(holder, earlier);
        ASSERT_TRUE(before) << before.error().message.toStdString();
        chain::TrieNodes warm;
        warm.setStore(&chain->store());
        warm.prefetchBelow(before.value());
        warm.prefetchBelow(root.value());
        const std::size_t both = warm.cachedNodes();
        EXPECT_EQ(warm.tree(root.value()).keys(),
                  chain->state().holdingsOf(holder, chain->state().head()));
        EXPECT_EQ(warm.tree(before.value()).keys(), chain->state().holdingsOf(holder, earlier));
        EXPECT_EQ(warm.cachedNodes(), both) << "a walk read a node the read-ahead had not";
    }
}

// A read server's reader threads (ReaderPool), each with a QueryStore of its own
// over the followed database, answer as the node's own routes do: objects
// and wallets at past heights, pages and blocks, all asked at once, each
// answer handed back on this thread.
TEST_F(ChainFollowTest, ReaderThreadsAnswerAsTheNodeManyAtOnce)
{
    const QString url = newDatabase();
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    const std::uint64_t head = s_node->state().head();
    followUpTo(follower, head);
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
    std::map<std::size_t, server::RestReply> answers;
    for (std::size_t i = 0; i < urls.size(); ++i)
        pool.answer(urls[i], {}, head,
                    [&answers, i, head](server::RestReply reply, std::uint64_t readAt) {
                        EXPECT_GE(readAt, head);
                        answers[i] = std::move(reply);
                    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == urls.size(); }, 60000))
        << answers.size() << " of " << urls.size() << " answered";
    for (std::size_t i = 0; i < urls.size(); ++i) {
        const server::RestReply node = nodeRoutes.answer(urls[i], {});
        EXPECT_EQ(static_cast<int>(node.status), 200) << urls[i].toString().toStdString();
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

TEST_F(ChainFollowTest, ABlockThatDoesNotExecuteToItsHeaderIsRefusedWithBothRoots)
{
    const QString url = newDatabase();
    const std::uint64_t good = 10;
    {
        chain::Chain follower(followerOptions(url));
        ASSERT_TRUE(holds(follower.open()));
        followUpTo(follower, good);
        auto next = nodeBlock(good + 1);
        ASSERT_FALSE(next.transactions.empty()) << "traffic fills every block";
        // The header as signed, the state it commits to not what executes.
        next.header.objectRoot[0] ^= 1;
        next.header.holdingsRoot[31] ^= 1;
        const Outcome<> refused = follower.follow(next.header, next.transactions);
        ASSERT_FALSE(refused);
        EXPECT_EQ(refused.error().kind, Failure::Kind::Invalid) << "the block's fault, not ours";
        const std::string why = refused.error().message.toStdString();
        EXPECT_NE(why.find("block " + std::to_string(good + 1)), std::string::npos) << why;
        EXPECT_NE(why.find(toHexString(next.header.objectRoot).toStdString()), std::string::npos);
        EXPECT_NE(why.find(toHexString(next.header.holdingsRoot).toStdString()), std::string::npos);
        const auto real = nodeBlock(good + 1);
        EXPECT_NE(why.find(toHexString(real.header.objectRoot).toStdString()), std::string::npos)
            << "the root computed is named beside the signed one: " << why;
    }
    // Nothing of it was stored: taken up again, the next block is the real one.
    chain::Chain again(followerOptions(url));
    ASSERT_TRUE(holds(again.open()));
    EXPECT_EQ(again.state().head(), good);
    auto transactionsDropped = nodeBlock(good + 1);
    transactionsDropped.transactions.pop_back();
    const Outcome<> dropped =
        again.follow(transactionsDropped.header, transactionsDropped.transactions);
    ASSERT_FALSE(dropped);
    EXPECT_NE(dropped.error().message.indexOf(QStringLiteral("transaction root")), -1)
        << dropped.error().message.toStdString();
}

TEST_F(ChainFollowTest, TakenUpAgainItGoesOnFromItsHeadWithNothingTwice)
{
    const QString url = newDatabase();
    for (std::uint64_t stop : {3U, 9U, 17U}) {
        chain::Chain follower(followerOptions(url));
        ASSERT_TRUE(holds(follower.open()));
        followUpTo(follower, stop);
        EXPECT_EQ(follower.state().head(), stop);
        auto repeat = nodeBlock(stop);
        const Outcome<> repeated = follower.follow(repeat.header, repeat.transactions);
        EXPECT_FALSE(repeated) << "a height already stored is not stored again";
        if (!repeated) {
            EXPECT_EQ(repeated.error().kind, Failure::Kind::Invalid);
        }
    }
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    EXPECT_EQ(snapshot(follower.state(), follower.state().head()),
              snapshot(s_node->state(), s_node->state().head()));
}

} // namespace

// A connection lost before any block is a failure the follower waits on
// (Unavailable), whichever read of the block's execution meets it first:
// an account, a holder's root, a trie node. A holder's root read as words
// alone had made it "the store's" failure, which stopped the follower as
// if the block were wrong.
TEST_F(ChainFollowTest, AConnectionLostBeforeABlockIsUnavailableWhateverReadMeetsIt)
{
    const QString url = newDatabase();
    for (std::uint64_t h = 1; h <= 12; ++h) {
        chain::Chain follower(followerOptions(url));
        ASSERT_TRUE(holds(follower.open()));
        followUpTo(follower, h - 1);
        {
            chain::PostgresDatabase admin(url);
            admin.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                       "current_database() AND pid <> pg_backend_pid()");
        }
        auto b = nodeBlock(h);
        const Outcome<> followed = follower.follow(b.header, b.transactions);
        ASSERT_FALSE(followed) << "block " << h;
        EXPECT_EQ(followed.error().kind, Failure::Kind::Unavailable)
            << "block " << h << ": " << followed.error().message.toStdString();
    }
    // The read the follower met in the middle of a block (a holder's root,
    // its first statement here), thrown on with its kind.
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    chain::PostgresDatabase(url).exec(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
        "datname = current_database() AND pid <> pg_backend_pid()");
    try {
        follower.state().holdingsOf(chain::Genesis::trafficKeys().front().address(), 3);
        ADD_FAILURE() << "read through a connection that was ended";
    } catch (const std::exception &e) {
        EXPECT_EQ(chain::failureOf(e, QString::fromUtf8(e.what())).kind, Failure::Kind::Unavailable)
            << e.what();
    }
}

// GraphQL on a read server's reader threads answers as the node's own
// schema does at the same height, takes its price through the limiter's
// callbacks, and leaves a query that read the pool (which readers lack) to
// the node thread.
TEST_F(ChainFollowTest, ReaderThreadsAnswerGraphqlAsTheNode)
{
    const QString url = newDatabase();
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    const std::uint64_t head = s_node->state().head();
    followUpTo(follower, head);
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
    std::map<std::size_t, std::optional<server::ChainGraphql::HttpAnswer>> answers;
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
                           [&answers, i, head](std::optional<server::ChainGraphql::HttpAnswer> a,
                                               std::uint64_t readAt) {
                               EXPECT_GE(readAt, head);
                               answers[i] = std::move(a);
                           });
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == bodies.size(); }, 60000))
        << answers.size() << " of " << bodies.size() << " answered";
    int takenHere = 0;
    for (std::size_t i = 0; i + 1 < bodies.size(); ++i) {
        const server::ChainGraphql::HttpAnswer mine = node.answerHttp(
            QByteArrayLiteral("POST"), QUrl(QStringLiteral("/graphql")), bodies[i],
            QByteArrayLiteral("application/json"), {}, [&takenHere](int tokens, int *) {
                takenHere += tokens;
                return true;
            });
        EXPECT_FALSE(mine.body.contains("\"errors\"")) << mine.body.constData();
        ASSERT_TRUE(answers[i].has_value()) << bodies[i].constData();
        EXPECT_EQ(answers[i]->status, mine.status) << bodies[i].constData();
        EXPECT_EQ(answers[i]->height, mine.height) << bodies[i].constData();
        EXPECT_EQ(answers[i]->body, mine.body) << bodies[i].constData();
    }
    EXPECT_FALSE(answers[bodies.size() - 1].has_value()) << "the pool is the node thread's";
    EXPECT_GT(takenHere, 0);
    EXPECT_EQ(taken.load(), takenHere) << "each query's price, taken through the callback";
}

// JSON-RPC on a read server's reader threads: proofs, objects and raw
// blocks at several heights, and a batch, answer as the node's dispatcher
// does; a call that looked in the pool (which readers lack) is handed back;
// only calls that read the chain alone are the readers' at all.
TEST_F(ChainFollowTest, ReaderThreadsAnswerJsonRpcAsTheNode)
{
    const QString url = newDatabase();
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    const std::uint64_t head = s_node->state().head();
    followUpTo(follower, head);
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
    std::map<std::size_t, std::optional<QByteArray>> answers;
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
                answers[i] = std::move(answer.body);
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
    // Handed back, and answered on the node thread with the reader's
    // charges: the calls the client could not pay for stay refused.
    ASSERT_FALSE(handedBack->body.has_value());
    const QJsonArray replayed =
        QJsonDocument::fromJson(
            node.handle(poorBody, nullptr, server::ReaderPool::replayed(handedBack->charged)))
            .array();
    ASSERT_EQ(replayed.size(), 4);
    EXPECT_NE(replayed.at(1).toObject()[QStringLiteral("error")][QStringLiteral("code")].toInt(),
              -32005)
        << "paid for on the reader";
    for (const int refused : {2, 3}) {
        const QJsonObject e = replayed.at(refused).toObject()[QStringLiteral("error")].toObject();
        EXPECT_EQ(e[QStringLiteral("code")].toInt(), -32005) << refused;
        EXPECT_EQ(e[QStringLiteral("data")].toObject()[QStringLiteral("retryAfter")].toInt(), 7);
    }
    for (std::size_t i = 0; i + 1 < bodies.size(); ++i) {
        const QByteArray mine = node.handle(bodies[i], nullptr);
        EXPECT_FALSE(mine.contains("\"error\"")) << mine.left(300).constData();
        ASSERT_TRUE(answers[i].has_value()) << bodies[i].constData();
        EXPECT_EQ(*answers[i], mine) << bodies[i].constData();
    }
    EXPECT_FALSE(answers[bodies.size() - 1].has_value()) << "the pool is the node thread's";
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
