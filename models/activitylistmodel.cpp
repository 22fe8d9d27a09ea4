#include "models/activitylistmodel.h"

#include "core/client/nodeindex.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/livefeed.h"
#include "models/location.h"
#include "models/tablecolumns.h"
#include "models/thumbnailcache.h"

namespace {
// The headings, in the order of ActivityListModel::Column.
constexpr TableColumns<ActivityListModel::ColumnCount> kActivityColumns{
    "ActivityListModel",
    {QT_TRANSLATE_NOOP("ActivityListModel", "Type"),
     QT_TRANSLATE_NOOP("ActivityListModel", "Object"),
     QT_TRANSLATE_NOOP("ActivityListModel", "From"), QT_TRANSLATE_NOOP("ActivityListModel", "To"),
     QT_TRANSLATE_NOOP("ActivityListModel", "Price"),
     QT_TRANSLATE_NOOP("ActivityListModel", "Block"),
     QT_TRANSLATE_NOOP("ActivityListModel", "Time")}};
static_assert(kActivityColumns.complete(), "a heading for every column");
} // namespace

ActivityListModel::ActivityListModel(gifscan::NodeIndex *nodeIndex, QObject *parent)
    : LiveRows(parent), m_index(nodeIndex)
{
    showAgesIn(TimeColumn);
}

void ActivityListModel::setFilter(const QStringList &types, const QString &collection,
                                  std::uint64_t since)
{
    if (m_filtered && types == m_types && collection == m_collection && since == m_since)
        return;
    m_since = since;
    m_filtered = true;
    m_types = types;
    m_collection = collection;
    m_ids.clear();
    restart();
}

void ActivityListModel::setAddress(const std::optional<gifscan::Address> &address)
{
    if (m_filtered && address == m_address)
        return;
    m_filtered = true;
    m_address = address;
    m_ids.clear();
    restart();
}

void ActivityListModel::reload()
{
    m_ids.clear();
    restart();
}

void ActivityListModel::showThumbnailsFrom(ThumbnailCache *thumbnails)
{
    m_icons.setCache(thumbnails);
    connect(thumbnails, &ThumbnailCache::ready, this, [this](const QString &key) {
        for (int r = 0; r < rowCount(); ++r) {
            if (row(r).key == key) {
                const QModelIndex cell = index(r, ObjectColumn);
                Q_EMIT dataChanged(cell, cell, {Qt::DecorationRole});
            }
        }
    });
}

bool ActivityListModel::accepts(const gifscan::ActivityEntry &e) const
{
    return (m_types.isEmpty() || m_types.contains(e.type)) &&
           (m_collection.isEmpty() || m_collection == e.slug) && e.height >= m_since &&
           (!m_address || e.from == m_address || e.to == m_address);
}

void ActivityListModel::addEvent(const gifscan::ActivityEntry &entry)
{
    if (!accepts(entry) || m_ids.contains(entry.id))
        return;
    m_ids.insert(entry.id);
    queue(entry);
}

int ActivityListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : kActivityColumns.count();
}

namespace {

// Each column leads to what it names: the addresses, the block, the
// transaction (from the type), and otherwise the object.
std::optional<Location> activityTarget(const gifscan::ActivityEntry &e, int column)
{
    std::optional<Location> to;
    switch (column) {
    case ActivityListModel::FromColumn:
        if (e.from)
            to = Location::address(gifscan::toHexString(*e.from));
        break;
    case ActivityListModel::ToColumn:
        if (e.to)
            to = Location::address(gifscan::toHexString(*e.to));
        break;
    case ActivityListModel::HeightColumn:
        to = Location::block(e.height);
        break;
    case ActivityListModel::TypeColumn:
        to = Location::transaction(gifscan::toHexString(e.txHash));
        break;
    }
    // The key itself, not a search: a slug may look like hex.
    return to ? to : Location::ofObjectKey(e.key);
}

QVariant activityDisplay(const gifscan::ActivityEntry &e, int column, qint64 nowMs)
{
    switch (column) {
    case ActivityListModel::TypeColumn:
        return ChainWords::eventType(e.type);
    case ActivityListModel::ObjectColumn:
        return e.key;
    case ActivityListModel::FromColumn:
        return e.from ? DisplayFormat::shortHex(*e.from) : QString();
    case ActivityListModel::ToColumn:
        return e.to ? DisplayFormat::shortHex(*e.to) : QString();
    case ActivityListModel::PriceColumn:
        return e.price ? DisplayFormat::amount(*e.price) : QString();
    case ActivityListModel::HeightColumn:
        return DisplayFormat::height(e.height);
    case ActivityListModel::TimeColumn:
        return DisplayFormat::age(e.timestamp, nowMs);
    }
    return {};
}

QVariant activityToolTip(const gifscan::ActivityEntry &e, int column)
{
    switch (column) {
    case ActivityListModel::FromColumn:
        return e.from ? gifscan::toHexString(*e.from) : QVariant();
    case ActivityListModel::ToColumn:
        return e.to ? gifscan::toHexString(*e.to) : QVariant();
    case ActivityListModel::HeightColumn:
    case ActivityListModel::TimeColumn:
        return DisplayFormat::exactTime(e.timestamp);
    }
    return {};
}

QVariant activityExport(const gifscan::ActivityEntry &e, int column)
{
    switch (column) {
    case ActivityListModel::TypeColumn:
        return e.type;
    case ActivityListModel::ObjectColumn:
        return e.key;
    case ActivityListModel::FromColumn:
        return e.from ? gifscan::toHexString(*e.from) : QString();
    case ActivityListModel::ToColumn:
        return e.to ? gifscan::toHexString(*e.to) : QString();
    case ActivityListModel::PriceColumn:
        return e.price ? DisplayFormat::exactAmount(*e.price) : QString();
    case ActivityListModel::HeightColumn:
        return QString::number(e.height);
    case ActivityListModel::TimeColumn:
        return DisplayFormat::isoTime(e.timestamp);
    }
    return {};
}

} // namespace

QVariant ActivityListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const gifscan::ActivityEntry &e = row(index.row());
    switch (role) {
    case Location::ItemRole: {
        const std::optional<Location> to = activityTarget(e, index.column());
        return to ? QVariant::fromValue(*to) : QVariant();
    }
    case Qt::DecorationRole:
        return index.column() == ObjectColumn ? QVariant(m_icons.icon(e.key, false)) : QVariant();
    case WantThumbnailRole:
        m_icons.icon(e.key, true);
        return {};
    case Qt::DisplayRole:
        return activityDisplay(e, index.column(), wallNowMs());
    case Qt::ToolTipRole:
        return activityToolTip(e, index.column());
    case DisplayFormat::ExportRole:
        return activityExport(e, index.column());
    case EntryRole:
        return QVariant::fromValue(e);
    case KeyRole:
        return e.key;
    case TxHashRole:
        return gifscan::toHexString(e.txHash);
    }
    return {};
}

QVariant ActivityListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return kActivityColumns.headerData(*this, section, orientation, role);
}

void ActivityListModel::requestPage(const QString &cursor, int limit, QObject *context)
{
    using Entries = gifscan::Page<gifscan::ActivityEntry>;
    gifscan::NodeIndex::ActivityQuery q;
    q.types = m_types;
    q.collection = m_collection;
    if (m_since > 0)
        q.since = m_since;
    q.address = m_address;
    m_index->activity(q, cursor, limit, context, [this](const gifscan::Result<Entries> &r) {
        pageArrived<Entries>(r.error, r.ok() ? &*r.value : nullptr,
                             [this](const Entries &page) { return newRows(page); });
    });
}

void ActivityListModel::seed(const gifscan::Page<gifscan::ActivityEntry> &page)
{
    pageArrived<gifscan::Page<gifscan::ActivityEntry>>(
        {}, &page, [this](const gifscan::Page<gifscan::ActivityEntry> &p) { return newRows(p); });
}

std::vector<gifscan::ActivityEntry>
ActivityListModel::newRows(const gifscan::Page<gifscan::ActivityEntry> &page)
{
    std::vector<gifscan::ActivityEntry> rows;
    for (const auto &e : page.data) {
        if (!m_ids.contains(e.id)) {
            m_ids.insert(e.id);
            rows.push_back(e);
        }
    }
    return rows;
}

void ActivityListModel::follow(const LiveFeed &feed)
{
    connect(&feed, &LiveFeed::eventArrived, this, &ActivityListModel::addEvent);
    // The node answers again (the block lists' first page, or a head): a
    // first page that failed is asked again.
    connect(&feed, &LiveFeed::firstPageArrived, this, &ActivityListModel::retryFailedFirstPage);
    connect(&feed, &LiveFeed::headArrived, this, &ActivityListModel::retryFailedFirstPage);
}
