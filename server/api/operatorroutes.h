#pragma once

#include "server/api/restreply.h"

#include <QString>
#include <functional>
#include <optional>

namespace gifscan::server {

class ServerMetrics;

// What an operator's supervisor and Prometheus ask a node or read server,
// on its REST port, beside the API: /health (200 while the process
// answers), /ready (200 while its head is within the ready lag of the
// node's; else 503 with the lag) and /metrics (ServerMetrics). Neither rate
// limited nor read from the database. Lives on the node thread.
class OperatorRoutes
{
public:
    // The lag behind the node in ms (0 on the node itself), or why it is
    // not known.
    struct Lag
    {
        std::optional<qint64> ms;
        QString unknown;
    };
    OperatorRoutes(ServerMetrics &metrics, std::function<Lag()> lag, qint64 readyLagMs);

    static bool isOperatorPath(const QString &path);
    // The answer to `path` if it is one of these.
    std::optional<RestReply> answer(const QString &path, std::uint64_t head) const;

private:
    RestReply ready(std::uint64_t head) const;

    ServerMetrics &m_metrics;
    std::function<Lag()> m_lag;
    qint64 m_readyLagMs;
};

} // namespace gifscan::server
