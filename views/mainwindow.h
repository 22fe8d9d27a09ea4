#pragma once

#include "models/location.h"
#include "models/pagemodels.h"
#include "views/pageregistry.h"

#include <QHash>
#include <QMainWindow>
#include <QMap>

class AnimationClock;
class CertificateDialog;
class QAction;
class QCompleter;
class QLineEdit;
class NetworkBanner;
class QListWidget;
class QStackedWidget;
class RoutedPage;
class ViewPreferences;

// The explorer's window: a router with history over the registered pages,
// the navigation list built from the same registry, the search box, and the
// network's state in the status bar. It is handed its models and its pages;
// it never talks to a node itself, and knows no page by name: a new page is
// registered (views/explorerpages.cpp), never added here. Lives on the GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // `models` for what the window itself shows besides its pages (status,
    // search, Send, Watch, notifications); `pages` made over the same models.
    MainWindow(const PageModels &models, ViewPreferences *preferences, const PageRegistry &pages,
               QWidget *parent = nullptr);

    // Shows `to` and remembers where the reader was; false, with the reason in
    // the search box, when no page can open it.
    bool open(const Location &to);
    const Location &here() const { return m_here; }
    // The page registered for a kind, or of a class.
    RoutedPage *page(Location::Kind kind) const { return m_routes.value(kind); }
    // The page shown now.
    RoutedPage *currentPage() const { return m_routes.value(m_here.kind); }
    template <typename Page> Page *page() const
    {
        for (RoutedPage *p : m_routes) {
            if (auto *typed = qobject_cast<Page *>(p))
                return typed;
        }
        return nullptr;
    }

    // What the search box does with a line; false with the reason shown in place.
    bool search(const QString &text);
    QCompleter *completer() const;
    QLineEdit *searchBox() const;
    // The broadcast dialog, opened (or raised) by its action.
    class BroadcastDialog *openBroadcast();
    // A certificate file checked offline (the menu, or dropped on the window).
    CertificateDialog *openCertificateFile(const QString &path);
    // Notifications shown so far (the tray's, or the status bar's without one).
    QStringList notifications() const;
    // The banner's words while the node is refused; empty while it is not.
    QString bannerText() const;
    // Whether the pages show (not while the node is refused).
    bool pagesShown() const;
    QAction *watchAction() const { return m_watchAction; }

    // Browser-like history of where the reader has been.
    bool goBack();
    bool goForward();
    bool canGoBack() const { return !m_back.isEmpty(); }
    bool canGoForward() const { return !m_forward.isEmpty(); }
    // The history whole: a window made again (in another language) takes
    // over its predecessor's, and shows where the reader was.
    struct Trail
    {
        QList<Location> back;
        Location here;
        QList<Location> forward;
    };
    Trail trail() const { return {m_back, m_here, m_forward}; }
    void resumeTrail(const Trail &trail);
    // How the reader arranged the pages: every named splitter's sizes and
    // every named table's column widths the reader set, by object name.
    QHash<QString, QByteArray> layoutState() const;
    void restoreLayoutState(const QHash<QString, QByteArray> &state);

Q_SIGNALS:
    void settingsRequested();
    // The reader chose the local devnet over a node that cannot be reached.
    void localDevnetRequested();
    // The banner's Trust…: the trust prompt again, for the node refused.
    void trustRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void addPages(const PageRegistry &pages);
    void buildActions();
    void go(const Location &to, bool remember);
    void updateHistoryActions();
    void applyIcons();
    void updateWatchAction();

    PageModels m_models;
    ViewPreferences *m_preferences;
    AnimationClock *m_clock;
    QListWidget *m_navigation;
    QStackedWidget *m_pages;
    NetworkBanner *m_banner;
    class SearchBox *m_search;
    QMap<Location::Kind, RoutedPage *> m_routes;
    QHash<RoutedPage *, QWidget *> m_holders; // each page's scroll area in the stack
    QList<Location::Kind> m_navigationKinds;  // row → kind
    QStringList m_navigationIcons;

    Location m_here;
    QList<Location> m_back;
    QList<Location> m_forward;
    bool m_navigating = false;

    QAction *m_backAction = nullptr;
    QAction *m_forwardAction = nullptr;
    QAction *m_settingsAction = nullptr;
    QAction *m_watchAction = nullptr;
    class NotificationCenter *m_notices = nullptr;
    class BroadcastDialog *m_broadcast = nullptr;
};
