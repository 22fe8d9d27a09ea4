#pragma once

#include "core/client/nodeindex.h"
#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "models/collectionfilter.h"

#include <QObject>
#include <QSet>

class ObjectListModel;

// One collection as its page shows it: the trait values with their counts
// for the filter panel, and the grid's question (traits chosen, sort) handed
// to an ObjectListModel. Lives on the GUI thread.
class CollectionPageModel : public QObject
{
    Q_OBJECT
public:
    CollectionPageModel(gifscan::NodeIndex *nodeIndex, ObjectListModel *objects,
                        QObject *parent = nullptr);

    using Order = CollectionFilter::Order;

    void open(const QString &slug, const CollectionFilter &filter = {});
    // The counts again, at `height` (the collection's figures' height, so
    // the two agree); the grid keeps its rows.
    void refreshCounts(std::uint64_t height);
    const QString &slug() const { return m_slug; }
    ObjectListModel *objects() const { return m_objects; }

    // The traits' names in order, and each one's values with their counts.
    QStringList traitNames() const;
    QList<gifscan::TraitCount> values(const QString &trait) const;
    std::uint64_t items() const { return m_counts.items; }
    const gifscan::TraitCounts &counts() const { return m_counts; }
    // With a filter on and every object it leaves loaded: how many of them
    // have each value of the traits no value is chosen from (a chosen
    // trait's values are alternatives, counted in the whole collection);
    // none otherwise. As marketplaces narrow their facets.
    std::optional<gifscan::TraitCounts> narrowedCounts(QSet<QString> *narrowed) const;
    // The collection's own record, asked with the counts at the same height;
    // none from a node without GraphQL (the list of collections has it).
    const std::optional<gifscan::Collection> &collection() const { return m_collection; }

    // The grid's question: asked again when it changes.
    void setFilter(const CollectionFilter &filter);
    const CollectionFilter &filter() const { return m_filter; }
    bool filtered() const { return m_filter.narrows(); }
    // How many objects answer the grid's question: the collection's items
    // with no filter, the sum of the chosen values' counts with values of one
    // trait only; otherwise (the node counts no intersections, nor
    // listings), known once the grid has paged to its end.
    std::optional<std::uint64_t> matching() const;

Q_SIGNALS:
    void traitsLoaded();
    void figuresLoaded(); // collection() is new
    void loadFailed(const QString &message);

private:
    void ask();
    void askCounts(std::optional<std::uint64_t> height);

    gifscan::NodeIndex *m_index;
    ObjectListModel *m_objects;
    QString m_slug;
    gifscan::TraitCounts m_counts;
    std::optional<gifscan::Collection> m_collection;
    CollectionFilter m_filter;
    gifscan::RequestScope m_scope;       // one collection at a time
    gifscan::RequestScope m_countsScope; // the latest counts asked for
    std::uint64_t m_countsHeight = 0;
    bool m_countsLoaded = false;
};
