#include "devnet/guardedtcpserver.h"

#include <QLoggingCategory>
#include <QTcpSocket>
#include <memory>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcGuard, "gifscan.devnet.connections")

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
    if (m_limits.maxRequestBytes > 0) {
        // Connected before the HTTP server's own handler, so it counts each
        // arrival before the server reads it.
        auto received = std::make_shared<qint64>(0);
        const qint64 cap = m_limits.maxRequestBytes;
        connect(socket, &QTcpSocket::readyRead, socket, [socket, received, cap] {
            *received += socket->bytesAvailable();
            if (*received > cap)
                socket->abort();
        });
        connect(socket, &QTcpSocket::bytesWritten, socket, [received] { *received = 0; });
    }
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    idle->start();
    addPendingConnection(socket);
}

} // namespace gifscan::devnet
