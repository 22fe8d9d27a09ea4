#pragma once

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <functional>

namespace gifscan::test {

// A node that lies about what it answers: a proxy in front of a real
// devnet's port (REST or JSON-RPC) that hands each whole answer, with the
// request it answers, to `rewrite`, and sends on what that returns (an
// answer as it came, head and body, or one of its own). Requests are
// forwarded whole and answered whole, one at a time, on the test's thread
// (the devnet answers from its own). Keep-alive is the client's: each
// request goes to the node on a connection of its own.
class RewritingProxy : public QObject
{
public:
    using Rewrite = std::function<QByteArray(const QByteArray &request, const QByteArray &answer)>;

    RewritingProxy(const QString &targetUrl, Rewrite rewrite)
        : m_target(targetUrl), m_rewrite(std::move(rewrite))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection())
                connect(s, &QTcpSocket::readyRead, this, [this, s] { serve(s); });
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    // Shown each whole request before it is forwarded: what the client's
    // state was when it asked.
    void onRequest(std::function<void(const QByteArray &request)> seen)
    {
        m_seen = std::move(seen);
    }

    // The whole request or answer at the front of `buffer`, head and
    // Content-Length body, taken off it; empty while it comes.
    static QByteArray whole(QByteArray &buffer)
    {
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return {};
        const QByteArray head = buffer.left(end).toLower();
        const qsizetype at = head.indexOf("content-length:");
        const qsizetype length =
            at < 0 ? 0 : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toInt();
        if (buffer.size() < end + 4 + length)
            return {};
        const QByteArray request = buffer.left(end + 4 + length);
        buffer.remove(0, request.size());
        return request;
    }
    // The node's whole answer to `request` (empty when it gave none).
    static QByteArray forward(const QUrl &target, const QByteArray &request)
    {
        QTcpSocket node;
        node.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(target.port()));
        if (!node.waitForConnected(3000))
            return {};
        node.write(request);
        QByteArray answer;
        for (;;) {
            QByteArray copy = answer;
            const QByteArray done = whole(copy);
            if (!done.isEmpty())
                return done;
            if (!node.waitForReadyRead(10000))
                return answer;
            answer += node.readAll();
        }
    }
    // An answer of `status` with a JSON `body` and the node's height header.
    static QByteArray answerWith(const QByteArray &body, const QByteArray &height,
                                 const QByteArray &status = "200 OK")
    {
        return "HTTP/1.1 " + status +
               "\r\nContent-Type: application/json\r\nX-Block-Height: " + height +
               "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    }
    // An answer's head and body apart.
    static QByteArray bodyOf(const QByteArray &answer)
    {
        return answer.mid(answer.indexOf("\r\n\r\n") + 4);
    }
    static QByteArray headerOf(const QByteArray &answer, const QByteArray &name)
    {
        const QByteArray head = answer.left(answer.indexOf("\r\n\r\n"));
        for (const QByteArray &line : head.split('\n')) {
            const qsizetype colon = line.indexOf(':');
            if (colon > 0 && line.left(colon).trimmed().toLower() == name.toLower())
                return line.mid(colon + 1).trimmed();
        }
        return {};
    }

private:
    void serve(QTcpSocket *s)
    {
        m_buffer[s] += s->readAll();
        for (QByteArray request = whole(m_buffer[s]); !request.isEmpty();
             request = whole(m_buffer[s])) {
            if (m_seen)
                m_seen(request);
            s->write(m_rewrite(request, forward(m_target, request)));
        }
    }

    QTcpServer m_server;
    QUrl m_target;
    Rewrite m_rewrite;
    std::function<void(const QByteArray &)> m_seen;
    QHash<QTcpSocket *, QByteArray> m_buffer;
};

} // namespace gifscan::test
