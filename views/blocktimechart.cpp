#include "views/blocktimechart.h"

#include "models/blocklistmodel.h"
#include "models/displayformat.h"
#include "views/theme.h"

#include <QChart>
#include <QCursor>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace {
constexpr int kBlocks = 100;
// Below this many intervals a median says little (block 1 follows a genesis
// made whenever the chain was set up): the scale assumes 5 s blocks.
constexpr int kFewIntervals = 5;
constexpr qreal kTypicalSeconds = 5;

// A step of 1, 2 or 5 times a power of ten that cuts `span` into at most
// `ticks` parts, and never less than 1: ticks fall on whole heights and
// whole seconds.
qreal niceStep(qreal span, int ticks)
{
    qreal step = 1;
    while (span / step > ticks) {
        for (const qreal m : {2.0, 2.5, 2.0}) { // 1, 2, 5, 10, 20, 50, …
            step *= m;
            if (span / step <= ticks)
                break;
        }
    }
    return step;
}
} // namespace

BlockTimeChart::BlockTimeChart(QAbstractItemModel *blocks, QWidget *parent)
    // Constructed with its chart: QChartView(QWidget *) would make a default
    // chart that setChart() then releases without deleting.
    : QChartView(new QChart, parent), m_blocks(blocks), m_series(new QLineSeries),
      m_outliers(new QScatterSeries), m_axisX(new QValueAxis), m_axisY(new QValueAxis)
{
    QChart *chart = this->chart();
    chart->legend()->hide();
    chart->addSeries(m_series);
    chart->addSeries(m_outliers);
    m_outliers->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_outliers->setMarkerSize(11);
    m_axisY->setLabelFormat(QStringLiteral("%d s"));
    m_axisX->setLabelFormat(QStringLiteral("%d"));
    m_axisX->setTitleText(tr("height"));
    for (QValueAxis *axis : {m_axisX, m_axisY}) {
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
    }
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    for (QXYSeries *series :
         {static_cast<QXYSeries *>(m_series), static_cast<QXYSeries *>(m_outliers)}) {
        series->attachAxis(m_axisY);
        series->attachAxis(m_axisX);
        connect(series, &QXYSeries::hovered, this, &BlockTimeChart::hovered);
    }
    m_series->setPointsVisible(true); // something to point at, every block
    chart->setMargins(QMargins(4, 4, 4, 4));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(180);
    followPalette();
    connect(blocks, &QAbstractItemModel::rowsInserted, this, &BlockTimeChart::refresh);
    connect(blocks, &QAbstractItemModel::modelReset, this, &BlockTimeChart::refresh);
    connect(blocks, &QAbstractItemModel::dataChanged, this, &BlockTimeChart::refresh);
    refresh();
}

void BlockTimeChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void BlockTimeChart::followPalette()
{
    Theme::followPalette(chart(), palette());
    m_outliers->setColor(QColor(Theme::colour(Theme::Tone::Bad)));
    m_outliers->setBorderColor(QColor(Theme::colour(Theme::Tone::Bad)));
}

int BlockTimeChart::pointCount() const
{
    return static_cast<int>(m_series->count());
}

int BlockTimeChart::outlierCount() const
{
    return static_cast<int>(m_outliers->count());
}

QString BlockTimeChart::describe(qreal height) const
{
    const auto h = static_cast<qint64>(std::llround(height));
    const auto it = m_seconds.constFind(h);
    if (it == m_seconds.constEnd())
        return {};
    return tr("Block %L1: %L2 s after the one before").arg(h).arg(*it);
}

void BlockTimeChart::hovered(const QPointF &point, bool state)
{
    if (state)
        QToolTip::showText(QCursor::pos(), describe(point.x()), this);
    else
        QToolTip::hideText();
}

void BlockTimeChart::refresh()
{
    const int rows = std::min(m_blocks->rowCount(), kBlocks + 1);
    QList<QPointF> points;
    QList<qreal> seconds;
    m_seconds.clear();
    for (int r = rows - 2; r >= 0; --r) {
        const QModelIndex newer = m_blocks->index(r, 0);
        const QVariant interval = newer.data(BlockListModel::IntervalRole);
        if (!interval.isValid())
            continue;
        const qreal s = interval.toReal();
        const qreal height = newer.data(BlockListModel::HeightRole).toReal();
        // Block 1's interval is the genesis's age (a prebuilt genesis is
        // days old), no block time: left out, not drawn as an outlier.
        if (height <= 1)
            continue;
        points.append({height, s});
        seconds.append(s);
        m_seconds.insert(static_cast<qint64>(height), s);
    }
    // The scale: three typical intervals, at least 10 s; an interval above
    // it is an outlier, drawn at the top and named in the title.
    std::sort(seconds.begin(), seconds.end());
    const qreal typical =
        seconds.size() >= kFewIntervals ? seconds[seconds.size() / 2] : kTypicalSeconds;
    const qreal longest = seconds.isEmpty() ? 0 : seconds.back();
    const qreal limit = std::max<qreal>(3 * typical, 10);
    const qreal wanted = std::max<qreal>(std::min(longest, limit) * 1.1, 1);
    const qreal yStep = niceStep(wanted, 5);
    const qreal top = std::ceil(wanted / yStep) * yStep;
    QList<QPointF> outliers;
    for (QPointF &p : points) {
        if (p.y() > top) {
            p.setY(top);
            outliers.append(p);
        }
    }
    m_series->replace(points);
    m_outliers->replace(outliers);
    m_axisY->setRange(0, top);
    m_axisY->setTickInterval(yStep);
    // The blocks drawn, not the most it would draw: a list that has loaded
    // fifty says fifty.
    // Blocks there are, but no time between two made ones yet (the genesis
    // alone, or block 1, whose interval is the genesis's age): said so,
    // not "no blocks" beside a head the status bar shows.
    QString title =
        points.isEmpty()
            ? (m_blocks->rowCount() > 0 ? tr("Block times: the first comes with block 2")
                                        : tr("Block times: no blocks yet"))
            : tr("Block times, last %Ln blocks", nullptr, static_cast<int>(points.size()));
    if (!outliers.isEmpty())
        title += tr(" (%Ln above %1 s, the longest %2)", nullptr, static_cast<int>(outliers.size()))
                     .arg(top)
                     .arg(DisplayFormat::duration(static_cast<std::uint64_t>(longest)));
    chart()->setTitle(title);
    // Whole heights, a step that leaves room for their labels.
    if (points.isEmpty()) {
        m_axisX->setRange(0, 1);
        m_axisX->setTickInterval(1);
        return;
    }
    qreal first = points.front().x();
    qreal last = points.back().x();
    if (last - first < 2) { // one or two points: a height either side
        first -= 1;
        last += 1;
    }
    first = std::max<qreal>(first, 0);
    m_axisX->setRange(first, last);
    m_axisX->setTickAnchor(first);
    m_axisX->setTickInterval(niceStep(last - first, 8));
}
