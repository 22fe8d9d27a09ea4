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
    m_axisY->setRange(0, highest > 0 ? highest * 1.15 : 1);
    m_axisY->applyNiceNumbers();
    // One sale, or all in one second: an hour either side to draw it in.
    const qint64 first = m_sales.isEmpty() ? 0 : static_cast<qint64>(m_sales.front().timestamp);
    const qint64 last = m_sales.isEmpty() ? 0 : static_cast<qint64>(m_sales.back().timestamp);
    const qint64 pad = last - first < 60 ? 3600 : (last - first) / 20;
    const QDateTime from = QDateTime::fromSecsSinceEpoch(
        m_sales.isEmpty() ? QDateTime::currentSecsSinceEpoch() - 3600 : first - pad);
    const QDateTime to = QDateTime::fromSecsSinceEpoch(
        m_sales.isEmpty() ? QDateTime::currentSecsSinceEpoch() : last + pad);
    m_axisX->setRange(from, to);
    // Within a day the time of day says more than the date.
    m_axisX->setFormat(to.toSecsSinceEpoch() - from.toSecsSinceEpoch() < 86400
                           ? QLocale().timeFormat(QLocale::ShortFormat)
                           : QLocale().dateFormat(QLocale::ShortFormat));
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
        .arg(DisplayFormat::amount(*e.price))
        .arg(e.height)
        .arg(DisplayFormat::exactTime(e.timestamp));
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
