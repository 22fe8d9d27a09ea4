#pragma once

#include <QAbstractHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <functional>

namespace gifscan::server {

// An HTTP server of one handler, for every request (the node's servers do
// their own routing), that stops reading a connection's requests while the
// answers it owes that connection are unread past its socket's limit
// (GuardedTcpServer::Limits::maxUnsentBytes): 40 pipelined requests for a
// raw genesis block from a client that read nothing took a read server
// from 85 to 397 MB, four such connections the node to 1,032 MB. The
// requests after that wait in the socket, and past its small read buffer
// in the kernel, until the client has read its answers. Qt 6.4's
// QAbstractHttpServer hands each request with its socket, which is how the
// connection is known. Lives on the node thread.
class PacedHttpServer : public QAbstractHttpServer
{
public:
    // With the request's socket, for an answer given later (answerLater).
    using Handler =
        std::function<void(const QHttpServerRequest &, QHttpServerResponder &&, QTcpSocket *)>;
    explicit PacedHttpServer(Handler handler, QObject *parent = nullptr);

    using Headers = QList<QPair<QByteArray, QByteArray>>;
    // Writes an answer to `socket` whole, at once (a later header of a name
    // replaces an earlier one; Content-Length is added). Qt's responder
    // writes a body 512 bytes an event-loop turn: what an answer still owed
    // stayed out of the unread-bytes cap's sight, pipelined answers piled
    // up beside it, and an 8 MB answer took 16,000 turns.
    static void write(QTcpSocket *socket, QHttpServerResponder::StatusCode status,
                      const QByteArray &mime, const QByteArray &body, const Headers &headers);

    // The request just handed on `socket` is answered later: its next
    // requests wait unread until answeredLater(socket).
    void answerLater(QTcpSocket *socket);
    static void answeredLater(QTcpSocket *socket);

    // Stopping (SIGTERM): no new connection is taken; those open are
    // served until they close.
    void stopListening();
    // Answers written and not yet taken by the kernel, over every connection.
    qint64 unsentBytes() const;

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Handler m_handler;
};

} // namespace gifscan::server
