#pragma once

struct PageModels;
class QWidget;
class RoutedPage;
class TablePage;

// The window's list pages (Live, Blocks, Collections, Activity), built over
// their models; a row activated leads where its cell says. Called on
// the GUI thread.
class ListPages
{
public:
    static RoutedPage *live(const PageModels &models, QWidget *parent);
    static RoutedPage *blocks(const PageModels &models, QWidget *parent);
    static RoutedPage *collections(const PageModels &models, QWidget *parent);
    static RoutedPage *activity(const PageModels &models, QWidget *parent);
    // An activity table's Object column with each row's picture, fetched as
    // the row is painted.
    static void showThumbnails(TablePage *activity);

private:
    static RoutedPage *routed(TablePage *table);
};
