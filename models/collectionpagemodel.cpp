#include "models/collectionpagemodel.h"

#include "models/chainwords.h"
#include "models/objectlistmodel.h"

CollectionPageModel::CollectionPageModel(gifscan::NodeIndex *rest, ObjectListModel *objects,
                                         QObject *parent)
    : QObject(parent), m_rest(rest), m_objects(objects)
{
}

void CollectionPageModel::open(const QString &slug)
{
    QObject *context = m_scope.renew();
    m_slug = slug;
    m_counts = {};
    m_traits.clear();
    ask();
    m_rest->traitCounts(slug, context, [this](const gifscan::Result<gifscan::TraitCounts> &r) {
        if (!r.ok()) {
            Q_EMIT loadFailed(r.error.isNotFound()
                                  ? tr("There is no collection \"%1\".").arg(m_slug)
                                  : ChainWords::clientError(r.error));
            return;
        }
        m_counts = *r.value;
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
    if (m_traits.isEmpty() && m_counts.items > 0)
        return m_counts.items;
    if (m_traits.size() == 1) {
        for (const auto &v : m_counts.values) {
            if (v.trait == m_traits.first())
                return v.count;
        }
    }
    if (!m_objects->canFetchMore({}))
        return static_cast<std::uint64_t>(m_objects->rowCount());
    return std::nullopt;
}

void CollectionPageModel::setTraitFilter(const QList<gifscan::Trait> &traits)
{
    if (traits == m_traits)
        return;
    m_traits = traits;
    ask();
}

void CollectionPageModel::setSortByRarity(bool byRarity)
{
    if (byRarity == m_byRarity)
        return;
    m_byRarity = byRarity;
    ask();
}

void CollectionPageModel::ask()
{
    gifscan::NodeIndex::ObjectQuery q;
    q.collection = m_slug;
    q.traits = m_traits;
    q.sort = m_byRarity ? QStringLiteral("rarity") : QStringLiteral("id");
    m_objects->setQuery(q);
    m_objects->fetchMore({});
}
