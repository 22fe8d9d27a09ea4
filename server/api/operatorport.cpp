#include "server/api/operatorport.h"

#include "server/api/operatorroutes.h"
#include "server/api/restreply.h"
#include "server/net/browserpolicy.h"
#include "server/net/guardedtcpserver.h"

namespace gifscan::server {

OperatorPort::OperatorPort(const OperatorRoutes &routes, std::function<std::uint64_t()> head,
                           QObject *parent)
    : QObject(parent), m_routes(routes), m_head(std::move(head)),
      m_server([this](const QHttpServerRequest &request, QHttpServerResponder &&,
                      QTcpSocket *socket) { handle(request, socket); })
{
}

OperatorPort::~OperatorPort() = default;

quint16 OperatorPort::listen(const QHostAddress &address, quint16 port,
                             const QStringList &allowedHosts, const QStringList &corsOrigins)
{
    m_browsers = std::make_unique<BrowserPolicy>(allowedHosts, corsOrigins, address);
    // Probes send no body: a small limit keeps the request guard on (0
    // would turn it off, and Qt would buffer whatever a stranger sends).
    GuardedTcpServer::Limits limits;
    limits.maxBodyBytes = 1024;
    limits.browsers = m_browsers.get();
    return GuardedTcpServer::listenFor(m_server, address, port, limits);
}

void OperatorPort::handle(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const std::uint64_t head = m_head();
    const QString path = request.url().path();
    const std::optional<RestReply> known = request.method() == QHttpServerRequest::Method::Get
                                               ? m_routes.answer(path, head)
                                               : std::nullopt;
    const RestReply reply =
        known ? *known
              : rest::error(QHttpServerResponder::StatusCode::NotFound, "not_found",
                            QStringLiteral("this port answers GET /health, /ready and /metrics"),
                            head);
    PacedHttpServer::write(socket, reply.status, reply.mime, reply.body, reply.headers);
}

} // namespace gifscan::server
