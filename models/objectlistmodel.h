#pragma once

#include "core/client/nodeindex.h"
#include "core/client/requestscope.h"
#include "models/csvexport.h"
#include "models/thumbnailcache.h"

#include <QAbstractListModel>

// Objects by collection, owner and traits, sorted by token id or rarity,
// paged in with canFetchMore / fetchMore. Thumbnails come from a shared
// ThumbnailCache and are asked for only when a view paints the row, so
// scrolling past never decodes what was not seen. Lives on the GUI thread.
class ObjectListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        KeyRole = Qt::UserRole + 1,
        SlugRole,
        TokenIdRole,
        RarityRole,
        OwnerRole,
        RecordRole,
        ThumbnailRole,  // the first frame, QImage (null until decoded)
        FramesRole,     // std::shared_ptr<const Thumbnail> (null until decoded)
        RarityLineRole, // a tile's second line: "rarity #87"
        PriceLineRole,  // its third: the asking price, "sold" and the last, or empty
        ListedRole,     // bool: for sale now
        PriceRole,      // the asking price, exact (empty when not listed)
        LastSaleRole,   // the last sale's price, exact (empty when never sold)
        AuditMarkRole,  // int AuditMark::State: what an audit found for the object
    };
    // What an audit of the rows' owner found for one object, shown on its tile.
    struct AuditMark
    {
        // Unchecked: the node did not answer for it; no verdict either way.
        enum State { None, Verified, Failed, Unchecked };
        State state = None;
        QString note; // the outcome and its reason, in the reader's language
    };

    ObjectListModel(gifscan::NodeIndex *nodeIndex, ThumbnailCache *thumbnails,
                    QObject *parent = nullptr);

    // Another question: the rows start over.
    void setQuery(const gifscan::NodeIndex::ObjectQuery &query);
    const gifscan::NodeIndex::ObjectQuery &query() const { return m_query; }
    void setPageSize(int rows) { m_pageSize = rows; }
    int pageSize() const { return m_pageSize; }
    // The first page comes with a page's one request: until seed() (or
    // unseeded(), when that request failed) the model asks for nothing.
    void awaitFirstPage() { m_fetching = true; }
    void seed(const gifscan::Page<gifscan::ObjectRecord> &page);
    void unseeded();
    // Marks by display key; rows without one show none. A new question
    // clears them (they belong to the rows they were made for).
    void setAuditMarks(const QHash<QString, AuditMark> &marks);
    const gifscan::ObjectRecord &object(int row) const
    {
        return m_rows[static_cast<std::size_t>(row)];
    }
    // Every row's record height: the first page's (later pages are pinned to it).
    std::uint64_t height() const { return m_height; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    // What a CSV of the rows holds.
    static QList<CsvExport::Column> exportColumns();
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

private:
    void append(const gifscan::Page<gifscan::ObjectRecord> &page);

public:
Q_SIGNALS:
    void pageLoaded();
    void loadFailed(const QString &message);

private:
    gifscan::NodeIndex *m_index;
    ThumbnailCache *m_thumbnails;
    gifscan::NodeIndex::ObjectQuery m_query;
    std::vector<gifscan::ObjectRecord> m_rows;
    QHash<QString, int> m_rowOfKey;
    QHash<QString, AuditMark> m_marks;
    QString m_cursor;
    std::uint64_t m_height = 0;
    int m_pageSize = 60;
    gifscan::RequestScope m_scope; // the query the rows answer
    bool m_fetching = false;
    bool m_atEnd = false;
};
