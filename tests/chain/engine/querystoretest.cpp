// A read server's chain: the tables a follower wrote, read through a
// QueryStore, which holds no engine. What it meets before the follower has
// begun, the head it reads at, a connection the server ended, the headers
// it will read back, the pool it mirrors and the transactions it does not
// take.
#include "chain/store/postgresdatabase.h"
#include "core/crypto/privatekey.h"
#include "core/protocol/validatorset.h"
#include "server/api/rpcdispatcher.h"
#include "server/node/serverparts.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"
#include "tests/support/outcomeassert.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// A transfer of 1 from the devnet's first key, unsigned.
Transaction oneTransfer()
{
    Transaction tx = TxFactory().base(TxKind::Transfer, 0);
    tx.to = TxFactory::dev(9);
    tx.amount = 1;
    return tx;
}

// A gif_proof call for `o` at `height`, as a client posts it.
QByteArray proofCall(const chain::ObjectRecord &o, qint64 height, int id = 1)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                     {QStringLiteral("id"), id},
                                     {QStringLiteral("method"), QStringLiteral("gif_proof")},
                                     {QStringLiteral("params"),
                                      QJsonArray{o.slug, static_cast<qint64>(o.tokenId), height}}})
        .toJson();
}
} // namespace

// What a read server meets before its follower has begun: a failure of
// the kind it waits on (NotYet), first for the tables, then for block 0.
TEST_F(ChainFollowTest, AReaderBeforeTheFollowerHasBegunIsToldNotYet)
{
    const QString url = newDatabase();
    chain::ChainOptions reads = readerOptions(url);
    auto openedTooEarly = [&](const char *what) {
        chain::QueryStore early(reads);
        const Outcome<> opened = early.open();
        ASSERT_FALSE(opened) << what;
        EXPECT_EQ(opened.error().kind, Failure::Kind::NotYet)
            << what << ": " << opened.error().message.toStdString();
    };
    openedTooEarly("no tables yet");
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    openedTooEarly("tables, but no block 0");
    followUpTo(follower, 0);
    chain::QueryStore reader(reads);
    ASSERT_TRUE(holds(reader.open()));
    ASSERT_TRUE(holds(reader.beginRead()));
    ASSERT_TRUE(reader.state().hasBlocks());
    EXPECT_EQ(reader.state().block(0)->header.hash, s_node->state().block(0)->header.hash);
    reader.endRead();
}

// A read server's request reads at the head last taken up and begins no
// statement of its own: what the follower stored since (an object minted,
// a transaction mined, a block made) is not there yet, rather than half
// there, until it is taken up as the follower announces it.
TEST_F(ChainFollowTest, AReaderAnswersAtTheHeadItTookUpNotAtWhatWasStoredSince)
{
    const QString url = newDatabase();
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, 5);
    chain::ChainOptions reads = readerOptions(url);
    chain::QueryStore reader(reads);
    ASSERT_TRUE(holds(reader.open()));
    followUpTo(follower, s_node->state().head());

    const chain::ChainView &node = s_node->state();
    int minted = -1;
    for (int o = 0; o < static_cast<int>(node.objectCount()) && minted < 0; ++o)
        if (node.object(o).mintedAt > 5)
            minted = o;
    ASSERT_GE(minted, 0) << "the node's traffic mints after block 5";
    std::uint64_t busy = 6;
    while (busy <= node.head() && node.activityOf(busy).empty())
        ++busy;
    ASSERT_LE(busy, node.head());
    const Hash32 tx = node.activityOf(busy).front().txHash;
    const Hash32 later = node.block(busy)->header.hash;
    const chain::ObjectRecord object = node.object(minted);

    ASSERT_TRUE(holds(reader.beginRead()));
    EXPECT_EQ(reader.state().head(), 5U);
    EXPECT_EQ(reader.state().objectIndex(object.displayKey), -1);
    EXPECT_EQ(reader.state().objectIndex(object.key), -1);
    EXPECT_FALSE(reader.state().transaction(tx).has_value());
    EXPECT_FALSE(reader.state().blockByHash(later).has_value());
    EXPECT_TRUE(reader.state().activityOf(busy).empty());
    reader.endRead();

    reader.announceStored();
    ASSERT_TRUE(holds(reader.beginRead()));
    EXPECT_EQ(reader.state().head(), node.head());
    EXPECT_EQ(reader.state().objectIndex(object.displayKey), minted);
    EXPECT_TRUE(reader.state().transaction(tx).has_value());
    EXPECT_TRUE(reader.state().blockByHash(later).has_value());
    EXPECT_FALSE(reader.state().activityOf(busy).empty());
    reader.endRead();
}

// A read server's connection ended by the server while idle (a restart, a
// terminated backend) is noticed before a request's first read and made
// again, so that request is answered, not refused.
TEST_F(ChainFollowTest, TheRequestAfterTheServerEndedAnIdleConnectionIsAnswered)
{
    const QString url = followedDatabase(5);
    chain::ChainOptions reads = readerOptions(url);
    reads.statementTimeoutMs = 250;
    chain::QueryStore reader(reads);
    ASSERT_TRUE(holds(reader.open()));
    chain::PostgresDatabase admin(url);
    admin.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
               "datname = current_database() AND pid <> pg_backend_pid()");
    // Gone from the server's list: its goodbye has been sent.
    for (int i = 0; i < 500 && admin.queryInt("SELECT count(*) FROM pg_stat_activity WHERE "
                                              "datname = current_database() AND pid <> "
                                              "pg_backend_pid()") > 0;
         ++i)
        QThread::msleep(10);
    ASSERT_TRUE(holds(reader.beginRead()));
    // A read of the store, which a lost connection makes throw.
    EXPECT_NO_THROW(EXPECT_EQ(reader.state().tables().objectCount(), reader.state().objectCount()));
    reader.endRead();
}

// A read server's database lost in the middle of a JSON-RPC call (its read
// scope open, the block's page not read yet) is -32006 with retryAfter, as
// PROTOCOL gives a database away, not an internal error.
TEST_F(ChainFollowTest, ADatabaseLostMidCallIsUnavailableNotAnInternalError)
{
    const QString url = followedDatabase(5);
    chain::ChainOptions reads = readerOptions(url);
    chain::QueryStore reader(reads);
    ASSERT_TRUE(holds(reader.open()));
    server::RecordReader indexer(reader.state());
    server::RpcDispatcher dispatcher(reader, indexer);
    ASSERT_TRUE(holds(reader.beginRead()));
    chain::PostgresDatabase(url).exec(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
        "datname = current_database() AND pid <> pg_backend_pid()");
    const QJsonObject answer =
        QJsonDocument::fromJson(
            dispatcher.handle(R"({"jsonrpc":"2.0","id":1,"method":"gif_getRawBlock","params":[3]})",
                              nullptr))
            .object();
    reader.endRead();
    const QJsonObject error = answer[QStringLiteral("error")].toObject();
    EXPECT_EQ(error[QStringLiteral("code")].toInt(), -32006)
        << QJsonDocument(answer).toJson().constData();
    EXPECT_EQ(error[QStringLiteral("data")].toObject()[QStringLiteral("retryAfter")].toInt(), 1);
}

// The stored headers are read back only as signed by the validators the
// reader trusts: a database another set signed, or whose head carries
// another header's signatures, opens as damage, never as this chain.
TEST_F(ChainFollowTest, AQueryStoreReadsBackOnlyHeadersItsValidatorsSigned)
{
    const QString url = followedDatabase(2);
    chain::ChainOptions reads = readerOptions(url);
    std::vector<Address> others;
    for (std::uint32_t i = 0; i < 4; ++i)
        others.push_back(PrivateKey::derived(QByteArrayLiteral("another chain"), i).address());
    reads.trusted = ValidatorSet::fromAddresses(others);
    chain::QueryStore other(reads);
    const Outcome<> opened = other.open();
    ASSERT_FALSE(opened);
    EXPECT_EQ(opened.error().kind, Failure::Kind::Storage) << opened.error().message.toStdString();
    EXPECT_TRUE(opened.error().message.contains(QStringLiteral("not the validators'")))
        << opened.error().message.toStdString();

    // None named: the devnet's set, which signed the node's blocks.
    {
        chain::QueryStore mine(readerOptions(url));
        ASSERT_TRUE(holds(mine.open()));
        EXPECT_EQ(mine.validators().hash(), s_node->validators().hash());
        ASSERT_TRUE(holds(mine.beginRead()));
        EXPECT_EQ(mine.state().block(2)->header.hash, s_node->state().block(2)->header.hash);
        mine.endRead();
    }
    // The signatures are not in the header's hash: block 1's on block 2
    // hash as stored and sign another header. `mine` found block 2 signed,
    // and a process's query stores share what they found (a reader each):
    // the commit is part of the key, so `moved` checks it anew.
    chain::PostgresDatabase(url).exec(
        "UPDATE blocks SET commit_sigs = (SELECT commit_sigs FROM blocks WHERE height = 1) "
        "WHERE height = 2");
    chain::QueryStore moved(readerOptions(url));
    const Outcome<> reopened = moved.open();
    ASSERT_FALSE(reopened);
    EXPECT_TRUE(reopened.error().message.contains(QStringLiteral("not the validators'")))
        << reopened.error().message.toStdString();
}

// A proof's root, a list's block hashes and a transaction's block hash
// need a block's header alone: read in one statement, without the block's
// transaction hashes (one round trip more a proof at a past height, on a
// read server), and checked as a whole block's header is, by its hash and
// commit. The transactions damaged, the header and a proof still answer;
// the header damaged, it is refused.
TEST_F(ChainFollowTest, AHeaderAloneIsReadWithoutTheBlocksTransactionsAndCheckedAsABlocks)
{
    const QString url = followedDatabase(6);
    const qint64 h = chain::PostgresDatabase(url).queryInt(
        "SELECT min(height) FROM transactions WHERE height BETWEEN 1 AND 5");
    ASSERT_GT(h, 0) << "a block with transactions";
    const std::string at = std::to_string(h);
    chain::PostgresDatabase(url).exec(
        "UPDATE transactions SET hash = sha256(hash) WHERE height = " + at);
    chain::QueryStore reader(readerOptions(url));
    ASSERT_TRUE(holds(reader.open()));
    server::RecordReader indexer(reader.state());
    server::RpcDispatcher dispatcher(reader, indexer);
    ASSERT_TRUE(holds(reader.beginRead()));
    const auto h64 = static_cast<std::uint64_t>(h);
    EXPECT_ANY_THROW(reader.state().block(h64)) << "its transactions are not the header's";
    const std::optional<BlockHeader> header = reader.state().header(h64);
    ASSERT_TRUE(header);
    EXPECT_EQ(header->hash, s_node->state().block(h64)->header.hash);
    EXPECT_EQ(header->commit, s_node->state().block(h64)->header.commit);
    const chain::ObjectRecord o = s_node->state().object(0);
    const QJsonObject answer =
        QJsonDocument::fromJson(dispatcher.handle(proofCall(o, h), nullptr)).object();
    EXPECT_EQ(answer[QStringLiteral("result")][QStringLiteral("objectRoot")].toString(),
              toHexString(header->objectRoot))
        << QJsonDocument(answer).toJson().constData();
    reader.endRead();

    chain::PostgresDatabase(url).exec(
        "UPDATE blocks SET timestamp = timestamp + 1 WHERE height = " + at);
    chain::QueryStore moved(readerOptions(url));
    ASSERT_TRUE(holds(moved.open()));
    ASSERT_TRUE(holds(moved.beginRead()));
    EXPECT_ANY_THROW(moved.state().header(h64)) << "a header that does not hash as stored";
    moved.endRead();
}

// A read server takes no transaction itself (its node does, through its
// forwarder), and the engine that writes a chain will not open as a
// reader's.
TEST_F(ChainFollowTest, AQueryStoreTakesNoTransactionAndAChainIsNoReader)
{
    const QString url = followedDatabase(0);
    chain::QueryStore reader(readerOptions(url));
    ASSERT_TRUE(holds(reader.open()));
    const Transaction tx = oneTransfer();
    const chain::Submission refused = reader.submit(TxFactory::sign(tx, 0));
    EXPECT_EQ(refused.reason, QStringLiteral("unavailable"));

    chain::Chain engine(readerOptions(url));
    const Outcome<> opened = engine.open();
    ASSERT_FALSE(opened);
    EXPECT_EQ(opened.error().kind, Failure::Kind::Invalid);
}

// What a read server's mirror of its node's pool takes is a transaction
// signed for this chain; the node's word stands for the rest.
TEST_F(ChainFollowTest, AMirrorTakesOnlySignedTransactions)
{
    const QString url = followedDatabase(0);
    chain::QueryStore reader(readerOptions(url));
    ASSERT_TRUE(holds(reader.open()));
    const Transaction tx = oneTransfer();
    EXPECT_FALSE(reader.mirrorPending(tx.encode())) << "unsigned";
    EXPECT_FALSE(reader.mirrorPending(Bytes{1, 2, 3}));
    EXPECT_TRUE(reader.mirrorPending(TxFactory::sign(tx, 0)));
    ASSERT_EQ(reader.mempool().size(), 1u);
    reader.dropPending(reader.mempool().hashes().front());
    EXPECT_EQ(reader.mempool().size(), 0u);
}

// A read server's servers are given a query store: no engine that could
// execute or write a block is made in it.
TEST_F(ChainFollowTest, AReadServerServesFromAQueryStoreNotAnEngine)
{
    const QString url = followedDatabase(2);
    server::ServerConfig config;
    config.chain = readerOptions(url);
    config.readerThreads = 1;
    server::ServerParts parts;
    ASSERT_TRUE(holds(parts.start(config)));
    EXPECT_NE(qobject_cast<chain::QueryStore *>(parts.chain()), nullptr);
    EXPECT_EQ(qobject_cast<chain::Chain *>(parts.chain()), nullptr);
    EXPECT_EQ(parts.chain()->state().head(), 2u);
}

// An auditor proves many objects at one height: each proof reads that
// height's header and tries' roots, and a reader keeps both as first read
// (rows below the head never change), so its next proofs at that height
// send neither to PostgreSQL: two round trips of four. Shown by taking
// both rows away after the first proof: the same reader still proves the
// rest as the node does, while a new reader, which must read them, cannot.
TEST_F(ChainFollowTest, ProofsAtOneHeightReadItsHeaderAndRootsOnce)
{
    const QString url = followedDatabase(6);
    auto answered = [&](chain::ServedChain &chain, int i) {
        server::RecordReader records(chain.state());
        server::RpcDispatcher dispatcher(chain, records);
        EXPECT_TRUE(holds(chain.beginRead()));
        const QByteArray body =
            dispatcher.handle(proofCall(s_node->state().object(i), 4, i), nullptr);
        chain.endRead();
        return QJsonDocument::fromJson(body).object();
    };
    ASSERT_GE(s_node->state().objectCount(), 25u);
    chain::QueryStore reader(readerOptions(url));
    ASSERT_TRUE(holds(reader.open()));
    EXPECT_EQ(answered(reader, 0), answered(*s_node, 0));

    chain::PostgresDatabase(url).exec("UPDATE blocks SET timestamp = timestamp + 1 WHERE height = "
                                      "4; DELETE FROM trie_roots WHERE height = 4");
    for (int i = 1; i < 25; ++i) {
        const QJsonObject mine = answered(reader, i);
        ASSERT_TRUE(mine.contains(QStringLiteral("result")))
            << QJsonDocument(mine).toJson().constData();
        EXPECT_EQ(mine, answered(*s_node, i)) << "object " << i;
    }
    chain::QueryStore fresh(readerOptions(url));
    ASSERT_TRUE(holds(fresh.open()));
    EXPECT_TRUE(answered(fresh, 1).contains(QStringLiteral("error")))
        << "a reader that never read height 4 reads its rows, and finds them gone";
}
