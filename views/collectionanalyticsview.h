#pragma once

#include <QWidget>

class CollectionAnalytics;
class QButtonGroup;
class QChartView;
class QLabel;
class TablePage;

// A collection's analytics beside its grid: a range to choose (24 h, 7 d,
// 30 d, all), the figures at their height (holders, sales, volume, floor),
// the floor and the volume over the range in one chart, and the top
// holders, each a link to the address. Reads only while shown (it costs
// the node a page per hundred objects and events). Lives on the GUI thread.
class CollectionAnalyticsView : public QWidget
{
    Q_OBJECT
public:
    explicit CollectionAnalyticsView(CollectionAnalytics *model, QWidget *parent = nullptr);

    // The collection to read; read now if shown, else when next shown.
    void setCollection(const QString &slug);
    void reload();
    QString figuresText() const;
    TablePage *holders() const { return m_holders; }
    QChartView *chart() const { return m_chart; }

Q_SIGNALS:
    // A holder's row was opened.
    void holderActivated(const QModelIndex &index);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void readIfShown();
    void showFigures();
    void drawChart();
    double addFloor(class QAbstractAxis *time, class QValueAxis *axis);
    double addVolume(QAbstractAxis *time, QValueAxis *axis, class QLineSeries **series);
    void setTimeRange(class QDateTimeAxis *time) const;

    CollectionAnalytics *m_model;
    QString m_slug;
    QButtonGroup *m_ranges;
    QLabel *m_figures;
    QChartView *m_chart;
    TablePage *m_holders;
};
