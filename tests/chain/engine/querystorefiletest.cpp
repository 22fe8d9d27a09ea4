// A query store over a node's own chain.db (SQLite, opened read only),
// beside the node writing it: it answers as the node does at every height,
// takes up the blocks the node adds, reads on reader threads, writes
// nothing, and refuses what is not a node's file of this build, or signed
// by validators it does not trust.
#include "chain/engine/chainreadscope.h"
#include "chain/engine/querystore.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlitedatabase.h"
#include "core/crypto/privatekey.h"
#include "server/api/readerpool.h"
#include "server/api/restroutes.h"
#include "server/records/rankcache.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfixture.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <map>

using namespace gifscan;
using namespace gifscan::test;

namespace {

class NodeFileTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_dir = new QTemporaryDir;
        chain::ChainOptions o = quietOptions();
        o.ephemeral = false;
        o.dataDir = s_dir->path();
        o.traffic = true; // mints, sales, listings and transfers
        s_node = new chain::Chain(o);
        ASSERT_TRUE(holds(s_node->open()));
        for (int i = 0; i < 16; ++i)
            ASSERT_TRUE(s_node->produceBlock());
    }
    static void TearDownTestSuite()
    {
        delete s_node;
        delete s_dir;
    }

    static QString nodeFile() { return QDir(s_dir->path()).filePath(QStringLiteral("chain.db")); }
    static chain::ChainOptions fileOptions(const QString &path = nodeFile())
    {
        chain::ChainOptions o;
        o.database = path;
        o.readsOnly = true;
        o.traffic = false;
        return o;
    }
    // Objects and wallets at past heights, lists, blocks and a transaction.
    static std::vector<QUrl> pastHeightUrls(std::uint64_t head)
    {
        std::vector<QUrl> urls;
        for (int i = 0; i < 32; ++i) {
            const chain::ObjectRecord o = s_node->state().object(i % 12);
            const chain::ObjectVersion v = s_node->state().version(i % 12, head);
            const std::uint64_t at = static_cast<std::uint64_t>(i) % (head + 1);
            const std::uint64_t held =
                o.mintedAt + static_cast<std::uint64_t>(i) % (head - o.mintedAt + 1);
            urls.emplace_back(
                i % 4 == 0 ? QStringLiteral("/v1/objects/%1/%2?height=%3")
                                 .arg(o.slug)
                                 .arg(o.tokenId)
                                 .arg(held)
                : i % 4 == 1
                    ? QStringLiteral("/v1/wallets/%1?height=%2").arg(toHexString(v.owner)).arg(at)
                : i % 4 == 2
                    ? QStringLiteral("/v1/objects?limit=5&sort=%1&height=%2")
                          .arg(i % 8 == 2 ? QStringLiteral("price") : QStringLiteral("rarity"))
                          .arg(at)
                    : QStringLiteral("/v1/blocks/%1").arg(at));
        }
        urls.emplace_back(QStringLiteral("/v1/txs/") +
                          toHexString(s_node->state().transactionsOf(head / 2).front().hash));
        return urls;
    }
    static void expectAsTheNode(const server::RestReply &mine, const QUrl &url)
    {
        server::RecordReader records(s_node->state());
        const server::RestRoutes nodeRoutes(*s_node, records);
        const server::RestReply node = nodeRoutes.answer(url, {});
        EXPECT_EQ(static_cast<int>(node.status), 200) << url.toString().toStdString();
        EXPECT_EQ(mine.status, node.status) << url.toString().toStdString();
        EXPECT_EQ(mine.height, node.height) << url.toString().toStdString();
        EXPECT_EQ(mine.body, node.body) << url.toString().toStdString();
    }

    inline static QTemporaryDir *s_dir = nullptr;
    inline static chain::Chain *s_node = nullptr;
};

} // namespace

TEST_F(NodeFileTest, AQueryStoreReadsANodesFileAsTheNodeAndTakesUpItsBlocks)
{
    chain::QueryStore store(fileOptions());
    ASSERT_TRUE(holds(store.open()));
    server::RecordReader records(store.state());
    const server::RestRoutes routes(store, records);
    {
        const chain::ChainReadScope scope(store);
        ASSERT_TRUE(scope.ok());
        EXPECT_EQ(store.state().head(), s_node->state().head());
        for (const QUrl &url : pastHeightUrls(s_node->state().head()))
            expectAsTheNode(routes.answer(url, {}), url);
    }
    // Blocks the node adds are taken up and announced, each once, in order.
    std::vector<std::uint64_t> announced;
    QObject::connect(&store, &chain::ServedChain::blockAnnounced,
                     [&announced](std::uint64_t h) { announced.push_back(h); });
    const std::uint64_t before = s_node->state().head();
    std::map<QString, QByteArray> asBefore;
    {
        const chain::ChainReadScope scope(store);
        for (const QUrl &url : pastHeightUrls(before))
            asBefore[url.toString()] = routes.answer(url, {}).body;
        asBefore[QStringLiteral("/v1/objects?limit=5&sort=price")] =
            routes.answer(QUrl(QStringLiteral("/v1/objects?limit=5&sort=price")), {}).body;
    }
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(s_node->produceBlock());
    // Until it takes them up, it answers at the head it had, whatever the
    // node wrote since (the head's own tables included).
    {
        const chain::ChainReadScope scope(store);
        ASSERT_TRUE(scope.ok());
        EXPECT_EQ(store.state().head(), before);
        for (const auto &[url, body] : asBefore)
            EXPECT_EQ(routes.answer(QUrl(url), {}).body, body) << url.toStdString();
    }
    store.announceStored();
    EXPECT_EQ(announced, (std::vector<std::uint64_t>{before + 1, before + 2, before + 3}));
    const chain::ChainReadScope scope(store);
    ASSERT_TRUE(scope.ok());
    EXPECT_EQ(store.state().head(), s_node->state().head());
    for (const QUrl &url : pastHeightUrls(s_node->state().head()))
        expectAsTheNode(routes.answer(url, {}), url);
    // Opened read only: nothing it does can write the node's file.
    EXPECT_THROW(store.store().database().exec("INSERT INTO meta VALUES('mine', 'no')"),
                 chain::SqlError);
}

TEST_F(NodeFileTest, ReaderThreadsReadANodesFile)
{
    const std::uint64_t head = s_node->state().head();
    server::ReaderPool pool(fileOptions(), 2, 5000, std::make_shared<server::RankCache>());
    ASSERT_TRUE(holds(pool.open()));
    const std::vector<QUrl> urls = pastHeightUrls(head);
    std::map<std::size_t, server::RestReply> answers;
    for (std::size_t i = 0; i < urls.size(); ++i)
        pool.answer(urls[i], {}, head,
                    [&answers, i](server::RestReply reply, const chain::MempoolAsked &asked,
                                  std::uint64_t) {
                        EXPECT_TRUE(asked.empty());
                        answers[i] = std::move(reply);
                    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return answers.size() == urls.size(); }, 60000))
        << answers.size() << " of " << urls.size() << " answered";
    for (std::size_t i = 0; i < urls.size(); ++i)
        expectAsTheNode(answers[i], urls[i]);
}

TEST_F(NodeFileTest, WhatIsNotANodesFileOfThisBuildIsRefused)
{
    QTemporaryDir dir;
    const auto refused = [](const QString &path, Failure::Kind kind, const char *words) {
        chain::QueryStore store(fileOptions(path));
        const Outcome<> opened = store.open();
        ASSERT_FALSE(opened) << path.toStdString();
        EXPECT_EQ(opened.error().kind, kind) << opened.error().message.toStdString();
        EXPECT_TRUE(opened.error().message.contains(QLatin1String(words)))
            << opened.error().message.toStdString();
    };
    // Not there yet (its node not started): waited for, and no empty file
    // made of the name; nor one the node has only begun.
    const QString missing = dir.filePath(QStringLiteral("chian.db"));
    refused(missing, Failure::Kind::NotYet, "is not there");
    EXPECT_FALSE(QFile::exists(missing));
    const QString begun = dir.filePath(QStringLiteral("begun.db"));
    chain::SqliteDatabase(begun).exec("PRAGMA user_version = 0");
    refused(begun, Failure::Kind::NotYet, "holds nothing yet");
    // Another program's database.
    const QString foreign = dir.filePath(QStringLiteral("other.db"));
    chain::SqliteDatabase(foreign).exec("CREATE TABLE t(x)");
    refused(foreign, Failure::Kind::Invalid, "not a gifscan chain database");

    // A copy of the node's file whose spans an older node did not write
    // through its newest block; and one of an older layout.
    const QString older = dir.filePath(QStringLiteral("older.db"));
    chain::SqliteDatabase(nodeFile(), true).exec("VACUUM INTO '" + older.toStdString() + "'");
    {
        chain::QueryStore copy(fileOptions(older));
        ASSERT_TRUE(holds(copy.open())) << "the copy, before it is made older";
    }
    chain::SqliteDatabase(older).exec(
        "UPDATE meta SET value = '3' WHERE key IN (SELECT key FROM meta WHERE key LIKE '%pans')");
    refused(older, Failure::Kind::Invalid, "older node");
    chain::SqliteDatabase(older).exec("PRAGMA user_version = 2");
    refused(older, Failure::Kind::Invalid, "schema version 2");

    // Headers signed by a set it does not trust are not this chain.
    std::vector<Address> others;
    for (std::uint32_t i = 0; i < 4; ++i)
        others.push_back(PrivateKey::derived(QByteArrayLiteral("another chain"), i).address());
    chain::ChainOptions trusting = fileOptions();
    trusting.trusted = ValidatorSet::fromAddresses(others);
    chain::QueryStore other(trusting);
    const Outcome<> opened = other.open();
    ASSERT_FALSE(opened);
    EXPECT_TRUE(opened.error().message.contains(QStringLiteral("not the validators'")))
        << opened.error().message.toStdString();
}

// A file its node rebuilds, or a new file under its name (a node's data
// made anew), is not read as the file opened: each take-up checks, and
// the reads are refused as Unavailable until the server is restarted or
// the node has made its state whole again.
TEST_F(NodeFileTest, AFileRebuiltOrReplacedUnderAReaderIsNotReadAsBefore)
{
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("copy.db"));
    const auto copied = [](const QString &to) {
        chain::SqliteDatabase(nodeFile(), true).exec("VACUUM INTO '" + to.toStdString() + "'");
    };
    copied(copy);
    const auto reads = [](chain::QueryStore &store) {
        store.announceStored(); // the poll's take-up
        const Outcome<> began = store.beginRead();
        if (began)
            store.endRead();
        return began;
    };
    {
        chain::QueryStore store(fileOptions(copy));
        ASSERT_TRUE(holds(store.open()));
        ASSERT_TRUE(holds(reads(store)));
        // The node drops its state to rebuild it: a change of schema.
        chain::SqliteDatabase writer(copy);
        writer.exec("UPDATE meta SET value = 'rebuild' WHERE key = 'state'");
        writer.exec("CREATE TABLE rebuilding(x)");
        // Before any poll: a request's own scope checks the file.
        const Outcome<> asked = store.beginRead();
        ASSERT_FALSE(asked) << "read between polls";
        EXPECT_EQ(asked.error().kind, Failure::Kind::Unavailable);
        const Outcome<> rebuilding = reads(store);
        ASSERT_FALSE(rebuilding);
        EXPECT_EQ(rebuilding.error().kind, Failure::Kind::Unavailable);
        EXPECT_TRUE(rebuilding.error().message.contains(QLatin1String("being rebuilt")))
            << rebuilding.error().message.toStdString();
        // Whole again: read as before.
        writer.exec("UPDATE meta SET value = 'complete' WHERE key = 'state'");
        writer.exec("DROP TABLE rebuilding");
        EXPECT_TRUE(holds(reads(store)));
    }
    chain::QueryStore store(fileOptions(copy));
    ASSERT_TRUE(holds(store.open()));
    const QString other = dir.filePath(QStringLiteral("other.db"));
    copied(other);
    ASSERT_TRUE(QFile::remove(copy));
    ASSERT_TRUE(QFile::rename(other, copy));
    const Outcome<> replaced = reads(store);
    ASSERT_FALSE(replaced);
    EXPECT_EQ(replaced.error().kind, Failure::Kind::Unavailable);
    EXPECT_TRUE(replaced.error().message.contains(QLatin1String("replaced")))
        << replaced.error().message.toStdString();
}
