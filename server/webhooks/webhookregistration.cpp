// WebhookService, continued: the JSON-RPC side (create, delete, status).
#include "chain/engine/chainview.h"
#include "chain/engine/servedchain.h"
#include "core/protocol/commitments.h"
#include "server/net/clientkey.h"
#include "server/webhooks/webhookadmin.h"
#include "server/webhooks/webhookservice.h"
#include "server/webhooks/webhooksigner.h"

#include <QDateTime>
#include <QHostAddress>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QRandomGenerator>

namespace gifscan::server {

Q_DECLARE_LOGGING_CATEGORY(lcWebhooks)

namespace {
constexpr int kInvalidParams = -32602;
constexpr int kNotFound = -32001;
constexpr int kServerError = -32000;
constexpr qsizetype kMaxUrl = 2048;

QJsonValue isoTime(qint64 ms)
{
    if (ms < 0)
        return QJsonValue::Null;
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}
} // namespace

bool WebhookService::hostAllowed(const QUrl &url, const Caller *caller) const
{
    const QString host = url.host().toLower();
    // The operator's word first: a host named by --webhook-hosts is theirs.
    if (m_options.hosts.contains(host, Qt::CaseInsensitive))
        return true;
    QHostAddress address;
    const bool loopback = (address.setAddress(host) && address.isLoopback()) ||
                          host == QLatin1String("localhost") ||
                          host.endsWith(QLatin1String(".localhost"));
    // This machine's services (a Docker socket's HTTP port, a database's
    // admin page) are called for this machine's own programs and pages only,
    // and never by a node strangers reach.
    return loopback && m_options.onLoopback && (!caller || (caller->local() && !caller->foreign));
}

QString WebhookService::makeRoom(const QString &client)
{
    // A disabled webhook's slot is taken before a new one is refused: its
    // status was readable for as long as there was room.
    auto reclaim = [this](const std::optional<QString> &owner) {
        const auto id = m_store.oldestDisabled(owner);
        if (id) {
            qCInfo(lcWebhooks).noquote() << "reclaiming the slot of disabled webhook" << *id;
            m_store.remove(*id);
        }
        return id.has_value();
    };
    // The enabled caps first: a refusal takes no disabled webhook's slot.
    if (m_store.enabledHookCount(client) >= m_options.maxHooksPerAddress)
        return QStringLiteral("this address has %1 enabled webhooks, the most one address may "
                              "have: delete one first")
            .arg(m_options.maxHooksPerAddress);
    if (m_store.enabledHookCount() >= m_options.maxHooks)
        return QStringLiteral("this node sends to at most %1 webhooks at once, and has as many: "
                              "try later")
            .arg(m_options.maxHooks);
    if (m_store.hookCount(client) >= m_options.maxStoredPerAddress && !reclaim(client))
        return QStringLiteral("this address keeps %1 webhooks, the most one address may: "
                              "delete one first")
            .arg(m_options.maxStoredPerAddress);
    if (m_store.hookCount() >= m_options.maxStoredHooks && !reclaim(std::nullopt))
        return QStringLiteral("this node keeps at most %1 webhooks: try later")
            .arg(m_options.maxStoredHooks);
    return {};
}

// The `url` member, or why it is refused.
QString WebhookService::readUrl(const QJsonObject &params, const Caller &caller, QUrl *url) const
{
    const QString text = params.value(QStringLiteral("url")).toString();
    *url = QUrl(text, QUrl::StrictMode);
    if (text.isEmpty() || text.size() > kMaxUrl || !url->isValid() || url->host().isEmpty() ||
        (url->scheme() != QLatin1String("http") && url->scheme() != QLatin1String("https")))
        return QStringLiteral("url must be an http or https URL of at most %1 characters")
            .arg(kMaxUrl);
    if (!hostAllowed(*url, &caller))
        return !m_options.onLoopback
                   ? QStringLiteral("host %1 is not allowed: this node is reached from other "
                                    "machines and calls only the hosts named by --webhook-hosts")
                         .arg(url->host())
               : !caller.local() || !caller.foreign
                   ? QStringLiteral("host %1 is not allowed: this node calls loopback addresses "
                                    "for programs and pages of this machine, and the hosts named "
                                    "by --webhook-hosts")
                         .arg(url->host())
                   : QStringLiteral("host %1 is not allowed: a page of another site may not aim "
                                    "webhooks at this machine")
                         .arg(url->host());

    return {};
}

// The `types`, `collection`, `address` and `key` members, or why one is refused.
QString WebhookService::readFilter(const QJsonObject &params, WebhookFilter *filter) const
{
    const QJsonValue types = params.value(QStringLiteral("types"));
    if (!types.isArray() || types.toArray().isEmpty())
        return QStringLiteral("types must be a non-empty array of %1")
            .arg(WebhookFilter::knownTypes().join(u", "));
    for (const auto &t : types.toArray()) {
        const QString type = t.toString();
        if (!WebhookFilter::knownTypes().contains(type))
            return QStringLiteral("unknown type \"%1\" (known: %2)")
                .arg(t.isString() ? type : QStringLiteral("?"),
                     WebhookFilter::knownTypes().join(u", "));
        if (!filter->types.contains(type))
            filter->types.append(type);
    }
    const chain::ChainView &state = m_chain.state();
    if (params.contains(QStringLiteral("collection"))) {
        filter->collection = params.value(QStringLiteral("collection")).toString();
        if (state.collectionIndex(filter->collection) < 0)
            return QStringLiteral("no collection \"%1\"").arg(filter->collection);
    }
    if (params.contains(QStringLiteral("address"))) {
        filter->address = parseAddress(params.value(QStringLiteral("address")).toString());
        if (!filter->address)
            return QStringLiteral("address must be 0x and 40 hexadecimal digits");
    }
    if (params.contains(QStringLiteral("key"))) {
        filter->key = params.value(QStringLiteral("key")).toString();
        QString slug;
        std::uint64_t tokenId = 0;
        if (!parseDisplayKey(filter->key, &slug, &tokenId) || state.collectionIndex(slug) < 0)
            return QStringLiteral("key must be slug#id of an existing collection");
    }

    return {};
}

QJsonObject WebhookService::create(const QJsonObject &params, const Caller &caller, Error *error)
{
    auto fail = [error](int code, const QString &message) {
        *error = {code, message};
        return QJsonObject();
    };
    static const QStringList known{QStringLiteral("url"), QStringLiteral("types"),
                                   QStringLiteral("collection"), QStringLiteral("address"),
                                   QStringLiteral("key")};
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (!known.contains(it.key()))
            return fail(kInvalidParams, QStringLiteral("unknown member \"%1\"").arg(it.key()));
    }
    QUrl url;
    if (const QString wrong = readUrl(params, caller, &url); !wrong.isEmpty())
        return fail(kInvalidParams, wrong);
    WebhookFilter filter;
    if (const QString wrong = readFilter(params, &filter); !wrong.isEmpty())
        return fail(kInvalidParams, wrong);
    const chain::ChainView &state = m_chain.state();

    QJsonObject answer;
    const QString client = clientKey(caller.address, m_options.loopbackApart);
    bool repeatable = true;
    const bool stored = guarded(
        "register a webhook",
        [&] {
            WebhookStore::RegistrationLock lock(m_store);
            if (const QString full = makeRoom(client); !full.isEmpty()) {
                *error = {kServerError, full};
                return;
            }
            WebhookStore::Hook h;
            h.id = QStringLiteral("wh_%1").arg(QRandomGenerator::system()->generate64(), 16, 16,
                                               QLatin1Char('0'));
            h.secret = WebhookSigner::newSecret();
            h.url = url.toString(QUrl::FullyEncoded);
            h.filter = filter;
            // Events of the blocks after this one.
            h.createdHeight = state.head();
            h.scannedHeight = h.createdHeight;
            h.createdMs = m_options.clock->nowMs();
            h.owner = client;
            repeatable = false;
            m_store.insert(h);
            lock.commit();
            answer = {{QStringLiteral("id"), h.id},
                      {QStringLiteral("secret"), h.secret},
                      {QStringLiteral("height"), static_cast<qint64>(h.createdHeight)}};
        },
        &repeatable);
    if (!stored)
        return fail(kServerError, QStringLiteral("the webhook database cannot be written"));
    return answer;
}

QJsonArray WebhookService::list(const Caller &caller, Error *error) const
{
    // A page shares its client (all of loopback is one) with the operator's
    // programs: it would see their receivers' URLs, tokens in them and all.
    if (caller.page) {
        *error = {kServerError, QStringLiteral("web pages do not list webhooks: ask after each one "
                                               "with its id and secret (gif_webhookStatus)")};
        return {};
    }
    QJsonArray hooks;
    const QString client = clientKey(caller.address, m_options.loopbackApart);
    try {
        for (const WebhookStore::Hook &h : m_store.hooks()) {
            if (caller.isOperator() || clientKey(h.owner, m_options.loopbackApart) == client)
                hooks.append(WebhookAdmin::describe(m_store, h));
        }
    } catch (const std::exception &e) {
        logFailure("list the webhooks", e);
        *error = {kServerError, QStringLiteral("the webhook database cannot be read")};
        return {};
    }
    return hooks;
}

std::optional<WebhookStore::Hook>
WebhookService::authorized(const QString &id, const QString &secret, Error *error) const
{
    std::optional<WebhookStore::Hook> hook;
    try {
        hook = m_store.hook(id);
    } catch (const std::exception &e) {
        logFailure("read a webhook", e);
        *error = {kServerError, QStringLiteral("the webhook database cannot be read")};
        return std::nullopt;
    }
    // One answer for an unknown id and a wrong secret: neither is confirmed.
    if (!hook || !WebhookSigner::sameSecret(hook->secret, secret)) {
        *error = {kNotFound, QStringLiteral("no webhook with this id and secret")};
        return std::nullopt;
    }
    return hook;
}

bool WebhookService::remove(const QString &id, const QString &secret, const Caller &caller,
                            Error *error)
{
    // The operator removes what a stranger left without knowing its secret.
    if (secret.isEmpty() && caller.isOperator()) {
        bool known = false;
        if (!guarded("read a webhook", [&] { known = m_store.hook(id).has_value(); })) {
            *error = {kServerError, QStringLiteral("the webhook database cannot be read")};
            return false;
        }
        if (!known) {
            *error = {kNotFound, QStringLiteral("no webhook with this id")};
            return false;
        }
    } else if (!authorized(id, secret, error)) {
        return false;
    }
    // A delivery on the wire is called back: deleted means no more calls.
    if (QNetworkReply *reply = m_inFlight.take(id)) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_share.forget(id);
    if (!guarded("delete a webhook", [&] { m_store.remove(id); })) {
        *error = {kServerError, QStringLiteral("the webhook database cannot be written")};
        return false;
    }
    return true;
}

QJsonObject WebhookService::status(const QString &id, const QString &secret, Error *error)
{
    const auto hook = authorized(id, secret, error);
    if (!hook)
        return {};
    QJsonObject answer;
    const bool read = guarded("read a webhook's status", [&] {
        const auto next = m_store.next(id);
        QJsonObject filter = hook->filter.toJson();
        answer = {
            {QStringLiteral("id"), hook->id},
            {QStringLiteral("url"), hook->url},
            {QStringLiteral("types"), filter.value(QStringLiteral("types"))},
            {QStringLiteral("collection"), filter.value(QStringLiteral("collection"))},
            {QStringLiteral("address"), filter.value(QStringLiteral("address"))},
            {QStringLiteral("key"), filter.value(QStringLiteral("key"))},
            {QStringLiteral("createdHeight"), static_cast<qint64>(hook->createdHeight)},
            {QStringLiteral("queuedHeight"), static_cast<qint64>(hook->scannedHeight)},
            {QStringLiteral("pending"), m_store.pending(id)},
            {QStringLiteral("delivered"), hook->delivered},
            {QStringLiteral("failed"), hook->failed},
            {QStringLiteral("lastAttempt"), isoTime(hook->lastAttemptMs)},
            {QStringLiteral("lastStatus"), hook->lastAttemptMs < 0 || hook->lastStatus == 0
                                               ? QJsonValue(QJsonValue::Null)
                                               : QJsonValue(hook->lastStatus)},
            {QStringLiteral("lastError"), orNull(hook->lastError)},
            {QStringLiteral("nextAttempt"),
             next && !hook->disabled() ? isoTime(next->nextMs) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("failingSince"), isoTime(hook->failingSinceMs)},
            {QStringLiteral("disabled"), hook->disabled()},
            {QStringLiteral("disabledReason"), orNull(hook->disabledReason)},
        };
        // Absent filters are null, not missing: the shape does not vary.
        for (const char *name : {"collection", "address", "key"}) {
            if (answer.value(QLatin1String(name)).isUndefined())
                answer.insert(QLatin1String(name), QJsonValue::Null);
        }
    });
    if (!read) {
        *error = {kServerError, QStringLiteral("the webhook database cannot be read")};
        return {};
    }
    return answer;
}

} // namespace gifscan::server
