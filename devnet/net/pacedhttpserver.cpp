#include "devnet/net/pacedhttpserver.h"

#include "devnet/net/guardedtcpserver.h"

#include <QTcpSocket>

namespace gifscan::devnet {

PacedHttpServer::PacedHttpServer(Handler handler, QObject *parent)
    : QAbstractHttpServer(parent), m_handler(std::move(handler))
{
}

bool PacedHttpServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    m_handler(request, makeResponder(request, socket), socket);
    // Its socket's guard, which took the connection (a socket of another
    // server is not paced).
    if (auto *guard = qobject_cast<GuardedTcpServer *>(socket->parent()))
        guard->holdWhileUnread(socket, this);
    return true;
}

void PacedHttpServer::answerLater(QTcpSocket *socket)
{
    if (auto *guard = qobject_cast<GuardedTcpServer *>(socket->parent()))
        guard->awaitAnswer(socket, this);
}

void PacedHttpServer::answeredLater(QTcpSocket *socket)
{
    if (auto *guard = qobject_cast<GuardedTcpServer *>(socket->parent()))
        guard->answered(socket);
}

void PacedHttpServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // handleRequest takes every request; Qt asks only if it did not.
    makeResponder(request, socket).write(QHttpServerResponder::StatusCode::NotFound);
}

} // namespace gifscan::devnet
