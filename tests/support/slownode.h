#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QMutex>
#include <QMutexLocker>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <atomic>

namespace gifscan::test {

// A node's JSON-RPC that answers every request after `delayMs`, accepting
// every transaction (a hash of its own), on a thread of its own with its
// own event loop, so that its slowness is its own and not the test's. It
// counts connections, requests and transactions, and keeps each
// transaction's X-Forwarded-For.
class SlowNode
{
public:
    explicit SlowNode(int delayMs) : m_delayMs(delayMs)
    {
        m_thread.start();
        m_server.moveToThread(&m_thread);
        QMetaObject::invokeMethod(
            &m_server,
            [this] {
                m_server.listen(QHostAddress::LocalHost, 0);
                QObject::connect(&m_server, &QTcpServer::newConnection, &m_server,
                                 [this] { accept(); });
            },
            Qt::BlockingQueuedConnection);
    }
    ~SlowNode()
    {
        QMetaObject::invokeMethod(
            &m_server,
            [this] {
                for (QTcpSocket *s : m_server.findChildren<QTcpSocket *>())
                    s->abort();
                m_server.close();
            },
            Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    QString url() const
    {
        return QStringLiteral("http://127.0.0.1:%1/").arg(m_server.serverPort());
    }
    int connections() const { return m_connections; }
    int requests() const { return m_requests; }
    int transactions() const { return m_transactions; }
    QList<QByteArray> forwardedFor() const
    {
        QMutexLocker lock(&m_mutex);
        return m_forwardedFor;
    }

private:
    void accept()
    {
        while (QTcpSocket *s = m_server.nextPendingConnection()) {
            ++m_connections;
            s->setParent(&m_server);
            QObject::connect(s, &QTcpSocket::readyRead, s, [this, s] { read(s); });
        }
    }
    void read(QTcpSocket *s)
    {
        QByteArray buffer = s->property("buffer").toByteArray() + s->readAll();
        for (;;) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                break;
            const QByteArray head = buffer.left(end).toLower();
            const qsizetype at = head.indexOf("content-length:");
            const qsizetype length =
                at < 0 ? 0
                       : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong();
            if (buffer.size() < end + 4 + length)
                break;
            const qsizetype xff = head.indexOf("x-forwarded-for:");
            // A read server also asks its node's head: only transactions count here.
            if (buffer.mid(end + 4, length).contains("gif_sendRawTransaction")) {
                ++m_transactions;
                QMutexLocker lock(&m_mutex);
                m_forwardedFor.append(
                    xff < 0 ? QByteArray()
                            : head.mid(xff + 16, head.indexOf('\r', xff) - xff - 16).trimmed());
            }
            buffer.remove(0, end + 4 + length);
            const int n = ++m_requests;
            QTimer::singleShot(m_delayMs, s, [s, n] {
                const QByteArray body = R"({"jsonrpc":"2.0","id":1,"result":"0x)" +
                                        QByteArray::number(n).rightJustified(64, '0') + "\"}";
                s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                         QByteArray::number(body.size()) + "\r\n\r\n" + body);
            });
        }
        s->setProperty("buffer", buffer);
    }

    int m_delayMs;
    QThread m_thread;
    QTcpServer m_server;
    std::atomic<int> m_connections{0};
    std::atomic<int> m_requests{0};
    std::atomic<int> m_transactions{0};
    mutable QMutex m_mutex;
    QList<QByteArray> m_forwardedFor;
};

} // namespace gifscan::test
