#include "server/api/operatorroutes.h"

#include "server/net/servermetrics.h"

namespace gifscan::server {

OperatorRoutes::OperatorRoutes(ServerMetrics &metrics, std::function<Lag()> lag, qint64 readyLagMs)
    : m_metrics(metrics), m_lag(std::move(lag)), m_readyLagMs(readyLagMs)
{
}

bool OperatorRoutes::isOperatorPath(const QString &path)
{
    return path == QLatin1String("/health") || path == QLatin1String("/ready") ||
           path == QLatin1String("/metrics");
}

std::optional<RestReply> OperatorRoutes::answer(const QString &path, std::uint64_t head) const
{
    if (path == QLatin1String("/health"))
        return rest::json({{QStringLiteral("status"), QStringLiteral("ok")}}, head);
    if (path == QLatin1String("/ready"))
        return ready(head);
    if (path == QLatin1String("/metrics")) {
        RestReply reply;
        reply.body = m_metrics.render();
        reply.mime = QByteArrayLiteral("text/plain; version=0.0.4; charset=utf-8");
        reply.height = head;
        return reply;
    }
    return std::nullopt;
}

RestReply OperatorRoutes::ready(std::uint64_t head) const
{
    const Lag lag = m_lag();
    QJsonObject body{{QStringLiteral("readyLagSeconds"), static_cast<double>(m_readyLagMs) / 1000}};
    const bool ready = lag.ms && *lag.ms <= m_readyLagMs;
    body.insert(QStringLiteral("ready"), ready);
    if (lag.ms)
        body.insert(QStringLiteral("lagSeconds"), static_cast<double>(*lag.ms) / 1000);
    if (!lag.ms)
        body.insert(QStringLiteral("reason"), lag.unknown);
    else if (!ready)
        body.insert(QStringLiteral("reason"),
                    QStringLiteral("behind the node's head for %1 s, more than the %2 s allowed")
                        .arg(static_cast<double>(*lag.ms) / 1000, 0, 'f', 1)
                        .arg(static_cast<double>(m_readyLagMs) / 1000, 0, 'f', 1));
    RestReply reply = rest::json(body, head);
    if (!ready) {
        reply.status = QHttpServerResponder::StatusCode::ServiceUnavailable;
        reply.headers.append({QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1")});
    }
    return reply;
}

} // namespace gifscan::server
