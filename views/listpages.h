#pragma once

class ExplorerSession;
class QWidget;
class RoutedPage;
class TablePage;

// The window's list pages (Live, Blocks, Collections, Activity), built over
// the session's models; a row activated leads where its cell says. Called on
// the GUI thread.
class ListPages
{
public:
    static RoutedPage *live(ExplorerSession &session, QWidget *parent);
    static RoutedPage *blocks(ExplorerSession &session, QWidget *parent);
    static RoutedPage *collections(ExplorerSession &session, QWidget *parent);
    static RoutedPage *activity(ExplorerSession &session, QWidget *parent);
    // An activity table's Object column with each row's picture, fetched as
    // the row is painted.
    static void showThumbnails(TablePage *activity);

private:
    static RoutedPage *routed(TablePage *table);
};
