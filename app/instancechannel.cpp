#include "app/instancechannel.h"

#include <QCryptographicHash>
#include <QDir>
#include <QLocalSocket>
#include <QStandardPaths>

namespace {
// A gif:// link, an address or a hash: a few hundred bytes; 64 KiB is ample.
constexpr qint64 kMaxLine = 64 * 1024;
} // namespace

InstanceChannel::InstanceChannel(const QString &name, QObject *parent)
    : QObject(parent), m_name(name)
{
    connect(&m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket *s = m_server.nextPendingConnection()) {
            connect(s, &QLocalSocket::disconnected, s, &QObject::deleteLater);
            connect(s, &QLocalSocket::readyRead, this, [this, s] {
                // One line per message. A line longer than any link could be
                // (or one that never ends) is not buffered: the peer is dropped.
                while (s->canReadLine()) {
                    const QByteArray raw = s->readLine(kMaxLine + 1);
                    if (raw.size() > kMaxLine && !raw.endsWith('\n'))
                        return s->abort();
                    const QString line = QString::fromUtf8(raw).trimmed();
                    if (!line.isEmpty())
                        Q_EMIT received(line);
                }
                if (s->bytesAvailable() > kMaxLine)
                    s->abort();
            });
        }
    });
}

QString InstanceChannel::defaultName()
{
    // The user's, and the folders their gifscan keeps its settings and data
    // in: a second gifscan with another home (a test profile, a second data
    // folder) is a gifscan of its own, not a link handed to the first.
    const QByteArray folders =
        (QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + u'\n' +
         QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
            .toUtf8();
    return QStringLiteral("gifscan-") + qEnvironmentVariable("USER", QStringLiteral("user")) +
           u'-' +
           QString::fromLatin1(
               QCryptographicHash::hash(folders, QCryptographicHash::Sha256).toHex().left(12));
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
