// Rarity ranks as a server's readers make them (RecordReader::ranks over
// the RankCache they share): what one reader makes another finds, and a
// collection's traits are read once, for the largest size asked, every
// smaller size (a past height) ranked from that read as a read of its own
// size ranks it.
#include "server/records/rankcache.h"
#include "server/records/recordreader.h"
#include "server/records/traittable.h"
#include "tests/chain/engine/chainfixture.h"

using namespace gifscan;
using namespace gifscan::test;

// The ranks one reader makes, another reader of the same server finds (a
// read server's reader threads and its node thread share them): a list by
// rarity is priced on the node thread by what the reader thread that reads
// it will find, and no collection is ranked twice.
TEST_F(ChainTest, ReadersOfOneServerShareTheRanksTheyMake)
{
    const QString slug = QStringLiteral("ranked");
    ASSERT_TRUE(mine(f.createCollection(0, slug)).success);
    for (std::uint64_t id = 1; id <= 64; ++id)
        ASSERT_TRUE(mine(f.mint(0, slug, id, TxFactory::dev(0), smallGif())).success);
    const auto ranks = std::make_shared<server::RankCache>();
    server::RecordReader reader(chain.state(), ranks);
    server::RecordReader pricer(chain.state(), ranks);
    server::RecordReader alone(chain.state());
    server::ObjectFilter filter;
    filter.collection = chain.state().collectionIndex(slug);
    filter.order = server::ObjectFilter::Order::Rarity;
    const std::uint64_t head = chain.state().head();
    // Its two rows, and the 64 objects ranking them reads.
    const double unranked = server::RecordReader::scanCost(2, false) + 64.0 / 16;
    EXPECT_EQ(pricer.objectsCost(filter, head, 0, 2), unranked);
    const auto page = reader.page(filter, head, 0, 2);
    ASSERT_TRUE(page.has_value());
    EXPECT_EQ(pricer.objectsCost(filter, head, 0, 2), server::RecordReader::scanCost(2, false))
        << "ranked by the other reader";
    EXPECT_EQ(alone.objectsCost(filter, head, 0, 2), unranked) << "a reader of its own";
    ASSERT_NE(ranks->find({filter.collection, 64}), nullptr) << "kept where both find them";
    const auto again = pricer.page(filter, head, 0, 2);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->objects, page->objects);
    EXPECT_EQ(alone.page(filter, head, 0, 2)->objects, page->objects);
}

// Minted one a block, with traits some share: at every height the ranks
// come from the one read made at the head (the store is not read again:
// a read of ten rows or more runs past SQLite's deadline check), and are
// those a reader of its own makes from a read of that height's objects.
TEST_F(ChainTest, ACollectionsTraitsAreReadOnceForEverySizeBelowTheLargest)
{
    const QString slug = QStringLiteral("layered");
    ASSERT_TRUE(mine(f.createCollection(0, slug)).success);
    std::vector<std::uint64_t> minted;
    for (std::uint64_t id = 1; id <= 24; ++id) {
        QList<Trait> traits{{QStringLiteral("Color"), QString::number(id % 5 == 0 ? 9 : id % 2)}};
        if (id % 3 == 0)
            traits.push_back({QStringLiteral("Hat"), QString::number(id % 4)});
        ASSERT_TRUE(mine(f.mint(0, slug, id, TxFactory::dev(0), smallGif(), traits)).success);
        minted.push_back(chain.state().head());
    }
    const int collection = chain.state().collectionIndex(slug);
    const auto ranks = std::make_shared<server::RankCache>();
    server::RecordReader reader(chain.state(), ranks);
    server::ObjectFilter filter;
    filter.collection = collection;
    filter.order = server::ObjectFilter::Order::Rarity;
    const std::uint64_t head = chain.state().head();
    ASSERT_TRUE(reader.page(filter, head, 0, 3).has_value());
    ASSERT_NE(ranks->table(collection), nullptr);
    EXPECT_EQ(ranks->table(collection)->size(), 24U);
    for (std::size_t size = 1; size <= minted.size(); ++size) {
        const std::uint64_t h = minted[size - 1];
        ASSERT_EQ(reader.itemsAt(collection, h), size);
        // Any read of the store now throws (a deadline long past).
        chain.state().tables().setDeadline(0);
        std::optional<server::ObjectsPageAt> page;
        EXPECT_NO_THROW(page = reader.page(filter, h, 0, size)) << "read the store, height " << h;
        chain.state().tables().setDeadline(std::nullopt);
        server::RecordReader alone(chain.state());
        const auto read = alone.page(filter, h, 0, size);
        ASSERT_TRUE(page && read);
        EXPECT_EQ(page->objects, read->objects) << "height " << h;
        EXPECT_EQ(alone.rankCache()->table(collection)->size(), size)
            << "the reader of its own read that height's objects alone";
    }
    EXPECT_EQ(ranks->table(collection)->size(), 24U) << "no read made another table";
}
