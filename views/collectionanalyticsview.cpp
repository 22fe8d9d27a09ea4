#include "views/collectionanalyticsview.h"

#include "models/collectionanalytics.h"
#include "models/displayformat.h"
#include "views/tablepage.h"
#include "views/theme.h"

#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

using Range = CollectionAnalytics::Range;

CollectionAnalyticsView::CollectionAnalyticsView(CollectionAnalytics *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_ranges(new QButtonGroup(this)),
      m_figures(new QLabel(this)), m_chart(new QChartView(new QChart, this)),
      m_holders(new TablePage(tr("Top holders"), model, this))
{
    auto *layout = new QVBoxLayout(this);
    auto *ranges = new QHBoxLayout;
    const std::pair<Range, const char *> kRanges[] = {{Range::Day, QT_TR_NOOP("24 h")},
                                                      {Range::Week, QT_TR_NOOP("7 d")},
                                                      {Range::Month, QT_TR_NOOP("30 d")},
                                                      {Range::All, QT_TR_NOOP("All")}};
    for (const auto &[range, name] : kRanges) {
        auto *button = new QPushButton(tr(name), this);
        button->setCheckable(true);
        button->setChecked(range == m_model->range());
        m_ranges->addButton(button, static_cast<int>(range));
        ranges->addWidget(button);
    }
    auto *refresh = new QPushButton(tr("Read again"), this);
    refresh->setToolTip(tr("The figures stay at the height they were read at until read again"));
    ranges->addWidget(refresh);
    ranges->addStretch();
    layout->addLayout(ranges);
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_figures);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(180);
    m_chart->chart()->setMargins(QMargins(4, 4, 4, 4));
    layout->addWidget(m_chart, 3);
    layout->addWidget(m_holders, 2);
    m_holders->setObjectName(QStringLiteral("topHolders"));
    connect(m_holders, &TablePage::activated, this, &CollectionAnalyticsView::holderActivated);
    connect(m_ranges, &QButtonGroup::idClicked, this, [this](int id) {
        if (!m_slug.isEmpty())
            m_model->load(m_slug, static_cast<Range>(id));
        showFigures();
    });
    connect(refresh, &QPushButton::clicked, this, &CollectionAnalyticsView::reload);
    connect(m_model, &CollectionAnalytics::loaded, this, [this] {
        showFigures();
        drawChart();
    });
    connect(m_model, &CollectionAnalytics::loadFailed, this, [this](const QString &why) {
        m_figures->setText(
            QStringLiteral("<span style=\"color:%1\">%2</span>")
                .arg(Theme::colour(Theme::Tone::Bad),
                     tr("Could not read the analytics: %1").arg(why).toHtmlEscaped()));
    });
    showFigures();
}

void CollectionAnalyticsView::setCollection(const QString &slug)
{
    m_slug = slug;
    readIfShown();
}

void CollectionAnalyticsView::reload()
{
    if (!m_slug.isEmpty())
        m_model->load(m_slug, m_model->range());
    showFigures();
}

void CollectionAnalyticsView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    readIfShown();
}

void CollectionAnalyticsView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        drawChart();
}

// Asked once per collection while shown; a collection already read (the
// page made again in another language) is shown as it was.
void CollectionAnalyticsView::readIfShown()
{
    if (!isVisible() || m_slug.isEmpty())
        return;
    // Read unless this collection's figures are shown or on their way (a
    // load that failed is asked again).
    if (m_model->figuresSlug() != m_slug && !(m_model->loading() && m_model->slug() == m_slug))
        m_model->load(m_slug, m_model->range());
    if (QAbstractButton *b = m_ranges->button(static_cast<int>(m_model->range())))
        b->setChecked(true);
    showFigures();
    drawChart();
}

QString CollectionAnalyticsView::figuresText() const
{
    return m_figures->text();
}

void CollectionAnalyticsView::showFigures()
{
    if (m_model->loading() || !m_model->hasFigures() || m_model->figuresSlug() != m_slug) {
        m_figures->setText(m_slug.isEmpty() ? QString() : tr("Reading the collection's market…"));
        return;
    }
    const QLocale l;
    const auto spread = m_model->spread();
    const auto floor = m_model->floorNow();
    // A sentence per count, each with its own plural.
    QString text = tr("At height %1: %Ln holder(s) of %2 objects.", nullptr, m_model->holderCount())
                       .arg(DisplayFormat::height(*m_model->height()),
                            l.toString(static_cast<qulonglong>(m_model->items()))) +
                   u' ' +
                   tr("Since block %1: %Ln sale(s), volume %2.", nullptr, m_model->sales())
                       .arg(DisplayFormat::height(m_model->since()),
                            DisplayFormat::amount(m_model->volumeTotal())) +
                   u' ' +
                   // At the height read, which the live header may have left
                   // behind: "now" beside a header that says one is listed
                   // read as a contradiction.
                   (floor ? tr("Floor at that height: %1.").arg(DisplayFormat::amount(*floor))
                          : tr("Nothing was listed at that height."));
    text += QStringLiteral("<br>") + tr("Holding 1 object: %1 · 2–5: %2 · 6–20: %3 · over 20: %4")
                                         .arg(spread[0])
                                         .arg(spread[1])
                                         .arg(spread[2])
                                         .arg(spread[3]);
    if (m_model->truncated())
        text += QStringLiteral("<br>") +
                tr("Only the newest pages were read: the figures are of what was read.");
    m_figures->setText(text);
}

// The floor as steps on the left axis (broken where nothing was listed),
// the volume per span as steps on the right, both in GIF over time.
void CollectionAnalyticsView::drawChart()
{
    QChart *chart = m_chart->chart();
    chart->removeAllSeries(); // deletes them
    for (QAbstractAxis *axis : chart->axes()) {
        chart->removeAxis(axis); // hands it back, not deleted
        delete axis;
    }
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    Theme::followPalette(chart, palette());
    if (!m_model->hasFigures() || m_model->figuresSlug() != m_slug) {
        chart->setTitle(tr("Floor and volume: not loaded"));
        return;
    }
    chart->setTitle(tr("Floor and volume"));
    auto *time = new QDateTimeAxis;
    time->setTickCount(4);
    // Both in GIF; each axis in its series' colour, which the legend names.
    auto *floorAxis = new QValueAxis;
    auto *volumeAxis = new QValueAxis;
    for (QValueAxis *axis : {floorAxis, volumeAxis}) {
        axis->setTitleText(tr("GIF"));
        axis->setLabelFormat(QStringLiteral("%.4g"));
    }
    chart->addAxis(time, Qt::AlignBottom);
    chart->addAxis(floorAxis, Qt::AlignLeft);
    chart->addAxis(volumeAxis, Qt::AlignRight);
    const double floorMax = addFloor(time, floorAxis);
    QLineSeries *volume = nullptr;
    const double volumeMax = addVolume(time, volumeAxis, &volume);
    const QColor floorColour = chart->series().size() > 1
                                   ? static_cast<QLineSeries *>(chart->series().first())->color()
                                   : palette().color(QPalette::Text);
    for (const auto &[axis, colour] :
         {std::pair(floorAxis, floorColour), std::pair(volumeAxis, volume->color())}) {
        axis->setLabelsColor(colour);
        axis->setTitleBrush(colour);
    }
    // Nothing to draw: no axes either (an empty 0-1 GIF frame read as a
    // chart of something); the title says why.
    const bool drawn = floorMax > 0 || volumeMax > 0;
    if (!drawn) {
        chart->setTitle(tr("Floor and volume: no listings or sales yet"));
        chart->removeAllSeries(); // a flat line at nothing, and its legend
    }
    for (QAbstractAxis *axis : chart->axes())
        axis->setVisible(drawn);
    floorAxis->setRange(0, floorMax > 0 ? floorMax * 1.1 : 1);
    volumeAxis->setRange(0, volumeMax > 0 ? volumeMax * 1.1 : 1);
    // Round ticks (40, 30, 20), not a tenth of a stretched maximum (40.65).
    floorAxis->applyNiceNumbers();
    volumeAxis->applyNiceNumbers();
    setTimeRange(time);
}

// The tables' 24-hour clock and ISO dates with the zone they are in, as the
// price chart: the locale's short time repeated "6:01 PM" on ticks a few
// seconds apart, and said no zone. Seconds when the span is minutes.
void CollectionAnalyticsView::setTimeRange(QDateTimeAxis *time) const
{
    const QList<CollectionAnalytics::Point> &floor = m_model->floor();
    const QList<CollectionAnalytics::Point> &volume = m_model->volume();
    std::optional<qint64> first;
    std::optional<qint64> last;
    for (const auto *points : {&floor, &volume}) {
        if (points->isEmpty())
            continue;
        const auto from = static_cast<qint64>(points->first().timestamp);
        const auto to = static_cast<qint64>(points->last().timestamp);
        first = first ? std::min(*first, from) : from;
        last = last ? std::max(*last, to) : to;
    }
    if (!first)
        return;
    const qint64 span = std::max<qint64>(*last - *first, 60);
    const QDateTime from = QDateTime::fromSecsSinceEpoch(*first);
    const QDateTime to = QDateTime::fromSecsSinceEpoch(*first + span);
    time->setRange(from, to);
    time->setFormat(span < 600      ? QStringLiteral("HH:mm:ss")
                    : span < 172800 ? QStringLiteral("HH:mm")
                                    : QStringLiteral("yyyy-MM-dd"));
    time->setTitleText(to.timeZoneAbbreviation());
}

namespace {
qreal msOf(std::uint64_t seconds)
{
    return static_cast<qreal>(seconds) * 1000.0;
}

void attachTo(QChart *chart, QLineSeries *series, QAbstractAxis *time, QAbstractAxis *axis)
{
    chart->addSeries(series);
    series->attachAxis(time);
    series->attachAxis(axis);
}
} // namespace

// The floor as steps, a series per stretch with something listed, all in
// the first stretch's colour under one legend entry; its highest value.
double CollectionAnalyticsView::addFloor(QAbstractAxis *time, QValueAxis *axis)
{
    QChart *chart = m_chart->chart();
    const QList<CollectionAnalytics::Point> &floor = m_model->floor();
    double highest = 0;
    QLineSeries *segment = nullptr;
    for (qsizetype i = 0; i < floor.size(); ++i) {
        if (!floor[i].value) {
            segment = nullptr;
            continue;
        }
        const double v = DisplayFormat::gifNumber(*floor[i].value);
        highest = std::max(highest, v);
        if (!segment) {
            segment = new QLineSeries;
            segment->setName(tr("Floor"));
            attachTo(chart, segment, time, axis);
            if (chart->series().size() > 1) {
                segment->setColor(static_cast<QLineSeries *>(chart->series().first())->color());
                chart->legend()->markers(segment).first()->setVisible(false);
            }
        }
        segment->append(msOf(floor[i].timestamp), v);
        if (i + 1 < floor.size())
            segment->append(msOf(floor[i + 1].timestamp), v);
    }
    return highest;
}

// The volume per span as steps; its highest value.
double CollectionAnalyticsView::addVolume(QAbstractAxis *time, QValueAxis *axis,
                                          QLineSeries **series)
{
    auto *volume = new QLineSeries;
    volume->setName(tr("Volume"));
    double highest = 0;
    const QList<CollectionAnalytics::Point> &spans = m_model->volume();
    for (qsizetype i = 0; i < spans.size(); ++i) {
        const double v = DisplayFormat::gifNumber(*spans[i].value);
        highest = std::max(highest, v);
        const std::uint64_t end =
            i + 1 < spans.size()
                ? spans[i + 1].timestamp
                : 2 * spans[i].timestamp - spans[std::max<qsizetype>(0, i - 1)].timestamp;
        volume->append(msOf(spans[i].timestamp), v);
        volume->append(msOf(end), v);
    }
    attachTo(m_chart->chart(), volume, time, axis);
    *series = volume;
    return highest;
}
