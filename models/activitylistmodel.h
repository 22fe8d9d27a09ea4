#pragma once

#include "core/protocol/records.h"
#include "models/livelistmodel.h"
#include "models/thumbnailicons.h"

#include <QSet>

class LiveFeed;
class ThumbnailCache;

namespace gifscan {
class NodeIndex;
}

// The activity feed, newest first (LiveListModel), with type and collection
// filters applied alike to live events and to pages. Lives on the GUI thread.
class ActivityListModel : public LiveRows<gifscan::ActivityEntry>
{
    Q_OBJECT
public:
    enum Column {
        TypeColumn,
        ObjectColumn,
        FromColumn,
        ToColumn,
        PriceColumn,
        HeightColumn,
        TimeColumn,
        ColumnCount
    };
    enum Role {
        EntryRole = Qt::UserRole + 1,
        KeyRole,
        TxHashRole,
        // Asked by a delegate as it paints the Object column: the moment to
        // want the row's picture. The decoration itself only shows what is
        // here, so a view measuring rows it does not show asks for nothing.
        WantThumbnailRole,
    };

    explicit ActivityListModel(gifscan::NodeIndex *nodeIndex, QObject *parent = nullptr);

    // Entries of these types (all when empty), of this collection (all when
    // empty), at or above `since`. Live entries obey the same filter.
    void setFilter(const QStringList &types, const QString &collection, std::uint64_t since = 0);
    // The filter set, for controls made over a model already filtered.
    const QStringList &types() const { return m_types; }
    const QString &collectionFilter() const { return m_collection; }
    std::uint64_t since() const { return m_since; }
    // Only entries from or to this address (none: every address).
    void setAddress(const std::optional<gifscan::Address> &address);
    // Every row goes and paging starts over, with the same filter.
    void reload();
    // Takes the feed's events (addEvent); a first page that failed is
    // asked again when the feed hears from the node.
    void follow(const LiveFeed &feed);
    void addEvent(const gifscan::ActivityEntry &entry);
    // The first page, asked with a page's other records (after awaitFirstPage()).
    void seed(const gifscan::Page<gifscan::ActivityEntry> &page);
    // Each row's object as a small still in the Object column, as markets
    // show them; asked for only when a view paints the row (WantThumbnailRole).
    void showThumbnailsFrom(ThumbnailCache *thumbnails);
    const gifscan::ActivityEntry &entry(int r) const { return row(r); }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    void requestPage(const QString &cursor, int limit, QObject *context) override;
    std::uint64_t heightOf(const gifscan::ActivityEntry &e) const override { return e.height; }

private:
    bool accepts(const gifscan::ActivityEntry &e) const;
    // A page's entries not shown yet (a live row may have come first).
    std::vector<gifscan::ActivityEntry> newRows(const gifscan::Page<gifscan::ActivityEntry> &page);

    gifscan::NodeIndex *m_index;
    QSet<QString> m_ids;
    QStringList m_types;
    QString m_collection;
    std::uint64_t m_since = 0;
    std::optional<gifscan::Address> m_address;
    bool m_filtered = false;
    ThumbnailIcons m_icons{24};
};
