#pragma once

#include "chain/store/staterecords.h"
#include "core/base/outcome.h"
#include "core/support/clock.h"
#include "core/support/clocktimer.h"
#include "server/webhooks/webhookcaller.h"
#include "server/webhooks/webhookhostshare.h"
#include "server/webhooks/webhookpolicy.h"
#include "server/webhooks/webhookstore.h"
#include "server/webhooks/webhooktarget.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QSet>
#include <QTimer>
#include <QUrl>
#include <exception>
#include <map>

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

// Webhooks (PROTOCOL, "Webhooks"): registrations over JSON-RPC, each new
// block's mints, sales and transfers queued for every webhook that wants
// them, and delivered signed, one at a time per webhook in height order,
// retried on the policy's schedule. The queue is kept in webhooks.db (the
// node's), or in the indexer's PostgreSQL, where read servers register
// (Role::Registrar) and any number of workers queue and deliver
// (Role::Worker), each webhook leased to one of them at a time; a restart or
// a worker's death repeats only what was not acknowledged, under the same
// webhook-id. Lives on the thread of the chain it reads (the node thread).
class WebhookService : public QObject
{
    Q_OBJECT
public:
    enum class Role {
        Node,      // registers, queues and delivers, on its own file
        Registrar, // a read server: registers into the shared store
        Worker,    // gifscan-indexer webhooks: queues and delivers from it
    };
    struct Options
    {
        Role role = Role::Node;
        // Hosts receivers may be on besides loopback: a node that called any
        // URL it is given could be aimed at a private network.
        QStringList hosts;
        // The node listens on loopback only: then, and only then, a program
        // or page of this machine may aim webhooks at loopback. A node that
        // strangers reach calls no loopback address they name.
        bool onLoopback = true;
        bool loopbackApart = false; // tests: each loopback address a client of its own
        double retryScale = 1.0;    // scales the retry schedule and the five days (tests)
        int timeoutMs = 15000;
        const Clock *clock = &Clock::wall();
        int maxHooks = 100;        // enabled at once
        int maxStoredHooks = 1000; // disabled ones too (their status stays readable)
        // One address's share, so that no one takes every slot; a new
        // webhook takes a disabled one's slot (the caller's own first)
        // rather than be refused.
        // (An address here is a client: clientKey, loopback one, IPv6 a /64.)
        int maxHooksPerAddress = 10;
        int maxStoredPerAddress = 100;
        // Deliveries one webhook may owe: a receiver slower than the chain
        // is disabled here instead of filling the disk.
        qint64 maxPending = 10000;
        // Deliveries on the wire at once, each to another webhook.
        int maxInFlight = 64;
        // A receiver's host name to its addresses (tests: names of their own).
        WebhookResolver resolve = WebhookTarget::systemResolver();
    };
    using Caller = WebhookCaller;
    // A JSON-RPC error: code and message.
    struct Error
    {
        int code = 0;
        QString message;
    };

    WebhookService(chain::ServedChain &chain, Options options, QObject *parent = nullptr);
    ~WebhookService() override;

    // `path` empty: a temporary database, gone with the node (ephemeral).
    // Queues what the chain made while the node was down, and starts sending.
    Outcome<> open(const QString &path);
    // The indexer's PostgreSQL (libpq's URL), for a registrar or a worker.
    Outcome<> openServer(const QString &url);

    // gif_createWebhook's {url, types, collection?, address?, key?}:
    // {id, secret, height}, registered to `caller`'s client. The secret is
    // said this once.
    QJsonObject create(const QJsonObject &params, const Caller &caller, Error *error);
    // With the secret; the operator may leave it out.
    bool remove(const QString &id, const QString &secret, const Caller &caller, Error *error);
    QJsonObject status(const QString &id, const QString &secret, Error *error);
    // gif_listWebhooks: the operator's every webhook, another program its
    // own client's, a page none; never a secret.
    QJsonArray list(const Caller &caller, Error *error) const;

    // Whether `url`'s host may be called, for `caller` (none: at start,
    // for webhooks made before).
    bool hostAllowed(const QUrl &url, const Caller *caller) const;
    // A registration's members read, or why one is refused (create's
    // kInvalidParams).
    QString readUrl(const QJsonObject &params, const Caller &caller, QUrl *url) const;
    QString readFilter(const QJsonObject &params, WebhookFilter *filter) const;

    // For /metrics: deliveries settled by this process, by outcome
    // (delivered, retry, given_up, disabled); and what the queue holds,
    // every deliverer's (a statement; throws when the store cannot be read).
    const std::map<QString, quint64> &settled() const { return m_settled; }
    qint64 queued() const;

private:
    struct Reply;
    // Room for one more webhook of `caller`, a disabled one's slot taken if
    // need be; else why not. Inside a guarded step.
    QString makeRoom(const QString &client);
    Outcome<> start(const QString &where);
    void checkHooks();
    void onBlockAnnounced();
    void scan();
    void pump();
    void schedulePump();
    void send(const WebhookStore::Claim &claim);
    void post(const WebhookStore::Claim &claim, QNetworkRequest request);
    // An attempt that ended before it was sent (its host refused or not found).
    void fail(const WebhookStore::Claim &claim, const QString &why);
    void settle(const WebhookStore::Delivery &d, const QString &lease,
                const WebhookPolicy::Attempt &attempt);
    qint64 nowMs();
    // One mint, sale or transfer of a block, with its object and its body.
    struct BlockEvent
    {
        chain::ActivityEntry entry;
        chain::ObjectRecord object;
        QByteArray body;
    };
    std::vector<BlockEvent> blockEvents(std::uint64_t height) const;
    // Queues one block's events for `hooks` (locked, each with every block
    // before it queued), and lets go of those whose receivers fall too far
    // behind; `pending`: what each owes, read once a pass.
    void enqueueBlock(std::vector<WebhookStore::Hook> &hooks, std::uint64_t height,
                      const std::vector<BlockEvent> &events, QHash<QString, qint64> &pending,
                      qint64 now);
    std::optional<WebhookStore::Hook> authorized(const QString &id, const QString &secret,
                                                 Error *error) const;
    QByteArray payload(const QJsonObject &activity, const QString &type, std::uint64_t timestamp,
                       const QString &blockHash) const;
    // Runs a step that touches the database; a failure is logged, never thrown
    // into the event loop. A server's connection lost (PostgreSQL restarted)
    // is made again, and the step run once more while `*repeatable` (none:
    // always) says nothing of it may have happened: each step is one
    // transaction, lost if its connection was, except when what was lost
    // is the answer to its last write (a registration is not made twice).
    template <typename F> bool guarded(const char *what, F &&step, const bool *repeatable = nullptr)
    {
        for (int attempt = 0;; ++attempt) {
            try {
                step();
                return true;
            } catch (const chain::SqlError &e) {
                const bool made =
                    e.kind() == chain::SqlError::Kind::ConnectionLost && m_store.reconnect();
                if (!made || attempt > 0 || (repeatable && !*repeatable)) {
                    logFailure(what, e);
                    return false;
                }
            } catch (const std::exception &e) {
                logFailure(what, e);
                return false;
            }
        }
    }
    static void logFailure(const char *what, const std::exception &e);

    chain::ServedChain &m_chain;
    Options m_options;
    WebhookPolicy m_policy;
    WebhookStore m_store;
    QString m_worker; // this deliverer's name on its leases
    // Webhooks with a delivery on the wire, or its host being looked up (nullptr).
    QHash<QString, QNetworkReply *> m_inFlight;
    QHash<QString, bool> m_refused; // webhooks whose host was refused, said once in the log
    WebhookHostShare m_share;       // each host's connections, shared between owners
    ClockTimer m_wake;              // the earliest delivery due
    // A worker's look at the shared queue: what other workers queued, and
    // their leases run out.
    QTimer m_poll;
    bool m_pumpQueued = false;
    bool m_open = false;
    std::map<QString, quint64> m_settled;
    QNetworkAccessManager m_nam; // last: its replies go before the rest
};

} // namespace gifscan::server
