#include "models/watchlistmodel.h"

#include "core/client/nodeindex.h"
#include "models/chainwords.h"
#include "models/collectionlistmodel.h"
#include "models/displayformat.h"
#include "models/livefeed.h"
#include "models/location.h"
#include "models/tablecolumns.h"
#include "models/thumbnailcache.h"

namespace {
// The headings, in the order of WatchlistModel::Column.
constexpr TableColumns<WatchlistModel::ColumnCount> kWatchlistColumns{
    "WatchlistModel",
    {QT_TRANSLATE_NOOP("WatchlistModel", "Watched"), QT_TRANSLATE_NOOP("WatchlistModel", "Kind"),
     QT_TRANSLATE_NOOP("WatchlistModel", "Owner"), QT_TRANSLATE_NOOP("WatchlistModel", "Floor"),
     QT_TRANSLATE_NOOP("WatchlistModel", "Age"),
     QT_TRANSLATE_NOOP("WatchlistModel", "Last event")}};
static_assert(kWatchlistColumns.complete(), "a heading for every column");
// How far back an object's last event is looked for: the newest page of its
// collection's feed (the node filters by collection, not object); an older
// one shows once a live event touches it.
constexpr int kObjectEventPage = 100;
} // namespace

WatchlistModel::WatchlistModel(Watchlist *watchlist, gifscan::NodeIndex *nodeIndex,
                               CollectionListModel *collections, ThumbnailCache *thumbnails,
                               QObject *parent)
    : QAbstractTableModel(parent), m_watchlist(watchlist), m_index(nodeIndex),
      m_collections(collections)
{
    m_icons.setCache(thumbnails);
    connect(watchlist, &Watchlist::changed, this, &WatchlistModel::reload);
    connect(collections, &CollectionListModel::refreshed, this, [this] {
        if (!m_rows.empty())
            Q_EMIT dataChanged(index(0, FloorColumn), index(rowCount() - 1, FloorColumn));
    });
    connect(thumbnails, &ThumbnailCache::ready, this, [this](const QString &key) {
        const int r = rowOf(Watchlist::Kind::Object, key);
        if (r >= 0) {
            const QModelIndex cell = index(r, NameColumn);
            Q_EMIT dataChanged(cell, cell, {Qt::DecorationRole});
        }
    });
    m_ageTick.setInterval(1000);
    connect(&m_ageTick, &gifscan::ClockTimer::fired, this, [this] {
        if (!m_rows.empty())
            Q_EMIT dataChanged(index(0, AgeColumn), index(rowCount() - 1, AgeColumn),
                               {Qt::DisplayRole});
    });
    m_ageTick.start();
    reload();
}

void WatchlistModel::setWallClock(const gifscan::Clock &clock)
{
    m_wall = &clock;
    m_ageTick.setClock(clock);
    m_ageTick.start();
}

void WatchlistModel::reload()
{
    beginResetModel();
    m_scope.renew();
    m_rows.clear();
    for (const auto kind :
         {Watchlist::Kind::Object, Watchlist::Kind::Address, Watchlist::Kind::Collection}) {
        for (const QString &what : m_watchlist->items(kind)) {
            Row row;
            row.kind = kind;
            row.what = what;
            if (kind == Watchlist::Kind::Collection)
                row.slug = what;
            std::uint64_t id = 0;
            if (kind == Watchlist::Kind::Object)
                gifscan::parseDisplayKey(what, &row.slug, &id);
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
    for (int r = 0; r < rowCount(); ++r) {
        if (m_rows[static_cast<std::size_t>(r)].kind == Watchlist::Kind::Object)
            fetchObject(r);
        fetchLastEvent(r);
    }
}

int WatchlistModel::rowOf(Watchlist::Kind kind, const QString &what) const
{
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r].kind == kind && m_rows[r].what == what)
            return static_cast<int>(r);
    }
    return -1;
}

void WatchlistModel::fetchObject(int rowIndex)
{
    const Row &r = m_rows[static_cast<std::size_t>(rowIndex)];
    QString slug;
    std::uint64_t id = 0;
    if (!gifscan::parseDisplayKey(r.what, &slug, &id))
        return;
    const int ask = ++m_rows[static_cast<std::size_t>(rowIndex)].ownerAsk;
    m_index->object(
        slug, id, std::nullopt, m_scope.context(),
        [this, what = r.what, ask](const gifscan::Result<gifscan::ObjectRecord> &result) {
            const int at = rowOf(Watchlist::Kind::Object, what);
            // Only the latest question's answer: an earlier one may come last.
            if (at < 0 || m_rows[static_cast<std::size_t>(at)].ownerAsk != ask)
                return;
            Row &row = m_rows[static_cast<std::size_t>(at)];
            row.failed = !result.ok();
            if (result.ok()) {
                row.object = *result.value;
                row.recordEventTime.reset();
                fetchRecordEventTime(at);
            }
            Q_EMIT dataChanged(index(at, OwnerColumn), index(at, LastEventColumn));
        });
}

void WatchlistModel::fetchLastEvent(int rowIndex)
{
    const Row &r = m_rows[static_cast<std::size_t>(rowIndex)];
    gifscan::NodeIndex::ActivityQuery q;
    int limit = 1;
    if (r.kind == Watchlist::Kind::Address) {
        q.address = gifscan::parseAddress(r.what);
        if (!q.address)
            return;
    } else {
        q.collection = r.slug;
        if (r.kind == Watchlist::Kind::Object)
            limit = kObjectEventPage;
    }
    m_index->activity(q, QString(), limit, m_scope.context(),
                      [this, kind = r.kind, what = r.what](
                          const gifscan::Result<gifscan::Page<gifscan::ActivityEntry>> &result) {
                          const int at = rowOf(kind, what);
                          if (at < 0 || !result.ok())
                              return;
                          Row &row = m_rows[static_cast<std::size_t>(at)];
                          for (const gifscan::ActivityEntry &e : result.value->data) {
                              if (touches(row, e)) {
                                  // A live event may have come first: the newer one stays.
                                  if (!row.last || row.last->height < e.height)
                                      row.last = e;
                                  break;
                              }
                          }
                          Q_EMIT dataChanged(index(at, AgeColumn), index(at, LastEventColumn));
                      });
}

bool WatchlistModel::touches(const Row &row, const gifscan::ActivityEntry &e) const
{
    switch (row.kind) {
    case Watchlist::Kind::Object:
        return e.key == row.what;
    case Watchlist::Kind::Collection:
        return e.slug == row.slug;
    case Watchlist::Kind::Address: {
        const auto address = gifscan::parseAddress(row.what);
        return address && (e.from == address || e.to == address);
    }
    }
    return false;
}

void WatchlistModel::eventArrived(const gifscan::ActivityEntry &entry)
{
    for (int r = 0; r < rowCount(); ++r) {
        Row &row = m_rows[static_cast<std::size_t>(r)];
        if (!touches(row, entry) || (row.last && row.last->height > entry.height))
            continue;
        row.last = entry;
        Q_EMIT dataChanged(index(r, AgeColumn), index(r, LastEventColumn));
        if (row.kind == Watchlist::Kind::Object && entry.type != QLatin1String("mint"))
            fetchObject(r); // a new owner, a listing or its end
    }
}

int WatchlistModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int WatchlistModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : kWatchlistColumns.count();
}

QString WatchlistModel::ownerText(const Row &row) const
{
    if (row.kind != Watchlist::Kind::Object)
        return {};
    if (!row.object)
        return row.failed ? tr("unknown") : QString();
    const gifscan::ObjectRecord &o = *row.object;
    if (o.listing && o.owner == o.listing->escrow)
        return tr("listed by %1").arg(DisplayFormat::shortHex(o.listing->seller));
    return DisplayFormat::shortHex(o.owner);
}

namespace {

// What the record itself says last happened to an object, when that is
// older than the feed's page: its listing, its last sale or its mint.
struct RecordEvent
{
    QString type;
    std::optional<gifscan::Amount> price;
    std::uint64_t height = 0;
};

RecordEvent lastRecordEvent(const gifscan::ObjectRecord &o)
{
    if (o.listing && (!o.lastSale || o.listing->listedAt >= o.lastSale->height))
        return {QStringLiteral("list"), o.listing->price, o.listing->listedAt};
    if (o.lastSale)
        return {QStringLiteral("sale"), o.lastSale->price, o.lastSale->height};
    return {QStringLiteral("mint"), std::nullopt, o.mintedAt};
}

} // namespace

// An event as one whole sentence per kind: a sentence composed of an event
// code and "at block" read "mint at block 0" and cannot be translated well.
QString WatchlistModel::eventWords(const QString &type, const std::optional<gifscan::Amount> &price,
                                   std::uint64_t height)
{
    const QString amount = price ? DisplayFormat::amount(*price) : QString();
    if (type == QLatin1String("mint"))
        return height == 0 ? tr("minted in the genesis")
                           : tr("minted at block %L1").arg(DisplayFormat::height(height));
    if (type == QLatin1String("transfer"))
        return tr("moved at block %L1").arg(DisplayFormat::height(height));
    if (type == QLatin1String("list"))
        return tr("listed for %1 at block %L2").arg(amount).arg(height);
    if (type == QLatin1String("delist"))
        return tr("taken off the market at block %L1").arg(DisplayFormat::height(height));
    if (type == QLatin1String("sale"))
        return tr("sold for %1 at block %L2").arg(amount).arg(height);
    return tr("%1 at block %L2").arg(ChainWords::eventType(type)).arg(height);
}

QString WatchlistModel::lastEventText(const Row &row) const
{
    if (!row.last && row.object && row.object->detailed) {
        // Older than the feed's page: the object's record still says what
        // last happened to it, and at which block.
        const RecordEvent e = lastRecordEvent(*row.object);
        return eventWords(e.type, e.price, e.height);
    }
    if (!row.last)
        return {};
    const gifscan::ActivityEntry &e = *row.last;
    const QString words = eventWords(e.type, e.price, e.height);
    // An address's or a collection's row names the object it happened to.
    return row.kind == Watchlist::Kind::Object ? words : tr("%1: %2").arg(e.key, words);
}

std::optional<std::uint64_t> WatchlistModel::lastEventTime(const Row &row) const
{
    if (row.last)
        return row.last->timestamp;
    return row.recordEventTime;
}

// The time of the block the record's last event is in: a row whose event
// is older than the feed has an age too.
void WatchlistModel::fetchRecordEventTime(int rowIndex)
{
    const Row &r = m_rows[static_cast<std::size_t>(rowIndex)];
    if (r.last || !r.object || !r.object->detailed)
        return;
    const std::uint64_t height = lastRecordEvent(*r.object).height;
    m_index->block(height, m_scope.context(),
                   [this, what = r.what, height](const gifscan::Result<gifscan::Block> &result) {
                       const int at = rowOf(Watchlist::Kind::Object, what);
                       if (at < 0 || !result.ok())
                           return;
                       Row &row = m_rows[static_cast<std::size_t>(at)];
                       if (!row.object || lastRecordEvent(*row.object).height != height)
                           return; // the record moved on meanwhile
                       row.recordEventTime = result.value->header.timestamp;
                       Q_EMIT dataChanged(index(at, AgeColumn), index(at, AgeColumn));
                   });
}

QVariant WatchlistModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case KindRole:
        return static_cast<int>(row.kind);
    case WhatRole:
        return row.what;
    case Location::ItemRole: {
        // By the kind it was watched as, never by how its text reads (a
        // slug may start with 0x).
        std::optional<Location> to;
        if (row.kind == Watchlist::Kind::Object)
            to = Location::ofObjectKey(row.what);
        else if (row.kind == Watchlist::Kind::Address)
            to = Location::address(row.what);
        else
            to = Location::collection(row.what);
        return to ? QVariant::fromValue(*to) : QVariant();
    }
    case Qt::DecorationRole:
        return index.column() == NameColumn && row.kind == Watchlist::Kind::Object
                   ? m_icons.icon(row.what, true) // asking is painting
                   : QVariant();
    case Qt::ToolTipRole:
        if (index.column() == OwnerColumn && row.object)
            return gifscan::toHexString(row.object->listing ? row.object->listing->seller
                                                            : row.object->owner);
        if (index.column() == AgeColumn && lastEventTime(row))
            return DisplayFormat::exactTime(*lastEventTime(row));
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case NameColumn:
        return row.what;
    case KindColumn:
        return row.kind == Watchlist::Kind::Object    ? tr("object")
               : row.kind == Watchlist::Kind::Address ? tr("address")
                                                      : tr("collection");
    case OwnerColumn:
        return ownerText(row);
    case FloorColumn: {
        if (row.slug.isEmpty())
            return {};
        const int c = m_collections->rowOf(row.slug);
        if (c < 0)
            return {};
        const auto &floor = m_collections->collection(c).floorPrice;
        return floor ? DisplayFormat::amount(*floor) : tr("none listed");
    }
    case LastEventColumn:
        return lastEventText(row);
    case AgeColumn:
        if (const auto at = lastEventTime(row))
            return DisplayFormat::age(*at, m_wall->nowMs());
        return QString();
    }
    return {};
}

QVariant WatchlistModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return kWatchlistColumns.headerData(*this, section, orientation, role);
}

void WatchlistModel::follow(const LiveFeed &feed)
{
    connect(&feed, &LiveFeed::eventArrived, this, &WatchlistModel::eventArrived);
}
