// A page of an object list is read as a page where an index or the kept
// ranks serve its order (RecordReader::page), not by reading every object
// (and its version) and sorting them: by price or listing at the newest
// height from the listings table and the unlisted by name; by last sale
// from the sales' entries and the never sold by name, and by rarity from
// each collection's ranks, at any height. Each of its pages is the page
// the whole list's read gives (ties by slug, then token id, whatever order
// they were minted, listed or sold in), on the node's SQLite file and in a
// follower's PostgreSQL. By price or listing below the head, the page is
// read from the listing spans, which the store fills from the versions
// when they were written before it; where a page cannot be read so (a
// height the store has not reached), it answers nothing, and the whole
// list is read.
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfollowfixture.h"

#include <algorithm>
#include <map>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// Every page (each offset, some limits) of the list `filter` asks at the
// head, against the whole list; how many it compared.
int expectPagesOfTheWholeList(server::RecordReader &records, std::uint64_t height,
                              const server::ObjectFilter &filter)
{
    const std::vector<int> whole = records.objects(filter, height);
    int compared = 0;
    for (std::size_t offset = 0; offset <= whole.size(); ++offset) {
        for (std::size_t limit : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7},
                                  std::size_t{25}, whole.size() + 1}) {
            const auto page = records.page(filter, height, offset, limit);
            EXPECT_TRUE(page.has_value())
                << "offset " << offset << ", limit " << limit << ", collection "
                << filter.collection << ", order " << static_cast<int>(filter.order) << ", height "
                << height;
            if (!page)
                continue;
            EXPECT_EQ(page->total, whole.size());
            const std::size_t end = std::min(offset + limit, whole.size());
            EXPECT_EQ(page->objects, std::vector<int>(whole.begin() + static_cast<long>(offset),
                                                      whole.begin() + static_cast<long>(end)))
                << "offset " << offset << ", limit " << limit << ", collection "
                << filter.collection << ", order " << static_cast<int>(filter.order)
                << (filter.listedOnly ? ", listed" : "") << (filter.reverse ? ", reversed" : "")
                << ", height " << height;
            ++compared;
        }
    }
    return compared;
}

// Every list of `scope` at `head` by price and by listing (of all objects,
// of the listed, and within bounds that keep the middle third of the
// prices) and by name (the listed, and within those bounds), each both
// ways round.
int expectEveryListOfTheWholeList(server::RecordReader &records, const chain::ChainView &state,
                                  int scope, std::uint64_t head)
{
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

// Every list of `scope` at `height` by last sale and by rarity, both ways
// round.
int expectEveryPageBySaleAndRarity(server::RecordReader &records, int scope, std::uint64_t height)
{
    int compared = 0;
    for (const auto order :
         {server::ObjectFilter::Order::LastSale, server::ObjectFilter::Order::Rarity}) {
        for (bool reverse : {false, true}) {
            server::ObjectFilter filter;
            filter.collection = scope;
            filter.order = order;
            filter.reverse = reverse;
            compared += expectPagesOfTheWholeList(records, height, filter);
        }
    }
    return compared;
}

std::vector<std::uint64_t> tokensOf(const chain::ChainView &state, const std::vector<int> &objects)
{
    std::vector<std::uint64_t> tokens;
    for (int o : objects)
        tokens.push_back(state.object(o).tokenId);
    return tokens;
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
        for (std::uint64_t h = head - 4; h <= head; ++h)
            compared += expectEveryListOfTheWholeList(records, chain.state(), scope, h);
    EXPECT_GT(compared, 600);

    // Relisted at another price: the price it had below stays its own there.
    ASSERT_TRUE(mine(f.objectTx(TxKind::Delist, 0, slug, 5, {})).success);
    ASSERT_TRUE(mine(f.objectTx(TxKind::List, 0, slug, 5, {}, Amount(8))).success);
    ASSERT_TRUE(mine(f.objectTx(TxKind::Delist, 0, slug, 1, {})).success);
    const auto before = records.fromListings(filter, head, 0, 6);
    ASSERT_TRUE(before.has_value()) << "a past height, from the spans";
    EXPECT_EQ(before->objects, page->objects);
    EXPECT_EQ(before->total, 6u);
    const auto unlisted = records.fromListings(filter, head, 5, 1);
    ASSERT_TRUE(unlisted.has_value());
    EXPECT_EQ(unlisted->objects, std::vector<int>{page->objects.back()})
        << "a past height's unlisted";
    const auto now = records.fromListings(filter, chain.state().head(), 0, 6);
    ASSERT_TRUE(now.has_value());
    tokens.clear();
    for (int o : now->objects)
        tokens.push_back(chain.state().object(o).tokenId);
    EXPECT_EQ(tokens, (std::vector<std::uint64_t>{3, 6, 2, 5, 1, 4}));
    // Withdrawn and listed again at the same price in one block: a new
    // listing, newest first from then on, though its price is the same.
    ASSERT_TRUE(submit(f.objectTx(TxKind::Delist, 0, slug, 6, {})).accepted());
    ASSERT_TRUE(submit(f.objectTx(TxKind::List, 0, slug, 6, {}, Amount(2))).accepted());
    ASSERT_TRUE(chain.produceBlock());
    ASSERT_EQ(
        chain.state()
            .version(chain.state().objectIndex(slug + QStringLiteral("#6")), chain.state().head())
            .listing->listedAt,
        chain.state().head());
    ASSERT_TRUE(mine(f.objectTx(TxKind::Delist, 0, slug, 2, {})).success);
    for (int scope : {filter.collection, -1})
        for (std::uint64_t h = head; h <= chain.state().head(); ++h)
            expectEveryListOfTheWholeList(records, chain.state(), scope, h);
    EXPECT_FALSE(records.fromListings(filter, chain.state().head() + 1, 0, 5))
        << "a height the store has not reached";
    // Priced (sixteen rows a node): at the head the rows up to the page's
    // end; below it the collection's six objects too (the spans opened by
    // then, about one an object), not each object's version (four a node).
    EXPECT_DOUBLE_EQ(records.objectsCost(filter, chain.state().head(), 0, 6), 1 + 6.0 / 16);
    EXPECT_DOUBLE_EQ(records.objectsCost(filter, head, 0, 6), 1 + 12.0 / 16);
}

TEST_F(ChainTest, AListByLastSaleIsReadFromTheSalesAtAnyHeight)
{
    const QString slug = QStringLiteral("sold");
    ASSERT_TRUE(mine(f.createCollection(0, slug)).success);
    for (std::uint64_t id : {4, 1, 6, 3, 2, 5})
        ASSERT_TRUE(mine(f.mint(0, slug, id, TxFactory::dev(0), smallGif())).success);
    const int collection = chain.state().collectionIndex(slug);
    // Sold in the order 5, 2, 6, then 5 again: its last sale is the newest.
    std::vector<std::uint64_t> heights;
    for (std::uint64_t id : {5, 2, 6, 5}) {
        const int seller = heights.size() == 3 ? 1 : 0;
        ASSERT_TRUE(mine(f.objectTx(TxKind::List, seller, slug, id, {}, Amount(3))).success);
        const chain::Receipt &bought =
            mine(f.objectTx(TxKind::Buy, 1 - seller, slug, id, {}, Amount(3)));
        ASSERT_TRUE(bought.success) << bought.error.toStdString();
        heights.push_back(chain.state().head());
    }
    server::RecordReader records(chain.state());
    server::ObjectFilter filter;
    filter.collection = collection;
    filter.order = server::ObjectFilter::Order::LastSale;
    const std::uint64_t head = chain.state().head();
    const auto page = records.page(filter, head, 0, 6);
    ASSERT_TRUE(page.has_value());
    EXPECT_EQ(tokensOf(chain.state(), page->objects),
              (std::vector<std::uint64_t>{5, 6, 2, 1, 3, 4}))
        << "newest sale first, the never sold by token id";
    EXPECT_EQ(page->total, 6u);
    filter.reverse = true;
    const auto oldest = records.page(filter, head, 0, 6);
    ASSERT_TRUE(oldest.has_value());
    EXPECT_EQ(tokensOf(chain.state(), oldest->objects),
              (std::vector<std::uint64_t>{2, 6, 5, 1, 3, 4}))
        << "oldest last sale first, the never sold still last";
    filter.reverse = false;
    const auto before = records.page(filter, heights[1], 0, 6);
    ASSERT_TRUE(before.has_value()) << "a past height is read from the sales too";
    EXPECT_EQ(tokensOf(chain.state(), before->objects),
              (std::vector<std::uint64_t>{2, 5, 1, 3, 4, 6}))
        << "as the sales stood two sales in";

    // Three sold in one block, of two collections: ties by slug, then
    // token id, whatever order they were bought in.
    const QString also = QStringLiteral("also");
    ASSERT_TRUE(mine(f.createCollection(0, also)).success);
    ASSERT_TRUE(mine(f.mint(0, also, 9, TxFactory::dev(0), smallGif())).success);
    const std::vector<std::pair<QString, std::uint64_t>> tied{{slug, 4}, {also, 9}, {slug, 1}};
    for (const auto &[s, id] : tied)
        ASSERT_TRUE(mine(f.objectTx(TxKind::List, 0, s, id, {}, Amount(3))).success);
    for (const auto &[s, id] : tied)
        ASSERT_TRUE(submit(f.objectTx(TxKind::Buy, 1, s, id, {}, Amount(3))).accepted());
    ASSERT_TRUE(chain.produceBlock());
    const std::uint64_t now = chain.state().head();
    filter.collection = -1;
    const auto all = records.page(filter, now, 0, 5);
    ASSERT_TRUE(all.has_value());
    std::vector<QString> keys;
    for (int o : all->objects)
        keys.push_back(chain.state().object(o).displayKey);
    EXPECT_EQ(keys, (std::vector<QString>{QStringLiteral("also#9"), QStringLiteral("sold#1"),
                                          QStringLiteral("sold#4"), QStringLiteral("sold#5"),
                                          QStringLiteral("sold#6")}));

    int compared = 0;
    for (int scope : {collection, -1})
        for (std::uint64_t h : {heights[0] - 1, heights[1], head, now})
            compared += expectEveryPageBySaleAndRarity(records, scope, h);
    EXPECT_GT(compared, 500);
}

namespace {

// A hundred sold on `chain`: seventy in one block (more than the first
// read of the newest sales takes), thirty one a block after; `listed` the
// height before the first sale.
void sellAHundred(chain::Chain &chain, TxFactory &f, std::uint64_t *listed)
{
    const QString slug = QStringLiteral("many");
    auto mined = [&](const Bytes &tx) {
        ASSERT_TRUE(chain.submit(tx).accepted());
        ASSERT_TRUE(chain.produceBlock());
    };
    mined(f.createCollection(0, slug));
    // An account may have 64 waiting: a block of more has two senders (and
    // the objects two owners, the creator minting them all).
    auto inOneBlock = [&](TxKind kind, std::uint64_t first, std::uint64_t last, int account = 0) {
        for (std::uint64_t id = first; id <= last; ++id) {
            const int from = account + static_cast<int>(id % 2);
            const Bytes tx = kind == TxKind::Mint
                                 ? f.mint(0, slug, id, TxFactory::dev(from), smallGif())
                                 : f.objectTx(kind, from, slug, id, {}, Amount(5));
            const chain::Submission s = chain.submit(tx);
            ASSERT_TRUE(s.accepted()) << s.reason.toStdString() << ": " << s.message.toStdString();
        }
        ASSERT_TRUE(chain.produceBlock());
    };
    inOneBlock(TxKind::Mint, 1, 60);
    inOneBlock(TxKind::Mint, 61, 100);
    inOneBlock(TxKind::List, 1, 60);
    inOneBlock(TxKind::List, 61, 100);
    *listed = chain.state().head();
    inOneBlock(TxKind::Buy, 31, 100, 2);
    for (std::uint64_t id = 1; id <= 30; ++id)
        inOneBlock(TxKind::Buy, id, id, 2);
    const int many = chain.state().collectionIndex(slug);
    for (std::uint64_t id = 1; id <= 100; ++id) {
        const auto sale = chain.state()
                              .version(chain.state().objectIndex(QStringLiteral("many#%1").arg(id)),
                                       chain.state().head())
                              .lastSale;
        ASSERT_TRUE(sale.has_value()) << "many#" << id << " of collection " << many;
        EXPECT_EQ(sale->height, id > 30 ? *listed + 1 : *listed + 1 + id);
    }
}

} // namespace

// Every page of the hundred sold is read in steps down the sales, each
// step's lowest height read again, whole.
TEST_F(ChainTest, AListByLastSaleReadsTheSalesInStepsAndKeepsEachHeightWhole)
{
    std::uint64_t listed = 0;
    sellAHundred(chain, f, &listed);
    ASSERT_EQ(chain.state().head(), listed + 31);
    server::RecordReader records(chain.state());
    int compared = 0;
    const int collection = chain.state().collectionIndex(QStringLiteral("many"));
    for (std::uint64_t h : {chain.state().head(), listed + 1, listed + 5})
        compared += expectEveryPageBySaleAndRarity(records, collection, h);
    EXPECT_GT(compared, 2000);
}

// Two objects sold back and forth 150 times between them, a third never:
// its first page would read every sale, more than a few an object of the
// collection. The reader stops at the most it was given and the list is
// read object by object.
TEST_F(ChainTest, AListOfObjectsSoldOverAndOverIsReadObjectByObject)
{
    const QString slug = QStringLiteral("churn");
    ASSERT_TRUE(mine(f.createCollection(0, slug)).success);
    for (std::uint64_t id : {1, 2, 3})
        ASSERT_TRUE(mine(f.mint(0, slug, id, TxFactory::dev(0), smallGif())).success);
    int owner[3] = {0, 0, 0};
    for (int sale = 0; sale < 150; ++sale) {
        const std::uint64_t id = 1 + sale % 2;
        int &from = owner[id];
        ASSERT_TRUE(submit(f.objectTx(TxKind::List, from, slug, id, {}, Amount(3))).accepted());
        ASSERT_TRUE(submit(f.objectTx(TxKind::Buy, 1 - from, slug, id, {}, Amount(3))).accepted());
        ASSERT_TRUE(chain.produceBlock());
        from = 1 - from;
    }
    ASSERT_EQ(version(QStringLiteral("churn#1")).lastSale->height, chain.state().head() - 1);
    const int collection = chain.state().collectionIndex(slug);
    const chain::StateReader &tables = chain.state().tables();
    const std::uint64_t head = chain.state().head();
    const auto all = tables.sold(collection, head, chain::SoldOrder{false, 0, 3, 1000});
    ASSERT_TRUE(all.has_value());
    EXPECT_EQ(all->sold, 2u);
    EXPECT_EQ(tokensOf(chain.state(), all->objects), (std::vector<std::uint64_t>{2, 1}));
    EXPECT_FALSE(tables.sold(collection, head, chain::SoldOrder{false, 0, 3, 100}))
        << "newest first: past the most, the walk stops";
    EXPECT_FALSE(tables.sold(collection, head, chain::SoldOrder{true, 0, 3, 149}))
        << "oldest first: counted past the most";
    EXPECT_TRUE(tables.sold(collection, head, chain::SoldOrder{true, 0, 3, 150}));

    server::RecordReader records(chain.state());
    server::ObjectFilter filter;
    filter.collection = collection;
    filter.order = server::ObjectFilter::Order::LastSale;
    for (bool reverse : {false, true}) {
        filter.reverse = reverse;
        EXPECT_FALSE(records.page(filter, head, 0, 3)) << "150 sales of a 3-object collection";
        EXPECT_TRUE(records.page(filter, head - 140, 0, 3)) << "ten sales";
    }
}

// The same walk on PostgreSQL: a node of its own with the hundred sold,
// followed into a new database; each page there is the whole list's, and
// the whole list the node's.
TEST_F(ChainFollowTest, TheSalesReadInStepsGiveTheWholeListOnPostgres)
{
    chain::Chain node(quietOptions());
    ASSERT_TRUE(holds(node.open()));
    TxFactory f;
    std::uint64_t listed = 0;
    sellAHundred(node, f, &listed);
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    for (std::uint64_t h = 0; h <= node.state().head(); ++h) {
        auto b = node.store().block(h);
        ASSERT_TRUE(b) << b.error().message.toStdString();
        ASSERT_TRUE(holds(follower.follow(b.value().header, b.value().transactions))) << h;
    }
    server::RecordReader mine(follower.state());
    server::RecordReader theNodes(node.state());
    server::ObjectFilter filter;
    filter.collection = follower.state().collectionIndex(QStringLiteral("many"));
    filter.order = server::ObjectFilter::Order::LastSale;
    int compared = 0;
    for (std::uint64_t h : {follower.state().head(), listed + 1, listed + 5}) {
        EXPECT_EQ(mine.objects(filter, h), theNodes.objects(filter, h)) << h;
        compared += expectEveryPageBySaleAndRarity(mine, filter.collection, h);
    }
    EXPECT_GT(compared, 2000);
}

// The same on a chain with traffic (listings bought, moved and listed
// again), on the node's file and on a follower's PostgreSQL: the follow
// suite's node and server.
TEST_F(ChainFollowTest, EveryPageReadAsAPageIsTheWholeListsOnBothEngines)
{
    chain::Chain follower(followerOptions(newDatabase()));
    ASSERT_TRUE(holds(follower.open()));
    followUpTo(follower, s_node->state().head());
    for (const chain::Chain *chain : std::vector<const chain::Chain *>{s_node, &follower}) {
        server::RecordReader records(chain->state());
        int compared = 0;
        // By price and by listing, at the head, from the spans a block
        // below and half way, and at genesis.
        const std::uint64_t head = chain->state().head();
        for (int c = -1; c < static_cast<int>(chain->state().collectionCount()); ++c)
            for (std::uint64_t h : {head, head - 1, head / 2, std::uint64_t{0}})
                compared += expectEveryListOfTheWholeList(records, chain->state(), c, h);
        EXPECT_GT(compared, 2000);
        // By last sale and by rarity, at the head, half way and at genesis.
        int bySaleAndRarity = 0;
        for (int c = -1; c < static_cast<int>(chain->state().collectionCount()); ++c)
            for (std::uint64_t h : {head, head / 2, std::uint64_t{0}})
                bySaleAndRarity += expectEveryPageBySaleAndRarity(records, c, h);
        EXPECT_GT(bySaleAndRarity, 1000);
        // Holders: at the head from the table of holders, elsewhere from
        // every object's version; either way what the versions say.
        for (int c = 0; c < static_cast<int>(chain->state().collectionCount()); ++c) {
            EXPECT_TRUE(chain->state().tables().holders(c, head)) << "collection " << c;
            EXPECT_FALSE(chain->state().tables().holders(c, head - 1)) << "collection " << c;
            for (std::uint64_t h : {head, head / 2}) {
                server::ObjectFilter scope;
                scope.collection = c;
                std::map<Address, std::uint64_t> counted;
                for (int o : records.objects(scope, h))
                    ++counted[chain->state().version(o, h).holder()];
                std::vector<std::pair<Address, std::uint64_t>> expected(counted.begin(),
                                                                        counted.end());
                std::sort(expected.begin(), expected.end(), [](const auto &a, const auto &b) {
                    return a.second != b.second ? a.second > b.second : a.first < b.first;
                });
                EXPECT_EQ(records.holders(c, h), expected)
                    << "collection " << c << ", height " << h;
            }
        }
        server::ObjectFilter all;
        all.order = server::ObjectFilter::Order::Price;
        all.listedOnly = true;
        EXPECT_FALSE(records.fromListings(all, head + 1, 0, 5)) << "a height not reached";
    }
}
