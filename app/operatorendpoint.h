#pragma once

#include "server/api/operatorroutes.h"
#include "server/net/servermetrics.h"

#include <QHostAddress>
#include <memory>

namespace gifscan {
namespace server {
class OperatorPort;
} // namespace server
namespace indexer {
class Follower;
class WebhookWorker;
} // namespace indexer

// gifscan-indexer's follower and webhook workers answer /health, /ready and
// /metrics on --metrics-port, as nodes and read servers do on their REST
// port: what each keeps (the follower's heads and blocks, a worker's queue
// and deliveries) put in ServerMetrics' gauges and counters, and a
// readiness of its own. Lives on the main thread, with what it reads.
class OperatorEndpoint
{
public:
    // `stored`: the follower's blocks stored by this process, counted by the caller.
    static std::unique_ptr<OperatorEndpoint> forFollower(const indexer::Follower &follower,
                                                         const quint64 &stored, qint64 readyLagMs);
    static std::unique_ptr<OperatorEndpoint> forWorker(const indexer::WebhookWorker &worker,
                                                       qint64 readyLagMs);
    ~OperatorEndpoint();
    // The port, or 0 when it cannot listen; the servers' host names and pages.
    quint16 listen(const QHostAddress &address, quint16 port, const QStringList &allowedHosts,
                   const QStringList &corsOrigins);

private:
    OperatorEndpoint(std::function<server::OperatorRoutes::Lag()> lag, qint64 readyLagMs,
                     std::function<std::uint64_t()> head);

    server::ServerMetrics m_metrics;
    server::OperatorRoutes m_routes;
    std::unique_ptr<server::OperatorPort> m_port;
};

} // namespace gifscan
