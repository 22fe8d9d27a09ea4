#pragma once

#include "core/records.h"

#include <QAbstractTableModel>
#include <QTimer>

#include <deque>

namespace gifscan {
class RestClient;
}

// The activity feed, newest first, with type and collection filters: live
// events inserted at the top (coalesced, one insert per interval), older
// entries paged in with fetchMore. Lives on the GUI thread.
class ActivityListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TypeColumn, ObjectColumn, FromColumn, ToColumn, PriceColumn, HeightColumn, ColumnCount };
    enum Role { EntryRole = Qt::UserRole + 1, KeyRole, TxHashRole };

    explicit ActivityListModel(gifscan::RestClient *rest, QObject *parent = nullptr);

    void setFilter(const QStringList &types, const QString &collection);
    void setCoalesceInterval(int ms) { m_flush.setInterval(ms); }
    void addEvent(const gifscan::ActivityEntry &entry);
    const gifscan::ActivityEntry &entry(int row) const { return m_rows[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    void loadFailed(const QString &message);

private:
    bool accepts(const gifscan::ActivityEntry &e) const;
    void flush();

    gifscan::RestClient *m_rest;
    std::deque<gifscan::ActivityEntry> m_rows;
    std::vector<gifscan::ActivityEntry> m_pending;
    QSet<QString> m_ids;
    QStringList m_types;
    QString m_collection;
    QString m_cursor;
    QTimer m_flush;
    bool m_fetching = false;
    bool m_started = false;
    bool m_atEnd = false;
    int m_generation = 0;
};
