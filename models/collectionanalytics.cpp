#include "models/collectionanalytics.h"

#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/location.h"

#include <QHash>
#include <algorithm>
#include <map>

struct CollectionAnalytics::Reading
{
    QString slug;
    Range range;
    std::uint64_t height = 0;
    std::uint64_t headTime = 0; // the block at `height`
    std::uint64_t items = 0;
    std::map<gifscan::Address, int> owners;
    QHash<QString, gifscan::Amount> listedNow; // key -> price, at `height`
    QList<gifscan::ActivityEntry> events;      // newest first, at or below `height`
    bool truncated = false;
};

namespace {
constexpr int kPage = 100;
constexpr int kBuckets = 24;
constexpr std::uint64_t kBlockSeconds = 5;
} // namespace

CollectionAnalytics::CollectionAnalytics(gifscan::NodeIndex *index, QObject *parent)
    : QAbstractTableModel(parent), m_index(index)
{
}

std::uint64_t CollectionAnalytics::blocksOf(Range range)
{
    switch (range) {
    case Range::Day:
        return 17280;
    case Range::Week:
        return 7 * 17280;
    case Range::Month:
        return 30 * 17280;
    case Range::All:
        break;
    }
    return 0;
}

void CollectionAnalytics::load(const QString &slug, Range range)
{
    if (slug.isEmpty())
        return;
    m_scope.renew();
    if (slug != m_figuresSlug && m_height) {
        // Another collection's figures are never shown beside this one's name.
        beginResetModel();
        m_height.reset();
        m_holders.clear();
        m_floor.clear();
        m_volume.clear();
        m_figuresSlug.clear();
        endResetModel();
    }
    m_slug = slug;
    m_range = range;
    m_loading = true;
    auto r = std::make_shared<Reading>();
    r->slug = slug;
    r->range = range;
    askObjects(r, {}, 0);
}

// Every object of the collection, at the first page's height.
void CollectionAnalytics::askObjects(std::shared_ptr<Reading> r, const QString &cursor, int page)
{
    gifscan::NodeIndex::ObjectQuery q;
    q.collection = r->slug;
    m_index->objects(
        q, cursor, kPage, m_scope.context(),
        [this, r, page](const gifscan::Result<gifscan::Page<gifscan::ObjectRecord>> &got) {
            if (!got.ok()) {
                m_loading = false;
                Q_EMIT loadFailed(ChainWords::clientError(got.error));
                return;
            }
            if (page == 0)
                r->height = got.value->height ? got.value->height : got.height;
            for (const gifscan::ObjectRecord &o : got.value->data) {
                ++r->items;
                // A listed object is held by the escrow for its seller,
                // who is its holder to a collector.
                ++r->owners[o.listing ? o.listing->seller : o.owner];
                if (o.listing)
                    r->listedNow.insert(o.key, o.listing->price);
            }
            if (!got.value->cursor.isEmpty() && page + 1 < kMaxObjectPages)
                return askObjects(r, got.value->cursor, page + 1);
            r->truncated = !got.value->cursor.isEmpty();
            // The head's time, which the range's buckets count back from.
            m_index->block(r->height, m_scope.context(),
                           [this, r](const gifscan::Result<gifscan::Block> &block) {
                               if (block.ok())
                                   r->headTime = block.value->header.timestamp;
                               askActivity(r, {}, 0);
                           });
        });
}

// The range's list, delist and sale events, newest first; those above the
// objects' height (blocks come in between) are left out.
void CollectionAnalytics::askActivity(std::shared_ptr<Reading> r, const QString &cursor, int page)
{
    gifscan::NodeIndex::ActivityQuery q;
    q.collection = r->slug;
    q.types = {QStringLiteral("list"), QStringLiteral("delist"), QStringLiteral("sale")};
    const std::uint64_t blocks = blocksOf(r->range);
    q.since = blocks && r->height > blocks ? r->height - blocks : 0;
    m_index->activity(
        q, cursor, kPage, m_scope.context(),
        [this, r, page](const gifscan::Result<gifscan::Page<gifscan::ActivityEntry>> &got) {
            if (!got.ok()) {
                m_loading = false;
                Q_EMIT loadFailed(ChainWords::clientError(got.error));
                return;
            }
            for (const gifscan::ActivityEntry &e : got.value->data) {
                if (e.height <= r->height)
                    r->events.append(e);
            }
            if (!got.value->cursor.isEmpty() && page + 1 < kMaxActivityPages)
                return askActivity(r, got.value->cursor, page + 1);
            r->truncated = r->truncated || !got.value->cursor.isEmpty();
            finish(*r);
        });
}

QList<CollectionAnalytics::Point>
CollectionAnalytics::floorSeries(const QHash<QString, gifscan::Amount> &listedNow,
                                 const QList<gifscan::ActivityEntry> &newestFirst,
                                 std::uint64_t startTime)
{
    // Back from now to the range's start: what was listed then, and at what.
    QHash<QString, std::optional<gifscan::Amount>> listed;
    for (auto it = listedNow.begin(); it != listedNow.end(); ++it)
        listed.insert(it.key(), it.value());
    for (const gifscan::ActivityEntry &e : newestFirst) {
        if (e.type == QLatin1String("list"))
            listed.remove(e.key); // not listed before it
        else if (e.type == QLatin1String("sale"))
            listed.insert(e.key, e.price); // listed at its price until sold
        else if (e.type == QLatin1String("delist"))
            listed.insert(e.key, std::nullopt); // listed before, at a price not in the range
    }
    auto floorOf = [&listed] {
        std::optional<gifscan::Amount> low;
        for (const auto &price : listed) {
            if (price && (!low || *price < *low))
                low = price;
        }
        return low;
    };
    QList<Point> out{{startTime, floorOf()}};
    for (auto e = newestFirst.rbegin(); e != newestFirst.rend(); ++e) {
        if (e->type == QLatin1String("list"))
            listed.insert(e->key, e->price);
        else
            listed.remove(e->key);
        out.append({e->timestamp, floorOf()});
    }
    return out;
}

QList<CollectionAnalytics::Point>
CollectionAnalytics::volumeSeries(const QList<gifscan::ActivityEntry> &events, std::uint64_t from,
                                  std::uint64_t to, int buckets)
{
    QList<Point> out;
    if (to <= from || buckets <= 0)
        return out;
    const std::uint64_t width = std::max<std::uint64_t>(1, (to - from + buckets - 1) / buckets);
    for (int b = 0; b < buckets; ++b)
        out.append({from + static_cast<std::uint64_t>(b) * width, gifscan::Amount(0)});
    for (const gifscan::ActivityEntry &e : events) {
        if (e.type != QLatin1String("sale") || !e.price || e.timestamp < from)
            continue;
        const auto b = std::min<std::uint64_t>((e.timestamp - from) / width,
                                               static_cast<std::uint64_t>(buckets - 1));
        Point &p = out[static_cast<qsizetype>(b)];
        p.value = *p.value + *e.price;
    }
    return out;
}

void CollectionAnalytics::finish(const Reading &r)
{
    beginResetModel();
    m_loading = false;
    m_height = r.height;
    m_figuresSlug = r.slug;
    m_items = r.items;
    m_truncated = r.truncated;
    const std::uint64_t blocks = blocksOf(r.range);
    m_since = blocks && r.height > blocks ? r.height - blocks : 0;
    m_holders.clear();
    for (const auto &[address, count] : r.owners)
        m_holders.append({address, count});
    std::stable_sort(m_holders.begin(), m_holders.end(),
                     [](const Holder &a, const Holder &b) { return a.objects > b.objects; });
    // The range's start in time: its first block's, counted back from the head's.
    const std::uint64_t oldest = r.events.isEmpty() ? r.headTime : r.events.last().timestamp;
    const std::uint64_t start =
        blocks ? r.headTime - std::min(r.headTime, (r.height - m_since) * kBlockSeconds) : oldest;
    m_floor = floorSeries(r.listedNow, r.events, std::min(start, oldest));
    m_floor.append({r.headTime, m_floor.last().value}); // held until now
    m_volume = volumeSeries(r.events, std::min(start, oldest), r.headTime + 1, kBuckets);
    m_sales = 0;
    m_volumeTotal = 0;
    for (const gifscan::ActivityEntry &e : r.events) {
        if (e.type == QLatin1String("sale") && e.price) {
            ++m_sales;
            m_volumeTotal = m_volumeTotal + *e.price;
        }
    }
    endResetModel();
    Q_EMIT loaded();
}

std::optional<gifscan::Amount> CollectionAnalytics::floorNow() const
{
    return m_floor.isEmpty() ? std::nullopt : m_floor.last().value;
}

std::array<int, 4> CollectionAnalytics::spread() const
{
    std::array<int, 4> out{};
    for (const Holder &h : m_holders)
        ++out[h.objects == 1 ? 0 : h.objects <= 5 ? 1 : h.objects <= 20 ? 2 : 3];
    return out;
}

int CollectionAnalytics::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_holders.size());
}

int CollectionAnalytics::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CollectionAnalytics::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Holder &h = m_holders[index.row()];
    const QString address = gifscan::toHexString(h.address);
    const double share = m_items ? 100.0 * h.objects / static_cast<double>(m_items) : 0.0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn:
            return index.row() + 1;
        case HolderColumn:
            return DisplayFormat::shortHex(h.address);
        case ObjectsColumn:
            return h.objects;
        case ShareColumn:
            return QStringLiteral("%1%").arg(QLocale().toString(share, 'f', 1));
        }
        return {};
    case Qt::ToolTipRole:
        return index.column() == HolderColumn ? QVariant(address) : QVariant();
    case DisplayFormat::ExportRole:
        return index.column() == HolderColumn  ? QVariant(address)
               : index.column() == ShareColumn ? QVariant(share)
                                               : data(index, Qt::DisplayRole);
    case Location::ItemRole:
        return QVariant::fromValue(Location::address(address));
    case Qt::TextAlignmentRole:
        return index.column() == HolderColumn ? QVariant()
                                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant CollectionAnalytics::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("#");
    case HolderColumn:
        return tr("Holder");
    case ObjectsColumn:
        return tr("Objects");
    case ShareColumn:
        return tr("Share");
    }
    return {};
}
