#pragma once

#include "views/routedpage.h"

struct PageContext;
class CollectionListModel;
class CollectionAnalytics;
class CollectionPageModel;
class ObjectGridView;
class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class TraitFilterPanel;
struct CollectionFilter;

// One collection: its figures, a trait filter panel with counts per value,
// the sort either way, a price range, and the grid of animated objects. The
// filter is kept in the page's location (Location::filter). Lives on the
// GUI thread.
class CollectionPage : public RoutedPage
{
    Q_OBJECT
public:
    // With `analytics`, a tab beside the grid shows the collection's market
    // and holders.
    CollectionPage(CollectionPageModel *model, CollectionListModel *collections,
                   CollectionAnalytics *analytics, const PageContext &context,
                   QWidget *parent = nullptr);

    void open(const Location &where) override;
    QString refusal(const Location &where) const override;
    ObjectGridView *grid() const { return m_grid; }
    class QTabWidget *tabs() const { return m_tabs; }
    class CollectionAnalyticsView *analytics() const { return m_analytics; }
    // The filter panel's list of a trait's values, for keyboard users and tests.
    QListWidget *traitFilter(const QString &trait) const;
    QComboBox *sortBox() const { return m_sort; }
    QComboBox *directionBox() const { return m_direction; }
    QCheckBox *listedOnlyBox() const { return m_listedOnly; }
    QLineEdit *minPriceBox() const { return m_minPrice; }
    QLineEdit *maxPriceBox() const { return m_maxPrice; }
    // How many objects the grid's question has, as the page says it.
    QString countText() const;

private:
    QHBoxLayout *filterRow();
    void nameDirections();
    // A price box's own tooltip (a wrong price puts the reason there instead).
    QString priceTip(const QLineEdit *box) const;
    void showFigures();
    void showTraits();
    void showFilter(const CollectionFilter &filter);
    void applyFilter();
    void showCount();

    CollectionPageModel *m_model;
    CollectionListModel *m_collections;
    QLabel *m_title;
    class CopyButton *m_copy; // the slug, or the page as a link
    QLabel *m_figures;
    QLabel *m_count;
    QString m_shownSlug; // the collection the controls were built for
    QComboBox *m_sort;
    QComboBox *m_direction; // the order's way, or its other way round
    QCheckBox *m_listedOnly;
    QLineEdit *m_minPrice;
    QLineEdit *m_maxPrice;
    TraitFilterPanel *m_traits;
    ObjectGridView *m_grid;
    QTabWidget *m_tabs;                             // the grid, and the analytics beside it
    CollectionAnalyticsView *m_analytics = nullptr; // none without a model for it
};
