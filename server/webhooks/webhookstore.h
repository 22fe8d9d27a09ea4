#pragma once

#include "chain/store/sqldatabase.h"
#include "core/base/outcome.h"
#include "server/webhooks/webhookfilter.h"

#include <QByteArray>
#include <QSet>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gifscan::server {

// The webhooks and their queue of deliveries, in webhooks.db beside the
// chain (or a temporary file for an ephemeral node), or in the `webhooks`
// schema of the indexer's PostgreSQL database, shared by its read servers
// (which register) and its workers (which deliver): what a deliverer killed
// and started again must still owe its receivers. Every change is one
// transaction; errors are thrown as std::exception. Used on the thread that
// opened it.
class WebhookStore
{
public:
    struct Hook
    {
        QString id;
        QString secret;
        QString url;
        WebhookFilter filter;
        std::uint64_t createdHeight = 0; // events of later blocks are sent
        std::uint64_t scannedHeight = 0; // blocks up to this one are queued
        qint64 createdMs = 0;
        qint64 delivered = 0;
        qint64 failed = 0;          // messages given up on
        qint64 failingSinceMs = -1; // start of the current run of failures
        qint64 lastAttemptMs = -1;
        int lastStatus = 0;
        QString lastError;
        QString disabledReason; // empty while enabled
        QString owner;          // the address that registered it (empty before schema 2)
        bool disabled() const { return !disabledReason.isEmpty(); }
    };
    struct Delivery
    {
        qint64 seq = 0; // queue order: height order, then the block's own
        QString hook;
        QByteArray messageId;
        std::uint64_t height = 0;
        QByteArray body;
        int attempt = 0;
        qint64 nextMs = 0;
    };
    // What one attempt left to say in the webhook's status.
    struct Attempt
    {
        qint64 atMs = 0;
        int status = 0;
        QString error;
    };

    WebhookStore();
    ~WebhookStore();

    // The file is made readable by its owner only: it holds the secrets.
    Outcome<> open(const QString &path);
    // The indexer's database (libpq's URL): the schema made if missing.
    Outcome<> openServer(const QString &url);
    // Whether the database at `url` takes writes now: false for a standby
    // (or a role that may not write), and for one that cannot be reached.
    // Blocks for up to libpq's connect timeout: not on the node thread.
    static bool takesWrites(const QString &url);
    // On PostgreSQL, where other processes deliver from the same queue.
    bool shared() const;
    // A server's connection lost: made again. False for a file, or when
    // the server is still away.
    bool reconnect() { return m_db && m_db->reconnect(); }

    // One transaction over several changes (a scan's blocks); disable()
    // inside it takes part in it.
    class Batch
    {
    public:
        explicit Batch(WebhookStore &store);
        ~Batch();
        Batch(const Batch &) = delete;
        Batch &operator=(const Batch &) = delete;
        void commit();

    private:
        WebhookStore &m_store;
        chain::SqlTransaction m_transaction;
    };
    // Held while a registration counts and takes a slot: one at a time
    // across every process of a shared store. One transaction, the lock its
    // own (pg_advisory_xact_lock), which the registration's changes join
    // and commit() ends: a session's lock behind a pooler stayed on one
    // server connection, and every registration that another was handed
    // waited out the lock timeout. Without commit(), nothing of it is kept.
    class RegistrationLock
    {
    public:
        explicit RegistrationLock(WebhookStore &store);
        ~RegistrationLock();
        RegistrationLock(const RegistrationLock &) = delete;
        RegistrationLock &operator=(const RegistrationLock &) = delete;
        void commit();

    private:
        WebhookStore &m_store;
        std::optional<chain::SqlTransaction> m_transaction;
    };
    // The chain the queue was made from: a database kept beside another
    // chain (a new genesis in the same folder) has every webhook disabled
    // and its queue dropped, rather than ids and heights of another chain
    // reused. Returns how many webhooks that disabled.
    int bindToChain(const QByteArray &genesisHash, qint64 nowMs);

    std::vector<Hook> hooks() const;
    std::optional<Hook> hook(const QString &id) const;
    // Of one owner, or of all when nullopt.
    qint64 hookCount(const std::optional<QString> &owner = std::nullopt) const;
    qint64 enabledHookCount(const std::optional<QString> &owner = std::nullopt) const;
    // The disabled webhook whose slot goes first to a new one: disabled longest.
    std::optional<QString> oldestDisabled(const std::optional<QString> &owner) const;
    void insert(const Hook &hook);
    void remove(const QString &id);
    void setOwner(const QString &id, const QString &owner);

    // The scanned height of the enabled webhook furthest behind `head`, if
    // one is.
    std::optional<std::uint64_t> lowestScanned(std::uint64_t head) const;
    // Inside a Batch: the enabled webhooks whose next block to queue is
    // `height`, locked to this batch; those another deliverer holds are left out.
    std::vector<Hook> lockScannable(std::uint64_t height);
    // The connection itself, for what a test measures of it (its prepared
    // statements); the store's methods are its only writers.
    chain::SqlDatabase &database() { return *m_db; }
    // Inside a Batch: queues one block's deliveries for some hooks and moves
    // each one's scanned height to `height`.
    void enqueue(const std::vector<QString> &hooks, std::uint64_t height,
                 const std::vector<Delivery> &deliveries);
    std::optional<Delivery> next(const QString &hook) const;
    qint64 pending(const QString &hook) const;
    qint64 queued() const; // every webhook's

    // Up to `most` webhooks whose first delivery is due, leased to `worker`
    // until nowMs + leaseMs, each with that delivery.
    // Those in `busy` (on the wire from here) are left alone.
    struct Claim
    {
        Hook hook;
        Delivery delivery;
        QString lease; // this claim's own name, for settle()
    };
    std::vector<Claim> claim(const QString &worker, qint64 nowMs, qint64 leaseMs, int most,
                             const QSet<QString> &busy = {});
    // A claim not sent after all: its delivery is due again at once.
    void giveBack(const Claim &c) { release(c.hook.id, c.lease); }
    // The server's clock (ms), which times every deliverer's leases; none
    // for a file, whose one deliverer's own clock does.
    std::optional<qint64> serverNowMs();
    // When a delivery is next due, or a lease runs out (ms).
    std::optional<qint64> nextDue() const;

    // What an attempt under `lease` came to, written with the lease let go;
    // false (nothing written) when the lease is no longer that one.
    // Disabled: the webhook, for the reason in `o.error`.
    enum class Settlement { Delivered, Retry, GivenUp, Disabled };
    bool settle(const Delivery &d, const QString &lease, const Attempt &o, Settlement how,
                qint64 nextMs = 0);
    // Also drops its queue: a disabled webhook is called no more.
    void disable(const QString &hook, const QString &reason, const Attempt &o);

private:
    // The hooks the query's `rest` (after FROM hooks) selects; `height`, when
    // given, bound to its one `?`: a value is never written into the text,
    // which is a statement the server prepares and keeps.
    std::vector<Hook> hooksWhere(const std::string &rest,
                                 std::optional<std::uint64_t> height = std::nullopt) const;
    bool release(const QString &hook, const QString &lease);
    void disableHook(const QString &hook, const QString &reason);
    void record(const QString &hook, const Attempt &o, bool success);

    std::unique_ptr<chain::SqlDatabase> m_db;
    bool m_inBatch = false;
    qint64 m_leases = 0; // leases taken, to name each
};

} // namespace gifscan::server
