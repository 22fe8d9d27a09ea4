#include "server/webhooks/webhookservice.h"

#include "chain/engine/chainreadscope.h"
#include "chain/engine/servedchain.h"
#include "chain/store/sqlstatement.h"
#include "core/client/httpclient.h"
#include "core/client/replyreadahead.h"
#include "server/net/clientkey.h"
#include "server/records/recordjson.h"
#include "server/webhooks/webhooksigner.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QTimer>
#include <algorithm>
#include <stdexcept>

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcWebhooks, "gifscan.devnet.webhooks")

namespace {
// Blocks queued in one pass; a longer gap (a node down for long) is
// finished in later passes, so that the node thread is never held long.
constexpr std::uint64_t kScanStep = 500;
constexpr qint64 kMaxReceiverAnswerBytes = 64 * 1024;
// A lease outlasts its attempt (cut at timeoutMs) by the time its outcome
// takes to be written; past it, another deliverer sends the message again.
constexpr qint64 kLeaseSlackMs = 2000;
constexpr int kWorkerPollMs = 1000;
} // namespace

// What one attempt learnt, filled in by the reply's signals.
struct WebhookService::Reply
{
    WebhookPolicy::Attempt attempt;
};

WebhookService::WebhookService(chain::ServedChain &chain, Options options, QObject *parent)
    : QObject(parent), m_chain(chain), m_options(std::move(options)), m_policy(m_options.retryScale)
{
    // A redirect would let a receiver send the node anywhere; a proxy from
    // the environment would make "127.0.0.1" the proxy's loopback.
    m_nam.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    m_nam.setProxy(QNetworkProxy::NoProxy);
    m_wake.setClock(*m_options.clock);
    m_wake.setSingleShot(true);
    connect(&m_wake, &ClockTimer::fired, this, &WebhookService::pump);
    connect(&chain, &chain::ServedChain::blockAnnounced, this, &WebhookService::onBlockAnnounced);
    m_worker = QStringLiteral("%1.%2")
                   .arg(QCoreApplication::applicationPid())
                   .arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
    connect(&m_poll, &QTimer::timeout, this, [this] {
        guarded("queue the new blocks' events", [this] { scan(); });
        pump();
    });
}

WebhookService::~WebhookService()
{
    // An answer arriving now would be settled into a store being closed.
    for (QNetworkReply *reply : m_nam.findChildren<QNetworkReply *>()) {
        reply->disconnect();
        reply->abort();
    }
}

void WebhookService::logFailure(const char *what, const std::exception &e)
{
    qCWarning(lcWebhooks).noquote() << QStringLiteral("webhooks: cannot %1: %2")
                                           .arg(QLatin1String(what), QString::fromUtf8(e.what()));
}

Outcome<> WebhookService::open(const QString &path)
{
    if (auto opened = m_store.open(path); !opened)
        return opened.error();
    return start(path);
}

Outcome<> WebhookService::openServer(const QString &url)
{
    if (auto opened = m_store.openServer(url); !opened)
        return opened.error();
    return start(url);
}

Outcome<> WebhookService::start(const QString &where)
{
    // A registrar leaves the chain and the hosts to the workers, which call.
    if (m_options.role != Role::Registrar) {
        const chain::ChainReadScope read(m_chain);
        if (!read.ok())
            return read.failure();
        if (!guarded("check the webhooks against this chain and these hosts",
                     [this] { checkHooks(); }))
            return Failure::storage(
                QStringLiteral("cannot read the webhook database %1").arg(where));
    }
    m_open = true;
    if (m_options.role == Role::Worker)
        m_poll.start(kWorkerPollMs);
    // What the chain made while the node was down is owed too.
    onBlockAnnounced();
    return success();
}

void WebhookService::checkHooks()
{
    const qint64 now = nowMs();
    const auto genesis = m_chain.state().block(0);
    if (genesis) {
        const QByteArray hash(reinterpret_cast<const char *>(genesis->header.hash.data()),
                              static_cast<qsizetype>(genesis->header.hash.size()));
        if (const int n = m_store.bindToChain(hash, now))
            qCInfo(lcWebhooks) << n << "webhooks disabled: the chain was replaced";
    }
    // Allowed when they were made, perhaps not by this start's --webhook-hosts.
    for (const auto &hook : m_store.hooks()) {
        // Owners written before shares were a client's (every loopback
        // address one) are counted as that client from now on.
        if (const QString client = clientKey(hook.owner, m_options.loopbackApart);
            !hook.owner.isEmpty() && client != hook.owner)
            m_store.setOwner(hook.id, client);
        // A worker does not disable everyone's webhooks for its own hosts:
        // it leaves those it may not call to other workers (send()).
        const QUrl url(hook.url);
        if (m_options.role == Role::Node && !hook.disabled() && !hostAllowed(url, nullptr))
            m_store.disable(hook.id,
                            QStringLiteral("host %1 is not allowed by this node's "
                                           "--webhook-hosts and address")
                                .arg(url.host()),
                            {now, 0, QStringLiteral("host not allowed")});
    }
}

void WebhookService::onBlockAnnounced()
{
    if (!m_open || m_options.role == Role::Registrar)
        return;
    guarded("queue the new blocks' events", [this] { scan(); });
    schedulePump();
}

QByteArray WebhookService::payload(const QJsonObject &activity, const QString &type,
                                   std::uint64_t timestamp, const QString &blockHash) const
{
    QJsonObject data = activity;
    data.insert(QStringLiteral("blockHash"), blockHash);
    const QJsonObject body{{QStringLiteral("type"), type},
                           {QStringLiteral("timestamp"),
                            QDateTime::fromSecsSinceEpoch(static_cast<qint64>(timestamp), Qt::UTC)
                                .toString(Qt::ISODate)},
                           {QStringLiteral("data"), data}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

void WebhookService::scan()
{
    // A worker's chain is read in one snapshot; the node's needs none.
    const chain::ChainReadScope read(m_chain);
    if (!read.ok())
        chain::throwFailure(read.failure());
    const std::uint64_t head = m_chain.state().head();
    const auto behind = m_store.lowestScanned(head);
    if (!behind)
        return;
    const std::uint64_t from = *behind + 1;
    const std::uint64_t to = std::min(head, from + kScanStep - 1);
    const qint64 now = nowMs();
    QHash<QString, qint64> pending;
    for (std::uint64_t height = from; height <= to; ++height) {
        if (!m_chain.state().header(height))
            break;
        // Read before any webhook is locked; then one transaction a block,
        // the webhooks it queues for locked only while it is written (other
        // workers' deliveries of them wait that long at most).
        const std::vector<BlockEvent> events = blockEvents(height);
        WebhookStore::Batch batch(m_store);
        std::vector<WebhookStore::Hook> hooks = m_store.lockScannable(height);
        if (!hooks.empty())
            enqueueBlock(hooks, height, events, pending, now);
        batch.commit();
    }
    if (to < head)
        QTimer::singleShot(0, this, &WebhookService::onBlockAnnounced);
}

std::vector<WebhookService::BlockEvent> WebhookService::blockEvents(std::uint64_t height) const
{
    const chain::ChainView &state = m_chain.state();
    const QString blockHash = RecordJson::hex(state.header(height)->hash).toString();
    std::vector<BlockEvent> out;
    for (const chain::ActivityEntry &e : state.activityOf(height))
        out.push_back({e, state.object(e.object),
                       payload(RecordJson::activity(state, e), e.type, e.timestamp, blockHash)});
    return out;
}

void WebhookService::enqueueBlock(std::vector<WebhookStore::Hook> &hooks, std::uint64_t height,
                                  const std::vector<BlockEvent> &events,
                                  QHash<QString, qint64> &pending, qint64 now)
{
    std::vector<QString> owed;
    for (const auto &h : hooks) {
        owed.push_back(h.id);
        if (!pending.contains(h.id))
            pending[h.id] = m_store.pending(h.id);
    }
    std::vector<WebhookStore::Delivery> deliveries;
    for (const BlockEvent &e : events) {
        for (const auto &h : hooks) {
            if (!h.filter.matches(e.entry, e.object))
                continue;
            // The same event for the same webhook has the same id on every
            // attempt, after a restart and from any worker: the receiver's
            // idempotency key.
            const QByteArray digest = QCryptographicHash::hash(
                QByteArray(h.id.toUtf8() + '/' + QByteArray::number(e.entry.id)),
                QCryptographicHash::Sha256);
            deliveries.push_back(
                {0, h.id, "msg_" + digest.toHex().left(32), height, e.body, 0, now});
        }
    }
    m_store.enqueue(owed, height, deliveries);
    for (const auto &d : deliveries)
        ++pending[d.hook];
    // A receiver slower than the chain is let go, not followed onto the disk.
    for (const auto &h : hooks) {
        if (pending[h.id] <= m_options.maxPending)
            continue;
        const QString why =
            QStringLiteral("more than %1 deliveries pending: the receiver does not keep up")
                .arg(m_options.maxPending);
        qCInfo(lcWebhooks).noquote() << QStringLiteral("webhook %1 disabled: %2").arg(h.id, why);
        m_store.disable(h.id, why, {now, 0, why});
        pending[h.id] = 0;
    }
}

void WebhookService::schedulePump()
{
    if (m_pumpQueued)
        return;
    m_pumpQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_pumpQueued = false;
        pump();
    });
}

void WebhookService::pump()
{
    if (!m_open || m_options.role == Role::Registrar)
        return;
    qint64 now = 0;
    std::vector<WebhookStore::Claim> claims;
    std::optional<qint64> due;
    QSet<QString> busy;
    for (auto it = m_inFlight.cbegin(); it != m_inFlight.cend(); ++it)
        busy.insert(it.key());
    // Webhooks whose owner has its share of their host on the wire wait.
    busy.unite(m_share.held(m_inFlight.keys()));
    // A database away: the next block, the worker's poll or the timer tries again.
    if (!guarded("take deliveries", [&] {
            now = nowMs();
            claims =
                m_store.claim(m_worker, now, m_options.timeoutMs + kLeaseSlackMs,
                              m_options.maxInFlight - static_cast<int>(m_inFlight.size()), busy);
            due = m_store.nextDue();
        }))
        return;
    for (const auto &c : claims) {
        // A webhook first seen here is placed now: if its owner's share of
        // the host is taken, the delivery goes back, due at once.
        m_share.learn(c.hook.id, QUrl(c.hook.url), c.hook.owner);
        if (m_share.mayStart(c.hook.id, m_inFlight.keys()))
            send(c);
        else
            guarded("give a delivery back", [&] { m_store.giveBack(c); });
    }
    // Due ones beyond maxInFlight wait for a reply to finish, which pumps. A
    // worker's times are the server's: its poll looks again each second.
    if (due && *due > now && !m_store.shared())
        m_wake.start(*due - now);
}

qint64 WebhookService::nowMs()
{
    // Shared: the database server's clock, one for every worker's leases
    // and schedules; the node: its own (a test's, moved by hand).
    if (const auto server = m_store.serverNowMs())
        return *server;
    return m_options.clock->nowMs();
}

void WebhookService::send(const WebhookStore::Claim &claim)
{
    const WebhookStore::Hook &hook = claim.hook;
    const QUrl url(hook.url);
    // The node's hosts never change while it runs (create() refuses others,
    // open() disables those this start no longer names). A worker checks
    // each call: the read server that registered it may allow more. Not
    // called, the message waits for its lease to run out, for a worker that
    // may call it.
    if (m_options.role == Role::Worker && !hostAllowed(url, nullptr)) {
        if (!std::exchange(m_refused[hook.id], true))
            qCWarning(lcWebhooks).noquote()
                << QStringLiteral("webhook %1: host %2 is not one this worker calls "
                                  "(--webhook-hosts): left to another worker")
                       .arg(hook.id, url.host());
        return;
    }
    // An address in the URL was checked with its host; a name is checked
    // by what it resolves to now, and called there.
    if (QHostAddress literal; literal.setAddress(url.host())) {
        post(claim, QNetworkRequest(url));
        return;
    }
    m_inFlight.insert(hook.id, nullptr);
    const WebhookTarget::Rules rules{m_options.hosts, m_options.onLoopback};
    m_options.resolve(
        url.host(), this,
        [this, claim, url, rules](const QList<QHostAddress> &addresses, const QString &error) {
            if (!m_inFlight.contains(claim.hook.id))
                return; // deleted meanwhile
            QString why = addresses.isEmpty()
                              ? QStringLiteral("cannot resolve host %1: %2").arg(url.host(), error)
                              : QString();
            for (const QHostAddress &address : addresses) {
                why = WebhookTarget::refusal(address, url.host(), rules);
                if (why.isEmpty())
                    return post(claim, WebhookTarget::pinned(url, address));
            }
            fail(claim, why);
        });
}

void WebhookService::fail(const WebhookStore::Claim &claim, const QString &why)
{
    m_inFlight.remove(claim.hook.id);
    if (!std::exchange(m_refused[claim.hook.id], true))
        qCWarning(lcWebhooks).noquote() << QStringLiteral("webhook %1: %2").arg(claim.hook.id, why);
    WebhookPolicy::Attempt a;
    a.attempt = claim.delivery.attempt;
    a.network = why;
    guarded("record a delivery", [&] { settle(claim.delivery, claim.lease, a); });
    schedulePump();
}

void WebhookService::post(const WebhookStore::Claim &claim, QNetworkRequest request)
{
    const WebhookStore::Hook &hook = claim.hook;
    const WebhookStore::Delivery &d = claim.delivery;
    // The receiver's clock checks the timestamp: this machine's wall clock.
    const qint64 now = m_options.clock->nowMs();
    // Receivers share no cookies: a jar would carry one receiver's to another
    // on the same host, and grow without end.
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    const qint64 timestamp = now / 1000;
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("gifscan-devnet"));
    request.setRawHeader("webhook-id", d.messageId);
    request.setRawHeader("webhook-timestamp", QByteArray::number(timestamp));
    request.setRawHeader("webhook-signature", WebhookSigner::sign(WebhookSigner::keyOf(hook.secret),
                                                                  d.messageId, timestamp, d.body));
    QNetworkReply *reply = m_nam.post(request, d.body);
    m_inFlight.insert(hook.id, reply);
    auto state = std::make_shared<Reply>();
    state->attempt.attempt = d.attempt;
    // The receiver's answer is its status line and Retry-After; a body past
    // 64 KiB is cut off, so a receiver cannot make the node hold an endless one.
    connect(reply, &QNetworkReply::metaDataChanged, reply, [reply, state] {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status == 0)
            return;
        state->attempt.status = status;
        if (reply->hasRawHeader("Retry-After"))
            state->attempt.retryAfterMs =
                1000LL * parseRetryAfter(reply->rawHeader("Retry-After"), 0);
    });
    // Counted as it is read, with Qt's own buffer bounded: downloadProgress
    // came late, and a receiver's fast chunked body had 300 MB read on every
    // delivery. Nothing of the body is kept.
    boundReadAhead(reply, kMaxReceiverAnswerBytes);
    auto received = std::make_shared<qint64>(0);
    connect(reply, &QNetworkReply::readyRead, reply, [reply, received] {
        *received += reply->skip(reply->bytesAvailable());
        if (*received > kMaxReceiverAnswerBytes)
            reply->abort();
    });
    QTimer::singleShot(m_options.timeoutMs, reply, [reply, state] {
        if (reply->isFinished())
            return;
        // An answer whose status came is the receiver's answer, however slow its body.
        state->attempt.timedOut = state->attempt.status == 0;
        reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, state, d, lease = claim.lease] {
        reply->deleteLater();
        m_inFlight.remove(d.hook);
        WebhookPolicy::Attempt &a = state->attempt;
        if (a.status == 0 && !a.timedOut) {
            a.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (a.status == 0)
                a.network = reply->errorString();
        }
        // An outcome not written leaves the lease held: the message is sent
        // again when it runs out, not again and again now.
        guarded("record a delivery", [&] { settle(d, lease, a); });
        schedulePump();
    });
}

void WebhookService::settle(const WebhookStore::Delivery &d, const QString &lease,
                            const WebhookPolicy::Attempt &attempt)
{
    const auto hook = m_store.hook(d.hook);
    if (!hook)
        return; // deleted while its delivery was on the wire
    WebhookPolicy::Attempt a = attempt;
    a.nowMs = nowMs();
    a.failingSinceMs = hook->failingSinceMs;
    a.everDelivered = hook->delivered > 0;
    const WebhookPolicy::Decision decision = m_policy.decide(a);
    const WebhookStore::Attempt outcome{a.nowMs, a.status, decision.reason};
    using Settlement = WebhookStore::Settlement;
    bool ours = true;
    switch (decision.action) {
    case WebhookPolicy::Action::Delivered:
        ours = m_store.settle(d, lease, outcome, Settlement::Delivered);
        break;
    case WebhookPolicy::Action::Retry:
        ours = m_store.settle(d, lease, outcome, Settlement::Retry, decision.at);
        break;
    case WebhookPolicy::Action::GiveUp:
        qCInfo(lcWebhooks).noquote()
            << QStringLiteral("webhook %1 gave up on %2: %3")
                   .arg(d.hook, QString::fromLatin1(d.messageId), decision.reason);
        ours = m_store.settle(d, lease, outcome, Settlement::GivenUp);
        break;
    case WebhookPolicy::Action::Disable:
        qCInfo(lcWebhooks).noquote()
            << QStringLiteral("webhook %1 disabled: %2").arg(d.hook, decision.reason);
        ours = m_store.settle(d, lease, outcome, Settlement::Disabled);
        break;
    }
    if (!ours)
        qCInfo(lcWebhooks).noquote()
            << QStringLiteral("webhook %1: %2 outlasted its lease; another deliverer sends it")
                   .arg(d.hook, QString::fromLatin1(d.messageId));
    static const std::map<WebhookPolicy::Action, QString> kOutcome{
        {WebhookPolicy::Action::Delivered, QStringLiteral("delivered")},
        {WebhookPolicy::Action::Retry, QStringLiteral("retry")},
        {WebhookPolicy::Action::GiveUp, QStringLiteral("given_up")},
        {WebhookPolicy::Action::Disable, QStringLiteral("disabled")}};
    ++m_settled[ours ? kOutcome.at(decision.action) : QStringLiteral("lease_lost")];
}

qint64 WebhookService::queued() const
{
    return m_store.queued();
}

} // namespace gifscan::server
