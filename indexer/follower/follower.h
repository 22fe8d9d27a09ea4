#pragma once

#include "core/client/clienterror.h"
#include "core/protocol/validatorset.h"
#include "core/verify/headerverifier.h"

#include <QJsonValue>
#include <QObject>
#include <QTimer>
#include <QUrl>
#include <memory>
#include <optional>

namespace gifscan {
class HttpClient;
class RpcClient;
class WebSocketStream;
namespace chain {
class Chain;
class PostgresDatabase;
class PostgresVacuum;
} // namespace chain
} // namespace gifscan

namespace gifscan::indexer {

struct FollowerOptions
{
    QString database; // libpq's connection string or URL
    QUrl rpc;
    QUrl ws;
    // The validators whose signatures make a header true; none: the devnet's.
    std::optional<ValidatorSet> trusted;
    // Heights asked for in one JSON-RPC batch while catching up.
    int batch = 32;
    // Requests a second to the node, and the burst (a batch's calls each
    // count), as every client of a node is paced (HttpClient): the node's
    // default limit is never met. Infinite (--rpc-rate off) for the
    // operator's own node run with --rate-limit off: catch-up then goes as
    // fast as blocks are proven and stored.
    double rpcRate = 50;
    double rpcBurst = 200;
    // How often the node's head is asked when no head came over the
    // websocket (it may be down): one block time.
    int pollMs = 5000;
    // Trie nodes kept in memory, about 350 bytes each. A holder's sub-trie
    // is walked when a block changes it, and a node not kept is a round
    // trip: with the node's 65,536, catching up on a 10,000-block chain
    // ran at 0.6-0.7x the node's making, with 524,288 at 1.1x.
    std::size_t trieCacheNodes = std::size_t{1} << 19;
    // At the node's head with at least this many blocks stored since the
    // last time (a catch-up, or some 80 minutes of 5 s blocks), its tables
    // are vacuumed and analyzed (0: never; autovacuum alone).
    int vacuumAfter = 1000;
};

// Follows a node into PostgreSQL and proves every block it stores: the
// header checked against the trusted validators (HeaderVerifier, as every
// client of core checks one) and linked to the one stored below it, the
// block executed by the chain's own executor (Chain::follow) and its object
// and holdings roots compared with the signed header's before the block's
// one transaction commits. A block that does not match stops it, with the
// height and both roots: nothing unproven is ever stored.
//
// One follower writes a database: the second waits on PostgreSQL's advisory
// lock and says so. Restart-safe: a block is stored whole or not at all, and
// a follower started again goes on from the stored head. Heads come over the
// websocket (newHeads) as wake-ups; the node's head is also polled, and
// blocks are fetched by height (gif_getRawBlock), so nothing depends on
// the websocket staying up. Lives on the thread that created it.
class Follower : public QObject
{
    Q_OBJECT
public:
    explicit Follower(FollowerOptions options, QObject *parent = nullptr);
    ~Follower() override;

    void start();
    std::optional<std::uint64_t> storedHead() const;
    // For /metrics and /ready: the node's head as it last named it; how long
    // the stored head has been below it (0 when it is not); whether it holds
    // the database now.
    std::optional<std::uint64_t> nodeHead() const
    {
        return m_targetKnown ? std::optional(m_target) : std::nullopt;
    }
    qint64 behindMs() const;
    bool connected() const { return m_chain != nullptr; }

Q_SIGNALS:
    // Another follower holds the database: this one waits for it.
    void waitingForLock(const QString &database);
    // The database cannot be reached (not started yet, restarting, a
    // failover): said once an outage; the follower connects again with a
    // backoff, and says started() when it has.
    void waitingForDatabase(const QString &why);
    // The lock is this follower's, the chain taken up at `head` (none: empty).
    void started(std::optional<quint64> head);
    // Before it started: the database's schema moved forward (from, to).
    void migrated(int from, int to);
    void blockStored(quint64 height);
    // For good: a block that does not match its header, a header the trusted
    // validators did not sign, a database that holds what it may not. The
    // follower stopped; a restart would not mend it.
    void failed(const QString &error);

private:
    struct Pending;
    using Batch = std::vector<std::shared_ptr<Pending>>;
    void tryLock();
    void open();
    void poll();
    void pump();
    // `ahead`: the batch after the one about to be stored, asked for before
    // its storing begins (m_ahead).
    void fetch(std::uint64_t from, std::uint64_t to, bool ahead = false);
    // A batch's answers from `from` on: checked, the next batch asked for
    // ahead, then stored.
    void fetched(std::uint64_t from, const QList<Result<QJsonValue>> &results);
    // Takes a page of the block's transactions; why not, when it does not fit.
    QString addPage(Pending &block, const QJsonValue &page) const;
    // A block's header, checked on its first page before any transaction
    // of it is kept: signed by a quorum of the trusted set, linked to the
    // stored block below it, and declaring no more than any block holds.
    // Kept decoded in the block, for store().
    QString checkFirstPage(Pending &block) const;
    // Stores blocks from `index` on, in order, each one whole (its pages
    // fetched first); then asks for more.
    void apply(const std::shared_ptr<Batch> &blocks, std::size_t index);
    void retryLater(const QString &why);
    void nodeNamed(std::uint64_t height);
    bool store(Pending &block);
    // Tells read servers (LISTEN) of the blocks stored since the last time,
    // once for all of them: a new head to take up.
    bool announce();
    // After a catch-up the planner's statistics and the visibility map are
    // those of before it, and read servers' plans scan what an index would
    // answer alone (a wallet's holdings took 0.96 ms, 0.41 ms after).
    // Autovacuum comes to it within minutes; this starts it at once, on a
    // connection of its own (PostgresVacuum), while blocks go on being
    // stored; one at a time.
    void vacuumAfterCatchUp();
    void notifyStored(std::uint64_t height); // throws when the lock's session is gone
    void fail(const QString &error);
    // The database went away: everything of this session let go, and
    // tryLock again after a backoff (1 s, doubling, at most 30 s).
    void lose(const QString &why);

    FollowerOptions m_options;
    HeaderVerifier m_verifier;
    std::unique_ptr<chain::PostgresDatabase> m_lock; // the session holding the advisory lock
    std::unique_ptr<chain::Chain> m_chain;
    std::optional<std::uint64_t> m_unannounced; // the highest block stored, not announced yet
    HttpClient *m_http = nullptr;
    RpcClient *m_rpc = nullptr;
    WebSocketStream *m_stream = nullptr;
    QTimer m_lockTimer;
    QTimer m_pollTimer;
    std::uint64_t m_target = 0;  // the highest head the node has named
    bool m_targetKnown = false;  // it has named one
    qint64 m_behindSinceMs = -1; // steady clock: since when the stored head is below it; -1 not
    bool m_busy = false;
    bool m_failed = false;
    int m_storedSinceVacuum = 0;
    std::unique_ptr<chain::PostgresVacuum> m_vacuum; // the one running
    // The batch after the one being stored: asked for as its storing began,
    // so that the node reads and sends it while this thread executes; its
    // answers, once they came; whether pump() waits for them.
    struct Ahead
    {
        std::uint64_t from = 0;
        std::optional<QList<Result<QJsonValue>>> results;
        bool awaited = false;
    };
    std::optional<Ahead> m_ahead;
    // Each connection to the database is a session: what was fetched for
    // one is dropped if the database was lost before it came.
    int m_session = 0;
    int m_reconnectMs = 0; // the next wait for the database; 0 while connected
    bool m_waitingSaid = false;
};

} // namespace gifscan::indexer
