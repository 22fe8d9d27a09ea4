#include "views/blocktimechart.h"

#include "models/blocklistmodel.h"
#include "views/theme.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>

namespace {
constexpr int kBlocks = 100;
}

BlockTimeChart::BlockTimeChart(QAbstractItemModel *blocks, QWidget *parent)
    // Constructed with its chart: QChartView(QWidget *) would make a default
    // chart that setChart() then releases without deleting.
    : QChartView(new QChart, parent), m_blocks(blocks), m_series(new QLineSeries),
      m_axisX(new QValueAxis), m_axisY(new QValueAxis)
{
    QChart *chart = this->chart();
    chart->setTitle(tr("Block times, last %Ln blocks", nullptr, kBlocks));
    chart->legend()->hide();
    chart->addSeries(m_series);
    m_axisY->setLabelFormat(QStringLiteral("%d s"));
    m_axisX->setLabelFormat(QStringLiteral("%d"));
    m_axisX->setTitleText(tr("height"));
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    m_series->attachAxis(m_axisY);
    m_series->attachAxis(m_axisX);
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
    // A chart theme resets the series' pen: keep ours after it.
    const QPen pen = m_series->pen();
    chart()->setTheme(Theme::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette().base());
    chart()->setTitleBrush(palette().text());
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_axisX), static_cast<QAbstractAxis *>(m_axisY)}) {
        axis->setLabelsBrush(palette().text());
        axis->setTitleBrush(palette().text());
    }
    m_series->setPen(pen);
}

int BlockTimeChart::pointCount() const
{
    return static_cast<int>(m_series->count());
}

void BlockTimeChart::refresh()
{
    const int rows = std::min(m_blocks->rowCount(), kBlocks + 1);
    QList<QPointF> points;
    QList<qreal> seconds;
    for (int r = rows - 2; r >= 0; --r) {
        const QModelIndex newer = m_blocks->index(r, 0);
        const QVariant interval = newer.data(BlockListModel::IntervalRole);
        if (!interval.isValid())
            continue;
        const qreal s = interval.toReal();
        points.append({newer.data(BlockListModel::HeightRole).toReal(), s});
        seconds.append(s);
    }
    // The scale follows typical block times; a pause (a node stopped for
    // minutes) is drawn clipped at the top instead of flattening the rest.
    std::sort(seconds.begin(), seconds.end());
    const qreal median = seconds.isEmpty() ? 1 : seconds[seconds.size() / 2];
    const qreal longest = seconds.isEmpty() ? 1 : seconds.back();
    const qreal top = std::ceil(std::min(longest, std::max<qreal>(3 * median, 10)) * 1.1);
    for (QPointF &p : points)
        p.setY(std::min(p.y(), top));
    m_series->replace(points);
    m_axisY->setRange(0, std::max<qreal>(top, 1));
    if (!points.isEmpty())
        m_axisX->setRange(points.front().x(), std::max(points.back().x(), points.front().x() + 1));
}
