#include "devnet/guardedtcpserver.h"

#include "devnet/requesthead.h"

#include <QLoggingCategory>
#include <QTcpSocket>
#include <memory>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcGuard, "gifscan.devnet.connections")

namespace {
// How long a refused upload is drained before its connection is closed.
constexpr int kLingerMs = 500;
} // namespace

GuardedTcpServer::GuardedTcpServer(Limits limits, QObject *parent)
    : QTcpServer(parent), m_limits(limits)
{
    m_resume.setSingleShot(true);
    connect(&m_resume, &QTimer::timeout, this, [this] { resumeAccepting(); });
    // Out of descriptors (or any accept failure): stop asking the kernel for
    // a second, while idle connections time out, rather than spin or stop.
    connect(this, &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError error) {
        qCWarning(lcGuard) << "accepting failed:" << error << "- trying again in 1 s";
        pauseAccepting();
        m_resume.start(1000);
    });
}

quint16 GuardedTcpServer::listenFor(QAbstractHttpServer &server, const QHostAddress &address,
                                    quint16 port, const Limits &limits)
{
    GuardedTcpServer *tcp = listening(limits, address, port, &server);
    if (!tcp)
        return 0;
    server.bind(tcp);
    return tcp->serverPort();
}

GuardedTcpServer *GuardedTcpServer::listening(const Limits &limits, const QHostAddress &address, quint16 port, QObject *parent)
{
    auto *tcp = new GuardedTcpServer(limits, parent);
    if (!tcp->listen(address, port)) {
        delete tcp;
        return nullptr;
    }
    return tcp;
}

void GuardedTcpServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    const QString address = socket->peerAddress().toString();
    if (m_open >= m_limits.total || m_perAddress.value(address) >= m_limits.perAddress) {
        ++m_refused;
        socket->abort();
        socket->deleteLater();
        return;
    }
    ++m_open;
    ++m_perAddress[address];
    connect(socket, &QObject::destroyed, this, [this, address] {
        --m_open;
        if (--m_perAddress[address] <= 0)
            m_perAddress.remove(address);
    });
    // Idle in both directions: nothing read, nothing written.
    auto *idle = new QTimer(socket);
    idle->setSingleShot(true);
    idle->setInterval(m_limits.idleMs);
    connect(idle, &QTimer::timeout, socket, [socket] { socket->abort(); });
    connect(socket, &QTcpSocket::readyRead, idle, qOverload<>(&QTimer::start));
    connect(socket, &QTcpSocket::bytesWritten, idle, qOverload<>(&QTimer::start));
    if (m_limits.requestMs > 0) {
        // Started by the first byte after an answer, stopped by the next answer.
        auto *request = new QTimer(socket);
        request->setSingleShot(true);
        request->setInterval(m_limits.requestMs);
        connect(request, &QTimer::timeout, socket, [socket] { socket->abort(); });
        connect(socket, &QTcpSocket::readyRead, request, [request] {
            if (!request->isActive())
                request->start();
        });
        connect(socket, &QTcpSocket::bytesWritten, request, &QTimer::stop);
    }
    guardRequests(socket);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    idle->start();
    addPendingConnection(socket);
}

void GuardedTcpServer::guardRequests(QTcpSocket *socket)
{
    if (m_limits.maxRequestBytes <= 0 && m_limits.maxBodyBytes <= 0)
        return;
    // What has arrived since the last answer. Connected before the HTTP
    // server's own reader, so each arrival is seen here before it is read
    // (and Qt's reader takes all that is buffered, so what is peeked here
    // is each piece of the stream once).
    struct Request
    {
        qint64 received = 0;
        QByteArray head;      // until it is complete, to read its Content-Length
        bool headRead = false;
    };
    auto request = std::make_shared<Request>();
    connect(socket, &QTcpSocket::readyRead, socket, [this, socket, request] {
        const qint64 available = socket->bytesAvailable();
        request->received += available;
        if (m_limits.maxRequestBytes > 0 && request->received > m_limits.maxRequestBytes) {
            socket->abort();
            return;
        }
        if (m_limits.maxBodyBytes <= 0 || request->headRead)
            return;
        request->head += socket->peek(std::min<qint64>(available, RequestHead::kMaxHeadBytes + 1 - request->head.size()));
        const RequestHead head = RequestHead::scan(request->head);
        if (head.state == RequestHead::State::Incomplete)
            return;
        request->headRead = true;
        request->head.clear();
        // A malformed or oversized head is Qt's parser's to refuse.
        if (head.state == RequestHead::State::Complete && head.contentLength
            && *head.contentLength > m_limits.maxBodyBytes)
            refuseBody(socket);
    });
    connect(socket, &QTcpSocket::bytesWritten, socket, [request] { *request = Request{}; });
}

void GuardedTcpServer::refuseBody(QTcpSocket *socket)
{
    // Nobody reads this connection again: not Qt's server (which would
    // buffer the body to refuse it), not the counters above.
    disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
    disconnect(socket, &QTcpSocket::bytesWritten, nullptr, nullptr);
    connect(socket, &QTcpSocket::readyRead, socket, [socket] { socket->skip(socket->bytesAvailable()); });
    socket->skip(socket->bytesAvailable());
    ++m_refused;
    Limits::Answer answer = m_limits.refusal
        ? m_limits.refusal()
        : Limits::Answer{QByteArrayLiteral("request bodies are limited to ") + QByteArray::number(m_limits.maxBodyBytes)
                             + QByteArrayLiteral(" bytes\n"),
                         {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("text/plain")}}};
    QByteArray response = QByteArrayLiteral("HTTP/1.1 413 Payload Too Large\r\n");
    for (const auto &[name, value] : answer.headers)
        response += name + ": " + value + "\r\n";
    response += "Content-Length: " + QByteArray::number(answer.body.size()) + "\r\nConnection: close\r\n\r\n"
        + answer.body;
    socket->write(response);
    // A client still sending its body may not read the answer if the
    // connection is reset under it: keep discarding for a moment, then close.
    auto *linger = new QTimer(socket);
    linger->setSingleShot(true);
    connect(linger, &QTimer::timeout, socket, [socket] { socket->disconnectFromHost(); });
    linger->start(kLingerMs);
}

} // namespace gifscan::devnet
