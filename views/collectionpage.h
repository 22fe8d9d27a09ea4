#pragma once

#include "views/routedpage.h"

struct PageContext;
class CollectionListModel;
class CollectionPageModel;
class ObjectGridView;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;

// One collection: its figures, a trait filter panel with counts per value,
// the sort, and the grid of animated objects. Lives on the GUI thread.
class CollectionPage : public RoutedPage
{
    Q_OBJECT
public:
    CollectionPage(CollectionPageModel *model, CollectionListModel *collections,
                   const PageContext &context, QWidget *parent = nullptr);

    void open(const Location &where) override;
    QString refusal(const Location &where) const override;
    std::optional<Watchable> watchable(const Location &where) const override;
    ObjectGridView *grid() const { return m_grid; }
    // The filter panel's combo for a trait, for keyboard users and tests.
    QComboBox *traitFilter(const QString &trait) const;
    QComboBox *sortBox() const { return m_sort; }
    QCheckBox *listedOnlyBox() const { return m_listedOnly; }
    // How many objects the grid's question has, as the page says it.
    QString countText() const;

private:
    void showFigures();
    void showTraits();
    void clearTraits();
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
    QCheckBox *m_listedOnly;
    QWidget *m_traitPanel;
    QFormLayout *m_traitForm;
    ObjectGridView *m_grid;
    QList<QComboBox *> m_traitBoxes;
};
