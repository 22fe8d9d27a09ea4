#pragma once

#include "server/net/pacedhttpserver.h"

#include <QHostAddress>
#include <QObject>
#include <functional>
#include <memory>

namespace gifscan::server {

class BrowserPolicy;
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
    ~OperatorPort() override;
    // The port, or 0 when it cannot listen. The host names and pages that
    // may ask are the servers' (--allowed-hosts, --cors-origins): a page that
    // rebinds its own name to this machine reads no metrics.
    quint16 listen(const QHostAddress &address, quint16 port, const QStringList &allowedHosts = {},
                   const QStringList &corsOrigins = {});

private:
    void handle(const QHttpServerRequest &request, QTcpSocket *socket);

    const OperatorRoutes &m_routes;
    std::unique_ptr<BrowserPolicy> m_browsers; // outlives the server, which points to it
    std::function<std::uint64_t()> m_head;
    PacedHttpServer m_server;
};

} // namespace gifscan::server
