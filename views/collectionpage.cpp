#include "views/collectionpage.h"

#include "models/chainwords.h"
#include "models/collectionlistmodel.h"
#include "models/collectionpagemodel.h"
#include "models/displayformat.h"
#include "models/objectlistmodel.h"
#include "views/collectionanalyticsview.h"
#include "views/copybutton.h"
#include "views/exportbutton.h"
#include "views/objectgridview.h"
#include "views/pageregistry.h"
#include "views/theme.h"
#include "views/traitfilterpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

using Order = CollectionFilter::Order;

CollectionPage::CollectionPage(CollectionPageModel *model, CollectionListModel *collections,
                               CollectionAnalytics *analytics, const PageContext &context,
                               QWidget *parent)
    : RoutedPage(parent), m_model(model), m_collections(collections), m_title(new QLabel(this)),
      m_copy(new CopyButton(this)), m_figures(new QLabel(this)), m_count(new QLabel(this)),
      m_sort(new QComboBox(this)), m_direction(new QComboBox(this)),
      m_listedOnly(new QCheckBox(this)), m_minPrice(new QLineEdit(this)),
      m_maxPrice(new QLineEdit(this)), m_traits(new TraitFilterPanel),
      m_grid(new ObjectGridView(context, 96, this)), m_tabs(new QTabWidget(this))
{
    Theme::makeHeading(m_title);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(CopyButton::beside(m_title, m_copy));
    layout->addWidget(m_figures);
    layout->addLayout(filterRow());

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("collectionSplit"));
    // The side: the price range over the traits, as marketplaces have it.
    auto *side = new QWidget;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    auto *price = new QHBoxLayout;
    price->addWidget(new QLabel(tr("Price, GIF:"), side));
    price->addWidget(m_minPrice, 1);
    price->addWidget(new QLabel(tr("to"), side));
    price->addWidget(m_maxPrice, 1);
    sideLayout->addLayout(price);
    sideLayout->addWidget(m_traits);
    sideLayout->addStretch();
    auto *scroll = new QScrollArea(split);
    scroll->setWidget(side);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(240);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    split->addWidget(scroll);
    m_tabs->addTab(m_grid, tr("&Objects"));
    if (analytics) {
        m_analytics = new CollectionAnalyticsView(analytics, m_tabs);
        m_tabs->addTab(m_analytics, tr("A&nalytics")); // Alt+N: Alt+A audits an address
        connect(m_analytics, &CollectionAnalyticsView::holderActivated, this,
                &RoutedPage::followItem);
    }
    split->addWidget(m_tabs);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    m_grid->setModel(model->objects());
    connect(m_traits, &TraitFilterPanel::chosenChanged, this, &CollectionPage::applyFilter);
    connect(m_grid, &QListView::activated, this, &RoutedPage::followItem);
    connect(model, &CollectionPageModel::traitsLoaded, this, &CollectionPage::showTraits);
    connect(model, &CollectionPageModel::traitsLoaded, this, &CollectionPage::showCount);
    connect(model, &CollectionPageModel::figuresLoaded, this, &CollectionPage::showFigures);
    connect(model, &CollectionPageModel::loadFailed, this, [this](const QString &why) {
        m_figures->setText(QStringLiteral("<span style=\"color:%1\">%2</span>")
                               .arg(Theme::colour(Theme::Tone::Bad), why.toHtmlEscaped()));
    });
    connect(model->objects(), &ObjectListModel::pageLoaded, this, &CollectionPage::showCount);
    // The facets narrow once every object a filter leaves is in.
    connect(model->objects(), &ObjectListModel::pageLoaded, this, &CollectionPage::showTraits);
    connect(model->objects(), &QAbstractItemModel::modelReset, this, &CollectionPage::showCount);
    connect(collections, &CollectionListModel::refreshed, this, &CollectionPage::showFigures);
    // The panel's counts follow the figures, at the figures' height.
    connect(collections, &CollectionListModel::refreshed, this, [this](quint64 height) {
        if (!m_shownSlug.isEmpty())
            m_model->refreshCounts(height);
    });
}

// Sort by [order] [direction] · Listed only · Clear filters … count, CSV
// (the price range is on the side, over the traits). Orders are named without a direction; the
// direction's words follow the order ("lowest first", "newest first").
QHBoxLayout *CollectionPage::filterRow()
{
    m_sort->addItem(tr("Token id"), QVariant::fromValue(Order::TokenId));
    m_sort->addItem(tr("Rarity"), QVariant::fromValue(Order::Rarity));
    m_sort->addItem(tr("Price"), QVariant::fromValue(Order::Price));
    m_sort->addItem(tr("Last sale"), QVariant::fromValue(Order::LastSale));
    m_sort->addItem(tr("Listing"), QVariant::fromValue(Order::RecentlyListed));
    m_direction->addItems({QString(), QString()});
    nameDirections();
    m_listedOnly->setText(tr("Listed only"));
    m_listedOnly->setToolTip(tr("Show only objects for sale now"));
    for (QLineEdit *price : {m_minPrice, m_maxPrice}) {
        price->setClearButtonEnabled(true);
        connect(price, &QLineEdit::editingFinished, this, &CollectionPage::applyFilter);
    }
    m_minPrice->setPlaceholderText(tr("min"));
    m_maxPrice->setPlaceholderText(tr("max"));
    m_minPrice->setToolTip(priceTip(m_minPrice));
    m_maxPrice->setToolTip(priceTip(m_maxPrice));
    auto *clear = new QPushButton(tr("Clear filters"), this);
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Sort by:"), this));
    row->addWidget(m_sort);
    row->addWidget(m_direction);
    row->addWidget(m_listedOnly);
    row->addWidget(clear);
    row->addStretch();
    // The count gives way (it wraps) before the row does: "15 Objekte
    // passen" pushed the row past a 1024-pixel window, a scroll bar under
    // it and "CSV exportieren…" cut.
    m_count->setObjectName(QStringLiteral("count"));
    m_count->setWordWrap(true);
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_count->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_count->setMinimumWidth(m_count->fontMetrics().horizontalAdvance(QStringLiteral("0000000")));
    row->addWidget(m_count, 1);
    row->addWidget(new ExportButton(m_model->objects(), m_model->objects(),
                                    ObjectListModel::exportColumns(), QStringLiteral("objects.csv"),
                                    this));
    connect(m_sort, &QComboBox::currentIndexChanged, this, [this] {
        nameDirections();
        applyFilter();
    });
    connect(m_direction, &QComboBox::currentIndexChanged, this, &CollectionPage::applyFilter);
    connect(m_listedOnly, &QCheckBox::toggled, this, &CollectionPage::applyFilter);
    connect(clear, &QPushButton::clicked, this, [this] {
        CollectionFilter none;
        none.order = m_model->filter().order; // the order is no filter
        none.reversed = m_model->filter().reversed;
        showFilter(none);
        applyFilter();
    });
    return row;
}

QString CollectionPage::priceTip(const QLineEdit *box) const
{
    return box == m_minPrice ? tr("Listed at this price or more, in GIF")
                             : tr("Listed at this price or less, in GIF");
}

void CollectionPage::nameDirections()
{
    static const char *const kWords[][2] = {
        {QT_TR_NOOP("lowest first"), QT_TR_NOOP("highest first")},
        {QT_TR_NOOP("rarest first"), QT_TR_NOOP("commonest first")},
        {QT_TR_NOOP("lowest first"), QT_TR_NOOP("highest first")},
        {QT_TR_NOOP("newest first"), QT_TR_NOOP("oldest first")},
        {QT_TR_NOOP("newest first"), QT_TR_NOOP("oldest first")},
    };
    const auto order = static_cast<int>(m_sort->currentData().value<Order>());
    for (int i = 0; i < 2; ++i)
        m_direction->setItemText(i, tr(kWords[order][i]));
}

QString CollectionPage::refusal(const Location &where) const
{
    // The list knows every collection unless a category narrows it; then the
    // page says so in place.
    if (m_collections->rowCount() > 0 && m_collections->rowOf(where.key) < 0 &&
        m_collections->category().isEmpty())
        return tr("There is no collection \"%1\".").arg(where.key);
    QString why;
    if (!where.filter.isEmpty() && !CollectionFilter::fromQuery(where.filter, &why))
        return why;
    return {};
}

void CollectionPage::open(const Location &where)
{
    const QString &slug = where.key;
    if (slug.isEmpty())
        return;
    QString why;
    const CollectionFilter filter =
        CollectionFilter::fromQuery(where.filter, &why).value_or(CollectionFilter());
    // The page's own memory, not the model's: a page made again (another
    // language) over a model already open builds its controls afresh, and
    // keeps the reader's filter and rows as they were.
    const bool adopt = m_shownSlug.isEmpty() && slug == m_model->slug();
    if (slug == m_shownSlug || adopt) {
        m_shownSlug = slug;
        if (m_analytics)
            m_analytics->setCollection(slug);
        if (!adopt)
            m_model->setFilter(filter); // Back, or a link: the filter it names
        showFilter(m_model->filter());
        showTraits();
        showFigures();
        showCount();
        return;
    }
    m_shownSlug = slug;
    if (m_analytics)
        m_analytics->setCollection(slug);
    showFilter(filter);
    m_model->open(slug, filter);
    m_traits->clear();
    showFigures();
}

// The controls say what the model asks, changing nothing themselves.
void CollectionPage::showFilter(const CollectionFilter &filter)
{
    const QSignalBlocker sort(m_sort), direction(m_direction), listed(m_listedOnly);
    m_sort->setCurrentIndex(std::max(0, m_sort->findData(QVariant::fromValue(filter.order))));
    nameDirections();
    m_direction->setCurrentIndex(filter.reversed ? 1 : 0);
    m_listedOnly->setChecked(filter.listedOnly);
    m_minPrice->setText(filter.minPrice ? CollectionFilter::gifText(*filter.minPrice) : QString());
    m_maxPrice->setText(filter.maxPrice ? CollectionFilter::gifText(*filter.maxPrice) : QString());
    m_traits->setChosen(filter.traits);
}

void CollectionPage::showFigures()
{
    // The page's own record first (asked with the counts, at their height);
    // else the list's row, which a node without GraphQL gives.
    const int row = m_collections->rowOf(m_model->slug());
    m_copy->setValue(m_model->slug(),
                     Location::collection(m_model->slug(), m_model->filter().toQuery()));
    if (!m_model->collection() && row < 0) {
        m_title->setText(m_model->slug());
        m_figures->clear();
        return;
    }
    const gifscan::Collection &c =
        m_model->collection() ? *m_model->collection() : m_collections->collection(row);
    m_title->setText(tr("%1  (%2)").arg(c.name, c.slug));
    const QLocale locale;
    m_figures->setText(tr("%1 · %2 items · %3 owners · %4 listed · floor %5 · 24 h volume %6")
                           .arg(ChainWords::category(c.category),
                                locale.toString(static_cast<qulonglong>(c.items)),
                                locale.toString(static_cast<qulonglong>(c.owners)),
                                locale.toString(static_cast<qulonglong>(c.listed)),
                                c.floorPrice ? DisplayFormat::amount(*c.floorPrice) : tr("none"),
                                DisplayFormat::amount(c.volume24h)));
}

void CollectionPage::showTraits()
{
    QSet<QString> narrowed;
    if (const auto among = m_model->narrowedCounts(&narrowed))
        m_traits->showCounts(among->values, m_model->items(), narrowed, among->items);
    else
        m_traits->showCounts(m_model->counts().values, m_model->items());
    m_traits->setChosen(m_model->filter().traits);
}

QListWidget *CollectionPage::traitFilter(const QString &trait) const
{
    return m_traits->valuesOf(trait);
}

// The controls' question, asked when it differs, and kept in the location
// (the history's entry, not a new one) so Back and a copied link restore it.
void CollectionPage::applyFilter()
{
    CollectionFilter f;
    // The panel's ticks, and what the filter holds that the panel does not
    // show (counts not come yet, or a value a link named that no object
    // has): a change of sort must not drop those.
    f.traits = m_traits->chosen();
    for (const gifscan::Trait &t : m_model->filter().traits) {
        if (!m_traits->shows(t) && !f.traits.contains(t))
            f.traits.append(t);
    }
    CollectionFilter::sortTraits(f.traits);
    f.order = m_sort->currentData().value<Order>();
    f.reversed = m_direction->currentIndex() == 1;
    f.listedOnly = m_listedOnly->isChecked();
    // A price that is not one is said on its box, and the bound stays as
    // it was; the other controls still apply.
    for (auto [box, bound, was] :
         {std::tuple(m_minPrice, &f.minPrice, m_model->filter().minPrice),
          std::tuple(m_maxPrice, &f.maxPrice, m_model->filter().maxPrice)}) {
        const QString text = box->text().trimmed();
        *bound = text.isEmpty() ? std::nullopt : CollectionFilter::parseGif(text);
        const bool wrong = !text.isEmpty() && !*bound;
        if (wrong)
            *bound = was;
        box->setStyleSheet(
            wrong ? QStringLiteral("border: 1px solid %1;").arg(Theme::colour(Theme::Tone::Bad))
                  : QString());
        box->setToolTip(wrong ? tr("\"%1\" is not a price in GIF (like 2.5).").arg(text)
                              : priceTip(box));
    }
    if (f.minPrice && f.maxPrice && *f.minPrice > *f.maxPrice)
        std::swap(f.minPrice, f.maxPrice);
    if (f == m_model->filter())
        return;
    m_model->setFilter(f);
    showFilter(f);
    m_copy->setValue(m_shownSlug, Location::collection(m_shownSlug, f.toQuery()));
    Q_EMIT renamed(Location::collection(m_shownSlug, f.toQuery()));
}

QString CollectionPage::countText() const
{
    return m_count->text();
}

void CollectionPage::showCount()
{
    const ObjectListModel *objects = m_model->objects();
    const auto n = m_model->matching();
    if (!n) {
        m_count->setText(tr("%L1+ objects match").arg(objects->rowCount()));
        return;
    }
    const int count =
        static_cast<int>(std::min<std::uint64_t>(*n, std::numeric_limits<int>::max()));
    if (!m_model->filtered())
        m_count->setText(tr("%Ln object(s)", nullptr, count));
    else if (count == 0 && (m_model->filter().listedOnly || m_model->filter().minPrice ||
                            m_model->filter().maxPrice))
        m_count->setText(tr("No object matches these filters."));
    else if (count == 0)
        m_count->setText(tr("No object has all of these traits."));
    else
        m_count->setText(tr("%Ln object(s) match", nullptr, count));
}
