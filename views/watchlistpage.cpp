#include "views/watchlistpage.h"

#include "models/notificationlog.h"
#include "models/watchlist.h"
#include "models/watchlistmodel.h"
#include "views/tablepage.h"
#include "views/theme.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

WatchlistPage::WatchlistPage(WatchlistModel *model, Watchlist *watchlist, NotificationLog *log,
                             QWidget *parent)
    : RoutedPage(parent), m_model(model), m_watchlist(watchlist),
      m_table(new TablePage(tr("Watchlist"), model, this)), m_empty(new QLabel(this)),
      m_log(new QListView(this))
{
    // Made only with a watchlist (views/explorerpages.cpp), which has all three.
    Q_ASSERT(model && watchlist && log);
    auto *hint = new QLabel(tr("Notifications come for these when their blocks' headers verify: an "
                               "object changing owner, listed or sold; "
                               "an address sending or receiving; a collection's mints and floor."),
                            this);
    hint->setWordWrap(true);
    m_empty->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("watchlist"));
    m_table->table()->setIconSize(QSize(32, 32));
    m_table->table()->verticalHeader()->setDefaultSectionSize(38);
    m_table->pageLayout()->insertWidget(1, hint);
    m_table->pageLayout()->insertWidget(2, m_empty);
    auto *remove = new QPushButton(tr("Stop watching"), this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(remove);
    buttons->addStretch();
    m_table->pageLayout()->addLayout(buttons);

    auto *logPanel = new QWidget(this);
    auto *logLayout = new QVBoxLayout(logPanel);
    logLayout->setContentsMargins(0, 0, 0, 0);
    auto *logTitle = new QLabel(tr("Notifications"), logPanel);
    QFont bold = logTitle->font();
    bold.setBold(true);
    logTitle->setFont(bold);
    logLayout->addWidget(logTitle);
    m_log->setModel(log);
    m_log->setWordWrap(true);
    m_log->setUniformItemSizes(false);
    logLayout->addWidget(m_log);
    auto *noLog =
        new QLabel(tr("None yet: they are kept here as they come, tray or not."), logPanel);
    noLog->setWordWrap(true);
    logLayout->addWidget(noLog);
    // An empty list says nothing: the line saying why takes its place.
    auto showNoLog = [this, noLog, log] {
        noLog->setVisible(log->rowCount() == 0);
        m_log->setVisible(log->rowCount() > 0);
    };
    connect(log, &QAbstractItemModel::rowsInserted, noLog, showNoLog);
    showNoLog();

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("watchlistSplit"));
    split->addWidget(m_table);
    split->addWidget(logPanel);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_table, &TablePage::activated, this, &RoutedPage::followItem);
    connect(remove, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_table->table()->currentIndex();
        if (!current.isValid())
            return;
        m_watchlist->setWatched(
            static_cast<Watchlist::Kind>(current.data(WatchlistModel::KindRole).toInt()),
            current.data(WatchlistModel::WhatRole).toString(), false);
    });
    connect(model, &QAbstractItemModel::modelReset, this, &WatchlistPage::showEmpty);
    showEmpty();
}

QTableView *WatchlistPage::table() const
{
    return m_table->table();
}

QString WatchlistPage::emptyText() const
{
    return m_empty->isVisibleTo(this) ? m_empty->text() : QString();
}

void WatchlistPage::showEmpty()
{
    const bool empty = m_model->rowCount() == 0;
    m_empty->setText(empty
                         ? tr("Nothing watched yet: press Watch (Ctrl+D) on an object, address or "
                              "collection page.")
                         : QString());
    m_empty->setVisible(empty);
}
