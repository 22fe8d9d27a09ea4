#include "views/collectionpage.h"

#include "models/chainwords.h"
#include "models/collectionlistmodel.h"
#include "models/collectionpagemodel.h"
#include "models/displayformat.h"
#include "models/objectlistmodel.h"
#include "views/copybutton.h"
#include "views/exportbutton.h"
#include "views/objectgridview.h"
#include "views/pageregistry.h"
#include "views/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

CollectionPage::CollectionPage(CollectionPageModel *model, CollectionListModel *collections,
                               const PageContext &context, QWidget *parent)
    : RoutedPage(parent), m_model(model), m_collections(collections), m_title(new QLabel(this)),
      m_copy(new CopyButton(this)), m_figures(new QLabel(this)), m_count(new QLabel(this)),
      m_sort(new QComboBox(this)), m_listedOnly(new QCheckBox(this)), m_traitPanel(new QWidget),
      m_traitForm(new QFormLayout(m_traitPanel)), m_grid(new ObjectGridView(context, 96, this))
{
    Theme::makeHeading(m_title);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);

    using Order = CollectionPageModel::Order;
    m_sort->addItem(tr("Token id"), QVariant::fromValue(Order::TokenId));
    m_sort->addItem(tr("Rarity"), QVariant::fromValue(Order::Rarity));
    m_sort->addItem(tr("Price: lowest first"), QVariant::fromValue(Order::Price));
    m_sort->addItem(tr("Last sale: newest first"), QVariant::fromValue(Order::LastSale));
    m_sort->addItem(tr("Recently listed"), QVariant::fromValue(Order::RecentlyListed));
    m_listedOnly->setText(tr("Listed only"));
    m_listedOnly->setToolTip(tr("Show only objects for sale now"));
    auto *clear = new QPushButton(tr("Clear filters"), this);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(CopyButton::beside(m_title, m_copy));
    layout->addWidget(m_figures);
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Sort by:"), this));
    controls->addWidget(m_sort);
    controls->addWidget(m_listedOnly);
    controls->addWidget(clear);
    controls->addStretch();
    controls->addWidget(m_count);
    controls->addWidget(new ExportButton(model->objects(), model->objects(),
                                         ObjectListModel::exportColumns(),
                                         QStringLiteral("objects.csv"), this));
    layout->addLayout(controls);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("collectionSplit"));
    auto *scroll = new QScrollArea(split);
    scroll->setWidget(m_traitPanel);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(240);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_traitForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    split->addWidget(scroll);
    split->addWidget(m_grid);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    m_grid->setModel(model->objects());
    connect(m_sort, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setOrder(m_sort->currentData().value<CollectionPageModel::Order>());
    });
    connect(m_listedOnly, &QCheckBox::toggled, m_model, &CollectionPageModel::setListedOnly);
    connect(clear, &QPushButton::clicked, this, [this] {
        for (QComboBox *box : m_traitBoxes)
            box->setCurrentIndex(0);
        m_listedOnly->setChecked(false);
        applyFilter();
    });
    connect(m_grid, &QListView::activated, this, &RoutedPage::followItem);
    connect(model, &CollectionPageModel::traitsLoaded, this, &CollectionPage::showTraits);
    connect(model, &CollectionPageModel::traitsLoaded, this, &CollectionPage::showCount);
    connect(model, &CollectionPageModel::figuresLoaded, this, &CollectionPage::showFigures);
    connect(model, &CollectionPageModel::loadFailed, this, [this](const QString &why) {
        m_figures->setText(QStringLiteral("<span style=\"color:%1\">%2</span>")
                               .arg(Theme::colour(Theme::Tone::Bad), why.toHtmlEscaped()));
    });
    connect(model->objects(), &ObjectListModel::pageLoaded, this, &CollectionPage::showCount);
    connect(model->objects(), &QAbstractItemModel::modelReset, this, &CollectionPage::showCount);
    connect(collections, &CollectionListModel::refreshed, this, &CollectionPage::showFigures);
    // The panel's counts follow the figures, at the figures' height.
    connect(collections, &CollectionListModel::refreshed, this, [this](quint64 height) {
        if (!m_shownSlug.isEmpty())
            m_model->refreshCounts(height);
    });
}

QString CollectionPage::refusal(const Location &where) const
{
    // The list knows every collection unless a category narrows it; then the
    // page says so in place.
    if (m_collections->rowCount() > 0 && m_collections->rowOf(where.key) < 0 &&
        m_collections->category().isEmpty())
        return tr("There is no collection \"%1\".").arg(where.key);
    return {};
}

std::optional<RoutedPage::Watchable> CollectionPage::watchable(const Location &where) const
{
    return Watchable(Watchlist::Kind::Collection, where.key);
}

void CollectionPage::open(const Location &where)
{
    const QString &slug = where.key;
    if (slug.isEmpty())
        return;
    // The page's own memory, not the model's: a page made again (another
    // language) over a model already open builds its controls afresh.
    if (slug == m_shownSlug)
        return;
    const bool adopt = m_shownSlug.isEmpty() && slug == m_model->slug();
    m_shownSlug = slug;
    if (adopt) {
        // A page made again (another language) over the model it showed:
        // the reader's sort, filters and rows stay as they were.
        m_sort->blockSignals(true);
        m_sort->setCurrentIndex(m_sort->findData(QVariant::fromValue(m_model->order())));
        m_sort->blockSignals(false);
        m_listedOnly->blockSignals(true);
        m_listedOnly->setChecked(m_model->listedOnly());
        m_listedOnly->blockSignals(false);
        showTraits();
        showFigures();
        showCount();
        return;
    }
    m_sort->blockSignals(true);
    m_sort->setCurrentIndex(0);
    m_sort->blockSignals(false);
    m_listedOnly->blockSignals(true);
    m_listedOnly->setChecked(false);
    m_listedOnly->blockSignals(false);
    m_model->setOrder(CollectionPageModel::Order::TokenId);
    m_model->setListedOnly(false);
    m_model->open(slug);
    clearTraits();
    showFigures();
}

void CollectionPage::showFigures()
{
    // The page's own record first (asked with the counts, at their height);
    // else the list's row, which a node without GraphQL gives.
    const int row = m_collections->rowOf(m_model->slug());
    m_copy->setValue(m_model->slug(), Location::collection(m_model->slug()));
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

void CollectionPage::clearTraits()
{
    qDeleteAll(m_traitBoxes);
    m_traitBoxes.clear();
    while (m_traitForm->rowCount() > 0)
        m_traitForm->removeRow(0);
}

void CollectionPage::showTraits()
{
    // Counts that moved with new blocks update the boxes in place: a choice
    // made, a popup open or the focus stay where they are. A box is built
    // anew only for a trait it did not have.
    const QList<gifscan::Trait> chosen = m_model->traitFilter();
    const double items = static_cast<double>(std::max<std::uint64_t>(1, m_model->items()));
    const QStringList names = m_model->traitNames();
    const QList<QComboBox *> boxes = m_traitBoxes; // shrinks below
    for (QComboBox *box : boxes) {
        if (!names.contains(box->property("trait").toString())) {
            m_traitForm->removeRow(box);
            m_traitBoxes.removeOne(box);
        }
    }
    for (const QString &trait : names) {
        QComboBox *box = traitFilter(trait);
        if (!box) {
            box = new QComboBox(m_traitPanel);
            box->addItem(tr("Any"));
            box->setProperty("trait", trait);
            box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            box->setMinimumContentsLength(8);
            connect(box, &QComboBox::activated, this, &CollectionPage::applyFilter);
            m_traitForm->addRow(trait, box);
            m_traitBoxes.append(box);
        }
        const QList<gifscan::TraitCount> values = m_model->values(trait);
        bool same = box->count() == values.size() + 1;
        for (qsizetype i = 0; same && i < values.size(); ++i)
            same = box->itemData(static_cast<int>(i) + 1).toString() == values[i].trait.value;
        if (!same) {
            while (box->count() > 1)
                box->removeItem(box->count() - 1);
            for (const gifscan::TraitCount &v : values)
                box->addItem(QString(), v.trait.value);
        }
        for (qsizetype i = 0; i < values.size(); ++i) {
            const gifscan::TraitCount &v = values[i];
            box->setItemText(
                static_cast<int>(i) + 1,
                tr("%1 (%2, %3%)")
                    .arg(v.trait.value)
                    .arg(v.count)
                    .arg(QLocale().toString(100.0 * static_cast<double>(v.count) / items, 'f', 1)));
        }
        int current = 0;
        for (const gifscan::Trait &t : chosen) {
            if (t.trait == trait)
                current = std::max(0, box->findData(t.value));
        }
        if (box->currentIndex() != current)
            box->setCurrentIndex(current);
    }
}

QComboBox *CollectionPage::traitFilter(const QString &trait) const
{
    for (QComboBox *box : m_traitBoxes) {
        if (box->property("trait").toString() == trait)
            return box;
    }
    return nullptr;
}

void CollectionPage::applyFilter()
{
    QList<gifscan::Trait> traits;
    for (QComboBox *box : m_traitBoxes) {
        if (box->currentIndex() > 0)
            traits.append({box->property("trait").toString(), box->currentData().toString()});
    }
    m_model->setTraitFilter(traits);
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
    else if (count == 0 && m_model->listedOnly())
        m_count->setText(tr("No object matches these filters."));
    else if (count == 0)
        m_count->setText(tr("No object has all of these traits."));
    else
        m_count->setText(tr("%Ln object(s) match", nullptr, count));
}
