#pragma once

#include "core/protocol/records.h"
#include "core/verify/headerverifier.h"
#include "models/livelistmodel.h"

namespace gifscan {
class NodeIndex;
}

namespace BlockListRows {
struct Row
{
    gifscan::BlockHeader header;
    bool verified = false;
};
} // namespace BlockListRows

class LiveFeed;

// Block headers, newest first (LiveListModel): the live feed's heads at the
// top, history paged in below, each row's link to its parent checked.
// Lives on the GUI thread.
class BlockListModel : public LiveRows<BlockListRows::Row>
{
    Q_OBJECT
public:
    enum Column {
        HeightColumn,
        HashColumn,
        TimeColumn,
        TransactionsColumn,
        ProposerColumn,
        ColumnCount
    };
    enum Role {
        HeaderRole = Qt::UserRole + 1,
        HeightRole,
        VerifiedRole,
        // Seconds since the block in the row below (qreal); nothing for the last row.
        IntervalRole
    };

    explicit BlockListModel(gifscan::NodeIndex *nodeIndex, QObject *parent = nullptr);
    // Paged-in history is verified against the session's anchor, as heads are.
    void setHeaderVerifier(const gifscan::HeaderVerifier &headers) { m_headers = headers; }

    // Takes the feed's first page (seed) and its heads (addHead), and asks
    // no first page of its own: the heads continue where that page ends.
    // (Following after that page came, it asks its own.) The feed's sync
    // must bring one: LiveSync::startWithFirstPage.
    void follow(const LiveFeed &feed);
    // The first page of history, asked by someone else (the live sync).
    void seed(const gifscan::Page<gifscan::BlockHeader> &page);
    // A head delivered by LiveSync; shown within one coalescing interval.
    void addHead(const gifscan::BlockHeader &header, bool verified);
    std::optional<std::uint64_t> newestHeight() const;
    const gifscan::BlockHeader &header(int r) const { return row(r).header; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    void requestPage(const QString &cursor, int limit, QObject *context) override;
    void rowsAppendedBelow(int firstNew) override;
    std::uint64_t heightOf(const BlockListRows::Row &r) const override { return r.header.height; }

private:
    std::vector<BlockListRows::Row> newRows(const gifscan::Page<gifscan::BlockHeader> &page) const;

    gifscan::NodeIndex *m_index;
    gifscan::HeaderVerifier m_headers;
};
