#pragma once

#include "core/base/outcome.h"
#include "core/protocol/validatorset.h"
#include "core/support/clock.h"

#include <QObject>
#include <QStringList>
#include <QTimer>
#include <memory>
#include <optional>

namespace gifscan::chain {
class QueryStore;
class PostgresListener;
} // namespace gifscan::chain

namespace gifscan::server {
class WebhookService;
} // namespace gifscan::server

namespace gifscan::indexer {

// gifscan-indexer webhooks: one of any number of workers that queue and
// deliver the webhooks the read servers registered, from the indexer's
// PostgreSQL (WebhookService, Role::Worker). It reads the chain the
// follower stores, as a read server does, and learns of new blocks from the
// follower's NOTIFY and a poll each second. Workers share the queue through
// leases taken with FOR UPDATE SKIP LOCKED: one webhook's messages go from
// one worker at a time, and a worker killed mid-delivery leaves its lease to
// run out, after which another sends the message again under the same
// webhook-id. Lives on the thread that created it.
class WebhookWorker : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString database; // libpq's connection string or URL
        // Where the follower's NOTIFY is listened for, when --db is a pooler
        // (a LISTEN needs a connection of its own); empty: the database.
        QString notifyDatabase;
        QStringList
            hosts; // receivers' hosts it calls, loopback too only if named (--webhook-hosts)
        double retryScale = 1.0;
        int timeoutMs = 15000;
        qint64 maxPending = 10000;
        // The validators whose headers the follower proved the chain by
        // (--trust, as the follower's); none: the devnet's.
        std::optional<ValidatorSet> trusted;
    };

    explicit WebhookWorker(Options options, QObject *parent = nullptr);
    ~WebhookWorker() override;

    // A Failure when the database cannot be read, or NotYet while it holds
    // no chain or no block 0 yet (the caller tries again later).
    Outcome<> start();
    // Its webhooks, once started (for /metrics); none before.
    const server::WebhookService *service() const { return m_webhooks.get(); }

private:
    Options m_options;
    std::unique_ptr<chain::QueryStore> m_chain;
    std::unique_ptr<server::WebhookService> m_webhooks;
    std::unique_ptr<chain::PostgresListener> m_listener;
    QTimer m_poll;
};

} // namespace gifscan::indexer
