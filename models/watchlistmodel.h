#pragma once

#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "core/support/clocktimer.h"
#include "models/thumbnailicons.h"
#include "models/watchlist.h"

#include <QAbstractTableModel>

class CollectionListModel;
class LiveFeed;
class ThumbnailCache;
namespace gifscan {
class NodeIndex;
}

// The watchlist as a watcher reads it: each watched object, address and
// collection with its picture, its owner, its collection's floor, the last
// event that touched it and how long ago. Details are asked for when the
// list changes; live events move "last event" on (and an object's owner
// with them); floors follow the collection list; ages follow the wall
// clock. Lives on the GUI thread.
class WatchlistModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        KindColumn,
        OwnerColumn,
        FloorColumn,
        AgeColumn,
        // Last: it stretches over what is left (the longest words, "vom
        // Markt genommen in Block …", were cut beside an age column of room).
        LastEventColumn,
        ColumnCount
    };
    enum Role { KindRole = Qt::UserRole + 1, WhatRole };

    WatchlistModel(Watchlist *watchlist, gifscan::NodeIndex *nodeIndex,
                   CollectionListModel *collections, ThumbnailCache *thumbnails,
                   QObject *parent = nullptr);
    // Ages are read from the wall clock unless a test's.
    void setWallClock(const gifscan::Clock &clock);
    // Takes the feed's events (eventArrived).
    void follow(const LiveFeed &feed);
    // A live event: the rows it touches show it as their last.
    void eventArrived(const gifscan::ActivityEntry &entry);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        Watchlist::Kind kind = Watchlist::Kind::Object;
        QString what; // the key, address or slug as watched
        QString slug; // the collection an object or collection belongs to
        std::optional<gifscan::ObjectRecord> object;
        std::optional<gifscan::ActivityEntry> last;
        // When the record's own last event was, for one older than the feed.
        std::optional<std::uint64_t> recordEventTime;
        bool failed = false; // the node could not say
        int ownerAsk = 0;    // the latest question for the owner
    };
    void reload();
    void fetchObject(int rowIndex);
    void fetchLastEvent(int rowIndex);
    bool touches(const Row &row, const gifscan::ActivityEntry &e) const;
    int rowOf(Watchlist::Kind kind, const QString &what) const;
    QString ownerText(const Row &row) const;
    QString lastEventText(const Row &row) const;
    std::optional<std::uint64_t> lastEventTime(const Row &row) const;
    void fetchRecordEventTime(int rowIndex);
    static QString eventWords(const QString &type, const std::optional<gifscan::Amount> &price,
                              std::uint64_t height);

    Watchlist *m_watchlist;
    gifscan::NodeIndex *m_index;
    CollectionListModel *m_collections;
    const gifscan::Clock *m_wall = &gifscan::Clock::wall();
    gifscan::ClockTimer m_ageTick;
    gifscan::RequestScope m_scope; // the rows of one reload
    std::vector<Row> m_rows;
    ThumbnailIcons m_icons{32};
};
