#pragma once

#include <QChartView>

class QAbstractItemModel;
class QLineSeries;
class QValueAxis;

// Seconds between consecutive blocks over the newest 100, by height,
// redrawn when the block model gains rows (which it does at most every
// 250 ms). Lives on the GUI thread.
class BlockTimeChart : public QChartView
{
    Q_OBJECT
public:
    explicit BlockTimeChart(QAbstractItemModel *blocks, QWidget *parent = nullptr);
    int pointCount() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void followPalette();
    void refresh();

    QAbstractItemModel *m_blocks;
    QLineSeries *m_series;
    QValueAxis *m_axisX;
    QValueAxis *m_axisY;
};
