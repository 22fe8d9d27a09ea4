#include "views/listpages.h"

#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "models/chainwords.h"
#include "models/collectionlistmodel.h"
#include "models/livefigures.h"
#include "models/pagemodels.h"
#include "views/blocktimechart.h"
#include "views/figuretile.h"
#include "views/paintrequestdelegate.h"
#include "views/routedpage.h"
#include "views/tablepage.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

void ListPages::showThumbnails(TablePage *activity)
{
    QTableView *table = activity->table();
    table->setItemDelegateForColumn(
        ActivityListModel::ObjectColumn,
        new PaintRequestDelegate(ActivityListModel::WantThumbnailRole, table));
    table->setIconSize(QSize(24, 24));
    // What the rows are about: in a narrow table the type, price and times
    // give way before the object's name.
    activity->keepWhole(ActivityListModel::ObjectColumn);
}

RoutedPage *ListPages::live(const PageModels &m, QWidget *parent)
{
    auto *page = new RoutedPage(parent);
    auto *layout = new QVBoxLayout(page);
    // The figures a watcher reads first, as mempool.space and Etherscan put them on top.
    auto *tiles = new QHBoxLayout;
    auto *average = new FigureTile(QObject::tr("Average block time"), page);
    average->setObjectName(QStringLiteral("averageBlockTime"));
    auto *tps = new FigureTile(QObject::tr("Transactions per second"), page);
    tps->setObjectName(QStringLiteral("transactionsPerSecond"));
    auto *pending = new FigureTile(QObject::tr("Pending transactions"), page);
    pending->setObjectName(QStringLiteral("pendingTransactions"));
    for (FigureTile *tile : {average, tps, pending})
        tiles->addWidget(tile);
    tiles->addStretch();
    layout->addLayout(tiles);
    LiveFigures *figures = m.liveFigures;
    auto showFigures = [=] {
        average->setValue(figures->averageText(), figures->windowText());
        tps->setValue(figures->tpsText(), figures->windowText());
        pending->setValue(figures->pendingText(),
                          QObject::tr("Transactions the node holds for a coming block"));
    };
    QObject::connect(figures, &LiveFigures::changed, page, showFigures);
    showFigures();
    // Object names key what the window remembers of the reader's layout.
    auto *split = new QSplitter(Qt::Horizontal, page);
    split->setObjectName(QStringLiteral("liveSplit"));
    auto *heads = new TablePage(QObject::tr("Latest blocks"), m.liveBlocks, split);
    heads->setObjectName(QStringLiteral("liveBlocks"));
    heads->showErrorsOf(m.liveBlocks);
    auto *events = new TablePage(QObject::tr("Latest activity"), m.liveActivity, split);
    events->setObjectName(QStringLiteral("liveActivity"));
    heads->table()->hideColumn(BlockListModel::ProposerColumn);
    // A hash already shortened in its middle is not cut again at its end
    // ("0xd5f233…db…") while the count beside it has room to spare.
    heads->keepWhole(BlockListModel::HashColumn);
    events->table()->hideColumn(ActivityListModel::FromColumn);
    showThumbnails(events);
    events->table()->hideColumn(ActivityListModel::ToColumn);
    for (TablePage *table : std::initializer_list<TablePage *>{heads, events})
        QObject::connect(table, &TablePage::activated, page, &RoutedPage::followItem);
    split->addWidget(heads);
    split->addWidget(events);
    // The width shared by what each half needs once rows are in (in German
    // the activity's object names were cut beside a blocks half with room
    // to spare), until the reader drags the splitter.
    auto balance = [split, heads, events] {
        const int a = heads->naturalWidth();
        const int b = events->naturalWidth();
        if (split->property(RoutedPage::kReaderMoved).toBool() || a == 0 || b == 0)
            return;
        const int room = split->sizes().value(0) + split->sizes().value(1);
        split->setSizes({room * a / (a + b), room - room * a / (a + b)});
    };
    QObject::connect(heads, &TablePage::naturalWidthGrew, split, balance);
    QObject::connect(events, &TablePage::naturalWidthGrew, split, balance);
    layout->addWidget(split, 3);
    layout->addWidget(new BlockTimeChart(m.liveBlocks, page), 1);
    return page;
}

RoutedPage *ListPages::blocks(const PageModels &m, QWidget *parent)
{
    auto *page = new TablePage(QObject::tr("Blocks"), m.blocks, parent);
    page->setObjectName(QStringLiteral("blocks"));
    page->holdWhileScrolled(m.blocks);
    page->showErrorsOf(m.blocks);
    page->enableExport(m.blocks, m.blocks, QStringLiteral("blocks.csv"));
    return routed(page);
}

RoutedPage *ListPages::collections(const PageModels &s, QWidget *parent)
{
    CollectionListModel *collections = s.collections;
    auto *page = new TablePage(QObject::tr("Collections"), nullptr, parent);
    page->setObjectName(QStringLiteral("collections"));
    // Sorting by a column happens in a proxy on exact keys; the model's rows stay put.
    auto *proxy = new QSortFilterProxyModel(page);
    proxy->setSourceModel(collections);
    proxy->setSortRole(CollectionListModel::SortKeyRole);
    page->table()->setModel(proxy);
    // Each name with its collection's picture, asked for as the row is painted.
    page->table()->setItemDelegateForColumn(
        CollectionListModel::NameColumn,
        new PaintRequestDelegate(CollectionListModel::WantThumbnailRole, page->table()));
    page->table()->setIconSize(QSize(24, 24));
    page->fitColumns(proxy);
    page->table()->setSortingEnabled(true);
    page->showErrorsOf(collections);
    page->enableExport(proxy, collections, QStringLiteral("collections.csv"));
    page->table()->sortByColumn(CollectionListModel::VolumeColumn, Qt::DescendingOrder);
    auto *filters = new QHBoxLayout;
    auto *category = new QComboBox(page);
    category->addItem(QObject::tr("All categories"), QString());
    for (const QString &c : ChainWords::knownCategories())
        category->addItem(ChainWords::category(c), c);
    // A page made again (another language) over a filtered model shows its filter.
    category->setCurrentIndex(std::max(0, category->findData(collections->category())));
    QObject::connect(category, &QComboBox::currentIndexChanged, page, [category, collections] {
        collections->setCategory(category->currentData().toString());
    });
    filters->addWidget(new QLabel(QObject::tr("Category:"), page));
    filters->addWidget(category);
    filters->addStretch();
    page->pageLayout()->insertLayout(1, filters);
    return routed(page);
}

RoutedPage *ListPages::activity(const PageModels &s, QWidget *parent)
{
    ActivityListModel *activity = s.activity;
    CollectionListModel *collections = s.collections;
    auto *page = new TablePage(QObject::tr("Activity"), activity, parent);
    page->setObjectName(QStringLiteral("activity"));
    showThumbnails(page);
    page->holdWhileScrolled(activity);
    page->showErrorsOf(activity);
    page->enableExport(activity, activity, QStringLiteral("activity.csv"));
    auto *filters = new QHBoxLayout;
    auto *type = new QComboBox(page);
    type->setObjectName(QStringLiteral("type"));
    type->addItem(QObject::tr("All types"), QString());
    for (const char *t : {"mint", "sale", "transfer", "list", "delist"})
        type->addItem(ChainWords::eventType(QLatin1String(t)), QLatin1String(t));
    auto *collection = new QComboBox(page);
    collection->setObjectName(QStringLiteral("collection"));
    collection->setEditable(true); // a slug not in the list yet can be typed
    collection->setInsertPolicy(QComboBox::NoInsert);
    collection->addItem(QString());
    collection->lineEdit()->setPlaceholderText(QObject::tr("All collections"));
    auto *since = new QSpinBox(page);
    since->setObjectName(QStringLiteral("since"));
    since->setRange(0, std::numeric_limits<int>::max());
    since->setSpecialValueText(QObject::tr("any height"));
    // A page made again (another language) over a filtered model shows its filter.
    type->setCurrentIndex(std::max(
        0, type->findData(activity->types().isEmpty() ? QString() : activity->types().first())));
    collection->setCurrentText(activity->collectionFilter());
    since->setValue(static_cast<int>(
        std::min<std::uint64_t>(activity->since(), std::numeric_limits<int>::max())));
    auto apply = [type, collection, since, activity] {
        const QString t = type->currentData().toString();
        activity->setFilter(t.isEmpty() ? QStringList() : QStringList{t},
                            collection->currentText().trimmed().toLower(),
                            static_cast<std::uint64_t>(since->value()));
        if (activity->canFetchMore({}))
            activity->fetchMore({});
    };
    QObject::connect(type, &QComboBox::currentIndexChanged, page, apply);
    QObject::connect(collection, &QComboBox::currentIndexChanged, page, apply);
    QObject::connect(collection->lineEdit(), &QLineEdit::editingFinished, page, apply);
    QObject::connect(since, &QSpinBox::editingFinished, page, apply);
    // The collections offered are the ones the list knows.
    QObject::connect(collections, &CollectionListModel::refreshed, collection,
                     [collection, collections] {
                         for (const QString &slug : collections->slugs()) {
                             if (collection->findText(slug) < 0)
                                 collection->addItem(slug);
                         }
                     });
    filters->addWidget(new QLabel(QObject::tr("Type:"), page));
    filters->addWidget(type);
    filters->addWidget(new QLabel(QObject::tr("Collection:"), page));
    filters->addWidget(collection);
    filters->addWidget(new QLabel(QObject::tr("Since block:"), page));
    filters->addWidget(since);
    filters->addStretch();
    page->pageLayout()->insertLayout(1, filters);
    return routed(page);
}

RoutedPage *ListPages::routed(TablePage *table)
{
    // The table fills a page of its own; its rows lead where their cells say.
    auto *page = new RoutedPage(table->parentWidget());
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(table);
    QObject::connect(table, &TablePage::activated, page, &RoutedPage::followItem);
    return page;
}
