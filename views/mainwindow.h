#pragma once

#include "models/watchlist.h"

#include <QMainWindow>
#include <optional>
#include <utility>

class ActivityListModel;
class BlockListModel;
class AddressPage;
class AddressPageModel;
class AnimationClock;
class BlockPage;
class BroadcastModel;
class AuditModel;
class CertificateDialog;
class QSystemTrayIcon;
class WatchlistPage;
class WatchNotifier;
class BlockPageModel;
class TransactionPage;
class TransactionPageModel;
class CollectionListModel;
class CollectionPage;
class CollectionPageModel;
class ExplorerSession;
class NetworkStatusModel;
class ObjectPage;
class ObjectPageModel;
class QAction;
class QCompleter;
class QStandardItemModel;
class QLineEdit;
class QListWidget;
class QStackedWidget;

// The explorer's window: navigation on the left, one page at a time, the
// network's state in the status bar. It is handed its models; it never talks
// to a node itself. Lives on the GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Models
    {
        BlockListModel *blocks = nullptr;
        BlockListModel *liveBlocks = nullptr;
        CollectionListModel *collections = nullptr;
        ActivityListModel *activity = nullptr;
        ActivityListModel *liveActivity = nullptr;
        NetworkStatusModel *status = nullptr;
        ObjectPageModel *object = nullptr;
        CollectionPageModel *collection = nullptr;
        BlockPageModel *block = nullptr;
        TransactionPageModel *transaction = nullptr;
        AddressPageModel *address = nullptr;
        BroadcastModel *broadcast = nullptr;
        AuditModel *audit = nullptr;
        Watchlist *watchlist = nullptr;
        WatchNotifier *notifier = nullptr;

        static Models of(ExplorerSession &session);
    };

    explicit MainWindow(const Models &models, QWidget *parent = nullptr);

    enum Page {
        LivePage,
        BlocksPage,
        CollectionsPage,
        ActivityPage,
        WatchlistTab,
        ObjectDetailPage,
        CollectionDetailPage,
        BlockDetailPage,
        TransactionDetailPage,
        AddressDetailPage
    };
    void showPage(Page page);
    Page currentPage() const;
    void showObject(const QString &slug, std::uint64_t tokenId,
                    std::optional<std::uint64_t> height);
    void showCollection(const QString &slug);
    void showBlock(std::uint64_t height);
    // A hash: the transaction it names, or else the block.
    void showHash(const QString &hash);
    void showAddress(const QString &address);
    // What the search box does with a line; false with the reason shown in place.
    bool search(const QString &text);
    QCompleter *completer() const;
    // The broadcast dialog, opened (or raised) by its action.
    class BroadcastDialog *openBroadcast();
    // A certificate file checked offline (the menu, or dropped on the window).
    CertificateDialog *openCertificateFile(const QString &path);
    // Notifications shown so far (the tray's, or the status bar's without one).
    QStringList notifications() const;
    // Preferences that reach into the pages.
    void setThumbnailMotion(int motion); // ObjectGridView::Motion
    void setNotificationsEnabled(bool on);
    void setMinimiseToTray(bool on) { m_minimiseToTray = on; }
    QAction *watchAction() const { return m_watchAction; }
    QLineEdit *searchBox() const;
    ObjectPage *objectPage() const { return m_objectPage; }
    CollectionPage *collectionPage() const { return m_collectionPage; }
    BlockPage *blockPage() const { return m_blockPage; }
    TransactionPage *transactionPage() const { return m_transactionPage; }
    AddressPage *addressPage() const { return m_addressPage; }

    // Browser-like history of where the reader has been.
    bool goBack();
    bool goForward();
    bool canGoBack() const { return !m_back.isEmpty(); }
    bool canGoForward() const { return !m_forward.isEmpty(); }

Q_SIGNALS:
    void settingsRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Location
    {
        Page page = LivePage;
        QString slug;
        std::uint64_t tokenId = 0;
        std::optional<std::uint64_t> height;
        QString ref; // a hash or an address
        bool operator==(const Location &) const = default;
    };
    void go(const Location &to, bool remember);
    void updateHistoryActions();
    void applyIcons();
    void leaveNavigation();
    void updateWatchAction();
    // What the page shown can have watched, and as what; nothing elsewhere.
    std::optional<std::pair<Watchlist::Kind, QString>> watchable() const;

    Location m_here;
    QList<Location> m_back;
    QList<Location> m_forward;
    QAction *m_backAction = nullptr;
    QAction *m_forwardAction = nullptr;
    QAction *m_settingsAction = nullptr;
    QAction *m_broadcastAction = nullptr;
    QAction *m_watchAction = nullptr;
    class NotificationCenter *m_notices = nullptr;
    bool m_minimiseToTray = false;
    class BroadcastDialog *m_broadcast = nullptr;
    bool m_navigating = false;

    Models m_models;
    QListWidget *m_navigation;
    QStackedWidget *m_pages;
    class SearchBox *m_search;
    ObjectPage *m_objectPage;
    AnimationClock *m_clock;
    CollectionPage *m_collectionPage = nullptr;
    BlockPage *m_blockPage = nullptr;
    TransactionPage *m_transactionPage = nullptr;
    AddressPage *m_addressPage = nullptr;
};
