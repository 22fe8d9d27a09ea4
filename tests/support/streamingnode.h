#pragma once

#include <QCryptographicHash>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <functional>

namespace gifscan::test {

// A loopback HTTP peer that behaves as an attacker's node would, for the
// failure modes no real node produces on demand: it answers each request by
// calling `respond` with the request's first line and the socket, and may
// keep writing (a trickle, a flood) for as long as it likes. `respond` gets
// the request's head (its line and headers). Lives on the test's thread;
// the client under test must be asynchronous on it too.
class StreamingNode : public QObject
{
public:
    using Respond = std::function<void(const QByteArray &head, QTcpSocket *socket)>;

    explicit StreamingNode(Respond respond) : m_respond(std::move(respond))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] {
                    m_buffer[s] += s->readAll();
                    const qsizetype end = m_buffer[s].indexOf("\r\n\r\n");
                    if (end < 0)
                        return;
                    const QByteArray head = m_buffer[s].left(end);
                    m_buffer[s].clear();
                    ++m_requests;
                    m_respond(head, s);
                });
            }
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    int requests() const { return m_requests; }

    // Writes `chunk` every `everyMs` while the peer stays connected, up to `total` bytes.
    static void stream(QTcpSocket *s, QByteArray chunk, int everyMs, qint64 total)
    {
        auto *timer = new QTimer(s);
        auto sent = std::make_shared<qint64>(0);
        QObject::connect(timer, &QTimer::timeout, s, [s, timer, chunk, sent, total] {
            if (s->state() != QAbstractSocket::ConnectedState || *sent >= total)
                return timer->stop();
            // Only as fast as the peer reads: a flood that fills no buffer of ours.
            if (s->bytesToWrite() < 4 * chunk.size()) {
                s->write(chunk);
                *sent += chunk.size();
            }
        });
        timer->start(everyMs);
    }

    // The answer to a websocket upgrade whose head is `head` (RFC 6455 §4.2.2).
    static QByteArray websocketUpgrade(const QByteArray &head)
    {
        QByteArray key;
        for (const QByteArray &line : head.split('\n')) {
            if (line.toLower().startsWith("sec-websocket-key:"))
                key = line.mid(18).trimmed();
        }
        const QByteArray accept =
            QCryptographicHash::hash(QByteArray(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"),
                                     QCryptographicHash::Sha1)
                .toBase64();
        return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: "
               "Upgrade\r\nSec-WebSocket-Accept: " +
               accept + "\r\n\r\n";
    }

private:
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffer;
    Respond m_respond;
    int m_requests = 0;
};

} // namespace gifscan::test
