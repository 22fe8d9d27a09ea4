#include "models/collectionlistmodel.h"

#include "core/client/nodeindex.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/livefeed.h"
#include "models/location.h"
#include "models/tablecolumns.h"
#include "models/thumbnailcache.h"

#include <QImage>

namespace {
// The headings, in the order of CollectionListModel::Column.
constexpr TableColumns<CollectionListModel::ColumnCount> kCollectionColumns{
    "CollectionListModel",
    {QT_TRANSLATE_NOOP("CollectionListModel", "Name"),
     QT_TRANSLATE_NOOP("CollectionListModel", "Slug"),
     QT_TRANSLATE_NOOP("CollectionListModel", "Category"),
     QT_TRANSLATE_NOOP("CollectionListModel", "Items"),
     QT_TRANSLATE_NOOP("CollectionListModel", "Owners"),
     QT_TRANSLATE_NOOP("CollectionListModel", "Listed"),
     QT_TRANSLATE_NOOP("CollectionListModel", "Floor"),
     QT_TRANSLATE_NOOP("CollectionListModel", "24h volume")}};
static_assert(kCollectionColumns.complete(), "a heading for every column");
} // namespace

CollectionListModel::CollectionListModel(gifscan::NodeIndex *nodeIndex, QObject *parent)
    : QAbstractTableModel(parent), m_index(nodeIndex)
{
    m_refresh.setInterval(250);
    m_refresh.setSingleShot(true);
    connect(&m_refresh, &QTimer::timeout, this, [this] { fetch(false); });
}

void CollectionListModel::setCategory(const QString &category)
{
    if (category == m_category)
        return;
    m_category = category;
    reload();
}

void CollectionListModel::setSort(const QString &sort)
{
    if (sort == m_sort)
        return;
    m_sort = sort;
    reload();
}

void CollectionListModel::reload()
{
    m_scope.renew(); // a walk under way for the old question stops unheard
    m_inFlight = false;
    fetch(true);
}

void CollectionListModel::blockArrived()
{
    if (!m_refresh.isActive())
        m_refresh.start();
}

void CollectionListModel::fetch(bool replace)
{
    if (m_inFlight) {
        m_again = true;
        return;
    }
    m_inFlight = true;
    QObject *context = m_scope.context();
    auto all = std::make_shared<QList<gifscan::Collection>>();
    auto height = std::make_shared<std::uint64_t>(0);
    m_index->walk<gifscan::Collection>(
        [this, context](const QString &cursor,
                        gifscan::NodeIndex::Done<gifscan::Page<gifscan::Collection>> next) {
            // Asked only from a callback of this walk's, whose context still lives.
            m_index->collections(m_category, m_sort, cursor, 100, context, next);
        },
        [all, height](const gifscan::Page<gifscan::Collection> &page) {
            *height = page.height;
            *all += page.data;
            return true;
        },
        [this, all, height, replace](const gifscan::ClientError &e) {
            m_inFlight = false;
            m_failed = !e.ok();
            if (!e.ok())
                Q_EMIT loadFailed(ChainWords::clientError(e));
            else
                apply(*all, replace, *height);
            if (m_again) {
                m_again = false;
                fetch(false);
            }
        });
}

void CollectionListModel::apply(const QList<gifscan::Collection> &fresh, bool replace,
                                std::uint64_t height)
{
    if (replace) {
        beginResetModel();
        m_rows = fresh;
        endResetModel();
        Q_EMIT refreshed(height);
        return;
    }
    QList<gifscan::Collection> added;
    for (const auto &c : fresh) {
        const int row = rowOf(c.slug);
        if (row < 0) {
            added.append(c);
            continue;
        }
        gifscan::Collection &old = m_rows[row];
        const bool changed = old.items != c.items || old.owners != c.owners ||
                             old.listed != c.listed || old.floorPrice != c.floorPrice ||
                             old.volume24h != c.volume24h || old.volumeTotal != c.volumeTotal ||
                             old.sales24h != c.sales24h;
        if (changed) {
            old = c;
            Q_EMIT dataChanged(index(row, ItemsColumn), index(row, VolumeColumn));
        }
    }
    if (!added.isEmpty()) {
        beginInsertRows({}, static_cast<int>(m_rows.size()),
                        static_cast<int>(m_rows.size() + added.size()) - 1);
        m_rows += added;
        endInsertRows();
    }
    Q_EMIT refreshed(height);
}

QStringList CollectionListModel::slugs() const
{
    QStringList out;
    for (const gifscan::Collection &c : m_rows)
        out.append(c.slug);
    out.sort();
    return out;
}

QHash<QString, QString> CollectionListModel::namesBySlug() const
{
    QHash<QString, QString> out;
    for (const gifscan::Collection &c : m_rows)
        out.insert(c.slug, c.name);
    return out;
}

QStringList CollectionListModel::slugsNamed(const QString &name) const
{
    QStringList out;
    for (const gifscan::Collection &c : m_rows) {
        if (c.name.compare(name.trimmed(), Qt::CaseInsensitive) == 0)
            out.append(c.slug);
    }
    out.sort();
    return out;
}

int CollectionListModel::rowOf(const QString &slug) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].slug == slug)
            return static_cast<int>(i);
    }
    return -1;
}

int CollectionListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CollectionListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : kCollectionColumns.count();
}

namespace {

using gifscan::Collection;

QVariant count(std::uint64_t n)
{
    return QLocale().toString(static_cast<qulonglong>(n));
}

// An amount as a text that sorts as its number: 78 digits hold any 256-bit value.
QVariant sortableAmount(const gifscan::Amount &a)
{
    return QString::fromStdString(a.str()).rightJustified(78, u'0');
}

// Each column's three values, as a person reads it, as it sorts, and as an
// export writes it exactly: one row per column (qBittorrent's
// TransferListModel does the same), in the order of CollectionListModel::Column.
struct ColumnValues
{
    QVariant (*display)(const Collection &);
    QVariant (*sortKey)(const Collection &);
    QVariant (*exact)(const Collection &);
};

const ColumnValues kColumnValues[] = {
    {[](const Collection &c) -> QVariant { return c.name; },
     [](const Collection &c) -> QVariant { return c.name; },
     [](const Collection &c) -> QVariant { return c.name; }},
    {[](const Collection &c) -> QVariant { return c.slug; },
     [](const Collection &c) -> QVariant { return c.slug; },
     [](const Collection &c) -> QVariant { return c.slug; }},
    {[](const Collection &c) -> QVariant { return ChainWords::category(c.category); },
     [](const Collection &c) -> QVariant { return c.category; },
     [](const Collection &c) -> QVariant { return c.category; }},
    {[](const Collection &c) { return count(c.items); },
     [](const Collection &c) -> QVariant { return static_cast<qulonglong>(c.items); },
     [](const Collection &c) -> QVariant { return QString::number(c.items); }},
    {[](const Collection &c) { return count(c.owners); },
     [](const Collection &c) -> QVariant { return static_cast<qulonglong>(c.owners); },
     [](const Collection &c) -> QVariant { return QString::number(c.owners); }},
    {[](const Collection &c) { return count(c.listed); },
     [](const Collection &c) -> QVariant { return static_cast<qulonglong>(c.listed); },
     [](const Collection &c) -> QVariant { return QString::number(c.listed); }},
    {[](const Collection &c) -> QVariant {
         return c.floorPrice ? DisplayFormat::amount(*c.floorPrice) : CollectionListModel::tr("—");
     },
     [](const Collection &c) -> QVariant {
         return c.floorPrice ? sortableAmount(*c.floorPrice) : QVariant(QString());
     },
     [](const Collection &c) -> QVariant {
         return c.floorPrice ? DisplayFormat::exactAmount(*c.floorPrice) : QString();
     }},
    {[](const Collection &c) -> QVariant { return DisplayFormat::amount(c.volume24h); },
     [](const Collection &c) { return sortableAmount(c.volume24h); },
     [](const Collection &c) -> QVariant { return DisplayFormat::exactAmount(c.volume24h); }},
};
static_assert(std::size(kColumnValues) == CollectionListModel::ColumnCount,
              "values for every column");

} // namespace

QVariant CollectionListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Collection &c = m_rows[index.row()];
    const ColumnValues &column = kColumnValues[index.column()];
    switch (role) {
    case Qt::DisplayRole:
        return column.display(c);
    case SortKeyRole: // numbers sort as numbers in a proxy, amounts exactly
        return column.sortKey(c);
    case DisplayFormat::ExportRole:
        return column.exact(c);
    case Qt::ToolTipRole:
        if (index.column() != NameColumn)
            return {};
        return tr("%1 — created by %2 at height %3")
            .arg(c.slug, gifscan::toHexString(c.creator))
            .arg(c.createdAt);
    case Qt::TextAlignmentRole:
        return index.column() >= ItemsColumn
                   ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case Qt::DecorationRole: {
        if (index.column() != NameColumn || !m_icons.cache())
            return {};
        // A blank of the same size until the picture comes (or for a
        // collection with none): the names stay in one column.
        static const QImage blank = [] {
            QImage image(24, 24, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::transparent);
            return image;
        }();
        const QVariant cover = m_icons.icon(m_covers.value(c.slug), false);
        return cover.isValid() ? cover : QVariant(blank);
    }
    case WantThumbnailRole:
        if (index.column() == NameColumn && m_icons.cache())
            askCover(c.slug);
        return {};
    case Location::ItemRole:
        return QVariant::fromValue(Location::collection(c.slug));
    case SlugRole:
        return c.slug;
    case CollectionRole:
        return QVariant::fromValue(c);
    }
    return {};
}

QVariant CollectionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return kCollectionColumns.headerData(*this, section, orientation, role);
}

void CollectionListModel::follow(const LiveFeed &feed)
{
    connect(&feed, &LiveFeed::headArrived, this, [this] { blockArrived(); });
    // The node answering again (a start while it was away): the list that
    // failed is filled now, not a block time later with the first head.
    connect(&feed, &LiveFeed::firstPageArrived, this, [this] {
        if (m_failed)
            fetch(m_rows.isEmpty());
    });
}

void CollectionListModel::showThumbnailsFrom(ThumbnailCache *thumbnails)
{
    m_icons.setCache(thumbnails);
    connect(thumbnails, &ThumbnailCache::ready, this, [this](const QString &key) {
        const QString slug = key.section(u'#', 0, 0);
        if (m_covers.value(slug) != key)
            return;
        if (const int r = rowOf(slug); r >= 0)
            Q_EMIT dataChanged(index(r, NameColumn), index(r, NameColumn), {Qt::DecorationRole});
    });
}

// Once a collection: its first object by id, then that object's picture.
void CollectionListModel::askCover(const QString &slug) const
{
    if (const auto known = m_covers.constFind(slug); known != m_covers.constEnd()) {
        if (!known->isEmpty())
            m_icons.icon(*known, true);
        return;
    }
    m_covers.insert(slug, QString());
    gifscan::NodeIndex::ObjectQuery query;
    query.collection = slug;
    query.sort = QStringLiteral("id");
    auto *self = const_cast<CollectionListModel *>(this);
    m_index->objects(query, QString(), 1, self,
                     [self, slug](const gifscan::Result<gifscan::Page<gifscan::ObjectRecord>> &r) {
                         // Not known (a blip, or no object yet): asked again
                         // at the next paint.
                         if (!r.ok() || r.value->data.isEmpty()) {
                             self->m_covers.remove(slug);
                             return;
                         }
                         const QString key = r.value->data.first().key;
                         self->m_covers.insert(slug, key);
                         // Already decoded (by a page that showed it): no
                         // `ready` will come, so the row is told now.
                         if (self->m_icons.icon(key, true).isValid()) {
                             if (const int row = self->rowOf(slug); row >= 0)
                                 Q_EMIT self->dataChanged(self->index(row, NameColumn),
                                                          self->index(row, NameColumn),
                                                          {Qt::DecorationRole});
                         }
                     });
}
