#include "views/pricehistorychart.h"

#include "models/displayformat.h"
#include "views/theme.h"

#include <QChart>
#include <QCursor>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>

PriceHistoryChart::PriceHistoryChart(QWidget *parent)
    // Constructed with its chart: QChartView(QWidget *) would make a default
    // chart that setChart() then releases without deleting.
    : QChartView(new QChart, parent), m_series(new QLineSeries), m_axisX(new QDateTimeAxis),
      m_axisY(new QValueAxis)
{
    QChart *chart = this->chart();
    chart->legend()->hide();
    chart->addSeries(m_series);
    m_axisY->setLabelFormat(QStringLiteral("%.4g"));
    m_axisY->setTitleText(tr("GIF"));
    m_axisX->setFormat(QLocale().dateFormat(QLocale::ShortFormat));
    m_axisX->setTickCount(4);
    chart->addAxis(m_axisY, Qt::AlignLeft);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    m_series->attachAxis(m_axisY);
    m_series->attachAxis(m_axisX);
    m_series->setPointsVisible(true);
    connect(m_series, &QXYSeries::hovered, this, &PriceHistoryChart::hovered);
    chart->setMargins(QMargins(4, 4, 4, 4));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(160);
    followPalette();
    setNotLoaded();
}

QString PriceHistoryChart::title() const
{
    return chart()->title();
}

void PriceHistoryChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void PriceHistoryChart::followPalette()
{
    Theme::followPalette(chart(), palette());
}

void PriceHistoryChart::setNotLoaded()
{
    setHistory({});
    // Nothing asked yet, or the question failed: no sales would be a claim.
    chart()->setTitle(tr("Price history: not loaded"));
}

void PriceHistoryChart::setHistory(const QList<gifscan::ActivityEntry> &history)
{
    m_sales.clear();
    for (const gifscan::ActivityEntry &e : history) {
        if (e.type == QLatin1String("sale") && e.price)
            m_sales.append(e);
    }
    std::sort(m_sales.begin(), m_sales.end(),
              [](const auto &a, const auto &b) { return a.height < b.height; });
    QList<QPointF> points;
    qreal highest = 0;
    for (const gifscan::ActivityEntry &e : m_sales) {
        const qreal price = DisplayFormat::gifNumber(*e.price);
        highest = std::max(highest, price);
        points.append({static_cast<qreal>(e.timestamp) * 1000.0, price});
    }
    m_series->replace(points);
    chart()->setTitle(m_sales.isEmpty() ? tr("Price history: no sales yet")
                                        : tr("Price history: %Ln sale(s)", nullptr,
                                             static_cast<int>(m_sales.size())));
    // No sales: no axes either (an empty 0-1 GIF frame read as a chart of
    // something); the title says why.
    m_axisX->setVisible(!m_sales.isEmpty());
    m_axisY->setVisible(!m_sales.isEmpty());
    m_axisY->setRange(0, highest > 0 ? highest * 1.15 : 1);
    m_axisY->applyNiceNumbers();
    if (!m_sales.isEmpty())
        setTimeRange(static_cast<qint64>(m_sales.front().timestamp),
                     static_cast<qint64>(m_sales.back().timestamp));
}

void PriceHistoryChart::setTimeRange(qint64 first, qint64 last)
{
    // One sale, or all in one second: an hour before it to draw it in, and
    // after it no further than now (a minute at least): the axis does not
    // run into the future.
    const qint64 pad = last - first < 60 ? 3600 : (last - first) / 20;
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const QDateTime from = QDateTime::fromSecsSinceEpoch(first - pad);
    const QDateTime to =
        QDateTime::fromSecsSinceEpoch(std::min(last + pad, std::max(now, last + 60)));
    m_axisX->setRange(from, to);
    // The 24-hour clock and ISO dates of the tables (DisplayFormat::exactTime),
    // with the zone they are in; within a day the time says more than the date.
    m_axisX->setFormat(to.toSecsSinceEpoch() - from.toSecsSinceEpoch() < 86400
                           ? QStringLiteral("HH:mm")
                           : QStringLiteral("yyyy-MM-dd"));
    m_axisX->setTitleText(to.timeZoneAbbreviation());
}

int PriceHistoryChart::pointCount() const
{
    return static_cast<int>(m_series->count());
}

QString PriceHistoryChart::describe(int index) const
{
    if (index < 0 || index >= m_sales.size())
        return {};
    const gifscan::ActivityEntry &e = m_sales[index];
    return tr("Sold for %1 at height %L2\n%3")
        .arg(DisplayFormat::amount(*e.price), DisplayFormat::height(e.height),
             DisplayFormat::exactTime(e.timestamp));
}

void PriceHistoryChart::hovered(const QPointF &point, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    // The sale nearest in time to the point under the pointer.
    int nearest = -1;
    qreal best = 0;
    for (int i = 0; i < m_sales.size(); ++i) {
        const qreal d = std::abs(static_cast<qreal>(m_sales[i].timestamp) * 1000.0 - point.x());
        if (nearest < 0 || d < best) {
            nearest = i;
            best = d;
        }
    }
    QToolTip::showText(QCursor::pos(), describe(nearest), this);
}
