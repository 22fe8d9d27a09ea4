#pragma once

#include "core/client/clienterror.h"
#include "core/client/requestscope.h"
#include "core/support/clocktimer.h"

#include <QAbstractTableModel>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

// A newest-first list that grows at both ends: live rows arrive at the top,
// coalesced into one insert per interval (bursts never reach a view faster),
// and older history is paged in at the bottom with canFetchMore / fetchMore.
// Rows are inserted, never reset, except when the question changes.
//
// While the reader is scrolled away from the top the model can hold live rows
// back and only count them ("N new — show"), so nothing shifts under the eye.
// Lives on the GUI thread.
class LiveListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    void setCoalesceInterval(int ms) { m_interval = ms; }
    // The clock intervals are measured on; the steady one unless a test's.
    void setClock(const gifscan::Clock &clock);
    // The clock ages are read from: the wall clock (Unix milliseconds)
    // unless a test's. Ages move on once a second (see showAgesIn).
    void setWallClock(const gifscan::Clock &clock);
    qint64 wallNowMs() const { return m_wall->nowMs(); }
    // Leading edge (default): a row after a quiet interval is shown at once,
    // and rows within the interval after it wait for its end. Off: every
    // row waits a whole interval (the plain timer, kept for comparison).
    void setLeadingEdge(bool on) { m_leadingEdge = on; }
    void setPageSize(int rows) { m_pageSize = rows; }
    int pageSize() const { return m_pageSize; }
    // The first page comes with a page's one request: until a subclass's
    // seed (or unseeded(), when that request failed) nothing is asked.
    void awaitFirstPage() { m_fetching = true; }
    void unseeded()
    {
        m_fetching = false;
        fetchMore({});
    }
    // The first page's source failed and will try again by itself: the
    // failure is said (loadFailed) and the list goes on waiting.
    void seedFailed(const gifscan::ClientError &error);
    // A first page this list asked for itself and did not get, for want of
    // an answer or for the node's own error (5xx), is asked again (a new
    // head says the node is back); nothing otherwise.
    void retryFailedFirstPage();

    // Whether the first page of history has come (a failed one has not).
    bool hasFirstPage() const { return m_started; }

    void setHolding(bool hold);
    bool holding() const { return m_holding; }
    int waitingCount() const { return m_started ? pendingRows() : 0; }
    void showWaiting();

    int rowCount(const QModelIndex &parent = {}) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    void firstPageLoaded(quint64 newestHeight);
    void loadFailed(const QString &message);
    // Live rows held back while holding; 0 once they are shown.
    void waitingChanged(int count);

protected:
    explicit LiveListModel(QObject *parent);

    // Asks for one page of older rows; the answer comes back through
    // LiveRows::pageArrived. Asked with `context`: a new question (restart)
    // drops the answer unheard.
    virtual void requestPage(const QString &cursor, int limit, QObject *context) = 0;
    virtual int storedRows() const = 0;
    virtual int pendingRows() const = 0;
    virtual void movePendingToTop() = 0;
    virtual void dropPendingThrough(std::uint64_t top) = 0;
    virtual void clearRows() = 0;
    // Older rows were appended from `firstNew` on: a row whose data depends
    // on the one below it (a block's interval) says so here.
    virtual void rowsAppendedBelow(int firstNew) { Q_UNUSED(firstNew); }

    // The column showing each row's age ("12 s ago"): said changed once a
    // second of the wall clock while there are rows, so views redraw it.
    void showAgesIn(int column);
    // A subclass queued a live row.
    void liveRowQueued();
    // Another question (a new filter): every row goes, paging starts over.
    void restart();
    // A page's answer: `append` stores its rows; ignored when stale.
    void pageFinished(const gifscan::ClientError &error, const QString &cursor, std::uint64_t top,
                      const std::function<void()> &append);

private:
    void flush();

    const gifscan::Clock *m_clock = &gifscan::Clock::steady();
    gifscan::ClockTimer m_flush;
    const gifscan::Clock *m_wall = &gifscan::Clock::wall();
    gifscan::ClockTimer m_ageTick;
    int m_ageColumn = -1;
    std::optional<qint64> m_lastFlushMs;
    int m_interval = 250;
    bool m_leadingEdge = true;
    QString m_cursor;
    int m_pageSize = 50;
    gifscan::RequestScope m_scope; // the question the rows answer
    int m_announcedWaiting = 0;
    bool m_fetching = false;
    bool m_started = false;
    bool m_firstFailed = false; // the list's own first request failed
    bool m_atEnd = false;
    bool m_holding = false;
};

// The storage half of a LiveListModel for one row type.
template <typename Row> class LiveRows : public LiveListModel
{
public:
    const Row &row(int r) const { return m_rows[static_cast<std::size_t>(r)]; }

protected:
    using LiveListModel::LiveListModel;

    virtual std::uint64_t heightOf(const Row &row) const = 0;

    void queue(Row r)
    {
        m_pending.push_back(std::move(r));
        liveRowQueued();
    }

    template <typename Page>
    void pageArrived(const gifscan::ClientError &error, const Page *page,
                     const std::function<std::vector<Row>(const Page &)> &rowsOf)
    {
        pageFinished(error, page ? page->cursor : QString(), page ? page->height : 0, [&] {
            std::vector<Row> rows = rowsOf(*page);
            if (rows.empty())
                return;
            const int first = static_cast<int>(m_rows.size());
            beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
            for (Row &r : rows)
                m_rows.push_back(std::move(r));
            endInsertRows();
            this->rowsAppendedBelow(first);
        });
    }

    int storedRows() const override { return static_cast<int>(m_rows.size()); }
    int pendingRows() const override { return static_cast<int>(m_pending.size()); }
    void movePendingToTop() override
    {
        for (Row &r : m_pending)
            m_rows.push_front(std::move(r));
        m_pending.clear();
    }
    void dropPendingThrough(std::uint64_t top) override
    {
        std::erase_if(m_pending, [&](const Row &r) { return heightOf(r) <= top; });
    }
    void clearRows() override
    {
        m_rows.clear();
        m_pending.clear();
    }

    std::deque<Row> m_rows;     // row 0 is the newest
    std::vector<Row> m_pending; // oldest first
};
