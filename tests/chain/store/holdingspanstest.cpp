// The holding spans: a wallet's holdings by collection at any height,
// counted from one index, are what its holdings trie holds then, on a
// node's file and on a follower's PostgreSQL; and a file written before
// them gains them from its versions.
#include "chain/store/statereader.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"
#include "tests/support/outcomeassert.h"

#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <map>
#include <set>

using namespace gifscan;
using namespace gifscan::test;

namespace {

using Held = std::map<int, std::uint64_t>; // collection: objects

// Each owner's objects at `height` by collection, from every object's
// version (a listed one's owner is its escrow, as in the trie).
std::map<Address, Held> ownedAt(const chain::ChainView &state, std::uint64_t height)
{
    std::map<Address, Held> out;
    for (int o = 0; o < static_cast<int>(state.objectCount()); ++o)
        if (state.objectExists(o, height))
            out[state.version(o, height).owner][state.object(o).collection] += 1;
    return out;
}

Held spansOf(const chain::ChainView &reader, const Address &owner, std::uint64_t height)
{
    Held held;
    for (const auto &[collection, count] : reader.tables().wallet(owner, height).held)
        held[collection] = count;
    return held;
}

// The account the wallet's statement reads beside its spans is the one
// the chain's state has; none for an address never seen by then.
void expectAccountAsTheStateHasIt(const chain::ChainView &state, const chain::ChainView &reader,
                                  const Address &owner, std::uint64_t height)
{
    const std::optional<chain::AccountState> read = reader.tables().wallet(owner, height).account;
    const chain::AccountState expected = state.account(owner, height);
    const auto counters = [](const chain::AccountCounters &c) {
        return std::vector<std::uint64_t>{c.txCount, c.minted,      c.bought,
                                          c.sold,    c.transfersIn, c.transfersOut};
    };
    const std::string where =
        toHexString(owner).toStdString() + " at height " + std::to_string(height) + ", its account";
    if (!read) {
        EXPECT_EQ(expected.balance, Amount(0)) << where;
        EXPECT_EQ(expected.nonce, 0u) << where;
        EXPECT_EQ(counters(expected.counters), counters({})) << where;
        return;
    }
    EXPECT_EQ(read->balance, expected.balance) << where;
    EXPECT_EQ(read->nonce, expected.nonce) << where;
    EXPECT_EQ(counters(read->counters), counters(expected.counters)) << where;
}

// Each slug's objects `owner` held at `height`, walked down its holdings
// trie, as the wallet's answer counted them before the spans.
std::vector<std::pair<QString, std::uint64_t>>
trieHoldings(const chain::ChainView &state, const Address &owner, std::uint64_t height)
{
    std::map<QString, std::uint64_t> bySlug;
    for (const int o : state.objectIndexes(state.holdingsOf(owner, height)))
        bySlug[state.object(o).slug] += 1;
    return {bySlug.begin(), bySlug.end()};
}

// `reader`'s spans against `state`'s versions and holdings trie, for every
// owner any height saw (an emptied escrow too) at every height; and the
// wallet's answer read through them against the trie's, every third height.
void expectSpansHoldWhatTheTrieHolds(const chain::ChainView &state, const chain::ChainView &reader)
{
    const std::uint64_t head = state.head();
    std::vector<std::map<Address, Held>> owned;
    std::set<Address> everyone{Address{0x42}}; // and one that never held anything
    for (std::uint64_t h = 0; h <= head; ++h) {
        owned.push_back(ownedAt(state, h));
        for (const auto &[owner, held] : owned.back())
            everyone.insert(owner);
    }
    EXPECT_GT(everyone.size(), 5u) << "traffic moved objects between owners";
    EXPECT_FALSE(reader.tables().wallet(Address{0x42}, head).account) << "never seen";
    const server::RecordReader wallets(reader);
    for (std::uint64_t h = 0; h <= head; ++h) {
        for (const Address &owner : everyone) {
            const auto found = owned[h].find(owner);
            const Held held = spansOf(reader, owner, h);
            EXPECT_EQ(held, found == owned[h].end() ? Held{} : found->second)
                << toHexString(owner).toStdString() << " at height " << h;
            std::uint64_t total = 0;
            for (const auto &[collection, count] : held)
                total += count;
            EXPECT_EQ(total, state.holdingsOf(owner, h).size())
                << toHexString(owner).toStdString() << " at height " << h << ", in the trie";
            expectAccountAsTheStateHasIt(state, reader, owner, h);
            if (h % 3 == 0) {
                EXPECT_EQ(wallets.wallet(owner, h).holdings, trieHoldings(state, owner, h))
                    << toHexString(owner).toStdString() << " at height " << h << ", a wallet";
            }
        }
    }
}

std::vector<std::string> spanRows(const std::string &path)
{
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT object, opened, coalesce(closed, -1), hex(owner), collection "
                            "FROM holding_spans ORDER BY object, opened");
    std::vector<std::string> out;
    while (q.executeStep())
        out.push_back(q.getColumn(0).getString() + " " + q.getColumn(1).getString() + " " +
                      q.getColumn(2).getString() + " " + q.getColumn(3).getString() + " " +
                      q.getColumn(4).getString());
    return out;
}

} // namespace

TEST(HoldingSpans, ANodesCountWhatItsTrieHoldsAtEveryHeight)
{
    chain::ChainOptions o = quietOptions();
    o.traffic = true; // mints, sales, listings and transfers
    chain::Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    for (int i = 0; i < 16; ++i)
        ASSERT_TRUE(chain.produceBlock());
    expectSpansHoldWhatTheTrieHolds(chain.state(), chain.state());
}

TEST(HoldingSpans, AFileOlderThanTheHoldingSpansGainsThemFromItsVersions)
{
    QTemporaryDir dir;
    chain::ChainOptions o = quietOptions();
    o.traffic = true;
    o.ephemeral = false;
    o.dataDir = dir.path();
    const std::string path = dir.filePath(QStringLiteral("chain.db")).toStdString();
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        for (int i = 0; i < 12; ++i)
            ASSERT_TRUE(chain.produceBlock());
    }
    const std::vector<std::string> written = spanRows(path);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        EXPECT_GT(
            db.execAndGet("SELECT count(*) FROM holding_spans WHERE closed IS NOT NULL").getInt(),
            0)
            << "objects that changed hands";
        db.exec("DROP TABLE holding_spans");
    }
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        EXPECT_EQ(spanRows(path), written);
    }
    // Marked through the head: opened as they are, not filled again.
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("UPDATE holding_spans SET collection = 999 WHERE object = 0");
    }
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
    }
    EXPECT_NE(spanRows(path), written) << "a current mark keeps the rows";
    // A build from before the spans (the same user_version) wrote blocks
    // 9 to 12: none of their spans, and none closed. Its mark says so. The
    // rows there are replaced, not added to.
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DELETE FROM holding_spans WHERE opened > 8; UPDATE holding_spans SET closed = "
                "NULL WHERE closed > 8; UPDATE meta SET value = '8' WHERE key = 'holdingSpans'; "
                "INSERT INTO holding_spans VALUES(99999, 1, NULL, x'00', 0)");
    }
    ASSERT_NE(spanRows(path), written);
    chain::Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_EQ(spanRows(path), written);
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(chain.produceBlock());
    expectSpansHoldWhatTheTrieHolds(chain.state(), chain.state());
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    EXPECT_EQ(db.execAndGet("SELECT value FROM meta WHERE key = 'holdingSpans'").getString(),
              std::to_string(chain.state().head()))
        << "each block marks them written";
}

TEST_F(ChainFollowTest, AFollowersHoldingSpansCountWhatTheNodesTrieHolds)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    expectSpansHoldWhatTheTrieHolds(s_node->state(), follower.state());
}
