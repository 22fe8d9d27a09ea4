// The chain engine following another node's blocks into PostgreSQL, as the
// indexer's follower does: every block executed here and checked against
// the header it came with before it is stored; what is stored reads back as
// the node that made it reads its own; a block that does not execute to its
// header is refused with the height and both roots, and nothing of it kept.
#include "chain/engine/genesis.h"
#include "chain/store/postgresdatabase.h"
#include "chain/store/trienodes.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"
#include "tests/support/outcomeassert.h"

#include <QJsonDocument>

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
    const std::vector<int> spread = spreadOfObjects();
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
        for (const auto &[key, o] : indexes) {
            const auto row = tables.objectKeyed(key);
            ASSERT_TRUE(row);
            EXPECT_EQ(row->index, o);
            EXPECT_EQ(row->record.key, key);
        }
        const std::vector<int> byState = chain->state().objectIndexes(keys);
        ASSERT_EQ(byState.size(), keys.size());
        EXPECT_EQ(byState.back(), -1);
        for (std::size_t i = 0; i + 1 < keys.size(); ++i)
            EXPECT_EQ(byState[i], tables.objectKeyed(keys[i])->index);
        EXPECT_FALSE(tables.objectKeyed(Hash32{}));

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

// An object found by name at a height comes with its version then, read
// in the same statement as its record, on a file and on PostgreSQL alike:
// none before its mint, and version() then reads nothing more.
TEST_F(ChainFollowTest, AnObjectFoundByNameComesWithItsVersionAtTheHeightAsked)
{
    const QString url = newDatabase();
    chain::Chain follower(followerOptions(url));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    const std::vector<int> spread = spreadOfObjects();
    for (const chain::Chain *chain : std::vector<const chain::Chain *>{s_node, &follower}) {
        const chain::StateReader &tables = chain->state().tables();
        for (std::uint64_t h = 0; h <= chain->state().head(); h += 5) {
            for (const int o : spread) {
                const QString name = chain->state().object(o).displayKey;
                const auto found = tables.objectNamed(name, h);
                ASSERT_TRUE(found) << name.toStdString();
                EXPECT_EQ(found->index, o);
                EXPECT_EQ(found->record.key, chain->state().object(o).key);
                const auto alone = tables.version(o, h);
                ASSERT_EQ(found->version.has_value(), alone.has_value()) << o << " at " << h;
                if (!alone)
                    continue;
                EXPECT_EQ(found->version->owner, alone->owner) << o << " at " << h;
                EXPECT_EQ(found->version->listing.has_value(), alone->listing.has_value());
                if (alone->listing) {
                    EXPECT_EQ(found->version->listing->price, alone->listing->price);
                }
                EXPECT_EQ(found->version->lastSale.has_value(), alone->lastSale.has_value());
            }
        }
        EXPECT_FALSE(tables.objectNamed(QStringLiteral("none#1"), chain->state().head()));
    }
    // Through a read server's state (the follower knows the names it
    // wrote): each name's first lookup reads its version with it, which
    // version() then finds with the store cut off.
    chain::QueryStore reader(readerOptions(url));
    ASSERT_TRUE(holds(reader.open()));
    const chain::ChainView &state = reader.state();
    for (const int o : spread) {
        const QString name = s_node->state().object(o).displayKey;
        const std::uint64_t h = state.head() - static_cast<std::uint64_t>(o % 3);
        ASSERT_EQ(state.objectAt(name, h), o);
        if (!state.objectExists(o, h))
            continue;                  // minted since: no version to keep
        state.tables().setDeadline(0); // any statement now throws
        chain::ObjectVersion v;
        EXPECT_NO_THROW(v = state.version(o, h)) << "read again, object " << o;
        state.tables().setDeadline(std::nullopt);
        EXPECT_EQ(v.owner, s_node->state().version(o, h).owner) << "object " << o;
        // Known by name now: another height's version is read, not the last one's.
        ASSERT_EQ(state.objectAt(name, 0), o);
        if (state.objectExists(o, 0)) {
            EXPECT_EQ(state.version(o, 0).owner, s_node->state().version(o, 0).owner);
        }
    }
    EXPECT_EQ(state.objectAt(QStringLiteral("none#1"), state.head()), -1);
    // A page's versions kept at a height stay when a new name is found at
    // it (a JSON-RPC batch, a GraphQL query that also lists).
    const std::uint64_t head = state.head();
    state.prefetchVersions({1, 2}, head);
    ASSERT_EQ(state.objectAt(s_node->state().object(4).displayKey, head), 4);
    state.tables().setDeadline(0);
    for (const int o : {1, 2, 4})
        EXPECT_NO_THROW(state.version(o, head)) << "read again, object " << o;
    state.tables().setDeadline(std::nullopt);
}

// A proof's walk down a trie in PostgreSQL, read ahead in one recursive
// statement below the nodes kept: the walk then reads nothing more, and its
// path is the node's own, for keys held and a key that is not, at the head
// and below it, with a cold cache and one kept across keys.
TEST_F(ChainFollowTest, AWalkToAKeyIsReadInOneStatementAndIsTheNodesPath)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    const std::uint64_t head = s_node->state().head();
    chain::TrieNodes kept;
    kept.setStore(&follower.store());
    int walks = 0;
    for (const std::uint64_t h : {head, head / 2, std::uint64_t{1}}) {
        const auto roots = follower.store().trieRoots(h);
        ASSERT_TRUE(roots && roots.value()) << "height " << h;
        std::vector<Hash32> keys = s_node->state().treeAt(h)->keys();
        keys.resize(std::min<std::size_t>(keys.size(), 24));
        keys.push_back(Hash32{0x5a}); // held by no one
        for (const Hash32 &key : keys) {
            const chain::TrieRoot &root = roots.value()->first;
            const chain::SparseMerkleTree::Ref ref{nullptr, root.id, root.hash};
            chain::TrieNodes cold;
            cold.setStore(&follower.store());
            cold.prefetchPath(ref, key);
            const std::size_t read = cold.cachedNodes();
            EXPECT_GT(read, 1U) << "height " << h;
            const auto expected = s_node->state().treeAt(h)->path(key);
            const auto path = cold.tree(root).path(key);
            EXPECT_EQ(cold.cachedNodes(), read)
                << "the walk read a node the read-ahead had not, at height " << h;
            // Kept across keys, the walk reads at most what a cold one does.
            const std::size_t keptBefore = kept.cachedNodes();
            const auto again = kept.tree(root).path(key);
            EXPECT_LE(kept.cachedNodes() - keptBefore, read);
            for (const auto *p : {&path, &again}) {
                EXPECT_EQ(p->siblings, expected.siblings) << "height " << h;
                EXPECT_EQ(p->found, expected.found);
                EXPECT_EQ(p->otherLeaf, expected.otherLeaf);
            }
            ++walks;
        }
    }
    EXPECT_GT(walks, 40);
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
