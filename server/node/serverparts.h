#pragma once

#include "core/base/outcome.h"
#include "server/net/trustedproxies.h"
#include "server/node/serverconfig.h"

#include <QObject>
#include <QTimer>
#include <memory>

namespace gifscan::chain {
class PostgresListener;
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class BrowserPolicy;
class RecordReader;
class RateLimiter;
class RestServer;
class RpcDispatcher;
class TransactionForwarder;
class MempoolMirror;
class ServerMetrics;
class NodeHeadWatch;
class OperatorRoutes;
class RpcServer;
class WebSocketServer;
class WebhookService;
class PromotionWatch;

// The node's parts wired together: chain, indexer, limiter, webhooks and
// the three servers. With ChainOptions::readsOnly, an indexer's read
// server: the same servers over a QueryStore of the follower's PostgreSQL
// tables (no chain engine), its transactions forwarded to the node.
// Created, used and destroyed on the node thread.
class ServerParts : public QObject
{
    Q_OBJECT
public:
    explicit ServerParts(QObject *parent = nullptr);
    ~ServerParts() override;

    Outcome<> start(const ServerConfig &config);
    ServerEndpoints endpoints() const { return m_endpoints; }
    chain::ServedChain *chain() const { return m_chain.get(); }
    // Stopping (SIGTERM): no new connection; what is on its way is finished.
    void stopAccepting();
    // Nothing owed: no transaction on its way to the node, no answer unwritten.
    bool idle() const;

private:
    Outcome<> startWebhooks(const ServerConfig &config);
    // A standby's webhooks, kept aside: registered here once it is promoted.
    void awaitPromotion(const QString &database);
    void startReading(const ServerConfig &config);
    // /health, /ready and /metrics, and the gauges /metrics reads.
    void startOperatorRoutes(const ServerConfig &config);
    // A read server's LISTEN for its follower's news (PostgreSQL only).
    void listen(const ServerConfig &config);
    // A read server's metrics: its readers', its PostgreSQL's, its forwarder's.
    void addReadMetrics(const ServerConfig &config);
    void catchUp();
    Outcome<> openChain(const chain::ChainOptions &options);

    std::unique_ptr<BrowserPolicy> m_browsers; // outlives the servers, which point to it
    TrustedProxies m_proxies;                  // the same
    // The node's engine (chain::Chain) or a read server's QueryStore.
    std::unique_ptr<chain::ServedChain> m_chain;
    std::unique_ptr<RecordReader> m_indexer;
    std::unique_ptr<RateLimiter> m_limiter;
    std::unique_ptr<WebhookService> m_webhooks;
    // A read server's on a standby: kept until the database takes writes
    // (promoted, m_promotion says), then m_webhooks.
    std::unique_ptr<WebhookService> m_standbyWebhooks;
    std::unique_ptr<PromotionWatch> m_promotion;
    std::unique_ptr<RpcDispatcher> m_dispatcher;
    // A read server's: where its transactions go; its answers call into the servers.
    std::unique_ptr<TransactionForwarder> m_forwarder;
    std::unique_ptr<MempoolMirror> m_mempool; // its node's pool, for its answers
    // What /metrics and /ready say (the servers point to them).
    std::unique_ptr<ServerMetrics> m_metrics;
    std::unique_ptr<NodeHeadWatch> m_nodeHead; // a read server's
    std::unique_ptr<OperatorRoutes> m_operator;
    std::unique_ptr<RestServer> m_rest;
    std::unique_ptr<RpcServer> m_rpc;
    std::unique_ptr<WebSocketServer> m_ws;
    std::unique_ptr<chain::PostgresListener> m_listener; // a read server's: the follower's news
    std::unique_ptr<QTimer> m_poll;
    std::uint64_t m_awaited = 0; // the highest block the follower named
    int m_awaitedFor = 0;        // tries since it was named
    QTimer m_catchUp;            // the tries, each 5 ms, while one is awaited
    ServerEndpoints m_endpoints;
};

} // namespace gifscan::server
