// The ranks a server's readers share (server/records/rankcache.h): what
// one keeps the others find, the first kept for a size wins, on any thread,
// and the cache lets the oldest go past its bounds, in sizes and in objects
// ranked, while a reader still holding them keeps them whole. Beside the
// ranks, a collection's trait table: the largest kept, on any thread,
// bounded in what the tables hold.
#include "server/records/rankcache.h"

#include "server/records/traittable.h"

#include <atomic>
#include <functional>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

using gifscan::server::RankCache;
using gifscan::server::Ranks;
using gifscan::server::TraitTable;

namespace {

Ranks ranksOf(int n, int first = 0)
{
    Ranks r;
    for (int i = 0; i < n; ++i) {
        r.objects.push_back(first + i);
        r.rank.push_back(i + 1);
        r.byRank.push_back(first + i);
    }
    return r;
}

// Runs `work(t)` on `threads` threads, all released at once, and waits.
void together(int threads, const std::function<void(int)> &work)
{
    std::atomic<int> ready{0};
    std::vector<std::thread> running;
    for (int t = 0; t < threads; ++t)
        running.emplace_back([&, t] {
            ready.fetch_add(1);
            while (ready.load() < threads) {
            }
            work(t);
        });
    for (std::thread &t : running)
        t.join();
}

// A table of `n` objects, each with `traits` traits.
std::shared_ptr<const TraitTable> tableOf(std::size_t n, int traits = 1)
{
    std::vector<gifscan::chain::RankedObject> objects(n);
    for (std::size_t i = 0; i < n; ++i) {
        objects[i].object = static_cast<int>(i);
        objects[i].tokenId = i;
        for (int t = 0; t < traits; ++t)
            objects[i].traits.push_back({QStringLiteral("T%1").arg(t), QString::number(i % 3)});
    }
    return std::make_shared<const TraitTable>(objects);
}

} // namespace

TEST(RankCache, TheFirstKeptForASizeIsWhatEveryReaderFinds)
{
    RankCache cache;
    EXPECT_EQ(cache.find({3, 10}), nullptr);
    EXPECT_FALSE(cache.contains({3, 10}));
    const auto kept = cache.keep({3, 10}, ranksOf(10));
    EXPECT_EQ(cache.find({3, 10}), kept);
    EXPECT_TRUE(cache.contains({3, 10}));
    // Another reader made them too, meanwhile: it is given the first.
    EXPECT_EQ(cache.keep({3, 10}, ranksOf(10, 100)), kept);
    EXPECT_EQ(cache.find({3, 10})->objects.front(), 0);
    EXPECT_FALSE(cache.contains({3, 11})) << "another size of the collection";
}

TEST(RankCache, TheOldestGoPastItsBounds)
{
    RankCache cache;
    cache.keep({0, 1}, ranksOf(1));
    for (int c = 1; c < 1024; ++c)
        cache.keep({c, 1}, ranksOf(1));
    EXPECT_TRUE(cache.contains({0, 1})) << "1,024 sizes are kept";
    // Kept again, a size already there is not made anew nor counted twice.
    cache.keep({5, 1}, ranksOf(1));
    EXPECT_TRUE(cache.contains({0, 1}));
    cache.keep({1024, 1}, ranksOf(1));
    EXPECT_FALSE(cache.contains({0, 1})) << "the least recently made went";
    EXPECT_TRUE(cache.contains({1, 1}));
}

TEST(RankCache, AGreatCollectionTakesTheRoomOfTheOthers)
{
    // 2^21 objects ranked in all: one collection that size lets the others
    // go, and the next one lets it go.
    RankCache cache;
    cache.keep({0, 10}, ranksOf(10));
    constexpr std::size_t kGreat = std::size_t{1} << 21;
    Ranks great;
    great.objects.assign(kGreat, 0);
    const auto held = cache.keep({1, kGreat}, std::move(great));
    EXPECT_FALSE(cache.contains({0, 10}));
    EXPECT_TRUE(cache.contains({1, kGreat}));
    cache.keep({2, 10}, ranksOf(10));
    EXPECT_FALSE(cache.contains({1, kGreat})) << "no room for both";
    EXPECT_TRUE(cache.contains({2, 10}));
    EXPECT_EQ(held->objects.size(), kGreat) << "a reader holding them keeps them";
}

TEST(RankCache, ReadersOnManyThreadsKeepOneRanksASize)
{
    // Each thread keeps every size as if it had made it, all starting at
    // once: for each size, every thread is given the same ranks.
    RankCache cache;
    constexpr int kThreads = 8;
    constexpr int kSizes = 200;
    std::vector<std::vector<std::shared_ptr<const Ranks>>> got(kThreads);
    together(kThreads, [&](int t) {
        for (int c = 0; c < kSizes; ++c)
            got[static_cast<std::size_t>(t)].push_back(cache.keep({c, 50}, ranksOf(50, t)));
    });
    for (int c = 0; c < kSizes; ++c) {
        for (int t = 1; t < kThreads; ++t)
            EXPECT_EQ(got[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)],
                      got[0][static_cast<std::size_t>(c)])
                << "size " << c;
        EXPECT_EQ(cache.find({c, 50}), got[0][static_cast<std::size_t>(c)]);
    }
}

TEST(RankCache, TheLargestTableOfACollectionIsKept)
{
    RankCache cache;
    EXPECT_EQ(cache.table(1), nullptr);
    const auto ten = cache.keepTable(1, tableOf(10));
    EXPECT_EQ(cache.table(1), ten);
    EXPECT_EQ(cache.table(2), nullptr) << "another collection";
    // A smaller table made meanwhile by another reader: the larger stays.
    EXPECT_EQ(cache.keepTable(1, tableOf(6)), ten);
    const auto twenty = tableOf(20);
    EXPECT_EQ(cache.keepTable(1, twenty), twenty);
    EXPECT_EQ(cache.table(1), twenty);
    EXPECT_EQ(ten->size(), 10U) << "a reader holding the smaller keeps it whole";
}

TEST(RankCache, TablesAreBoundedInWhatTheyHold)
{
    // A table holds 4 units an object and 1 a trait's entry: 100 objects
    // with three traits each are 700. Bounded at 700, that one fills it;
    // the next lets the oldest go, and a table over the bound alone is
    // given back, not kept, and lets nothing go.
    RankCache cache(700);
    const auto first = cache.keepTable(1, tableOf(100, 3));
    EXPECT_EQ(cache.table(1), first);
    cache.keepTable(2, tableOf(10));
    EXPECT_EQ(cache.table(1), nullptr) << "the oldest went for the newest";
    const auto ten = cache.table(2);
    ASSERT_NE(ten, nullptr);
    const auto great = tableOf(100, 4);
    EXPECT_EQ(cache.keepTable(3, great), great);
    EXPECT_EQ(cache.table(3), nullptr) << "over the bound alone";
    // Nor does it replace a smaller table of its collection.
    const auto bigger = tableOf(200);
    EXPECT_EQ(cache.keepTable(2, bigger), bigger) << "given back";
    EXPECT_EQ(cache.table(2), ten) << "the smaller kept";
}

TEST(RankCache, AReplacedTableIsNoLongerCountedNorLetGoTwice)
{
    // Bounded at two tables of 20 objects with one trait (100 each): the
    // one of 10 (50) replaced by one of 20 leaves room for another of 20.
    RankCache cache(200);
    cache.keepTable(1, tableOf(10));
    const auto twenty = cache.keepTable(1, tableOf(20));
    cache.keepTable(2, tableOf(20));
    EXPECT_EQ(cache.table(1), twenty) << "the replaced table's 50 no longer counted";
    // One that fills the bound lets both go, each once.
    const auto full = cache.keepTable(3, tableOf(40));
    EXPECT_EQ(cache.table(1), nullptr);
    EXPECT_EQ(cache.table(2), nullptr);
    EXPECT_EQ(cache.table(3), full);
    cache.keepTable(4, tableOf(1));
    EXPECT_EQ(cache.table(3), nullptr);
    EXPECT_NE(cache.table(4), nullptr);
}

TEST(RankCache, ReadersOnManyThreadsKeepTheLargestTable)
{
    // Each thread keeps tables of growing sizes for the same collections,
    // all at once: each collection ends with the largest.
    RankCache cache;
    constexpr int kThreads = 6;
    constexpr int kCollections = 20;
    together(kThreads, [&](int t) {
        for (int c = 0; c < kCollections; ++c)
            cache.keepTable(c, tableOf(static_cast<std::size_t>(1 + (c + t) % kThreads)));
    });
    for (int c = 0; c < kCollections; ++c) {
        ASSERT_NE(cache.table(c), nullptr);
        EXPECT_EQ(cache.table(c)->size(), static_cast<std::size_t>(kThreads)) << "collection " << c;
    }
}
