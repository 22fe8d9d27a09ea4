#include "models/objectlistmodel.h"

#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/location.h"

ObjectListModel::ObjectListModel(gifscan::NodeIndex *nodeIndex, ThumbnailCache *thumbnails,
                                 QObject *parent)
    : QAbstractListModel(parent), m_index(nodeIndex), m_thumbnails(thumbnails)
{
    connect(thumbnails, &ThumbnailCache::ready, this, [this](const QString &key) {
        const int row = m_rowOfKey.value(key, -1);
        if (row >= 0)
            Q_EMIT dataChanged(index(row), index(row),
                               {Qt::DecorationRole, ThumbnailRole, FramesRole});
    });
}

void ObjectListModel::setQuery(const gifscan::NodeIndex::ObjectQuery &query)
{
    beginResetModel();
    m_scope.renew();
    m_query = query;
    m_rows.clear();
    m_rowOfKey.clear();
    m_marks.clear();
    m_cursor.clear();
    m_height = 0;
    m_fetching = false;
    m_atEnd = false;
    endResetModel();
}

void ObjectListModel::setAuditMarks(const QHash<QString, AuditMark> &marks)
{
    m_marks = marks;
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {AuditMarkRole, Qt::ToolTipRole});
}

int ObjectListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant ObjectListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const gifscan::ObjectRecord &o = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Location::ItemRole:
        return QVariant::fromValue(Location::object(o.slug, o.tokenId));
    case Qt::DisplayRole:
    case KeyRole:
        return o.key;
    case AuditMarkRole:
        return m_marks.value(o.key).state;
    case Qt::ToolTipRole:
        if (const auto mark = m_marks.constFind(o.key); mark != m_marks.constEnd())
            return tr("%1\nAudit: %2").arg(o.key, mark->note);
        if (o.listing && o.owner == o.listing->escrow) // the escrow holds it; the seller is who
            return tr("%1\nRarity #%2\nListed by %3 for %4")
                .arg(o.key)
                .arg(o.rarityRank)
                .arg(gifscan::toHexString(o.listing->seller),
                     DisplayFormat::amount(o.listing->price));
        return tr("%1\nRarity #%2\nOwner %3")
            .arg(o.key)
            .arg(o.rarityRank)
            .arg(gifscan::toHexString(o.owner));
    case SlugRole:
        return o.slug;
    case TokenIdRole:
        return QVariant::fromValue(static_cast<qulonglong>(o.tokenId));
    case RarityRole:
        return o.rarityRank;
    case OwnerRole:
        return gifscan::toHexString(o.owner);
    case RarityLineRole:
        return tr("rarity #%1").arg(o.rarityRank);
    case PriceLineRole:
        // A line of its own: the price is what a collector reads a tile
        // for, and beside the rarity it was cut ("rarity #87 · 36.95 …").
        if (o.listing)
            return DisplayFormat::amount(o.listing->price);
        if (o.lastSale)
            return tr("sold %1").arg(DisplayFormat::amount(o.lastSale->price));
        return QString();
    case ListedRole:
        return o.listing.has_value();
    case PriceRole:
        return o.listing ? DisplayFormat::exactAmount(o.listing->price) : QString();
    case LastSaleRole:
        return o.lastSale ? DisplayFormat::exactAmount(o.lastSale->price) : QString();
    case RecordRole:
        return QVariant::fromValue(o);
    case Qt::DecorationRole:
    case ThumbnailRole:
    case FramesRole: {
        // Asking is painting: this is the moment to want the thumbnail.
        auto thumbnail = m_thumbnails->find(o.key);
        if (!thumbnail) {
            m_thumbnails->request(o.slug, o.tokenId);
            return role == FramesRole ? QVariant::fromValue(std::shared_ptr<const Thumbnail>())
                                      : QVariant();
        }
        if (role == FramesRole)
            return QVariant::fromValue(thumbnail);
        return thumbnail->frames.first();
    }
    }
    return {};
}

QHash<int, QByteArray> ObjectListModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(KeyRole, "key");
    names.insert(SlugRole, "slug");
    names.insert(TokenIdRole, "tokenId");
    names.insert(RarityRole, "rarityRank");
    names.insert(OwnerRole, "owner");
    names.insert(ThumbnailRole, "thumbnail");
    names.insert(ListedRole, "listed");
    names.insert(PriceRole, "price");
    names.insert(LastSaleRole, "lastSale");
    return names;
}

QList<CsvExport::Column> ObjectListModel::exportColumns()
{
    return {{tr("key"), 0, KeyRole},
            {tr("collection"), 0, SlugRole},
            {tr("token id"), 0, TokenIdRole},
            {tr("owner"), 0, OwnerRole},
            {tr("rarity rank"), 0, RarityRole},
            {tr("listed price"), 0, PriceRole},
            {tr("last sale price"), 0, LastSaleRole}};
}

bool ObjectListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void ObjectListModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_fetching || m_atEnd)
        return;
    m_fetching = true;
    using Objects = gifscan::Page<gifscan::ObjectRecord>;
    m_index->objects(m_query, m_cursor, m_pageSize, m_scope.context(),
                     [this](const gifscan::Result<Objects> &r) {
                         m_fetching = false;
                         if (!r.ok()) {
                             Q_EMIT loadFailed(ChainWords::clientError(r.error));
                             return;
                         }
                         append(*r.value);
                     });
}

void ObjectListModel::seed(const gifscan::Page<gifscan::ObjectRecord> &page)
{
    // The first page of the question: a fetch asked before it (a view's, in
    // the instant between the new question and awaitFirstPage) would bring
    // these same rows again.
    m_scope.renew();
    m_fetching = false;
    append(page);
}

void ObjectListModel::unseeded()
{
    m_fetching = false;
    fetchMore({});
}

void ObjectListModel::append(const gifscan::Page<gifscan::ObjectRecord> &page)
{
    if (m_rows.empty())
        m_height = page.height;
    // Before the insert: a view may ask for the next page from rowsInserted.
    m_cursor = page.cursor;
    m_atEnd = m_cursor.isEmpty();
    // An object is one row however often a node lists it.
    QList<gifscan::ObjectRecord> fresh;
    const int first = static_cast<int>(m_rows.size());
    for (const auto &o : page.data) {
        if (m_rowOfKey.contains(o.key))
            continue;
        m_rowOfKey.insert(o.key, first + static_cast<int>(fresh.size()));
        fresh.append(o);
    }
    if (!fresh.isEmpty()) {
        beginInsertRows({}, first, first + static_cast<int>(fresh.size()) - 1);
        m_rows.insert(m_rows.end(), fresh.cbegin(), fresh.cend());
        endInsertRows();
    }
    Q_EMIT pageLoaded();
}
