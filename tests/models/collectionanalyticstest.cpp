// A collection's floor and volume over time, from what is listed now and the
// range's events: pure functions, checked on a market written by hand.
#include "models/collectionanalytics.h"

#include <gtest/gtest.h>

using namespace gifscan;

namespace {

ActivityEntry event(const char *type, const char *key, std::uint64_t time,
                    std::optional<std::uint64_t> price = std::nullopt)
{
    ActivityEntry e;
    e.type = QString::fromLatin1(type);
    e.key = QString::fromLatin1(key);
    e.timestamp = time;
    if (price)
        e.price = Amount(*price);
    return e;
}

QList<std::optional<std::uint64_t>> values(const QList<CollectionAnalytics::Point> &points)
{
    QList<std::optional<std::uint64_t>> out;
    for (const auto &p : points)
        out.append(
            p.value ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(p.value->toDouble()))
                    : std::nullopt);
    return out;
}

} // namespace

// In the range, oldest first: a#1 listed at 5 (t=10), a#2 listed at 3
// (t=20), a#2 sold at 3 (t=30), a#3 (listed before the range at 7) sold at 7
// (t=40), a#4 (listed before the range, price unknown) delisted (t=50).
// Listed now: a#1 at 5.
TEST(CollectionAnalytics, TheFloorIsWalkedBackFromNowThenForward)
{
    const QList<ActivityEntry> newestFirst{event("delist", "a#4", 50), event("sale", "a#3", 40, 7),
                                           event("sale", "a#2", 30, 3), event("list", "a#2", 20, 3),
                                           event("list", "a#1", 10, 5)};
    const QHash<QString, Amount> now{{QStringLiteral("a#1"), Amount(5)}};
    const auto floor = CollectionAnalytics::floorSeries(now, newestFirst, 0);
    ASSERT_EQ(floor.size(), 6);
    EXPECT_EQ(floor.first().timestamp, 0U);
    EXPECT_EQ(values(floor), (QList<std::optional<std::uint64_t>>{7, 5, 3, 5, 5, 5}))
        << "at the start only a#3 at 7 is known (a#4's price is not); a#1 at 5, a#2 at 3, "
           "a#2 sold, a#3 sold, a#4 delisted";
    EXPECT_EQ(floor[2].timestamp, 20U);

    // Nothing listed at any time: no floor, never a zero.
    const auto none = CollectionAnalytics::floorSeries({}, {event("sale", "a#9", 5, 1)}, 0);
    EXPECT_EQ(values(none), (QList<std::optional<std::uint64_t>>{1, std::nullopt}));
}

TEST(CollectionAnalytics, VolumeIsSummedPerSpanOfTheRange)
{
    const QList<ActivityEntry> events{event("sale", "a#1", 95, 4), event("list", "a#2", 90, 100),
                                      event("sale", "a#2", 55, 2), event("sale", "a#3", 50, 1),
                                      event("sale", "a#4", 5, 8)};
    const auto spans = CollectionAnalytics::volumeSeries(events, 0, 100, 4);
    ASSERT_EQ(spans.size(), 4);
    EXPECT_EQ(spans[2].timestamp, 50U);
    EXPECT_EQ(values(spans), (QList<std::optional<std::uint64_t>>{8, 0, 3, 4}))
        << "listings are no volume";
    EXPECT_TRUE(CollectionAnalytics::volumeSeries(events, 100, 100, 4).isEmpty());
}
