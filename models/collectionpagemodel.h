#pragma once

#include "core/nodeindex.h"
#include "core/records.h"
#include "core/requestscope.h"

#include <QObject>

class ObjectListModel;

// One collection as its page shows it: the trait values with their counts
// for the filter panel, and the grid's question (traits chosen, sort) handed
// to an ObjectListModel. Lives on the GUI thread.
class CollectionPageModel : public QObject
{
    Q_OBJECT
public:
    CollectionPageModel(gifscan::NodeIndex *rest, ObjectListModel *objects,
                        QObject *parent = nullptr);

    void open(const QString &slug);
    const QString &slug() const { return m_slug; }
    ObjectListModel *objects() const { return m_objects; }

    // The traits' names in order, and each one's values with their counts.
    QStringList traitNames() const;
    QList<gifscan::TraitCount> values(const QString &trait) const;
    std::uint64_t items() const { return m_counts.items; }

    // One value per trait at most (values of one trait exclude each other).
    void setTraitFilter(const QList<gifscan::Trait> &traits);
    void setSortByRarity(bool byRarity);
    bool sortByRarity() const { return m_byRarity; }
    bool filtered() const { return !m_traits.isEmpty(); }
    // How many objects answer the grid's question: the collection's items
    // with no trait chosen, that value's count with one; with more (the node
    // counts no intersections), known once the grid has paged to its end.
    std::optional<std::uint64_t> matching() const;

Q_SIGNALS:
    void traitsLoaded();
    void loadFailed(const QString &message);

private:
    void ask();

    gifscan::NodeIndex *m_rest;
    ObjectListModel *m_objects;
    QString m_slug;
    gifscan::TraitCounts m_counts;
    QList<gifscan::Trait> m_traits;
    bool m_byRarity = false;
    gifscan::RequestScope m_scope; // one collection at a time
};
