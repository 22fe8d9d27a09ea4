// The ranks a server's readers share (server/records/rankcache.h): what
// one keeps the others find, the first kept for a size wins, and the cache
// lets the oldest go past its bounds while a reader still holding them
// keeps them whole.
#include "server/records/rankcache.h"

#include <gtest/gtest.h>
#include <thread>

using gifscan::server::RankCache;
using gifscan::server::Ranks;

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

TEST(RankCache, TheOldestGoPastItsBoundsAndAReaderKeepsWhatItHolds)
{
    RankCache cache;
    const auto held = cache.keep({0, 1}, ranksOf(1));
    for (int c = 1; c < 1024; ++c)
        cache.keep({c, 1}, ranksOf(1));
    EXPECT_TRUE(cache.contains({0, 1})) << "1,024 sizes are kept";
    cache.keep({1024, 1}, ranksOf(1));
    EXPECT_FALSE(cache.contains({0, 1})) << "the least recently made went";
    EXPECT_TRUE(cache.contains({1, 1}));
    EXPECT_EQ(held->objects.size(), 1u) << "held by a reader, whole";
}

TEST(RankCache, ReadersOnManyThreadsKeepOneRanksASize)
{
    RankCache cache;
    std::vector<std::shared_ptr<const Ranks>> got(8);
    std::vector<std::thread> readers;
    for (int t = 0; t < 8; ++t)
        readers.emplace_back([&, t] {
            for (int c = 0; c < 200; ++c) {
                auto r = cache.find({c, 50});
                if (!r)
                    r = cache.keep({c, 50}, ranksOf(50, t * 1000));
                if (c == 199)
                    got[static_cast<std::size_t>(t)] = r;
            }
        });
    for (std::thread &t : readers)
        t.join();
    for (const auto &r : got)
        EXPECT_EQ(r, got.front()) << "one ranks for the size, whoever made it";
}
