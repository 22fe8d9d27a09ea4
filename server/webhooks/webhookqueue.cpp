// WebhookStore, continued: the queue of deliveries and the leases that let
// any number of deliverers share it (one node on its file, or workers on
// PostgreSQL). A lease is on a webhook, not a delivery: a webhook's
// messages go one at a time, in queue order, whoever sends them.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "server/webhooks/webhookstore.h"

namespace gifscan::server {

namespace {
WebhookStore::Delivery readDelivery(chain::SqlStatement &q, int first)
{
    WebhookStore::Delivery d;
    d.seq = q.getColumn(first).getInt64();
    d.hook = chain::columnText(q.getColumn(first + 1));
    d.messageId = chain::columnBlob(q.getColumn(first + 2));
    d.height = static_cast<std::uint64_t>(q.getColumn(first + 3).getInt64());
    d.body = chain::columnBlob(q.getColumn(first + 4));
    d.attempt = q.getColumn(first + 5).getInt();
    d.nextMs = q.getColumn(first + 6).getInt64();
    return d;
}

constexpr const char *kDeliveryColumns = "seq, hook, message_id, height, body, attempt, next_ms";
} // namespace

std::optional<std::uint64_t> WebhookStore::lowestScanned(std::uint64_t head) const
{
    chain::SqlStatement q(*m_db,
                          "SELECT min(scanned_height) FROM hooks WHERE disabled_reason = '' AND "
                          "scanned_height < ?");
    q.bind(1, static_cast<std::int64_t>(head));
    if (!q.executeStep() || q.getColumn(0).isNull())
        return std::nullopt;
    return static_cast<std::uint64_t>(q.getColumn(0).getInt64());
}

std::vector<WebhookStore::Hook> WebhookStore::lockScannable(std::uint64_t height)
{
    // Exactly one block behind: a block is queued for a webhook only after
    // every block before it. One another deliverer is queueing for is
    // skipped, not waited for: it queues that block, once.
    // The height is bound: written into the text, every block was a new
    // statement the worker's PostgreSQL backend prepared and kept (35 KB a
    // block, some 600 MB a day).
    return hooksWhere(
        std::string(" WHERE disabled_reason = '' AND scanned_height = ? ORDER BY id") +
            (shared() ? " FOR UPDATE SKIP LOCKED" : ""),
        height - 1);
}

void WebhookStore::enqueue(const std::vector<QString> &hooks, std::uint64_t height,
                           const std::vector<Delivery> &deliveries)
{
    chain::SqlStatement add(*m_db, "INSERT INTO deliveries (hook, message_id, height, body, "
                                   "attempt, next_ms) VALUES (?, ?, ?, ?, 0, ?)");
    for (const Delivery &d : deliveries) {
        chain::bindText(add, 1, d.hook);
        chain::bindBlob(add, 2, d.messageId);
        add.bind(3, static_cast<std::int64_t>(d.height));
        chain::bindBlob(add, 4, d.body);
        add.bind(5, static_cast<std::int64_t>(d.nextMs));
        add.exec();
        add.reset();
    }
    chain::SqlStatement scanned(*m_db, "UPDATE hooks SET scanned_height = ? WHERE id = ?");
    for (const QString &hook : hooks) {
        scanned.bind(1, static_cast<std::int64_t>(height));
        chain::bindText(scanned, 2, hook);
        scanned.exec();
        scanned.reset();
    }
}

std::optional<WebhookStore::Delivery> WebhookStore::next(const QString &hook) const
{
    chain::SqlStatement q(*m_db, std::string("SELECT ") + kDeliveryColumns +
                                     " FROM deliveries WHERE hook = ? ORDER BY seq LIMIT 1");
    chain::bindText(q, 1, hook);
    if (!q.executeStep())
        return std::nullopt;
    return readDelivery(q, 0);
}

qint64 WebhookStore::pending(const QString &hook) const
{
    chain::SqlStatement q(*m_db, "SELECT count(*) FROM deliveries WHERE hook = ?");
    chain::bindText(q, 1, hook);
    q.executeStep();
    return q.getColumn(0).getInt64();
}

qint64 WebhookStore::queued() const
{
    chain::SqlStatement q(*m_db, "SELECT count(*) FROM deliveries");
    q.executeStep();
    return q.getColumn(0).getInt64();
}

std::vector<WebhookStore::Claim> WebhookStore::claim(const QString &worker, qint64 nowMs,
                                                     qint64 leaseMs, int most,
                                                     const QSet<QString> &busy)
{
    std::vector<Claim> out;
    if (most <= 0)
        return out;
    chain::SqlTransaction t(*m_db);
    // Enabled, not leased (or its lease run out: its deliverer died or hangs),
    // and its first delivery due. Rows another deliverer is locking are
    // passed over, so that no two take one webhook.
    chain::SqlStatement q(*m_db,
                          std::string("SELECT id FROM hooks h WHERE disabled_reason = '' AND "
                                      "lease_until_ms <= ?1 AND (SELECT next_ms FROM deliveries "
                                      "d WHERE d.hook = h.id ORDER BY seq LIMIT 1) <= ?1 ORDER "
                                      "BY lease_until_ms, id LIMIT ?2") +
                              (shared() ? " FOR UPDATE SKIP LOCKED" : ""));
    q.bind(1, static_cast<std::int64_t>(nowMs));
    q.bind(2, most);
    std::vector<QString> ids;
    while (q.executeStep()) {
        // A delivery of this deliverer's still on the wire (its lease ran
        // out under it): not sent twice from here.
        if (const QString id = chain::columnText(q.getColumn(0)); !busy.contains(id))
            ids.push_back(id);
    }
    q.reset();
    // Taken only if still free: SKIP LOCKED keeps deliverers from waiting
    // on each other, this keeps two from taking one webhook even where a
    // row is read unlocked (SQLite, a lock given up in between).
    chain::SqlStatement lease(*m_db,
                              "UPDATE hooks SET lease_owner = ?, lease_until_ms = ? WHERE id = ? "
                              "AND lease_until_ms <= ?");
    for (const QString &id : ids) {
        // Each lease its own name: an attempt that outlived it finds it gone
        // even when its own deliverer took the webhook again since.
        const QString token = worker + u'/' + QString::number(++m_leases);
        chain::bindText(lease, 1, token);
        lease.bind(2, static_cast<std::int64_t>(nowMs + leaseMs));
        chain::bindText(lease, 3, id);
        lease.bind(4, static_cast<std::int64_t>(nowMs));
        const int taken = lease.exec();
        lease.reset();
        if (taken == 0)
            continue;
        auto hook = this->hook(id);
        auto delivery = next(id);
        if (hook && delivery)
            out.push_back({std::move(*hook), std::move(*delivery), token});
    }
    t.commit();
    return out;
}

std::optional<qint64> WebhookStore::nextDue() const
{
    // The first delivery of each enabled webhook, when it is due or, leased,
    // when its lease runs out.
    chain::SqlStatement q(*m_db,
                          "SELECT min(CASE WHEN lease_until_ms > n THEN lease_until_ms ELSE n "
                          "END) FROM (SELECT lease_until_ms, (SELECT next_ms FROM deliveries d "
                          "WHERE d.hook = h.id ORDER BY seq LIMIT 1) AS n FROM hooks h WHERE "
                          "disabled_reason = '') due WHERE n IS NOT NULL");
    if (!q.executeStep() || q.getColumn(0).isNull())
        return std::nullopt;
    return q.getColumn(0).getInt64();
}

std::optional<qint64> WebhookStore::serverNowMs()
{
    // One clock for every worker's leases, wherever they run.
    if (!shared())
        return std::nullopt;
    return m_db->queryInt("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint");
}

bool WebhookStore::release(const QString &hook, const QString &lease)
{
    // The webhook's row first, in every transaction that changes both, so
    // that two deliverers never wait on each other.
    chain::SqlStatement q(*m_db,
                          "UPDATE hooks SET lease_owner = '', lease_until_ms = 0 WHERE id = ? "
                          "AND lease_owner = ?");
    chain::bindText(q, 1, hook);
    chain::bindText(q, 2, lease);
    return q.exec() > 0;
}

void WebhookStore::record(const QString &hook, const Attempt &o, bool success)
{
    chain::SqlStatement q(*m_db, success ? "UPDATE hooks SET last_attempt_ms = ?, last_status = ?, "
                                           "last_error = ?, failing_since_ms = -1 WHERE id = ?"
                                         : "UPDATE hooks SET last_attempt_ms = ?, last_status = ?, "
                                           "last_error = ?, failing_since_ms = CASE WHEN "
                                           "failing_since_ms < 0 THEN ?1 ELSE failing_since_ms END "
                                           "WHERE id = ?");
    q.bind(1, static_cast<std::int64_t>(o.atMs));
    q.bind(2, o.status);
    chain::bindText(q, 3, o.error);
    chain::bindText(q, 4, hook);
    q.exec();
}

bool WebhookStore::settle(const Delivery &d, const QString &lease, const Attempt &o, Settlement how,
                          qint64 nextMs)
{
    chain::SqlTransaction t(*m_db);
    // A lease run out was taken by another deliverer, who sends this message
    // again (the same webhook-id) and writes what comes of it.
    if (!release(d.hook, lease))
        return false;
    switch (how) {
    case Settlement::Disabled:
        disableHook(d.hook, o.error);
        break;
    case Settlement::Delivered:
    case Settlement::GivenUp: {
        chain::SqlStatement del(*m_db, "DELETE FROM deliveries WHERE seq = ?");
        del.bind(1, static_cast<std::int64_t>(d.seq));
        del.exec();
        chain::SqlStatement count(*m_db,
                                  how == Settlement::Delivered
                                      ? "UPDATE hooks SET delivered = delivered + 1 WHERE id = ?"
                                      : "UPDATE hooks SET failed = failed + 1 WHERE id = ?");
        chain::bindText(count, 1, d.hook);
        count.exec();
        break;
    }
    case Settlement::Retry: {
        chain::SqlStatement q(
            *m_db, "UPDATE deliveries SET attempt = attempt + 1, next_ms = ? WHERE seq = ?");
        q.bind(1, static_cast<std::int64_t>(nextMs));
        q.bind(2, static_cast<std::int64_t>(d.seq));
        q.exec();
        break;
    }
    }
    record(d.hook, o, how == Settlement::Delivered);
    t.commit();
    return true;
}

void WebhookStore::disableHook(const QString &hook, const QString &reason)
{
    chain::SqlStatement q(*m_db, "UPDATE hooks SET disabled_reason = ?, lease_owner = '', "
                                 "lease_until_ms = 0 WHERE id = ?");
    chain::bindText(q, 1, reason);
    chain::bindText(q, 2, hook);
    q.exec();
    chain::SqlStatement drop(*m_db, "DELETE FROM deliveries WHERE hook = ?");
    chain::bindText(drop, 1, hook);
    drop.exec();
}

void WebhookStore::disable(const QString &hook, const QString &reason, const Attempt &o)
{
    std::optional<chain::SqlTransaction> t;
    if (!m_inBatch)
        t.emplace(*m_db);
    disableHook(hook, reason);
    record(hook, o, false);
    if (t)
        t->commit();
}

} // namespace gifscan::server
