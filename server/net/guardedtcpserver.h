#pragma once

#include <QAbstractHttpServer>
#include <QHash>
#include <QPointer>
#include <QTcpServer>
#include <QTimer>
#include <functional>

namespace gifscan::server {

class ArrivalTap;
class BrowserPolicy;
class LogSummary;
class TrustedProxies;

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
        // Past either, a connection is answered 429 with Retry-After (in the
        // entry point's own error format) and closed; at most `refusing` of
        // those at once, and past that it is closed unanswered. perAddress
        // is above the rate limiter's burst (200), so that a burst the
        // protocol allows is answered, not turned away at the door.
        int total = 512;
        int perAddress = 256;
        int refusing = 256;
        int idleMs = 60000;
        // HTTP: once a request starts arriving, an answer must be written
        // within this time, or the connection is closed (a header or body
        // trickled a byte at a time never trips the idle timeout). 0: off.
        int requestMs = 20000;
        // HTTP: every request is followed as it arrives (RequestStream),
        // before Qt's server buffers it: one announcing a body past this
        // (413), a chunked body (411), a malformed head (400) or a head past
        // 64 KiB (431) is answered with `refusal` and the connection closed,
        // with none of the body read. 0: no body at all (the websocket).
        qint64 maxBodyBytes = 1024 * 1024;
        // Whose pages and host names may ask (BrowserPolicy): a request it
        // refuses is answered 403 at its head and closed, before the rate
        // limiter or Qt's server sees it; every refusal carries the CORS
        // grant of an allowed page. None: anyone's, and no CORS headers.
        const BrowserPolicy *browsers = nullptr;
        // The websocket's entry point: a connection is handed on (pending,
        // newConnection) only once its handshake's head has arrived whole,
        // within kHandshakeMs, and `browsers` let it through; the frames
        // after it are not HTTP, and not followed here.
        bool upgrade = false;
        // Tests: each loopback address a client of its own (clientKey).
        bool loopbackApart = false;
        // Whose word for the client (X-Forwarded-For) the HTTP servers take;
        // none: nobody's.
        const TrustedProxies *proxies = nullptr;
        // HTTP: past this many bytes of answers unread, a connection's next
        // requests are not read (holdWhileUnread) until half of them are.
        qint64 maxUnsentBytes = 4 * 1024 * 1024;
        // After a refusal, what the client goes on sending is read and
        // dropped until it has sent nothing for this long, then the
        // connection closed: closing on unread bytes resets the connection,
        // and a client still sending would lose the answer with it.
        int lingerMs = 500;
        // ...but no more than this much of it, nor for longer in all.
        qint64 lingerReadBytes = 4 * 1024 * 1024;
        int lingerMostMs = 10000;
        // The refusal's body and extra headers, in the server's own words (a
        // JSON-RPC error, a REST error); a plain sentence when unset.
        struct Answer
        {
            QByteArray body;
            QList<QPair<QByteArray, QByteArray>> headers;
        };
        std::function<Answer(int status, const QString &why)> refusal;
    };

    static constexpr int kHandshakeMs = 10000;
    static constexpr qsizetype kMaxHandshakeBytes = 8 * 1024;

    explicit GuardedTcpServer(Limits limits, QObject *parent = nullptr);

    // A new guarded socket listening on `address`:`port`, owned by
    // `parent`; nullptr when it cannot listen.
    static GuardedTcpServer *listening(const Limits &limits, const QHostAddress &address,
                                       quint16 port, QObject *parent);
    // Listens on a new guarded socket and hands it to `server`; the port,
    // or 0 when it cannot listen.
    static quint16 listenFor(QAbstractHttpServer &server, const QHostAddress &address, quint16 port,
                             const Limits &limits);
    // For a server bound to this socket: starts each connection's request
    // guard once the server's reader is connected (ArrivalTap::start).
    void followReaders();
    // After `server` answered on `socket`: past maxUnsentBytes unread, its
    // reader lets go of the socket, whose read buffer shrinks to 64 KiB (the
    // rest stays in the kernel, and the client's sending stops), and takes
    // it again once half of it is read.
    void holdWhileUnread(QTcpSocket *socket, QAbstractHttpServer *server);
    // A request on `socket` will be answered later (a forwarded transaction):
    // nothing after it is read, so that answers keep the requests' order,
    // until answered() says it was written.
    void awaitAnswer(QTcpSocket *socket, QAbstractHttpServer *server);
    void answered(QTcpSocket *socket);
    // Whether answered() will close `socket` (its kMostReleases-th
    // release): its answer says "Connection: close", so that a client sends
    // no request after it that would meet the closing.
    static bool closesWhenAnswered(const QTcpSocket *socket);
    static constexpr qint64 kHeldReadBuffer = 64 * 1024;
    static constexpr int kMostReleases = 100;

    int openConnections() const { return m_open; }
    int refused() const { return m_refused; }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    void hold(QTcpSocket *socket, QAbstractHttpServer *server);
    void releaseWhenRead(QTcpSocket *socket);
    void guardRequests(QTcpSocket *socket);
    void awaitHandshake(QTcpSocket *socket);
    void refuse(QTcpSocket *socket, int status, const QString &why, const QByteArray &origin = {});
    void turnAway(QTcpSocket *socket, const QString &why);

    Limits m_limits;
    QHash<QString, int> m_perAddress;
    // Request guards of connections accepted whose server's reader is not yet connected.
    QList<QPointer<ArrivalTap>> m_fresh;
    int m_open = 0;
    int m_refusing = 0; // connections past a cap, being answered 429
    int m_refused = 0;
    QTimer m_resume;
    LogSummary *m_log;
};

} // namespace gifscan::server
