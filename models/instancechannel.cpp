#include "models/instancechannel.h"

#include <QDir>
#include <QLocalSocket>

InstanceChannel::InstanceChannel(const QString &name, QObject *parent) : QObject(parent), m_name(name)
{
    connect(&m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *s = m_server.nextPendingConnection()) {
            connect(s, &QLocalSocket::disconnected, s, &QObject::deleteLater);
            connect(s, &QLocalSocket::readyRead, this, [this, s] {
                // One line per message; a peer that sends junk only fills its own socket.
                while (s->canReadLine()) {
                    const QString line = QString::fromUtf8(s->readLine()).trimmed();
                    if (!line.isEmpty())
                        Q_EMIT received(line);
                }
            });
        }
    });
}

QString InstanceChannel::defaultName()
{
    return QStringLiteral("gifscan-") + qEnvironmentVariable("USER", QStringLiteral("user"));
}

bool InstanceChannel::sendToRunning(const QString &message, int timeoutMs)
{
    QLocalSocket socket;
    socket.connectToServer(m_name);
    if (!socket.waitForConnected(timeoutMs))
        return false;
    socket.write(message.toUtf8() + '\n');
    const bool ok = socket.waitForBytesWritten(timeoutMs);
    socket.disconnectFromServer();
    return ok;
}

bool InstanceChannel::listen()
{
    m_server.setSocketOptions(QLocalServer::UserAccessOption);
    if (m_server.listen(m_name))
        return true;
    // A crashed instance leaves its socket behind; nobody answered on it.
    QLocalServer::removeServer(m_name);
    return m_server.listen(m_name);
}
