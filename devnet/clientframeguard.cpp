#include "devnet/clientframeguard.h"

#include <QLoggingCategory>
#include <QTcpSocket>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcFrames, "gifscan.devnet.websocket")

ClientFrameGuard::ClientFrameGuard(QTcpSocket *socket) : QObject(socket), m_socket(socket)
{
    connect(socket, &QTcpSocket::readyRead, this, &ClientFrameGuard::arrived);
}

void ClientFrameGuard::start()
{
    if (m_started)
        return;
    m_started = true;
    // Runs after Qt's reader, connected just before this: what it leaves is
    // what the next round must not scan twice.
    connect(m_socket, &QTcpSocket::readyRead, this,
            [this] { m_leftover = m_socket->bytesAvailable(); });
    m_leftover = 0;
    arrived();
    m_leftover = m_socket->bytesAvailable();
}

void ClientFrameGuard::arrived()
{
    if (!m_started)
        return;
    const qint64 available = m_socket->bytesAvailable();
    if (available <= m_leftover)
        return;
    const QByteArray buffered = m_socket->peek(available);
    if (m_scanner.feed(QByteArrayView(buffered).sliced(m_leftover)))
        return;
    qCWarning(lcFrames).noquote() << "closing a websocket client at"
                                  << m_socket->peerAddress().toString() << "port"
                                  << m_socket->peerPort() << ":" << m_scanner.problem();
    m_socket->abort();
}

} // namespace gifscan::devnet
