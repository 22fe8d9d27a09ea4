#include "models/collectionpagemodel.h"

#include "models/chainwords.h"
#include "models/objectlistmodel.h"

CollectionPageModel::CollectionPageModel(gifscan::NodeIndex *nodeIndex, ObjectListModel *objects,
                                         QObject *parent)
    : QObject(parent), m_index(nodeIndex), m_objects(objects)
{
}

void CollectionPageModel::open(const QString &slug, const CollectionFilter &filter)
{
    m_scope.renew();
    m_slug = slug;
    m_filter = filter;
    m_counts = {};
    m_collection.reset();
    m_countsHeight = 0;
    m_countsLoaded = false;
    ask();
    askCounts(std::nullopt);
}

void CollectionPageModel::refreshCounts(std::uint64_t height)
{
    // Not before the first counts came: a refresh would take their place
    // (and with it the word that there is no such collection).
    if (m_slug.isEmpty() || !m_countsLoaded || height <= m_countsHeight)
        return;
    askCounts(height);
}

void CollectionPageModel::askCounts(std::optional<std::uint64_t> height)
{
    // A newer question replaces one still out: only the latest counts matter.
    QObject *context = m_countsScope.renew();
    if (height)
        m_countsHeight = *height;
    // The header's record and the trait panel's counts: one request where
    // the node has GraphQL.
    m_index->collectionPage(
        m_slug, height, context,
        [this, height](const gifscan::Result<gifscan::CollectionPageRecords> &r) {
            if (!r.ok()) {
                if (!height) // a refresh that fails keeps the counts shown
                    Q_EMIT loadFailed(r.error.isNotFound()
                                          ? tr("There is no collection \"%1\".").arg(m_slug)
                                          : ChainWords::clientError(r.error));
                return;
            }
            const gifscan::TraitCounts &counts = r.value->traitCounts;
            // A node now asked over REST has no record: the list's row again.
            m_collection = r.value->collection;
            if (height && counts.items == m_counts.items && counts.values == m_counts.values) {
                Q_EMIT figuresLoaded();
                return; // nothing moved: the panel stays as it is
            }
            m_counts = counts;
            m_countsLoaded = true;
            Q_EMIT figuresLoaded();
            Q_EMIT traitsLoaded();
        });
}

QStringList CollectionPageModel::traitNames() const
{
    QStringList names;
    for (const auto &v : m_counts.values) {
        if (names.isEmpty() || names.last() != v.trait.trait)
            names.append(v.trait.trait);
    }
    return names;
}

QList<gifscan::TraitCount> CollectionPageModel::values(const QString &trait) const
{
    QList<gifscan::TraitCount> out;
    for (const auto &v : m_counts.values) {
        if (v.trait.trait == trait)
            out.append(v);
    }
    return out;
}

std::optional<std::uint64_t> CollectionPageModel::matching() const
{
    const CollectionFilter &f = m_filter;
    const bool oneTrait =
        !f.traits.isEmpty() && std::all_of(f.traits.begin(), f.traits.end(), [&](const auto &t) {
            return t.trait == f.traits.first().trait;
        });
    if (f.listedOnly || f.minPrice || f.maxPrice) {
        // Counted only by paging to the end.
    } else if (f.traits.isEmpty() && m_counts.items > 0) {
        return m_counts.items;
    } else if (oneTrait && m_countsLoaded) {
        // Values of one trait exclude each other: their counts add up, when
        // the counts have every value chosen.
        std::uint64_t sum = 0;
        qsizetype found = 0;
        for (const auto &v : m_counts.values) {
            if (f.traits.contains(v.trait)) {
                sum += v.count;
                ++found;
            }
        }
        if (found == f.traits.size())
            return sum;
    }
    if (!m_objects->canFetchMore({}))
        return static_cast<std::uint64_t>(m_objects->rowCount());
    return std::nullopt;
}

std::optional<gifscan::TraitCounts>
CollectionPageModel::narrowedCounts(QSet<QString> *narrowed) const
{
    if (!filtered() || m_objects->canFetchMore({}) || !m_countsLoaded)
        return std::nullopt;
    QSet<QString> chosen;
    for (const gifscan::Trait &t : m_filter.traits)
        chosen.insert(t.trait);
    QHash<QPair<QString, QString>, std::uint64_t> among;
    for (int r = 0; r < m_objects->rowCount(); ++r) {
        for (const gifscan::Trait &t : m_objects->object(r).traits)
            ++among[{t.trait, t.value}];
    }
    gifscan::TraitCounts out = m_counts;
    out.items = static_cast<std::uint64_t>(m_objects->rowCount());
    narrowed->clear();
    for (gifscan::TraitCount &v : out.values) {
        if (chosen.contains(v.trait.trait))
            continue;
        v.count = among.value({v.trait.trait, v.trait.value});
        narrowed->insert(v.trait.trait);
    }
    return out;
}

void CollectionPageModel::setFilter(const CollectionFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    ask();
}

void CollectionPageModel::ask()
{
    m_objects->setQuery(m_filter.query(m_slug));
    m_objects->fetchMore({});
}
