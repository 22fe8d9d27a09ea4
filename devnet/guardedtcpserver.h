#pragma once

#include <QAbstractHttpServer>
#include <QHash>
#include <QTcpServer>
#include <QTimer>

#include <functional>

namespace gifscan::devnet {

// The listening socket of each of the node's entry points, guarding what a
// stranger can hold open: at most `total` connections and `perAddress` from
// one address (more are closed as they come), a connection idle for
// `idleMs` in both directions is closed (one that never reads its answer
// frees its descriptor), an HTTP request not answered within `requestMs`
// of its first byte is closed (a trickled header), and when accepting fails
// (descriptors exhausted) it pauses and tries again instead of going deaf.
// The HTTP servers take it through bind(), the websocket server through
// handleConnection(). Lives on the node thread.
class GuardedTcpServer : public QTcpServer
{
    Q_OBJECT
public:
    struct Limits
    {
        int total = 512;
        int perAddress = 64;
        int idleMs = 60000;
        // HTTP: once a request starts arriving, an answer must be written
        // within this time, or the connection is closed (a header or body
        // trickled a byte at a time never trips the idle timeout). 0: off.
        int requestMs = 20000;
        // HTTP: bytes that may arrive between two answers. Qt's HTTP server
        // buffers a whole body before a handler can look at it, so a body
        // past the 1 MiB limit (and room for its header) is cut here as it
        // arrives, instead of being buffered in full to be refused. 0: off.
        qint64 maxRequestBytes = 1024 * 1024 + 64 * 1024;
        // HTTP: the largest body a request may announce in Content-Length.
        // One that announces more is answered 413 with `refusal` as soon as
        // its head has arrived, before any of the body is read, and closed.
        // 0: off.
        qint64 maxBodyBytes = 1024 * 1024;
        // The 413's body and extra headers, in the server's own words (a
        // JSON-RPC error, a REST error); a plain sentence when unset.
        struct Answer
        {
            QByteArray body;
            QList<QPair<QByteArray, QByteArray>> headers;
        };
        std::function<Answer()> refusal;
    };

    explicit GuardedTcpServer(Limits limits, QObject *parent = nullptr);

    // A new guarded socket listening on `address`:`port`, owned by
    // `parent`; nullptr when it cannot listen.
    static GuardedTcpServer *listening(const Limits &limits, const QHostAddress &address, quint16 port, QObject *parent);
    // Listens on a new guarded socket and hands it to `server`; the port,
    // or 0 when it cannot listen.
    static quint16 listenFor(QAbstractHttpServer &server, const QHostAddress &address, quint16 port,
                             const Limits &limits);

    int openConnections() const { return m_open; }
    int refused() const { return m_refused; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void guardRequests(QTcpSocket *socket);
    void refuseBody(QTcpSocket *socket);

    Limits m_limits;
    QHash<QString, int> m_perAddress;
    int m_open = 0;
    int m_refused = 0;
    QTimer m_resume;
};

} // namespace gifscan::devnet
