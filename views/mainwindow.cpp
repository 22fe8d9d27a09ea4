#include "views/mainwindow.h"

#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "models/collectionlistmodel.h"
#include "views/blocktimechart.h"
#include "views/statusbarwidget.h"
#include "views/tablepage.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

namespace {
QWidget *livePage(const MainWindow::Models &m, QWidget *parent)
{
    auto *page = new QWidget(parent);
    auto *layout = new QVBoxLayout(page);
    auto *split = new QSplitter(Qt::Horizontal, page);
    auto *heads = new TablePage(QObject::tr("Latest blocks"), m.liveBlocks, split);
    auto *events = new TablePage(QObject::tr("Latest activity"), m.liveActivity, split);
    heads->table()->hideColumn(BlockListModel::ProposerColumn);
    events->table()->hideColumn(ActivityListModel::FromColumn);
    events->table()->hideColumn(ActivityListModel::ToColumn);
    split->addWidget(heads);
    split->addWidget(events);
    layout->addWidget(split, 3);
    layout->addWidget(new BlockTimeChart(m.liveBlocks, page), 1);
    return page;
}

QWidget *collectionsPage(const MainWindow::Models &m, QWidget *parent)
{
    auto *page = new TablePage(QObject::tr("Collections"), nullptr, parent);
    // Sorting by a column happens in a proxy on exact keys; the model's rows stay put.
    auto *proxy = new QSortFilterProxyModel(page);
    proxy->setSourceModel(m.collections);
    proxy->setSortRole(CollectionListModel::SortKeyRole);
    page->table()->setModel(proxy);
    page->fitColumnsOnce(proxy);
    page->table()->setSortingEnabled(true);
    page->table()->sortByColumn(CollectionListModel::VolumeColumn, Qt::DescendingOrder);
    auto *filters = new QHBoxLayout;
    auto *category = new QComboBox(page);
    category->addItem(QObject::tr("All categories"), QString());
    for (const char *c : {"art", "pfp", "gaming", "music", "memes"})
        category->addItem(QLatin1String(c), QLatin1String(c));
    QObject::connect(category, &QComboBox::currentIndexChanged, page, [category, m] {
        m.collections->setCategory(category->currentData().toString());
    });
    filters->addWidget(new QLabel(QObject::tr("Category:"), page));
    filters->addWidget(category);
    filters->addStretch();
    page->pageLayout()->insertLayout(1, filters);
    return page;
}

QWidget *activityPage(const MainWindow::Models &m, QWidget *parent)
{
    auto *page = new TablePage(QObject::tr("Activity"), m.activity, parent);
    auto *filters = new QHBoxLayout;
    auto *type = new QComboBox(page);
    type->addItem(QObject::tr("All types"), QString());
    for (const char *t : {"mint", "sale", "transfer", "list", "delist"})
        type->addItem(QLatin1String(t), QLatin1String(t));
    QObject::connect(type, &QComboBox::currentIndexChanged, page, [type, m] {
        const QString t = type->currentData().toString();
        m.activity->setFilter(t.isEmpty() ? QStringList() : QStringList{t}, {});
        if (m.activity->canFetchMore({}))
            m.activity->fetchMore({});
    });
    filters->addWidget(new QLabel(QObject::tr("Type:"), page));
    filters->addWidget(type);
    filters->addStretch();
    page->pageLayout()->insertLayout(1, filters);
    return page;
}
} // namespace

MainWindow::MainWindow(const Models &models, QWidget *parent)
    : QMainWindow(parent), m_navigation(new QListWidget(this)), m_pages(new QStackedWidget(this))
{
    setWindowTitle(tr("gifscan"));
    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    for (const QString &name : {tr("Live"), tr("Blocks"), tr("Collections"), tr("Activity")})
        m_navigation->addItem(name);
    m_navigation->setFixedWidth(150);
    layout->addWidget(m_navigation);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);

    m_pages->addWidget(livePage(models, m_pages));
    m_pages->addWidget(new TablePage(tr("Blocks"), models.blocks, m_pages));
    m_pages->addWidget(collectionsPage(models, m_pages));
    m_pages->addWidget(activityPage(models, m_pages));
    connect(m_navigation, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    m_navigation->setCurrentRow(LivePage);

    statusBar()->addPermanentWidget(new StatusBarWidget(models.status, this), 1);
    resize(1200, 760);
}

void MainWindow::showPage(Page page)
{
    m_navigation->setCurrentRow(page);
}

MainWindow::Page MainWindow::currentPage() const
{
    return static_cast<Page>(m_pages->currentIndex());
}
