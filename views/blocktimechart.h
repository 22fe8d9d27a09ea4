#pragma once

#include <QChartView>
#include <QHash>

class QAbstractItemModel;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

// Seconds between consecutive blocks over the newest 100, by height,
// redrawn when the block model gains rows (which it does at most every
// 250 ms). The scale follows typical block times: a longer wait (a node
// stopped for minutes, a genesis made days before block 1) is drawn as a
// marker at the top and named in the title, and every point says its exact
// value under the pointer. Heights are whole numbers on the axis. Lives on
// the GUI thread.
class BlockTimeChart : public QChartView
{
    Q_OBJECT
public:
    explicit BlockTimeChart(QAbstractItemModel *blocks, QWidget *parent = nullptr);
    int pointCount() const;
    // Intervals longer than the scale shows, drawn at its top.
    int outlierCount() const;
    // What the pointer on the point at `height` says; empty for no point.
    QString describe(qreal height) const;
    QValueAxis *heightAxis() const { return m_axisX; }
    QValueAxis *secondsAxis() const { return m_axisY; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void followPalette();
    void refresh();
    void hovered(const QPointF &point, bool state);

    QAbstractItemModel *m_blocks;
    QLineSeries *m_series;
    QScatterSeries *m_outliers;
    QValueAxis *m_axisX;
    QValueAxis *m_axisY;
    QHash<qint64, qreal> m_seconds; // by height: the interval before that block
};
