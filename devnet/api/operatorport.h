#pragma once

#include "devnet/net/pacedhttpserver.h"

#include <QHostAddress>
#include <QObject>
#include <functional>

namespace gifscan::devnet {

class OperatorRoutes;

// /health, /ready and /metrics on a port of their own (--metrics-port), for
// the follower and webhook workers, which serve nothing else: the answers
// a node or read server gives on its REST port (OperatorRoutes), behind the
// same connection guards. Anything else is 404. Lives on the thread that
// created it.
class OperatorPort : public QObject
{
    Q_OBJECT
public:
    // `head`: the height the answers name (the follower's stored head).
    OperatorPort(const OperatorRoutes &routes, std::function<std::uint64_t()> head,
                 QObject *parent = nullptr);
    // The port, or 0 when it cannot listen.
    quint16 listen(const QHostAddress &address, quint16 port);

private:
    void handle(const QHttpServerRequest &request, QTcpSocket *socket);

    const OperatorRoutes &m_routes;
    std::function<std::uint64_t()> m_head;
    PacedHttpServer m_server;
};

} // namespace gifscan::devnet
