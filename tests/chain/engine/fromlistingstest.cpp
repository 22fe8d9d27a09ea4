// A list of objects by price at the newest height, and of the listed alone
// by name, is read from the listings table and its indexes and the unlisted
// by name (RecordReader::fromListings), not from every object's version.
// Each of its pages is the page the whole list's read gives (ties by slug,
// then token id, whatever order they were minted or listed in), on the
// node's SQLite file and in a follower's PostgreSQL; at any other height it
// answers nothing, and the whole list is read.
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"

#include <algorithm>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// Every page (each offset, some limits) of the list `filter` asks at the
// head, against the whole list; how many it compared.
int expectPagesOfTheWholeList(server::RecordReader &records, std::uint64_t head,
                              const server::ObjectFilter &filter)
{
    const std::vector<int> whole = records.objects(filter, head);
    int compared = 0;
    for (std::size_t offset = 0; offset <= whole.size(); ++offset) {
        for (std::size_t limit : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7},
                                  std::size_t{25}, whole.size() + 1}) {
            const auto page = records.fromListings(filter, head, offset, limit);
            EXPECT_TRUE(page.has_value())
                << "offset " << offset << ", limit " << limit << ", collection "
                << filter.collection << ", order " << static_cast<int>(filter.order);
            if (!page)
                continue;
            EXPECT_EQ(page->total, whole.size());
            const std::size_t end = std::min(offset + limit, whole.size());
            EXPECT_EQ(page->objects, std::vector<int>(whole.begin() + static_cast<long>(offset),
                                                      whole.begin() + static_cast<long>(end)))
                << "offset " << offset << ", limit " << limit << ", collection "
                << filter.collection << ", order " << static_cast<int>(filter.order)
                << (filter.listedOnly ? ", listed" : "") << (filter.reverse ? ", reversed" : "");
            ++compared;
        }
    }
    return compared;
}

// Every list of `scope` by price and by listing (of all objects, of the
// listed, and within bounds that keep the middle third of the prices) and
// by name (the listed, and within those bounds), each both ways round.
int expectEveryListOfTheWholeList(server::RecordReader &records, const chain::ChainView &state,
                                  int scope)
{
    const std::uint64_t head = state.head();
    server::ObjectFilter listed;
    listed.collection = scope;
    listed.order = server::ObjectFilter::Order::Price;
    listed.listedOnly = true;
    const std::vector<int> byPrice = records.objects(listed, head);
    int compared = 0;
    for (bool reverse : {false, true}) {
        for (int kind = 0; kind < 9; ++kind) {
            // Three orders, each of all objects (not by name), of the
            // listed, and within the bounds.
            static const server::ObjectFilter::Order kOrders[] = {
                server::ObjectFilter::Order::Price, server::ObjectFilter::Order::Id,
                server::ObjectFilter::Order::RecentlyListed};
            server::ObjectFilter filter = listed;
            filter.reverse = reverse;
            filter.order = kOrders[kind / 3];
            filter.listedOnly = kind % 3 == 1;
            if (kind == 3 || (kind % 3 == 2 && byPrice.empty()))
                continue; // all objects by name are keyed; no bounds to take
            if (kind % 3 == 2) {
                filter.minPrice = state.version(byPrice[byPrice.size() / 3], head).listing->price;
                filter.maxPrice =
                    state.version(byPrice[byPrice.size() * 2 / 3], head).listing->price;
            }
            compared += expectPagesOfTheWholeList(records, head, filter);
        }
    }
    return compared;
}

} // namespace

TEST_F(ChainTest, AListByPriceAtTheHeadIsReadFromTheListingsInTheWholeListsOrder)
{
    const QString slug = QStringLiteral("priced");
    ASSERT_TRUE(mine(f.createCollection(0, slug)).success);
    for (std::uint64_t id : {4, 1, 6, 3, 2, 5})
        ASSERT_TRUE(mine(f.mint(0, slug, id, TxFactory::dev(0), smallGif())).success);
    // Token id and price in wei: three at 2, listed out of token order.
    for (const auto &[id, price] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
             {5, 2}, {2, 7}, {6, 2}, {1, 9}, {3, 2}})
        ASSERT_TRUE(mine(f.objectTx(TxKind::List, 0, slug, id, {}, Amount(price))).success);
    server::RecordReader records(chain.state());
    const std::uint64_t head = chain.state().head();
    server::ObjectFilter filter;
    filter.collection = chain.state().collectionIndex(slug);
    filter.order = server::ObjectFilter::Order::Price;
    const auto page = records.fromListings(filter, head, 0, 6);
    ASSERT_TRUE(page.has_value());
    std::vector<std::uint64_t> tokens;
    for (int o : page->objects)
        tokens.push_back(chain.state().object(o).tokenId);
    EXPECT_EQ(tokens, (std::vector<std::uint64_t>{3, 5, 6, 2, 1, 4}))
        << "ties by token id, the unlisted last";
    EXPECT_EQ(page->total, 6u);
    filter.order = server::ObjectFilter::Order::RecentlyListed;
    const auto newest = records.fromListings(filter, head, 0, 6);
    ASSERT_TRUE(newest.has_value());
    tokens.clear();
    for (int o : newest->objects)
        tokens.push_back(chain.state().object(o).tokenId);
    EXPECT_EQ(tokens, (std::vector<std::uint64_t>{3, 1, 6, 2, 5, 4})) << "newest listing first";
    filter.order = server::ObjectFilter::Order::Price;

    int compared = 0;
    for (int scope : {filter.collection, -1})
        compared += expectEveryListOfTheWholeList(records, chain.state(), scope);
    EXPECT_GT(compared, 300);

    EXPECT_FALSE(records.fromListings(filter, head - 1, 0, 5)) << "a past height";
    EXPECT_FALSE(records.fromListings(filter, head - 1, 5, 1)) << "a past height's unlisted";
    ASSERT_TRUE(chain.produceBlock());
    EXPECT_FALSE(records.fromListings(filter, head, 0, 5)) << "the store has moved on";
}

// The same on a chain with traffic (listings bought, moved and listed
// again), on the node's file and on a follower's PostgreSQL: the follow
// suite's node and server.
TEST_F(ChainFollowTest, EveryPageFromTheListingsAtTheHeadIsTheWholeListsOnBothEngines)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    for (const chain::Chain *chain : std::vector<const chain::Chain *>{s_node, &follower}) {
        server::RecordReader records(chain->state());
        int compared = 0;
        for (int c = -1; c < static_cast<int>(chain->state().collectionCount()); ++c)
            compared += expectEveryListOfTheWholeList(records, chain->state(), c);
        EXPECT_GT(compared, 500);
        server::ObjectFilter all;
        all.order = server::ObjectFilter::Order::Price;
        all.listedOnly = true;
        EXPECT_FALSE(records.fromListings(all, chain->state().head() - 1, 0, 5)) << "a past height";
    }
}
