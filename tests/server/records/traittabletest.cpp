// A collection's trait table (server/records/traittable.h): the ranks of
// each of its sizes, made from the table's first objects, are those a read
// of that many objects gave, computed as RecordReader computed them before
// the table (written out here as the oracle): traits repeated within an
// object, objects with none, and ties broken by token id included.
#include "server/records/traittable.h"

#include <QHash>
#include <algorithm>
#include <gtest/gtest.h>
#include <random>

using gifscan::Trait;
using gifscan::chain::RankedObject;
using gifscan::server::Ranks;
using gifscan::server::TraitTable;

namespace {

// The ranks of `objects` as RecordReader::ranks made them from a read.
Ranks oracle(const std::vector<RankedObject> &objects)
{
    QHash<QString, int> counts;
    for (const RankedObject &o : objects) {
        for (const auto &t : o.traits)
            counts[t.trait + QChar(0) + t.value] += 1;
    }
    const std::size_t n = objects.size();
    std::vector<std::pair<double, std::size_t>> scored(n);
    for (std::size_t i = 0; i < n; ++i) {
        double score = 0;
        for (const auto &t : objects[i].traits)
            score += static_cast<double>(n) / counts.value(t.trait + QChar(0) + t.value);
        scored[i] = {score, i};
    }
    std::sort(scored.begin(), scored.end(), [&](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first > b.first;
        return objects[a.second].tokenId < objects[b.second].tokenId;
    });
    Ranks r;
    for (const RankedObject &o : objects)
        r.objects.push_back(o.object);
    r.rank.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        r.rank[scored[i].second] = static_cast<int>(i + 1);
        r.byRank.push_back(objects[scored[i].second].object);
    }
    return r;
}

// A collection of `n` objects in mint order (ids from 100), token ids
// shuffled, traits drawn from small pools so that many share a value and
// some share all of theirs.
std::vector<RankedObject> collection(std::size_t n, unsigned seed)
{
    std::mt19937 random(seed);
    std::vector<std::uint64_t> tokens(n);
    for (std::size_t i = 0; i < n; ++i)
        tokens[i] = 1 + i * 3;
    std::shuffle(tokens.begin(), tokens.end(), random);
    const QStringList names{QStringLiteral("Color"), QStringLiteral("Eyes"), QStringLiteral("Hat")};
    std::vector<RankedObject> out;
    for (std::size_t i = 0; i < n; ++i) {
        RankedObject o{100 + static_cast<int>(i), tokens[i], {}};
        const int traits = static_cast<int>(random() % 4); // 0 to 3, a name may come twice
        for (int t = 0; t < traits; ++t) {
            const QString &name = names[static_cast<qsizetype>(random() % 3)];
            // Skewed: value 0 common, the higher ones rare.
            const int value = static_cast<int>(random() % 8) / 3;
            o.traits.push_back(Trait{name, QString::number(value)});
        }
        out.push_back(std::move(o));
    }
    return out;
}

void expectSameRanks(const Ranks &made, const Ranks &expected, std::size_t size)
{
    EXPECT_EQ(made.objects, expected.objects) << "size " << size;
    EXPECT_EQ(made.rank, expected.rank) << "size " << size;
    EXPECT_EQ(made.byRank, expected.byRank) << "size " << size;
}

} // namespace

TEST(TraitTable, EverySizeIsRankedAsAReadOfThatManyObjects)
{
    for (const unsigned seed : {1U, 2U, 3U}) {
        const std::vector<RankedObject> objects = collection(120, seed);
        const TraitTable table(objects);
        ASSERT_EQ(table.size(), objects.size());
        for (std::size_t size = 0; size <= objects.size(); ++size) {
            const std::vector<RankedObject> read(objects.begin(),
                                                 objects.begin() + static_cast<long>(size));
            expectSameRanks(table.ranks(size), oracle(read), size);
        }
    }
}

TEST(TraitTable, TiesGoByTokenIdAndAnObjectWithoutTraitsIsTheCommonest)
{
    // Four objects alike, one with a rare value, one with none: the rare one
    // first, the alike by token id, the bare last.
    const Trait common{QStringLiteral("Color"), QStringLiteral("red")};
    const std::vector<RankedObject> objects{
        {0, 9, {common}},
        {1, 4, {common}},
        {2, 7, {Trait{QStringLiteral("Color"), QStringLiteral("gold")}}},
        {3, 1, {common}},
        {4, 2, {}},
        {5, 5, {common}}};
    const Ranks r = TraitTable(objects).ranks(objects.size());
    EXPECT_EQ(r.byRank, (std::vector<int>{2, 3, 1, 5, 0, 4}));
    EXPECT_EQ(r.rankOf(2), 1);
    EXPECT_EQ(r.rankOf(4), 6);
    expectSameRanks(r, oracle(objects), objects.size());
    // The first three alone: gold is rare among them too.
    EXPECT_EQ(TraitTable(objects).ranks(3).byRank, (std::vector<int>{2, 1, 0}));
}
