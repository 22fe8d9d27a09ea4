#pragma once

#include "core/records.h"

#include <QAbstractTableModel>
#include <QTimer>

#include <deque>

namespace gifscan {
class RestClient;
}

// Block headers, newest first: live heads are inserted at the top (rows,
// never a reset), bursts coalesced into one insert per interval, and older
// history paged in with canFetchMore / fetchMore. Lives on the GUI thread.
class BlockListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { HeightColumn, HashColumn, TimeColumn, TransactionsColumn, ProposerColumn, ColumnCount };
    enum Role { HeaderRole = Qt::UserRole + 1, HeightRole, VerifiedRole };

    explicit BlockListModel(gifscan::RestClient *rest, QObject *parent = nullptr);

    void setPageSize(int rows) { m_pageSize = rows; }
    void setCoalesceInterval(int ms) { m_flush.setInterval(ms); }

    // A head delivered by LiveSync; shown within one coalescing interval.
    void addHead(const gifscan::BlockHeader &header, bool verified);
    std::optional<std::uint64_t> newestHeight() const;
    const gifscan::BlockHeader &header(int row) const { return m_rows[static_cast<std::size_t>(row)].header; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    void firstPageLoaded(quint64 newestHeight);
    void loadFailed(const QString &message);

private:
    struct Row
    {
        gifscan::BlockHeader header;
        bool verified = false;
    };
    void flush();

    gifscan::RestClient *m_rest;
    std::deque<Row> m_rows; // row 0 is the newest
    std::vector<Row> m_pending;
    QTimer m_flush;
    QString m_cursor;
    bool m_fetching = false;
    bool m_started = false;
    bool m_atEnd = false;
    int m_pageSize = 50;
};
