#pragma once

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <functional>

namespace gifscan::test {

// A loopback HTTP peer that behaves as an attacker's node would, for the
// failure modes no real node produces on demand: it answers each request by
// calling `respond` with the request's first line and the socket, and may
// keep writing (a trickle, a flood) for as long as it likes. Lives on the
// test's thread; the client under test must be asynchronous on it too.
class StreamingNode : public QObject
{
public:
    using Respond = std::function<void(const QByteArray &requestLine, QTcpSocket *socket)>;

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
                    const QByteArray line = m_buffer[s].left(m_buffer[s].indexOf("\r\n"));
                    m_buffer[s].clear();
                    ++m_requests;
                    m_respond(line, s);
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

private:
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffer;
    Respond m_respond;
    int m_requests = 0;
};

} // namespace gifscan::test
