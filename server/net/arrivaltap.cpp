#include "server/net/arrivaltap.h"

#include <QTcpSocket>

namespace gifscan::server {

ArrivalTap::ArrivalTap(QTcpSocket *socket, Arrived arrived)
    : QObject(socket), m_socket(socket), m_arrived(std::move(arrived))
{
    connect(socket, &QTcpSocket::readyRead, this, &ArrivalTap::look);
}

void ArrivalTap::start()
{
    if (m_started)
        return;
    m_started = true;
    // Runs after the reader, connected before this: what it leaves is what
    // the next round must not hand on twice.
    m_afterReader = connect(m_socket, &QTcpSocket::readyRead, this,
                            [this] { m_leftover = m_socket->bytesAvailable(); });
    m_leftover = 0;
    look();
    m_leftover = m_socket->bytesAvailable();
}

void ArrivalTap::readerReconnected()
{
    if (!m_started)
        return;
    disconnect(m_afterReader);
    m_afterReader = connect(m_socket, &QTcpSocket::readyRead, this,
                            [this] { m_leftover = m_socket->bytesAvailable(); });
    m_leftover = m_socket->bytesAvailable();
}

void ArrivalTap::look()
{
    if (!m_started)
        return;
    const qint64 available = m_socket->bytesAvailable();
    if (available <= m_leftover)
        return;
    const QByteArray buffered = m_socket->peek(available);
    m_arrived(QByteArrayView(buffered).sliced(m_leftover));
}

} // namespace gifscan::server
