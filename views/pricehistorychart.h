#pragma once

#include "core/protocol/records.h"

#include <QChartView>

class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

// An object's sales over time: each sale a point at its block's time and
// price, the exact values under the pointer, and a title that says when
// there is nothing to draw. Fed the object's history by its page. Lives on
// the GUI thread.
class PriceHistoryChart : public QChartView
{
    Q_OBJECT
public:
    explicit PriceHistoryChart(QWidget *parent = nullptr);
    // The entries of an object's history, any order; only sales are drawn.
    void setHistory(const QList<gifscan::ActivityEntry> &history);
    // No history asked for, or it failed: said so, rather than "no sales".
    void setNotLoaded();
    QString title() const;
    int pointCount() const;
    // What the pointer on the sale at `index` (oldest first) says.
    QString describe(int index) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void followPalette();
    void hovered(const QPointF &point, bool state);
    void setTimeRange(qint64 first, qint64 last);

    QLineSeries *m_series;
    QDateTimeAxis *m_axisX;
    QValueAxis *m_axisY;
    QList<gifscan::ActivityEntry> m_sales; // oldest first
};
