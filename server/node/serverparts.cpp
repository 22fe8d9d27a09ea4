#include "server/node/serverparts.h"

#include "chain/engine/chain.h"
#include "chain/engine/querystore.h"
#include "chain/store/postgresdatabase.h"
#include "chain/store/postgreslistener.h"
#include "core/crypto/sha256.h"
#include "server/api/answercache.h"
#include "server/api/operatorroutes.h"
#include "server/api/readerpool.h"
#include "server/api/restserver.h"
#include "server/api/rpcdispatcher.h"
#include "server/api/rpcserver.h"
#include "server/api/websocketserver.h"
#include "server/net/browserpolicy.h"
#include "server/net/mempoolmirror.h"
#include "server/net/nodeheadwatch.h"
#include "server/net/ratelimiter.h"
#include "server/net/servermetrics.h"
#include "server/net/transactionforwarder.h"
#include "server/records/recordreader.h"
#include "server/webhooks/promotionwatch.h"
#include "server/webhooks/webhookservice.h"

#include <QDateTime>
#include <QDir>
#include <QLoggingCategory>
#include <chrono>

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcNode, "gifscan.devnet.node")
// A read server's own lines (its database, its node): not the node's.
Q_LOGGING_CATEGORY(lcServe, "gifscan.serve")

namespace {
// How often a read server on a standby asks whether it was promoted.
constexpr std::chrono::milliseconds kPromotionCheck{5000};
} // namespace

ServerParts::ServerParts(QObject *parent) : QObject(parent) {}

// Servers go first: they hold references to the chain and the indexer.
ServerParts::~ServerParts()
{
    // No node's answer may reach a server being torn down.
    m_mempool.reset();
    m_forwarder.reset();
    m_nodeHead.reset();
    m_poll.reset();
    m_listener.reset();
    m_ws.reset();
    m_rpc.reset();
    m_rest.reset();
    m_promotion.reset();
    m_standbyWebhooks.reset();
    m_webhooks.reset();
    if (m_chain)
        m_chain->stop();
}

Outcome<> ServerParts::startWebhooks(const ServerConfig &config)
{
    WebhookService::Options hooks;
    hooks.hosts = config.webhookHosts;
    hooks.onLoopback = config.host.isLoopback();
    hooks.loopbackApart = config.loopbackClientsApart;
    hooks.retryScale = config.webhookRetryScale;
    hooks.timeoutMs = config.webhookTimeoutMs;
    hooks.maxPending = config.webhookMaxPending;
    hooks.maxHooksPerAddress = config.webhookMaxPerAddress;
    hooks.maxStoredPerAddress = config.webhookMaxStoredPerAddress;
    hooks.clock = config.webhookClock;
    if (config.webhookResolver)
        hooks.resolve = config.webhookResolver;
    // A read server registers webhooks in its database, where the indexer's
    // workers (gifscan-indexer webhooks) queue and deliver them.
    if (config.chain.readsOnly && !chain::ChainStore::namesServer(config.chain.database)) {
        qCInfo(lcServe).noquote() << "webhooks are registered through a server on PostgreSQL, "
                                     "where workers deliver them: none here, over a node's file";
        return success();
    }
    if (config.chain.readsOnly) {
        hooks.role = WebhookService::Role::Registrar;
        m_webhooks = std::make_unique<WebhookService>(*m_chain, hooks);
        // On a replica (or a role that may not write) webhooks cannot be
        // registered here: the server still serves reads, and says why not.
        if (auto opened = m_webhooks->openServer(config.chain.database); !opened) {
            // A standby is read only by design: no fault, said as such, and
            // asked again (a connection of a few milliseconds: it answers).
            // A database that does not answer is not: each try would hold
            // the node thread for libpq's connect timeout.
            if (opened.error().kind == Failure::Kind::Unavailable &&
                opened.error().message.contains(QLatin1String("read-only"))) {
                qCInfo(lcServe).noquote() << "the database is read only (a standby): webhooks are "
                                             "registered through a server on the primary";
                m_standbyWebhooks = std::move(m_webhooks);
                awaitPromotion(config.chain.database);
            } else {
                qCWarning(lcServe).noquote()
                    << "webhooks are not registered here:" << opened.error().message;
                m_webhooks.reset();
            }
        }
        return success();
    }
    m_webhooks = std::make_unique<WebhookService>(*m_chain, hooks);
    // The queue sits beside the chain it was made from; an ephemeral node's
    // is a temporary file, gone with it.
    return m_webhooks->open(
        config.chain.ephemeral
            ? QString()
            : QDir(config.chain.dataDir).filePath(QStringLiteral("webhooks.db")));
}

void ServerParts::awaitPromotion(const QString &database)
{
    // A failover promotes the standby under a running server: before, its
    // webhooks stayed refused until it was restarted. Asked off the node
    // thread (PromotionWatch says why); registered here once it takes writes.
    m_promotion = std::make_unique<PromotionWatch>(database, kPromotionCheck);
    connect(
        m_promotion.get(), &PromotionWatch::promoted, this, [this, database] {
            m_promotion.release()->deleteLater(); // its thread is done; this is its signal's slot
            if (!m_standbyWebhooks)
                return;
            if (auto opened = m_standbyWebhooks->openServer(database); !opened) {
                // Read only again, or away since it was asked: watched again.
                // Anything else a later try would not mend: said once.
                if (opened.error().kind == Failure::Kind::Unavailable) {
                    awaitPromotion(database);
                    return;
                }
                m_standbyWebhooks.reset();
                qCWarning(lcServe).noquote()
                    << "webhooks are not registered here:" << opened.error().message;
                return;
            }
            m_webhooks = std::move(m_standbyWebhooks);
            if (m_dispatcher)
                m_dispatcher->setWebhooks(m_webhooks.get());
            qCInfo(lcServe).noquote()
                << "the database takes writes now (promoted): webhooks are registered here";
        });
    m_promotion->start();
}

void ServerParts::startOperatorRoutes(const ServerConfig &config)
{
    m_metrics = std::make_unique<ServerMetrics>();
    chain::ServedChain *chain = m_chain.get();
    // A read server's lag is behind its node's head; the node is its own.
    if (config.chain.readsOnly && !config.forwardTransactionsTo.isEmpty())
        m_nodeHead = std::make_unique<NodeHeadWatch>(config.forwardTransactionsTo,
                                                     [chain] { return chain->state().head(); });
    m_operator = std::make_unique<OperatorRoutes>(
        *m_metrics,
        [watch = m_nodeHead.get()]() -> OperatorRoutes::Lag {
            if (!watch)
                return {0, {}};
            if (const auto lag = watch->lagMs())
                return {*lag, {}};
            return {std::nullopt, QStringLiteral("the node's head is not known yet")};
        },
        config.readyLagMs);
    m_rest->setOperator(m_operator.get(), m_metrics.get());
    m_rpc->setMetrics(m_metrics.get());
    m_metrics->gauge(QStringLiteral("head_height"),
                     QStringLiteral("The head this server answers at."),
                     [chain] { return static_cast<double>(chain->state().head()); });
    m_metrics->gauge(QStringLiteral("head_age_seconds"),
                     QStringLiteral("Seconds since the head block's time."), [chain] {
                         const auto head = chain->state().block(chain->state().head());
                         return head ? QDateTime::currentSecsSinceEpoch() -
                                           static_cast<double>(head->header.timestamp)
                                     : 0.0;
                     });
    if (m_nodeHead) {
        m_metrics->gauge(QStringLiteral("node_head_height"),
                         QStringLiteral("The head of the node this server indexes, last asked."),
                         [watch = m_nodeHead.get()] {
                             return static_cast<double>(watch->nodeHead().value_or(0));
                         });
        m_metrics->gauge(QStringLiteral("lag_seconds"),
                         QStringLiteral("How long this server has been behind its node's head."),
                         [watch = m_nodeHead.get()] {
                             return static_cast<double>(watch->lagMs().value_or(0)) / 1000;
                         });
    }
    m_metrics->gauge(
        QStringLiteral("connections_open"), QStringLiteral("Connections open on the REST port."),
        [rest = m_rest.get()] { return static_cast<double>(rest->openConnections()); });
    if (const AnswerCache *answers = m_rest->answerCache()) {
        m_metrics->counter(
            QStringLiteral("answer_cache_requests_total"),
            QStringLiteral("Answers asked of the read server's cache, by result."),
            [answers] { return static_cast<double>(answers->hits()); },
            QStringLiteral("result=\"hit\""));
        m_metrics->counter(
            QStringLiteral("answer_cache_requests_total"),
            QStringLiteral("Answers asked of the read server's cache, by result."),
            [answers] { return static_cast<double>(answers->misses()); },
            QStringLiteral("result=\"miss\""));
        m_metrics->counter(
            QStringLiteral("reads_joined_total"),
            QStringLiteral("Requests that missed the cache and waited for a "
                           "reader's read of the same request at the same head."),
            [rest = m_rest.get()] { return static_cast<double>(rest->joinedReads()); });
    }
    addReadMetrics(config);
}

void ServerParts::addReadMetrics(const ServerConfig &config)
{
    if (ReaderPool *readers = m_rest->readers()) {
        const QString help =
            QStringLiteral("Answers read on reader threads, by whether they were given as read or "
                           "asked again (the node's pool held a transaction they looked for, or a "
                           "block came meanwhile), on a reader lent those transactions.");
        m_metrics->counter(
            QStringLiteral("reader_answers_total"), help,
            [readers] { return static_cast<double>(readers->answered() - readers->askedAgain()); },
            QStringLiteral("result=\"given\""));
        m_metrics->counter(
            QStringLiteral("reader_answers_total"), help,
            [readers] { return static_cast<double>(readers->askedAgain()); },
            QStringLiteral("result=\"asked_again\""));
    }
    if (config.chain.readsOnly && chain::ChainStore::namesServer(config.chain.database))
        m_metrics->gauge(QStringLiteral("postgres_connections"),
                         QStringLiteral("PostgreSQL connections this process holds open."), [] {
                             return static_cast<double>(chain::PostgresDatabase::openConnections());
                         });
    if (m_forwarder)
        m_metrics->gauge(
            QStringLiteral("transactions_forwarding"),
            QStringLiteral("Transactions on their way to the node."),
            [forwarder = m_forwarder.get()] { return static_cast<double>(forwarder->inFlight()); });
}

void ServerParts::startReading(const ServerConfig &config)
{
    if (!config.forwardTransactionsTo.isEmpty()) {
        m_forwarder = std::make_unique<TransactionForwarder>(config.forwardTransactionsTo);
        m_mempool = std::make_unique<MempoolMirror>(
            config.forwardTransactionsTo, *qobject_cast<chain::QueryStore *>(m_chain.get()));
    }
    m_catchUp.setInterval(5);
    connect(&m_catchUp, &QTimer::timeout, this, [this] { catchUp(); });
    // A node's chain.db has no notifications: the poll below is all.
    if (chain::ChainStore::namesServer(config.chain.database))
        listen(config);
    // A notification lost (the listener reconnecting) is made good within a poll.
    m_poll = std::make_unique<QTimer>();
    connect(m_poll.get(), &QTimer::timeout, m_chain.get(),
            [chain = m_chain.get()] { chain->announceStored(); });
    m_poll->start(config.pollMs);
}

void ServerParts::listen(const ServerConfig &config)
{
    // On a standby the follower's NOTIFY comes from the primary, which names
    // the block before this server may have replayed it: asked again then.
    m_listener = std::make_unique<chain::PostgresListener>(
        config.notifyDatabase.isEmpty() ? config.chain.database : config.notifyDatabase,
        QStringLiteral("gifscan_blocks"));
    connect(m_listener.get(), &chain::PostgresListener::notified, m_chain.get(),
            [this](const QString &payload) {
                bool ok = false;
                const std::uint64_t height = payload.toULongLong(&ok);
                m_awaited = ok ? std::max(m_awaited, height) : m_awaited;
                m_awaitedFor = 0;
                m_chain->announceStored();
                // One round of tries at a time, however many blocks are named.
                if (m_chain->state().head() < m_awaited && !m_catchUp.isActive())
                    m_catchUp.start();
            });
    // A replica takes no LISTEN: there the poll is all.
    if (const auto listening = m_listener->start(); !listening)
        qCWarning(lcServe).noquote()
            << QStringLiteral("new blocks are polled for every %1 ms:").arg(config.pollMs)
            << listening.error().message;
}

Outcome<> ServerParts::start(const ServerConfig &config)
{
    chain::ChainOptions options = config.chain;
    if (options.readsOnly)
        options.statementTimeoutMs = config.requestBudgetMs;
    if (auto opened = openChain(options); !opened)
        return opened;
    m_indexer = std::make_unique<RecordReader>(m_chain->state());
    m_indexer->setLieEvery(config.lieEvery);
    m_limiter = std::make_unique<RateLimiter>(config.rate, config.burst, *config.clock);
    m_limiter->setEnabled(config.rateLimit);
    m_limiter->setLoopbackApart(config.loopbackClientsApart);
    // A read server forwards transactions to its node and takes up what
    // its follower stores as the follower says so.
    if (config.chain.readsOnly)
        startReading(config);
    if (auto hooks = startWebhooks(config); !hooks)
        return hooks.error();
    m_dispatcher = std::make_unique<RpcDispatcher>(*m_chain, *m_indexer);
    m_dispatcher->setWebhooks(m_webhooks.get());
    m_dispatcher->setTimeBudget(config.requestBudgetMs);
    m_dispatcher->setForwarder(m_forwarder.get());
    m_rest = std::make_unique<RestServer>(*m_chain, *m_indexer, *m_limiter);
    m_rest->setGraphql(config.graphql);
    m_rest->setTimeBudget(config.requestBudgetMs);
    if (options.readsOnly && config.readerThreads > 0) {
        auto readers = std::make_unique<ReaderPool>(options, config.readerThreads,
                                                    config.requestBudgetMs, m_indexer->rankCache());
        if (auto opened = readers->open(); !opened)
            return opened;
        m_rest->setReaders(std::move(readers));
    }
    m_rpc = std::make_unique<RpcServer>(*m_chain, *m_dispatcher, *m_limiter);
    m_rpc->setReaders(m_rest->readers());
    m_rest->setAccessLog(config.accessLog);
    m_rpc->setAccessLog(config.accessLog);
    startOperatorRoutes(config);
    m_ws = std::make_unique<WebSocketServer>(*m_chain, *m_dispatcher, *m_limiter);
    m_ws->setKeepAlive(config.pingMs, config.silenceMs);
    m_ws->setMaxUnsent(config.maxUnsentBytes, config.maxUnsentTotalBytes);

    m_browsers =
        std::make_unique<BrowserPolicy>(config.allowedHosts, config.corsOrigins, config.host);
    const auto role = config.chain.readsOnly ? &lcServe : &lcNode;
    qCInfo(*role).noquote() << "answering host names" << m_browsers->hosts().join(u", ")
                            << "and pages from" << m_browsers->origins().join(u", ");
    GuardedTcpServer::Limits limits = config.connections;
    limits.browsers = m_browsers.get();
    limits.loopbackApart = config.loopbackClientsApart;
    m_proxies = config.trustedProxies;
    limits.proxies = m_proxies.isEmpty() ? nullptr : &m_proxies;
    const quint16 restPort = m_rest->listen(config.host, config.port, limits);
    const quint16 rpcPort = m_rpc->listen(config.host, config.port ? config.port + 1 : 0, limits);
    const quint16 wsPort = m_ws->listen(config.host, config.port ? config.port + 2 : 0, limits);
    if (!restPort || !rpcPort || !wsPort)
        return Failure::unavailable(QStringLiteral("cannot listen on %1 port %2, %3 or %4")
                                        .arg(config.host.toString())
                                        .arg(config.port)
                                        .arg(config.port + 1)
                                        .arg(config.port + 2));
    const QString host = config.host.protocol() == QAbstractSocket::IPv6Protocol
                             ? u'[' + config.host.toString() + u']'
                             : config.host.toString();
    m_endpoints.baseUrl = QStringLiteral("http://%1:%2").arg(host).arg(restPort);
    m_endpoints.rpcUrl = QStringLiteral("http://%1:%2").arg(host).arg(rpcPort);
    m_endpoints.wsUrl = QStringLiteral("ws://%1:%2").arg(host).arg(wsPort);
    m_chain->start();
    return success();
}

// A read server reads through a query store and holds no engine; the
// node makes (or follows) the chain it serves.
Outcome<> ServerParts::openChain(const chain::ChainOptions &options)
{
    if (options.readsOnly) {
        auto query = std::make_unique<chain::QueryStore>(options);
        chain::QueryStore *opening = query.get();
        m_chain = std::move(query);
        return opening->open();
    }
    auto engine = std::make_unique<chain::Chain>(options);
    chain::Chain *opening = engine.get();
    m_chain = std::move(engine);
    return opening->open();
}

void ServerParts::stopAccepting()
{
    m_rest->stopListening();
    m_rpc->stopListening();
    m_ws->goAway();
}

bool ServerParts::idle() const
{
    return (!m_forwarder || m_forwarder->inFlight() == 0) && m_rest->owedAnswers() == 0 &&
           m_rpc->owedAnswers() == 0 && m_rest->unsentBytes() == 0 && m_rpc->unsentBytes() == 0;
}

// A block named by the follower and not yet readable here (a standby's
// replay behind its primary's NOTIFY) is asked for each 5 ms, for a second
// at most: the poll covers the rest.
void ServerParts::catchUp()
{
    m_chain->announceStored();
    if (m_chain->state().head() >= m_awaited || ++m_awaitedFor > 200)
        m_catchUp.stop();
}

} // namespace gifscan::server
