// The Live page's chart over rows of its own: a sane scale from the first
// block on, whole heights on the axis, outliers marked and named, and the
// exact value of every point under the pointer.
#include "views/blocktimechart.h"

#include "models/blocklistmodel.h"
#include "models/displayformat.h"

#include <QChart>
#include <QLocale>
#include <QStandardItemModel>
#include <QValueAxis>
#include <cmath>
#include <gtest/gtest.h>

namespace {
// Newest first, as the block list holds them: `intervals[i]` seconds before
// block `first + i` (none before the oldest).
void fill(QStandardItemModel &model, std::uint64_t first, const QList<qreal> &intervals)
{
    model.clear();
    for (qsizetype i = intervals.size() - 1; i >= -1; --i) {
        auto *item = new QStandardItem;
        item->setData(QVariant::fromValue(static_cast<qulonglong>(first + i)),
                      BlockListModel::HeightRole);
        if (i >= 0)
            item->setData(intervals[i], BlockListModel::IntervalRole);
        model.appendRow(item);
    }
}

bool whole(qreal x)
{
    return std::abs(x - std::round(x)) < 1e-9;
}
} // namespace

TEST(BlockTimeChart, TheGenesisAgeIsNoBlockTime)
{
    // Block 1, made five days after the genesis: its interval is the
    // genesis's age, not a block time, and is not drawn.
    QStandardItemModel model;
    BlockTimeChart chart(&model);
    fill(model, 1, {440270});
    EXPECT_EQ(chart.pointCount(), 0);
    EXPECT_EQ(chart.outlierCount(), 0);
    // Block 1 shown, but no block time yet: said so, not "no blocks yet".
    EXPECT_EQ(chart.chart()->title(), QStringLiteral("Block times: the first comes with block 2"));
    EXPECT_FALSE(chart.chart()->title().contains(DisplayFormat::duration(440270)));
    // Blocks 1 to 4: three intervals drawn, the title says three.
    fill(model, 1, {440270, 5, 6, 4});
    EXPECT_EQ(chart.pointCount(), 3);
    EXPECT_EQ(chart.outlierCount(), 0);
    EXPECT_LE(chart.secondsAxis()->max(), 20) << "the scale of 5 s blocks, not of five days";
    EXPECT_TRUE(chart.chart()->title().contains(QStringLiteral("last 3 blocks")))
        << chart.chart()->title().toStdString();
    EXPECT_EQ(chart.describe(2), QStringLiteral("Block %1: %2 s after the one before")
                                     .arg(QLocale().toString(2), QLocale().toString(5)));
    EXPECT_TRUE(chart.describe(1).isEmpty());
    // Whole heights only: never "1 1 1 1 2".
    QValueAxis *x = chart.heightAxis();
    EXPECT_EQ(x->tickType(), QValueAxis::TicksDynamic);
    EXPECT_TRUE(whole(x->min()) && whole(x->max()));
    EXPECT_GE(x->tickInterval(), 1);
    EXPECT_TRUE(whole(x->tickInterval()));
    EXPECT_TRUE(whole(x->tickAnchor()));
}

TEST(BlockTimeChart, TypicalBlocksSetTheScaleAndAPauseIsMarkedAtTheTop)
{
    QStandardItemModel model;
    BlockTimeChart chart(&model);
    QList<qreal> intervals;
    for (int i = 0; i < 60; ++i)
        intervals.append(4 + i % 3); // 4, 5, 6 s
    intervals[30] = 600;             // a node stopped for ten minutes
    fill(model, 1000, intervals);
    EXPECT_EQ(chart.pointCount(), 60);
    const qreal top = chart.secondsAxis()->max();
    EXPECT_GE(top, 15);
    EXPECT_LE(top, 25);
    EXPECT_TRUE(whole(chart.secondsAxis()->tickInterval()));
    EXPECT_EQ(chart.outlierCount(), 1);
    EXPECT_TRUE(chart.chart()->title().contains(DisplayFormat::duration(600)));
    EXPECT_TRUE(chart.describe(1030).contains(QLocale().toString(600)));
    // Sixty heights in whole steps, at most a few labels.
    QValueAxis *x = chart.heightAxis();
    EXPECT_TRUE(whole(x->tickInterval()));
    EXPECT_LE((x->max() - x->min()) / x->tickInterval(), 8);
    EXPECT_GE(x->tickInterval(), 5);

    // Without the pause: nothing marked, the title plain.
    intervals[30] = 5;
    fill(model, 1000, intervals);
    EXPECT_EQ(chart.outlierCount(), 0);
    EXPECT_FALSE(chart.chart()->title().contains(u'('));
}
