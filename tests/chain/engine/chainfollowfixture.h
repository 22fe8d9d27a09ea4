#pragma once

// The chain engine following another node's blocks into PostgreSQL, as the
// indexer's follower does: one PostgreSQL server and one node with traffic
// (24 blocks: mints, sales, listings and transfers) for the whole suite,
// whichever file its tests are in, and a new database for each follower.
#include "chain/engine/querystore.h"
#include "tests/chain/engine/chainfixture.h"
#include "tests/support/postgresserver.h"

#include <vector>

namespace gifscan::test {

class ChainFollowTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_server = new PostgresServer;
        chain::ChainOptions o = quietOptions();
        o.traffic = true; // mints, sales, listings and transfers: every kind of row
        s_node = new chain::Chain(o);
        ASSERT_TRUE(holds(s_node->open()));
        for (int i = 0; i < 24; ++i)
            ASSERT_TRUE(s_node->produceBlock());
    }
    static void TearDownTestSuite()
    {
        delete s_node;
        delete s_server;
    }
    void SetUp() override { ASSERT_TRUE(s_server->running()) << s_server->error().toStdString(); }

    static chain::ChainOptions followerOptions(const QString &url)
    {
        chain::ChainOptions o;
        o.database = url;
        o.follows = true;
        o.traffic = false;
        return o;
    }
    // A read server's: the same database, read only.
    static chain::ChainOptions readerOptions(const QString &url)
    {
        chain::ChainOptions o = followerOptions(url);
        o.follows = false;
        o.readsOnly = true;
        return o;
    }
    static QString newDatabase()
    {
        static int n = 0;
        return s_server->createDatabase(QStringLiteral("follow%1").arg(++n));
    }
    static chain::ChainStore::StoredBlock nodeBlock(std::uint64_t height)
    {
        auto b = s_node->store().block(height);
        EXPECT_TRUE(b) << b.error().message.toStdString();
        return b ? std::move(b.value()) : chain::ChainStore::StoredBlock{};
    }
    static void followUpTo(chain::Chain &follower, std::uint64_t last)
    {
        const std::uint64_t first = follower.state().hasBlocks() ? follower.state().head() + 1 : 0;
        for (std::uint64_t h = first; h <= last; ++h) {
            auto b = nodeBlock(h);
            ASSERT_TRUE(holds(follower.follow(b.header, b.transactions))) << "block " << h;
        }
    }

    // A new database the node's blocks were followed into, up to `last`,
    // its follower closed.
    static QString followedDatabase(std::uint64_t last)
    {
        const QString url = newDatabase();
        chain::Chain follower(followerOptions(url));
        EXPECT_TRUE(holds(follower.open()));
        followUpTo(follower, last);
        return url;
    }

    inline static PostgresServer *s_server = nullptr;
    // A few of the node's objects, from the first to the last minted.
    static std::vector<int> spreadOfObjects()
    {
        const int last = static_cast<int>(s_node->state().objectCount()) - 1;
        return {0, 3, last / 2, last - 1, last};
    }

    inline static chain::Chain *s_node = nullptr;
};

} // namespace gifscan::test
