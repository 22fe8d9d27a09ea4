#include "views/mainwindow.h"

#include "models/activitylistmodel.h"
#include "models/addresspagemodel.h"
#include "models/blocklistmodel.h"
#include "models/blockpagemodel.h"
#include "models/collectionlistmodel.h"
#include "models/explorersession.h"
#include "models/objectpagemodel.h"
#include "models/searchquery.h"
#include "models/transactionpagemodel.h"
#include "models/watchnotifier.h"
#include "views/addresspage.h"
#include "views/animationclock.h"
#include "views/blockpage.h"
#include "views/broadcastdialog.h"
#include "views/certificatedialog.h"
#include "views/collectionpage.h"
#include "views/listpages.h"
#include "views/notificationcenter.h"
#include "views/objectgridview.h"
#include "views/objectpage.h"
#include "views/searchbox.h"
#include "views/statusbarwidget.h"
#include "views/tablepage.h"
#include "views/theme.h"
#include "views/transactionpage.h"
#include "views/watchlistpage.h"

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QMouseEvent>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QVBoxLayout>

MainWindow::Models MainWindow::Models::of(ExplorerSession &s)
{
    return {&s.blocks,  &s.liveBlocks, &s.collections, &s.activity, &s.liveActivity,
            &s.status,  &s.object,     &s.collection,  &s.block,    &s.transaction,
            &s.address, &s.broadcast,  &s.audit,       s.watchlist, s.notifier.get()};
}

MainWindow::MainWindow(const Models &models, QWidget *parent)
    : QMainWindow(parent), m_models(models), m_navigation(new QListWidget(this)),
      m_pages(new QStackedWidget(this)), m_search(new SearchBox(models.collections, this)),
      m_objectPage(models.object ? new ObjectPage(models.object, this) : nullptr),
      m_clock(new AnimationClock(this))
{
    setWindowTitle(tr("gifscan"));
    auto *central = new QWidget(this);
    auto *layout = new QHBoxLayout(central);
    for (const QString &name :
         {tr("Live"), tr("Blocks"), tr("Collections"), tr("Activity"), tr("Watchlist")})
        m_navigation->addItem(name);
    m_navigation->setFixedWidth(150);
    layout->addWidget(m_navigation);
    layout->addWidget(m_pages, 1);
    setCentralWidget(central);

    m_pages->addWidget(ListPages::live(models, m_pages));
    auto *blocks = new TablePage(tr("Blocks"), models.blocks, m_pages);
    blocks->holdWhileScrolled(models.blocks);
    blocks->showErrorsOf(models.blocks);
    blocks->enableExport(models.blocks, models.blocks, QStringLiteral("blocks.csv"));
    m_pages->addWidget(blocks);
    m_pages->addWidget(ListPages::collections(models, m_pages));
    QWidget *activity = ListPages::activity(models, m_pages);
    m_pages->addWidget(activity);
    // The Watchlist entry always has a page; without a watchlist it says so.
    QWidget *watchPage = models.watchlist
                             ? static_cast<QWidget *>(new WatchlistPage(models.watchlist, m_pages))
                             : new QLabel(tr("No watchlist in this window."), m_pages);
    m_pages->addWidget(watchPage);
    if (m_objectPage)
        m_pages->addWidget(m_objectPage);
    if (models.collection) {
        m_collectionPage =
            new CollectionPage(models.collection, models.collections, m_clock, m_pages);
        m_pages->addWidget(m_collectionPage);
        connect(m_collectionPage, &CollectionPage::objectActivated, this,
                [this](const QString &slug, quint64 id) { showObject(slug, id, std::nullopt); });
    }
    auto follow = [this](const QString &target) { search(target); };
    if (auto *watching = qobject_cast<WatchlistPage *>(watchPage))
        connect(watching, &WatchlistPage::followed, this, follow);
    if (m_objectPage) {
        connect(m_objectPage, &ObjectPage::followed, this, follow);
        connect(m_objectPage, &ObjectPage::timeTravelRequested, this,
                [this](const QString &slug, quint64 id, std::optional<quint64> height) {
                    showObject(slug, id, height);
                });
    }
    if (models.block) {
        m_blockPage = new BlockPage(models.block, m_pages);
        m_pages->addWidget(m_blockPage);
        connect(m_blockPage, &BlockPage::followed, this, follow);
    }
    if (models.transaction) {
        m_transactionPage = new TransactionPage(models.transaction, m_pages);
        m_pages->addWidget(m_transactionPage);
        connect(m_transactionPage, &TransactionPage::followed, this, follow);
        // The hash named a block: the same place in history, shown as a block.
        connect(models.transaction, &TransactionPageModel::isBlock, this, [this](quint64 height) {
            if (m_here.page == TransactionDetailPage)
                go({BlockDetailPage, {}, 0, height, {}}, false);
        });
    }
    if (models.address) {
        m_addressPage = new AddressPage(models.address, models.audit, m_clock, m_pages);
        m_pages->addWidget(m_addressPage);
        connect(m_addressPage, &AddressPage::followed, this, follow);
        connect(m_addressPage, &AddressPage::objectActivated, this,
                [this](const QString &slug, quint64 id) { showObject(slug, id, std::nullopt); });
    }
    if (auto *blockTable = m_pages->widget(BlocksPage)->findChild<QTableView *>()) {
        connect(blockTable, &QTableView::activated, this, [this](const QModelIndex &index) {
            showBlock(index.data(BlockListModel::HeightRole).toULongLong());
        });
    }
    if (auto *collections = m_pages->widget(CollectionsPage)->findChild<QTableView *>()) {
        connect(collections, &QTableView::activated, this, [this](const QModelIndex &index) {
            showCollection(index.data(CollectionListModel::SlugRole).toString());
        });
    }
    m_navigation->setCurrentRow(LivePage);
    m_pages->setCurrentIndex(LivePage);
    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && !m_navigating)
            go({static_cast<Page>(row), {}, 0, std::nullopt, {}}, true);
    });
    // On a detail page no entry is selected but one stays current (see
    // leaveNavigation): a click on it must still lead there.
    connect(m_navigation, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        go({static_cast<Page>(m_navigation->row(item)), {}, 0, std::nullopt, {}}, true);
    });

    // Activating an entry opens its object.
    QList<TablePage *> feeds{static_cast<TablePage *>(activity)};
    if (m_addressPage)
        feeds.append(m_addressPage->activity());
    for (TablePage *page : feeds) {
        // Each column leads to what it names: the addresses, the block, the
        // transaction (from the type), and otherwise the object.
        connect(page, &TablePage::activated, this, [this](const QModelIndex &index) {
            const auto entry =
                index.data(ActivityListModel::EntryRole).value<gifscan::ActivityEntry>();
            switch (index.column()) {
            case ActivityListModel::FromColumn:
                if (entry.from)
                    return showAddress(gifscan::toHexString(*entry.from));
                break;
            case ActivityListModel::ToColumn:
                if (entry.to)
                    return showAddress(gifscan::toHexString(*entry.to));
                break;
            case ActivityListModel::HeightColumn:
                return showBlock(entry.height);
            case ActivityListModel::TypeColumn:
                return showHash(gifscan::toHexString(entry.txHash));
            }
            QString slug;
            std::uint64_t id = 0;
            if (gifscan::parseDisplayKey(entry.key, &slug, &id))
                showObject(slug, id, std::nullopt);
        });
    }

    auto *bar = addToolBar(tr("Search"));
    bar->setMovable(false);
    m_backAction = bar->addAction(tr("Back"), this, [this] { goBack(); });
    // The platform's own keys plus Alt+arrows, each once: a sequence bound
    // twice is ambiguous and then triggers nothing.
    auto keys = [](QKeySequence::StandardKey standard, QKeySequence extra) {
        QList<QKeySequence> list = QKeySequence::keyBindings(standard);
        if (!list.contains(extra))
            list.append(extra);
        return list;
    };
    m_backAction->setShortcuts(keys(QKeySequence::Back, QKeySequence(Qt::ALT | Qt::Key_Left)));
    m_forwardAction = bar->addAction(tr("Forward"), this, [this] { goForward(); });
    m_forwardAction->setShortcuts(
        keys(QKeySequence::Forward, QKeySequence(Qt::ALT | Qt::Key_Right)));
    updateHistoryActions();
    m_settingsAction = bar->addAction(tr("Settings…"), this, &MainWindow::settingsRequested);
    m_settingsAction->setShortcuts({QKeySequence::Preferences, QKeySequence(tr("Ctrl+,"))});
    // The menu holds what is used now and then; the toolbar what is used all the time.
    QMenu *file = menuBar()->addMenu(tr("&File"));
    auto *openCertificate = file->addAction(tr("Open certificate…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a certificate"), {},
                                                          tr("Certificates (*.json)"));
        if (!path.isEmpty())
            openCertificateFile(path);
    });
    openCertificate->setShortcut(QKeySequence::Open);
    if (models.broadcast) {
        m_broadcastAction =
            file->addAction(tr("Broadcast a transaction…"), this, [this] { openBroadcast(); });
        m_broadcastAction->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    }
    file->addAction(m_settingsAction);
    file->addSeparator();
    file->addAction(tr("Quit"), QKeySequence::Quit, qApp, &QCoreApplication::quit);
    setAcceptDrops(true);
    if (models.watchlist) {
        m_watchAction = bar->addAction(tr("Watch"), this, [this] {
            if (const auto here = watchable())
                m_models.watchlist->setWatched(here->first, here->second,
                                               m_watchAction->isChecked());
        });
        m_watchAction->setCheckable(true);
        m_watchAction->setShortcut(QKeySequence(tr("Ctrl+D")));
        connect(models.watchlist, &Watchlist::changed, this, &MainWindow::updateWatchAction);
    }
    if (models.notifier)
        m_notices = new NotificationCenter(models.notifier, statusBar(), this);
    // The mouse's back and forward buttons work anywhere in the window.
    qApp->installEventFilter(this);
    bar->addWidget(m_search);
    connect(m_search, &SearchBox::submitted, this, [this](const QString &text) { search(text); });

    statusBar()->addPermanentWidget(new StatusBarWidget(models.status, this), 1);
    m_navigation->setIconSize(QSize(18, 18));
    applyIcons();
    resize(1200, 760);
}

void MainWindow::showPage(Page page)
{
    if (page == ObjectDetailPage)
        return; // an object page needs its object: showObject()
    go({page, {}, 0, std::nullopt, {}}, true);
}

void MainWindow::showObject(const QString &slug, std::uint64_t tokenId,
                            std::optional<std::uint64_t> height)
{
    if (!m_models.object)
        return;
    go({ObjectDetailPage, slug, tokenId, height, {}}, true);
}

void MainWindow::showCollection(const QString &slug)
{
    if (!m_collectionPage || slug.isEmpty())
        return;
    go({CollectionDetailPage, slug, 0, std::nullopt, {}}, true);
}

void MainWindow::showBlock(std::uint64_t height)
{
    if (m_blockPage)
        go({BlockDetailPage, {}, 0, height, {}}, true);
}

void MainWindow::showHash(const QString &hash)
{
    if (m_transactionPage)
        go({TransactionDetailPage, {}, 0, std::nullopt, hash}, true);
}

void MainWindow::showAddress(const QString &address)
{
    if (m_addressPage)
        go({AddressDetailPage, {}, 0, std::nullopt, address}, true);
}

void MainWindow::leaveNavigation()
{
    // Unselected but still current: an item view that gains focus with no
    // current row makes its first row current, which would jump to Live.
    m_navigation->clearSelection();
}

void MainWindow::go(const Location &to, bool remember)
{
    if (remember && to == m_here)
        return;
    if (remember) {
        m_back.append(m_here);
        m_forward.clear();
    }
    m_here = to;
    m_navigating = true;
    if (to.page == ObjectDetailPage) {
        m_models.object->load(to.slug, to.tokenId, to.height);
        leaveNavigation();
        m_pages->setCurrentWidget(m_objectPage);
    } else if (to.page == BlockDetailPage) {
        m_models.block->load(*to.height);
        leaveNavigation();
        m_pages->setCurrentWidget(m_blockPage);
    } else if (to.page == TransactionDetailPage) {
        m_models.transaction->load(*gifscan::parseHash(to.ref));
        leaveNavigation();
        m_pages->setCurrentWidget(m_transactionPage);
    } else if (to.page == AddressDetailPage) {
        m_models.address->load(*gifscan::parseAddress(to.ref));
        leaveNavigation();
        m_pages->setCurrentWidget(m_addressPage);
    } else if (to.page == CollectionDetailPage) {
        m_collectionPage->open(to.slug);
        leaveNavigation();
        m_pages->setCurrentWidget(m_collectionPage);
    } else {
        m_navigation->setCurrentRow(to.page);
        m_navigation->item(to.page)->setSelected(true); // it may have been current, unselected
        m_pages->setCurrentIndex(to.page);
    }
    m_navigating = false;
    updateHistoryActions();
    updateWatchAction();
}

bool MainWindow::goBack()
{
    if (m_back.isEmpty())
        return false;
    m_forward.prepend(m_here);
    go(m_back.takeLast(), false);
    return true;
}

bool MainWindow::goForward()
{
    if (m_forward.isEmpty())
        return false;
    m_back.append(m_here);
    go(m_forward.takeFirst(), false);
    return true;
}

BroadcastDialog *MainWindow::openBroadcast()
{
    if (!m_models.broadcast)
        return nullptr;
    if (!m_broadcast) {
        m_broadcast = new BroadcastDialog(m_models.broadcast, this);
        connect(m_broadcast, &BroadcastDialog::transactionOpened, this,
                [this](const QString &hash) { showHash(hash); });
    }
    m_broadcast->show();
    m_broadcast->raise();
    return m_broadcast;
}

CertificateDialog *MainWindow::openCertificateFile(const QString &path)
{
    auto *dialog = new CertificateDialog(path, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            openCertificateFile(url.toLocalFile());
    }
    event->acceptProposedAction();
}

void MainWindow::setThumbnailMotion(int motion)
{
    for (auto *grid : findChildren<ObjectGridView *>())
        grid->setMotion(static_cast<ObjectGridView::Motion>(motion));
    // Reduced motion: the object page's player waits to be asked, too.
    if (m_objectPage && static_cast<ObjectGridView::Motion>(motion) == ObjectGridView::Motion::Off)
        m_objectPage->setPlaying(false);
}

void MainWindow::setNotificationsEnabled(bool on)
{
    if (m_notices)
        m_notices->setEnabled(on);
}

QCompleter *MainWindow::completer() const
{
    return m_search->completer();
}

QLineEdit *MainWindow::searchBox() const
{
    return m_search;
}

QStringList MainWindow::notifications() const
{
    return m_notices ? m_notices->shown() : QStringList();
}

std::optional<std::pair<Watchlist::Kind, QString>> MainWindow::watchable() const
{
    switch (m_here.page) {
    case ObjectDetailPage:
        return std::pair(Watchlist::Kind::Object, gifscan::displayKey(m_here.slug, m_here.tokenId));
    case CollectionDetailPage:
        return std::pair(Watchlist::Kind::Collection, m_here.slug);
    case AddressDetailPage:
        return std::pair(Watchlist::Kind::Address, m_here.ref);
    default:
        return std::nullopt;
    }
}

void MainWindow::updateWatchAction()
{
    if (!m_watchAction)
        return;
    const auto here = watchable();
    m_watchAction->setEnabled(here.has_value());
    const bool watched = here && m_models.watchlist->contains(here->first, here->second);
    m_watchAction->setChecked(watched);
    m_watchAction->setText(watched ? tr("Watching") : tr("Watch"));
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyIcons(); // light ↔ dark: the icons take the new text colour
    // Minimised, the window can live in the tray alone (when there is one).
    if (event->type() == QEvent::WindowStateChange && m_minimiseToTray && isMinimized() &&
        m_notices && m_notices->hasTray())
        QMetaObject::invokeMethod(this, &QWidget::hide, Qt::QueuedConnection);
}

void MainWindow::applyIcons()
{
    const QPalette p = palette();
    m_backAction->setIcon(Theme::icon(QStringLiteral("back"), p));
    m_forwardAction->setIcon(Theme::icon(QStringLiteral("forward"), p));
    m_settingsAction->setIcon(Theme::icon(QStringLiteral("settings"), p));
    m_search->setIcon(Theme::icon(QStringLiteral("search"), p));
    if (m_watchAction)
        m_watchAction->setIcon(Theme::icon(QStringLiteral("watch"), p));
    const char *names[] = {"live", "blocks", "collections", "activity", "watch"};
    for (int i = 0; i < m_navigation->count() && i < 5; ++i)
        m_navigation->item(i)->setIcon(Theme::icon(QLatin1String(names[i]), p));
}

void MainWindow::updateHistoryActions()
{
    if (m_backAction)
        m_backAction->setEnabled(canGoBack());
    if (m_forwardAction)
        m_forwardAction->setEnabled(canGoForward());
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::MouseButtonPress && watched->isWidgetType() &&
        static_cast<QWidget *>(watched)->window() == this) {
        const auto button = static_cast<QMouseEvent *>(event)->button();
        if (button == Qt::BackButton)
            return goBack();
        if (button == Qt::ForwardButton)
            return goForward();
    }
    return QMainWindow::eventFilter(watched, event);
}

bool MainWindow::search(const QString &text)
{
    const SearchQuery q = SearchQuery::parse(text);
    if (q.kind != SearchQuery::Kind::Invalid)
        m_search->remember(q.canonical());
    auto complain = [this](const QString &why) {
        m_search->complain(why);
        return false;
    };
    switch (q.kind) {
    case SearchQuery::Kind::Invalid:
        return complain(q.problem);
    case SearchQuery::Kind::Object:
        m_search->setText(q.canonical());
        showObject(q.slug, q.tokenId,
                   q.atHeight ? std::optional<std::uint64_t>(q.height) : std::nullopt);
        return true;
    case SearchQuery::Kind::Height:
        showBlock(q.height);
        return true;
    case SearchQuery::Kind::Collection:
        // The list knows every collection unless a category narrows it; then the page says so in
        // place.
        if (m_models.collections->rowCount() > 0 && m_models.collections->rowOf(q.slug) < 0 &&
            m_models.collections->category().isEmpty())
            return complain(tr("There is no collection \"%1\".").arg(q.slug));
        showCollection(q.slug);
        return true;
    case SearchQuery::Kind::Hash:
        showHash(gifscan::toHexString(q.hash));
        return true;
    case SearchQuery::Kind::Address:
        showAddress(gifscan::toHexString(q.address));
        return true;
    }
    return false;
}

MainWindow::Page MainWindow::currentPage() const
{
    return m_here.page;
}
