#include "views/mainwindow.h"

#include "models/addressbook.h"
#include "models/collectionlistmodel.h"
#include "models/notificationlog.h"
#include "models/searchquery.h"
#include "models/viewpreferences.h"
#include "views/animationclock.h"
#include "views/broadcastdialog.h"
#include "views/certificatedialog.h"
#include "views/filedialogs.h"
#include "views/helpmenu.h"
#include "views/linkactions.h"
#include "views/networkbanner.h"
#include "views/notificationcenter.h"
#include "views/routedpage.h"
#include "views/searchbox.h"
#include "views/statusbarwidget.h"
#include "views/tablepage.h"
#include "views/theme.h"

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QMouseEvent>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

MainWindow::MainWindow(const PageModels &models, ViewPreferences *preferences,
                       const PageRegistry &pages, QWidget *parent)
    : QMainWindow(parent), m_models(models), m_preferences(preferences),
      m_clock(new AnimationClock(this)), m_navigation(new QListWidget(this)),
      m_pages(new QStackedWidget(this)), m_search(new SearchBox(models.collections, this))
{
    // What the window itself shows: a PageModels without them is a caller's bug.
    Q_ASSERT(models.status && models.collections && models.broadcast && preferences);
    setWindowTitle(tr("gifscan"));
    auto *central = new QWidget(this);
    auto *outer = new QVBoxLayout(central);
    // Across the top of every page while the node is refused.
    m_banner = new NetworkBanner(models.status, central);
    connect(m_banner, &NetworkBanner::trustRequested, this, &MainWindow::trustRequested);
    connect(m_banner, &NetworkBanner::settingsRequested, this, &MainWindow::settingsRequested);
    outer->addWidget(m_banner);
    auto *layout = new QHBoxLayout;
    outer->addLayout(layout, 1);
    m_navigation->setFixedWidth(150);
    m_navigation->setIconSize(QSize(18, 18));
    layout->addWidget(m_navigation);
    layout->addWidget(m_pages, 1);
    // Nothing of a refused node is shown as if it were the chain: the pages
    // step aside for the banner's line saying why, until it is trusted.
    layout->addWidget(m_banner->withholding(m_pages), 1);
    setCentralWidget(central);
    // Made before the pages: their linked values find it through their window.
    auto *links = new LinkActions(m_models.watchlist, m_models.addressBook, this);
    connect(links, &LinkActions::said, this,
            [this](const QString &message) { statusBar()->showMessage(message, 4000); });
    m_search->setAddressBook(m_models.addressBook);
    addPages(pages);
    // A splitter the reader dragged is theirs, kept and restored; one never
    // dragged is the page's to arrange (the Live page shares its width by
    // what each half needs, in the language of the moment).
    for (QSplitter *split : findChildren<QSplitter *>()) {
        connect(split, &QSplitter::splitterMoved, split,
                [split] { split->setProperty(RoutedPage::kReaderMoved, true); });
    }
    buildActions();
    if (models.notifications) {
        m_notices = new NotificationCenter(models.notifications, statusBar(), this);
        m_notices->setEnabled(preferences->notificationsEnabled());
        connect(preferences, &ViewPreferences::notificationsEnabledChanged, m_notices,
                &NotificationCenter::setEnabled);
    }
    // The mouse's back and forward buttons work anywhere in the window.
    qApp->installEventFilter(this);
    setAcceptDrops(true);
    auto *status = new StatusBarWidget(models.status, this);
    connect(status, &StatusBarWidget::localDevnetRequested, this,
            &MainWindow::localDevnetRequested);
    // No stretch: a stretching permanent widget leaves showMessage() no room,
    // and the confirmations (Ctrl+D's) were never seen.
    statusBar()->addPermanentWidget(status);
    applyIcons();
    if (!m_navigationKinds.isEmpty())
        go(Location::list(m_navigationKinds.first()), false);
    // Roomy, but never past the screen it opens on: a window larger than a
    // 1024x700 laptop's hangs its status bar and right edge off it. The
    // frame is not known before it is shown: a title bar's height is kept.
    const QSize roomy(1200, 760);
    const QSize room = screen() ? screen()->availableGeometry().size() -
                                      QSize(0, style()->pixelMetric(QStyle::PM_TitleBarHeight))
                                : roomy;
    resize(roomy.boundedTo(room));
}

void MainWindow::addPages(const PageRegistry &pages)
{
    const PageContext context{m_clock, m_preferences};
    for (const PageRegistry::Entry &entry : pages.entries()) {
        RoutedPage *page = entry.make(context, m_pages);
        // Each page scrolls when the window is smaller than it needs (a
        // small screen, a long language): the window never grows past the
        // screen to fit its widest page, and nothing is cut off.
        auto *scroll = new QScrollArea(m_pages);
        scroll->setWidget(page);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        m_pages->addWidget(scroll);
        m_holders.insert(page, scroll);
        m_routes.insert(entry.kind, page);
        if (!entry.title.isEmpty()) {
            m_navigation->addItem(entry.title);
            m_navigationKinds.append(entry.kind);
            m_navigationIcons.append(entry.icon);
            // Ctrl+1 … Ctrl+9 reach the list pages from the keyboard, as
            // tabs do in a browser (the Help menu lists them).
            if (const qsizetype n = m_navigationKinds.size(); n <= 9) {
                auto *jump = new QAction(entry.title, this);
                jump->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + n)));
                connect(jump, &QAction::triggered, this,
                        [this, kind = entry.kind] { go(Location::list(kind), true); });
                addAction(jump);
            }
        }
        connect(page, &RoutedPage::followed, this, [this](const Location &to) {
            // A link followed is remembered as a search would be.
            if (const QString text = to.text(); !text.isEmpty())
                m_search->remember(text);
            open(to);
        });
        connect(page, &RoutedPage::renamed, this, [this, page](const Location &to) {
            if (m_pages->currentWidget() != m_holders.value(page))
                return; // a late answer for a page left since is dropped
            // Back would lead to the very place shown (a height refused on
            // the page it was asked from): that step goes.
            if (!m_back.isEmpty() && m_back.last() == to)
                m_back.removeLast();
            go(to, false);
        });
    }
    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && !m_navigating)
            go(Location::list(m_navigationKinds.value(row)), true);
    });
    // On a detail page no entry is selected but one stays current (see go()):
    // a click on it must still lead there.
    connect(m_navigation, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        go(Location::list(m_navigationKinds.value(m_navigation->row(item))), true);
    });
}

void MainWindow::buildActions()
{
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
    // F5: the page shown asks for what it shows again (the detail pages; the
    // lists are live already).
    auto *reload = new QAction(tr("Reload"), this);
    reload->setObjectName(QStringLiteral("reload"));
    reload->setShortcuts(QKeySequence::keyBindings(QKeySequence::Refresh));
    connect(reload, &QAction::triggered, this, [this] {
        if (RoutedPage *page = currentPage())
            page->reload(m_here);
    });
    addAction(reload);
    m_settingsAction = bar->addAction(tr("Settings…"), this, &MainWindow::settingsRequested);
    m_settingsAction->setShortcuts({QKeySequence::Preferences, QKeySequence(tr("Ctrl+,"))});
    // The menu holds what is used now and then; the toolbar what is used all the time.
    QMenu *file = menuBar()->addMenu(tr("&File"));
    auto *openCertificate = file->addAction(tr("Open certificate…"), this, [this] {
        const QString path =
            FileDialogs::openFile(this, tr("Open a certificate"), tr("Certificates (*.json)"));
        if (!path.isEmpty())
            openCertificateFile(path);
    });
    openCertificate->setShortcut(QKeySequence::Open);
    auto *broadcast =
        file->addAction(tr("Broadcast a transaction…"), this, [this] { openBroadcast(); });
    broadcast->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    file->addAction(m_settingsAction);
    file->addSeparator();
    file->addAction(tr("Quit"), QKeySequence::Quit, qApp, &QCoreApplication::quit);
    if (m_models.watchlist) {
        m_watchAction = bar->addAction(tr("Watch"), this, [this] {
            const RoutedPage *page = m_routes.value(m_here.kind);
            const auto what = page ? page->watchable(m_here) : std::nullopt;
            if (!what)
                return;
            const bool watch = m_watchAction->isChecked();
            m_models.watchlist->setWatched(what->first, what->second, watch);
            // The shortcut works without looking at the toolbar: say what it did.
            statusBar()->showMessage(
                watch ? tr("Watching %1: notifications will come for it (%2 stops).")
                            .arg(what->second,
                                 m_watchAction->shortcut().toString(QKeySequence::NativeText))
                      : tr("Stopped watching %1.").arg(what->second),
                5000);
        });
        m_watchAction->setCheckable(true);
        m_watchAction->setShortcut(QKeySequence(tr("Ctrl+D")));
        connect(m_models.watchlist, &Watchlist::changed, this, &MainWindow::updateWatchAction);
    }
    bar->addWidget(m_search);
    connect(m_search, &SearchBox::submitted, this, [this](const QString &text) { search(text); });
    menuBar()->addMenu(new HelpMenu(this, m_models.status));
}

bool MainWindow::open(const Location &to)
{
    RoutedPage *page = m_routes.value(to.kind);
    if (!page) {
        m_search->complain(tr("Nothing in this window shows %1.").arg(to.text()));
        return false;
    }
    if (const QString why = page->refusal(to); !why.isEmpty()) {
        m_search->complain(why);
        return false;
    }
    go(to, true);
    return true;
}

void MainWindow::go(const Location &to, bool remember)
{
    RoutedPage *page = m_routes.value(to.kind);
    if (!page || (remember && to == m_here))
        return;
    if (remember) {
        m_back.append(m_here);
        m_forward.clear();
    }
    m_here = to;
    m_search->follow(to.text());
    const bool navigating = m_navigating; // a page's redirect goes while its open() runs
    m_navigating = true;
    // Shown first: a page that redirects from open() is the page shown.
    m_pages->setCurrentWidget(m_holders.value(page));
    page->open(to);
    if (const int row = m_navigationKinds.indexOf(to.kind); row >= 0) {
        m_navigation->setCurrentRow(row);
        m_navigation->item(row)->setSelected(true); // it may have been current, unselected
    } else {
        // Unselected but still current: an item view that gains focus with no
        // current row makes its first row current, which would jump there.
        m_navigation->clearSelection();
    }
    m_navigating = navigating;
    updateHistoryActions();
    updateWatchAction();
}

QHash<QString, QByteArray> MainWindow::layoutState() const
{
    QHash<QString, QByteArray> state;
    for (const QSplitter *split : findChildren<QSplitter *>()) {
        if (!split->objectName().isEmpty() && split->property(RoutedPage::kReaderMoved).toBool())
            state.insert(QStringLiteral("dragged.") + split->objectName(), split->saveState());
    }
    for (const TablePage *table : findChildren<TablePage *>()) {
        const QByteArray columns = table->readerColumns();
        if (!table->objectName().isEmpty() && !columns.isEmpty())
            state.insert(QStringLiteral("columns.") + table->objectName(), columns);
    }
    return state;
}

void MainWindow::restoreLayoutState(const QHash<QString, QByteArray> &state)
{
    for (QSplitter *split : findChildren<QSplitter *>()) {
        const QByteArray s = state.value(QStringLiteral("dragged.") + split->objectName());
        if (!split->objectName().isEmpty() && !s.isEmpty() && split->restoreState(s))
            split->setProperty(RoutedPage::kReaderMoved, true);
    }
    for (TablePage *table : findChildren<TablePage *>()) {
        if (!table->objectName().isEmpty())
            table->restoreReaderColumns(
                state.value(QStringLiteral("columns.") + table->objectName()));
    }
}

void MainWindow::resumeTrail(const Trail &trail)
{
    m_back = trail.back;
    m_forward = trail.forward;
    go(trail.here, false);
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

bool MainWindow::search(const QString &text)
{
    const SearchQuery q = SearchQuery::parse(text);
    const auto to = Location::of(q);
    // A collection's name: a line that names nothing else, or a word that
    // reads as a slug no collection has ("Pixels" for pixel-art).
    CollectionListModel *collections = m_models.collections;
    // Before the collections are loaded any such word may be a name: a tag
    // of the reader's is looked up then too (it was taken for a slug, and
    // "treasury" opened an empty collection page while the list loaded).
    const bool unknownSlug = to && to->kind == Location::Kind::Collection && collections &&
                             (collections->rowCount() == 0 || collections->rowOf(to->key) < 0);
    if (!to || unknownSlug) {
        // A name tag of the reader's own, before a collection's name: the
        // reader chose it.
        if (m_models.addressBook) {
            if (const QString tagged = m_models.addressBook->addressOf(text); !tagged.isEmpty())
                return open(Location::address(tagged));
        }
        const QStringList named = collections ? collections->slugsNamed(text) : QStringList();
        if (named.size() == 1)
            return open(Location::collection(named.first()));
        if (named.size() > 1) {
            m_search->complain(tr("%Ln collections are named \"%1\": choose one by its slug.",
                                  nullptr, static_cast<int>(named.size()))
                                   .arg(text.trimmed()));
            m_search->suggest(text);
            return false;
        }
        if (!to) {
            m_search->complain(q.problem);
            return false;
        }
    }
    // How the box shows the query back: as the place it names is written.
    m_search->remember(to->text());
    if (q.kind == SearchQuery::Kind::Object)
        m_search->setText(to->text());
    // The place shown, searched again: read afresh, as F5 does, without a
    // step in the history (before, nothing happened, and a page read at
    // the head stayed at its height).
    if (*to == m_here) {
        if (RoutedPage *page = m_routes.value(to->kind))
            page->reload(*to);
        return true;
    }
    return open(*to);
}

BroadcastDialog *MainWindow::openBroadcast()
{
    if (!m_broadcast) {
        m_broadcast = new BroadcastDialog(m_models.broadcast, this);
        connect(m_broadcast, &BroadcastDialog::transactionOpened, this,
                [this](const QString &hash) { open(Location::transaction(hash)); });
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

void MainWindow::updateWatchAction()
{
    if (!m_watchAction)
        return;
    const RoutedPage *page = m_routes.value(m_here.kind);
    const auto what = page ? page->watchable(m_here) : std::nullopt;
    m_watchAction->setEnabled(what.has_value());
    const bool watched = what && m_models.watchlist->contains(what->first, what->second);
    m_watchAction->setChecked(watched);
    m_watchAction->setText(watched ? tr("Watching") : tr("Watch"));
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyIcons(); // light ↔ dark: the icons take the new text colour
        for (RoutedPage *page : std::as_const(m_routes))
            page->restyle();
    }
    // Minimised, the window can live in the tray alone (when there is one).
    if (event->type() == QEvent::WindowStateChange && m_preferences->minimiseToTray() &&
        isMinimized() && m_notices && m_notices->hasTray())
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
    for (int row = 0; row < m_navigation->count(); ++row)
        m_navigation->item(row)->setIcon(Theme::icon(m_navigationIcons.value(row), p));
}

void MainWindow::updateHistoryActions()
{
    m_backAction->setEnabled(canGoBack());
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

QString MainWindow::bannerText() const
{
    return m_banner->text();
}

bool MainWindow::pagesShown() const
{
    return !m_pages->isHidden();
}
