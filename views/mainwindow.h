#pragma once

#include <QMainWindow>

class ActivityListModel;
class BlockListModel;
class CollectionListModel;
class NetworkStatusModel;
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
    };

    explicit MainWindow(const Models &models, QWidget *parent = nullptr);

    enum Page { LivePage, BlocksPage, CollectionsPage, ActivityPage };
    void showPage(Page page);
    Page currentPage() const;

private:
    QListWidget *m_navigation;
    QStackedWidget *m_pages;
};
