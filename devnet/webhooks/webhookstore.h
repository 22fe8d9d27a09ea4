#pragma once

#include "devnet/webhooks/webhookfilter.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gifscan::devnet {

class SqlDatabase;

// The webhooks and their queue of deliveries, in webhooks.db beside the
// chain (or a temporary file for an ephemeral node): what a node killed and
// started again must still owe its receivers. Every change is one SQLite
// transaction; errors are thrown as std::exception. Used on the node
// thread only.
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
    struct Outcome
    {
        qint64 atMs = 0;
        int status = 0;
        QString error;
    };

    WebhookStore();
    ~WebhookStore();

    // The file is made readable by its owner only: it holds the secrets.
    bool open(const QString &path, QString *error);
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

    // Queues one block's deliveries for some hooks and moves each one's
    // scanned height to `height`, together.
    void enqueue(const std::vector<QString> &hooks, std::uint64_t height,
                 const std::vector<Delivery> &deliveries);
    std::optional<Delivery> next(const QString &hook) const;
    qint64 pending(const QString &hook) const;

    void delivered(const Delivery &d, const Outcome &o);
    void retry(const Delivery &d, qint64 nextMs, const Outcome &o);
    void giveUp(const Delivery &d, const Outcome &o);
    // Also drops its queue: a disabled webhook is called no more.
    void disable(const QString &hook, const QString &reason, const Outcome &o);

private:
    void record(const QString &hook, const Outcome &o, bool success);

    std::unique_ptr<SqlDatabase> m_db;
};

} // namespace gifscan::devnet
