// The tries' sealed nodes in the chain database: every height's tree read
// back through a cache far smaller than the history answers as the tree did
// in memory, and a damaged node is refused by name, never served.
#include "chain/store/trienodes.h"

#include "chain/engine/chain.h"
#include "chain/store/chainstore.h"
#include "tests/support/outcomeassert.h"
#include "tests/support/randomhash.h"

#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>
#include <random>

using namespace gifscan;
using namespace gifscan::chain;

using gifscan::test::randomHash;

namespace {
struct Version
{
    SparseMerkleTree memory; // the same updates, never sealed
    TrieRoot root;           // as stored
    std::vector<Hash32> keys;
};

// 60 heights of random inserts, updates and removals, each sealed into the
// store as one height.
std::vector<Version> buildHistory(ChainStore &store, TrieNodes &nodes)
{
    std::mt19937_64 rng(7);
    SparseMerkleTree memory;
    SparseMerkleTree sealed(&nodes);
    std::vector<Hash32> keys;
    std::vector<Version> history;
    for (std::uint64_t height = 0; height < 60; ++height) {
        for (int step = 0; step < 8; ++step) {
            const int roll = static_cast<int>(rng() % 10);
            if (roll < 5 || keys.empty()) {
                keys.push_back(randomHash(rng));
                const Hash32 v = randomHash(rng);
                memory = memory.inserted(keys.back(), v);
                sealed = sealed.inserted(keys.back(), v);
            } else if (roll < 8) {
                const Hash32 &k = keys[rng() % keys.size()];
                const Hash32 v = randomHash(rng);
                memory = memory.inserted(k, v);
                sealed = sealed.inserted(k, v);
            } else {
                const std::size_t at = rng() % keys.size();
                memory = memory.removed(keys[at]);
                sealed = sealed.removed(keys[at]);
                keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(at));
            }
        }
        TrieBatch batch;
        sealed = nodes.seal(sealed, height, batch);
        batch.objects = TrieNodes::rootOf(sealed);
        const auto appended = store.appendTries(height, batch);
        EXPECT_TRUE(appended) << appended.error().message.toStdString();
        EXPECT_TRUE(sealed.rootRef().node == nullptr) << "a sealed tree names its root by id";
        std::vector<Hash32> sorted = keys;
        std::sort(sorted.begin(), sorted.end());
        history.push_back({memory, batch.objects, sorted});
    }
    return history;
}
} // namespace

using gifscan::test::holds;

TEST(TrieNodes, EveryHeightReadsBackThroughASmallCache)
{
    QTemporaryDir dir;
    ChainStore store;
    ASSERT_TRUE(holds(store.open(dir.filePath(QStringLiteral("chain.db")), false)));
    TrieNodes nodes(16); // far fewer than the history's nodes: most reads go to the store
    nodes.setStore(&store);
    const std::vector<Version> history = buildHistory(store, nodes);
    EXPECT_LE(nodes.cachedNodes(), 16u);

    std::mt19937_64 rng(11);
    for (std::uint64_t height = 0; height < history.size(); ++height) {
        const Version &v = history[height];
        const auto stored = store.trieRoots(height);
        ASSERT_TRUE(stored && stored.value()) << "height " << height;
        const auto &roots = *stored.value();
        EXPECT_EQ(roots.first, v.root);
        const SparseMerkleTree tree = nodes.tree(roots.first);
        ASSERT_EQ(tree.root(), v.memory.root()) << "height " << height;
        EXPECT_EQ(tree.size(), v.memory.size());
        EXPECT_EQ(tree.keys(), v.keys);
        // Paths of present and absent keys are those of the tree in memory.
        std::vector<Hash32> asked = {randomHash(rng)};
        if (!v.keys.empty())
            asked.push_back(v.keys[rng() % v.keys.size()]);
        for (const Hash32 &k : asked) {
            const auto a = tree.path(k);
            const auto b = v.memory.path(k);
            EXPECT_EQ(a.siblings, b.siblings);
            EXPECT_EQ(a.found, b.found);
            EXPECT_EQ(a.otherLeaf, b.otherLeaf);
            EXPECT_EQ(tree.find(k), v.memory.find(k));
        }
    }
    EXPECT_LE(nodes.cachedNodes(), 16u);
}

TEST(TrieNodes, ACacheMadeSmallerOrLargerKeepsThatMany)
{
    // A follower keeps more nodes than a node (ChainOptions::trieCacheNodes).
    QTemporaryDir dir;
    ChainStore store;
    ASSERT_TRUE(holds(store.open(dir.filePath(QStringLiteral("chain.db")), false)));
    TrieNodes nodes(16);
    nodes.setStore(&store);
    nodes.setCacheNodes(1 << 16);
    buildHistory(store, nodes);
    const std::size_t kept = nodes.cachedNodes();
    EXPECT_GT(kept, 16u) << "the larger bound is taken up";
    nodes.setCacheNodes(8);
    EXPECT_EQ(nodes.cachedNodes(), 8u) << "past the smaller one, the oldest go at once";
}

TEST(TrieNodes, AChainKeepsAsManyAsItsOptionsSay)
{
    // The node keeps the default; a follower sets more (FollowerOptions).
    ChainOptions o;
    o.ephemeral = true;
    o.traffic = false;
    EXPECT_EQ(Chain(o).trieCacheNodes(), TrieNodes::kDefaultCacheNodes);
    o.trieCacheNodes = 300000;
    EXPECT_EQ(Chain(o).trieCacheNodes(), 300000u);
}

TEST(TrieNodes, ADamagedNodeIsRefusedByName)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chain.db"));
    std::vector<Version> history;
    {
        ChainStore store;
        ASSERT_TRUE(holds(store.open(path, false)));
        TrieNodes nodes;
        nodes.setStore(&store);
        history = buildHistory(store, nodes);
    }
    // One bit of one key in one leaf, below SQLite's notice.
    {
        SQLite::Database db(path.toStdString(), SQLite::OPEN_READWRITE);
        SQLite::Statement read(
            db, "SELECT id, body FROM trie_nodes WHERE length(body) = 65 ORDER BY id LIMIT 1");
        ASSERT_TRUE(read.executeStep());
        const std::int64_t id = read.getColumn(0).getInt64();
        std::string body(static_cast<const char *>(read.getColumn(1).getBlob()), 65);
        body[9] = static_cast<char>(body[9] ^ 1);
        SQLite::Statement write(db, "UPDATE trie_nodes SET body = ? WHERE id = ?");
        write.bind(1, body.data(), 65);
        write.bind(2, id);
        ASSERT_EQ(write.exec(), 1);
    }
    ChainStore store;
    ASSERT_TRUE(holds(store.open(path, false)));
    TrieNodes nodes(4);
    nodes.setStore(&store);
    int refused = 0;
    for (std::uint64_t height = 0; height < history.size(); ++height) {
        const SparseMerkleTree tree = nodes.tree(store.trieRoots(height).value()->first);
        try {
            EXPECT_EQ(tree.keys(), history[height].keys) << "a damaged tree answered differently";
        } catch (const std::runtime_error &e) {
            ++refused;
            EXPECT_NE(std::string(e.what()).find(path.toStdString()), std::string::npos)
                << e.what();
            EXPECT_NE(std::string(e.what()).find("damaged"), std::string::npos) << e.what();
        }
    }
    EXPECT_GT(refused, 0) << "the damaged leaf is in at least the tree of its own height";
}
