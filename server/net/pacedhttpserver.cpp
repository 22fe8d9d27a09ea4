#include "server/net/pacedhttpserver.h"

#include "server/net/guardedtcpserver.h"

#include <QHash>
#include <QTcpSocket>
#include <algorithm>

namespace gifscan::server {

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

void PacedHttpServer::write(QTcpSocket *socket, QHttpServerResponder::StatusCode status,
                            const QByteArray &mime, const QByteArray &body, const Headers &headers)
{
    if (!socket || !socket->isOpen())
        return;
    static const QHash<int, QByteArray> kReasons{{200, "OK"},
                                                 {204, "No Content"},
                                                 {304, "Not Modified"},
                                                 {400, "Bad Request"},
                                                 {403, "Forbidden"},
                                                 {404, "Not Found"},
                                                 {405, "Method Not Allowed"},
                                                 {406, "Not Acceptable"},
                                                 {413, "Payload Too Large"},
                                                 {415, "Unsupported Media Type"},
                                                 {429, "Too Many Requests"},
                                                 {500, "Internal Server Error"},
                                                 {503, "Service Unavailable"}};
    const int code = static_cast<int>(status);
    Headers all{{QByteArrayLiteral("Content-Type"), mime}};
    for (const auto &header : headers) {
        const auto same = std::find_if(all.begin(), all.end(), [&](const auto &h) {
            return h.first.compare(header.first, Qt::CaseInsensitive) == 0;
        });
        if (same != all.end())
            same->second = header.second;
        else
            all.append(header);
    }
    QByteArray out = "HTTP/1.1 " + QByteArray::number(code) + ' ' +
                     kReasons.value(code, QByteArrayLiteral("Status")) + "\r\n";
    for (const auto &[name, value] : all)
        out += name + ": " + value + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n";
    out.reserve(out.size() + body.size());
    out += body;
    socket->write(out);
}

void PacedHttpServer::missingHandler(const QHttpServerRequest &, QTcpSocket *)
{
    // handleRequest has answered every request already. Qt asks here too
    // after it for one that asks for an upgrade (with nobody to take the
    // websocket), and then closes the connection: a second answer would
    // be read as the next request's.
}

void PacedHttpServer::stopListening()
{
    for (QTcpServer *tcp : servers())
        tcp->close();
}

// A connection's socket stays the child of the listening socket that took
// it (QTcpServer::nextPendingConnection), closed or not.
qint64 PacedHttpServer::unsentBytes() const
{
    qint64 unsent = 0;
    for (const QTcpServer *tcp : servers())
        for (const QTcpSocket *socket : tcp->findChildren<QTcpSocket *>())
            unsent += socket->bytesToWrite();
    return unsent;
}

} // namespace gifscan::server
