#include "app/operatorendpoint.h"

#include "chain/store/postgresdatabase.h"
#include "indexer/follower/follower.h"
#include "indexer/webhooks/webhookworker.h"
#include "server/api/operatorport.h"
#include "server/webhooks/webhookservice.h"

#include <cmath>

namespace gifscan {

namespace {
const QString kWaiting = QStringLiteral("waiting for the database");

double connections()
{
    return static_cast<double>(chain::PostgresDatabase::openConnections());
}
} // namespace

OperatorEndpoint::OperatorEndpoint(std::function<server::OperatorRoutes::Lag()> lag,
                                   qint64 readyLagMs, std::function<std::uint64_t()> head)
    : m_routes(m_metrics, std::move(lag), readyLagMs),
      m_port(std::make_unique<server::OperatorPort>(m_routes, std::move(head)))
{
    m_metrics.gauge(QStringLiteral("postgres_connections"),
                    QStringLiteral("PostgreSQL connections this process holds open."), connections);
}

OperatorEndpoint::~OperatorEndpoint() = default;

quint16 OperatorEndpoint::listen(const QHostAddress &address, quint16 port,
                                 const QStringList &allowedHosts, const QStringList &corsOrigins)
{
    return m_port->listen(address, port, allowedHosts, corsOrigins);
}

// Ready while it holds the database and its stored head has been below the
// node's for at most the ready lag.
std::unique_ptr<OperatorEndpoint> OperatorEndpoint::forFollower(const indexer::Follower &follower,
                                                                const quint64 &stored,
                                                                qint64 readyLagMs)
{
    const indexer::Follower *f = &follower;
    std::unique_ptr<OperatorEndpoint> out(new OperatorEndpoint(
        [f]() -> server::OperatorRoutes::Lag {
            if (!f->connected())
                return {std::nullopt, kWaiting};
            if (!f->nodeHead())
                return {std::nullopt, QStringLiteral("the node's head is not known yet")};
            return {f->behindMs(), {}};
        },
        readyLagMs, [f] { return f->storedHead().value_or(0); }));
    server::ServerMetrics &m = out->m_metrics;
    m.gauge(QStringLiteral("head_height"), QStringLiteral("The highest block stored."), [f] {
        const auto head = f->storedHead();
        return head ? static_cast<double>(*head) : std::nan("");
    });
    m.gauge(QStringLiteral("node_head_height"), QStringLiteral("The node's head, last named."),
            [f] {
                const auto head = f->nodeHead();
                return head ? static_cast<double>(*head) : std::nan("");
            });
    m.gauge(QStringLiteral("lag_seconds"),
            QStringLiteral("How long the stored head has been below the node's."),
            [f] { return static_cast<double>(f->behindMs()) / 1000; });
    m.gauge(QStringLiteral("database_up"),
            QStringLiteral("1 while the follower holds the database and its lock, else 0."),
            [f] { return f->connected() ? 1.0 : 0.0; });
    const quint64 *count = &stored;
    m.counter(QStringLiteral("follower_blocks_total"),
              QStringLiteral("Blocks proven and stored by this process (rate(): blocks/s)."),
              [count] { return static_cast<double>(*count); });
    return out;
}

// Ready once it has taken up the database; its queue and deliveries as
// the shared store and this process know them.
std::unique_ptr<OperatorEndpoint> OperatorEndpoint::forWorker(const indexer::WebhookWorker &worker,
                                                              qint64 readyLagMs)
{
    const indexer::WebhookWorker *w = &worker;
    std::unique_ptr<OperatorEndpoint> out(new OperatorEndpoint(
        [w]() -> server::OperatorRoutes::Lag {
            if (!w->service())
                return {std::nullopt, kWaiting};
            return {0, {}};
        },
        readyLagMs, [] { return std::uint64_t{0}; }));
    server::ServerMetrics &m = out->m_metrics;
    m.gauge(QStringLiteral("webhook_queue_depth"),
            QStringLiteral("Deliveries queued, every worker's, due or waiting for a retry."), [w] {
                try {
                    return w->service() ? static_cast<double>(w->service()->queued())
                                        : std::nan("");
                } catch (const std::exception &) {
                    return std::nan(""); // the database away: said by database_up's absence
                }
            });
    for (const char *outcome : {"delivered", "retry", "given_up", "disabled", "lease_lost"}) {
        const QString key = QString::fromLatin1(outcome);
        m.counter(
            QStringLiteral("webhook_deliveries_total"),
            QStringLiteral("Delivery attempts settled by this worker, by outcome."),
            [w, key] {
                if (!w->service())
                    return 0.0;
                const auto &settled = w->service()->settled();
                const auto it = settled.find(key);
                return it == settled.end() ? 0.0 : static_cast<double>(it->second);
            },
            QStringLiteral("outcome=\"%1\"").arg(key));
    }
    return out;
}

} // namespace gifscan
