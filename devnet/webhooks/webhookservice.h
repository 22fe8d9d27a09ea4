#pragma once

#include "core/support/clock.h"
#include "core/support/clocktimer.h"
#include "devnet/webhooks/webhookpolicy.h"
#include "devnet/webhooks/webhookstore.h"

#include <QHash>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QSet>
#include <QUrl>
#include <exception>

namespace gifscan::devnet {

class Chain;

// Webhooks (PROTOCOL, "Webhooks"): registrations over JSON-RPC, each new
// block's mints, sales and transfers queued for every webhook that wants
// them, and delivered signed, one at a time per webhook in height order,
// retried on the policy's schedule. The queue is kept in webhooks.db, so a
// restart repeats only what was not acknowledged. Lives on the node thread,
// with the chain it reads.
class WebhookService : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        // Hosts receivers may be on besides loopback: a node that called any
        // URL it is given could be aimed at a private network.
        QStringList hosts;
        double retryScale = 1.0; // scales the retry schedule and the five days (tests)
        int timeoutMs = 15000;
        const Clock *clock = &Clock::wall();
        int maxHooks = 100;        // enabled at once
        int maxStoredHooks = 1000; // disabled ones too (their status stays readable)
        // One address's share, so that no one takes every slot; a new
        // webhook takes a disabled one's slot (the caller's own first)
        // rather than be refused.
        int maxHooksPerAddress = 10;
        int maxStoredPerAddress = 100;
        // Deliveries one webhook may owe: a receiver slower than the chain
        // is disabled here instead of filling the disk.
        qint64 maxPending = 10000;
    };
    // A JSON-RPC error: code and message.
    struct Error
    {
        int code = 0;
        QString message;
    };

    WebhookService(Chain &chain, Options options, QObject *parent = nullptr);
    ~WebhookService() override;

    // `path` empty: a temporary database, gone with the node (ephemeral).
    // Queues what the chain made while the node was down, and starts sending.
    bool open(const QString &path, QString *error);

    // gif_createWebhook's {url, types, collection?, address?, key?}:
    // {id, secret, height}, registered to `caller` (the client's address).
    // The secret is said this once.
    QJsonObject create(const QJsonObject &params, const QString &caller, Error *error);
    bool remove(const QString &id, const QString &secret, Error *error);
    QJsonObject status(const QString &id, const QString &secret, Error *error);

    bool hostAllowed(const QUrl &url) const;
    // A registration's members read, or why one is refused (create's
    // kInvalidParams).
    QString readUrl(const QJsonObject &params, QUrl *url) const;
    QString readFilter(const QJsonObject &params, WebhookFilter *filter) const;

private:
    struct Reply;
    // Room for one more webhook of `caller`, a disabled one's slot taken if
    // need be; else why not. Inside a guarded step.
    QString makeRoom(const QString &caller);
    void onBlockAnnounced();
    void scan();
    void pump();
    void schedulePump();
    void send(const WebhookStore::Hook &hook, const WebhookStore::Delivery &d);
    void settle(const WebhookStore::Delivery &d, const WebhookPolicy::Attempt &attempt);
    std::optional<WebhookStore::Hook> authorized(const QString &id, const QString &secret,
                                                 Error *error) const;
    QByteArray payload(const QJsonObject &activity, const QString &type, std::uint64_t timestamp,
                       const QString &blockHash) const;
    // Runs a step that touches the database; a failure is logged, never thrown
    // into the event loop.
    template <typename F> bool guarded(const char *what, F &&step)
    {
        try {
            step();
            return true;
        } catch (const std::exception &e) {
            logFailure(what, e);
            return false;
        }
    }
    static void logFailure(const char *what, const std::exception &e);

    Chain &m_chain;
    Options m_options;
    WebhookPolicy m_policy;
    WebhookStore m_store;
    QHash<QString, QNetworkReply *> m_inFlight; // webhooks with a delivery on the wire
    QSet<QString> m_parked; // webhooks whose last outcome could not be written: waiting
    ClockTimer m_wake;      // the earliest delivery due
    bool m_pumpQueued = false;
    bool m_open = false;
    QNetworkAccessManager m_nam; // last: its replies go before the rest
};

} // namespace gifscan::devnet
