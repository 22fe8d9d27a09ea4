#include "models/livelistmodel.h"

#include "models/chainwords.h"

#include <algorithm>

LiveListModel::LiveListModel(QObject *parent) : QAbstractTableModel(parent)
{
    // One model update per 250 ms at most, however many rows arrive.
    m_flush.setSingleShot(true);
    connect(&m_flush, &gifscan::ClockTimer::fired, this, &LiveListModel::flush);
}

void LiveListModel::setClock(const gifscan::Clock &clock)
{
    m_clock = &clock;
    m_flush.setClock(clock);
}

void LiveListModel::setWallClock(const gifscan::Clock &clock)
{
    m_wall = &clock;
    m_ageTick.setClock(clock);
    if (m_ageColumn >= 0)
        m_ageTick.start();
}

void LiveListModel::showAgesIn(int column)
{
    m_ageColumn = column;
    m_ageTick.setInterval(1000);
    connect(&m_ageTick, &gifscan::ClockTimer::fired, this, [this] {
        if (const int rows = rowCount(); rows > 0)
            Q_EMIT dataChanged(index(0, m_ageColumn), index(rows - 1, m_ageColumn),
                               {Qt::DisplayRole});
    });
    m_ageTick.start();
}

void LiveListModel::liveRowQueued()
{
    if (m_flush.isActive())
        return;
    // A zero delay still waits for the event loop: rows queued together in
    // one burst become one insert.
    int delay = m_interval;
    if (m_leadingEdge)
        delay = m_lastFlushMs ? static_cast<int>(std::max<qint64>(
                                    0, m_interval - (m_clock->nowMs() - *m_lastFlushMs)))
                              : 0;
    m_flush.start(delay);
}

void LiveListModel::setHolding(bool hold)
{
    if (hold == m_holding)
        return;
    m_holding = hold;
    if (!hold)
        flush();
}

void LiveListModel::showWaiting()
{
    const bool held = m_holding;
    m_holding = false;
    flush();
    m_holding = held;
}

void LiveListModel::flush()
{
    if (pendingRows() == 0)
        return;
    if (!m_started) { // the first page decides the top; keep live rows until then
        m_flush.start(m_interval);
        return;
    }
    if (m_holding) {
        if (m_announcedWaiting != pendingRows())
            Q_EMIT waitingChanged(m_announcedWaiting = pendingRows());
        return;
    }
    beginInsertRows({}, 0, pendingRows() - 1);
    movePendingToTop();
    endInsertRows();
    m_lastFlushMs = m_clock->nowMs();
    if (m_announcedWaiting != 0)
        Q_EMIT waitingChanged(m_announcedWaiting = 0);
}

void LiveListModel::restart()
{
    beginResetModel();
    m_scope.renew();
    clearRows();
    m_cursor.clear();
    m_fetching = false;
    m_started = false;
    m_firstFailed = false;
    m_atEnd = false;
    endResetModel();
    if (m_announcedWaiting != 0)
        Q_EMIT waitingChanged(m_announcedWaiting = 0);
}

void LiveListModel::seedFailed(const gifscan::ClientError &error)
{
    if (!m_started)
        Q_EMIT loadFailed(ChainWords::clientError(error));
}

void LiveListModel::retryFailedFirstPage()
{
    // fetchMore asks nothing while a request is in flight, so a burst of
    // heads asks once.
    if (m_firstFailed)
        fetchMore({});
}

int LiveListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : storedRows();
}

bool LiveListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void LiveListModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_fetching || m_atEnd)
        return;
    m_fetching = true;
    requestPage(m_cursor, m_pageSize, m_scope.context());
}

void LiveListModel::pageFinished(const gifscan::ClientError &error, const QString &cursor,
                                 std::uint64_t top, const std::function<void()> &append)
{
    m_fetching = false;
    if (!error.ok()) {
        // Asked again only where asking again can help: no answer, or the
        // node's own trouble; a refusal would be refused on every head.
        m_firstFailed = !m_started && (error.isUnanswered() || error.httpStatus >= 500);
        Q_EMIT loadFailed(ChainWords::clientError(error));
        return;
    }
    m_firstFailed = false;
    // Before the insert: a view may ask for the next page from rowsInserted.
    m_cursor = cursor;
    m_atEnd = cursor.isEmpty();
    append();
    if (!m_started) {
        m_started = true;
        // Live rows up to the first page's height are in it already.
        dropPendingThrough(top);
        Q_EMIT firstPageLoaded(top);
        flush();
    }
}
