#pragma once

#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "models/thumbnailicons.h"

#include <QAbstractTableModel>
#include <QTimer>

namespace gifscan {
class NodeIndex;
}
class LiveFeed;

// Collections with their live stats. A new block refreshes the stats in
// place (dataChanged) and appends collections that appeared; rows never move
// under a reader, and an update is never a reset. Changing the category or
// the sort is a new question and reloads. Lives on the GUI thread.
class CollectionListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        SlugColumn, // names are not unique; slugs are
        CategoryColumn,
        ItemsColumn,
        OwnersColumn,
        ListedColumn,
        FloorColumn,
        VolumeColumn,
        ColumnCount
    };
    enum Role {
        SlugRole = Qt::UserRole + 1,
        CollectionRole,
        SortKeyRole,
        // Read by a delegate as it paints a name: the collection's picture
        // is asked for then, not for rows nobody sees.
        WantThumbnailRole
    };

    explicit CollectionListModel(gifscan::NodeIndex *nodeIndex, QObject *parent = nullptr);

    void setCategory(const QString &category);
    void setSort(const QString &sort); // volume | floor | items | owners | name | newest
    QString category() const { return m_category; }
    // Every head of the feed refreshes the list (blockArrived); a load that
    // failed is asked again as soon as the feed's first page comes.
    void follow(const LiveFeed &feed);
    // Called for every new head; refreshes are coalesced.
    void blockArrived();
    void reload();
    // Each collection's picture beside its name: its first object's first
    // frame (the chain keeps no collection image), from `thumbnails`.
    void showThumbnailsFrom(ThumbnailCache *thumbnails);

    const gifscan::Collection &collection(int row) const { return m_rows[row]; }
    int rowOf(const QString &slug) const;
    // Every slug listed, in alphabetical order.
    QStringList slugs() const;
    // Display names by slug, and the slugs whose name is `name` (any case).
    QHash<QString, QString> namesBySlug() const;
    QStringList slugsNamed(const QString &name) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void refreshed(quint64 height);
    void loadFailed(const QString &message);

private:
    void fetch(bool replace);
    void apply(const QList<gifscan::Collection> &fresh, bool replace, std::uint64_t height);

    gifscan::NodeIndex *m_index;
    QList<gifscan::Collection> m_rows;
    QString m_category;
    QString m_sort = QStringLiteral("volume");
    QTimer m_refresh;
    bool m_inFlight = false;
    bool m_again = false;
    bool m_failed = false;         // the last load that ended failed
    gifscan::RequestScope m_scope; // the category and sort asked
    void askCover(const QString &slug) const;
    ThumbnailIcons m_icons{24};
    // slug -> its first object's key ("" while asked, or none)
    mutable QHash<QString, QString> m_covers;
};
