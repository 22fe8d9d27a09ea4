#pragma once

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#include <deque>
#include <iterator>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <vector>

namespace gifscan::test {

// A caller-owned webhook receiver on loopback, as a test's own HTTP/1.1
// server: it checks each delivery's signature with its own reading of
// Standard Webhooks 1.0 (OpenSSL's HMAC, not the node's code), keeps every
// request, and answers from a script (a status with headers, silence, or a
// dropped connection) before answering 204. Lives on the test's thread.
class WebhookReceiver : public QObject
{
public:
    struct Request
    {
        QByteArray id;
        QByteArray timestamp;
        QByteArray signature;
        QByteArray body;
        QJsonObject json;
        bool signatureValid = false;
        int answered = 0; // the status answered; 0 when none was
        qint64 atMs = 0;  // when it came, wall clock
        QByteArray path;
        QByteArray host; // its Host header
    };
    // "hang": never answer; "drop": close the connection unanswered;
    // "flood": the status, then an endless chunked body, as fast as the node
    // reads it (floodedBytes() counts what went); else a status and extra
    // header lines ("Retry-After: 1\r\n").
    struct Reply
    {
        int status = 204;
        QByteArray headers;
        QByteArray action;
    };

    WebhookReceiver() { listen(0); }
    ~WebhookReceiver() override
    {
        // The sockets' last signals must not reach members already gone.
        for (QTcpSocket *s : findChildren<QTcpSocket *>())
            s->disconnect(this);
        for (QTcpSocket *s : m_server.findChildren<QTcpSocket *>())
            s->disconnect(this);
    }

    bool listen(quint16 port)
    {
        const bool ok = m_server.listen(QHostAddress::LocalHost, port);
        if (ok)
            m_port = m_server.serverPort();
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { read(s); });
                connect(s, &QTcpSocket::disconnected, this, [this, s] {
                    m_buffers.remove(s);
                    s->deleteLater();
                });
            }
        });
        return ok;
    }
    // Away: nothing listens on the port and open connections are cut, as a
    // receiver being restarted; listen(port()) brings it back.
    void goAway()
    {
        m_server.close();
        m_server.disconnect(this);
        for (QTcpSocket *s : m_server.findChildren<QTcpSocket *>())
            s->abort();
    }
    quint16 port() const { return m_port; }
    QString url(const QString &path = QStringLiteral("/hook")) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path);
    }
    void setSecret(const QString &secret) { m_secret = secret; }
    void script(std::deque<Reply> replies) { m_script = std::move(replies); }
    // Requests for `path` are never answered, whatever the script says.
    void hangOn(const QByteArray &path) { m_hanging.insert(path); }
    // The requests for `path`.
    std::vector<Request> requestsFor(const QByteArray &path) const
    {
        std::vector<Request> out;
        std::copy_if(m_requests.begin(), m_requests.end(), std::back_inserter(out),
                     [&](const Request &r) { return r.path == path; });
        return out;
    }
    const std::vector<Request> &requests() const { return m_requests; }
    qint64 floodedBytes() const { return m_flooded; }
    // The deliveries answered 2xx, in arrival order.
    std::vector<Request> accepted() const
    {
        std::vector<Request> out;
        for (const Request &r : m_requests) {
            if (r.answered >= 200 && r.answered < 300)
                out.push_back(r);
        }
        return out;
    }

    // Standard Webhooks 1.0, section "Verifying webhooks": the key is the
    // base64 after "whsec_"; the signed content is "id.timestamp.body"; the
    // header lists space-separated "v1,<base64 HMAC-SHA256>", any of which
    // may match; a timestamp more than five minutes away is refused.
    static bool verify(const QString &secret, const QByteArray &id, const QByteArray &timestamp,
                       const QByteArray &body, const QByteArray &signatureHeader, qint64 nowSecs)
    {
        bool numeric = false;
        const qint64 ts = timestamp.toLongLong(&numeric);
        if (!numeric || std::llabs(nowSecs - ts) > 300)
            return false;
        const QByteArray key = QByteArray::fromBase64(secret.startsWith(QLatin1String("whsec_"))
                                                          ? secret.mid(6).toLatin1()
                                                          : secret.toLatin1());
        const QByteArray content = id + '.' + timestamp + '.' + body;
        unsigned char mac[EVP_MAX_MD_SIZE];
        unsigned int macLength = 0;
        HMAC(EVP_sha256(), key.constData(), static_cast<int>(key.size()),
             reinterpret_cast<const unsigned char *>(content.constData()),
             static_cast<size_t>(content.size()), mac, &macLength);
        const QByteArray expected =
            QByteArray(reinterpret_cast<const char *>(mac), static_cast<int>(macLength)).toBase64();
        for (const QByteArray &candidate : signatureHeader.split(' ')) {
            if (!candidate.startsWith("v1,"))
                continue;
            const QByteArray sig = candidate.mid(3);
            if (sig.size() == expected.size() &&
                CRYPTO_memcmp(sig.constData(), expected.constData(), sig.size()) == 0)
                return true;
        }
        return false;
    }

private:
    void read(QTcpSocket *s)
    {
        QByteArray &buffer = m_buffers[s];
        buffer += s->readAll();
        for (;;) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            QHash<QByteArray, QByteArray> headers;
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    headers.insert(lines[i].left(colon).trimmed().toLower(),
                                   lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = headers.value("content-length").toLongLong();
            if (buffer.size() < end + 4 + length)
                return;
            Request r;
            r.atMs = QDateTime::currentMSecsSinceEpoch();
            r.body = buffer.mid(end + 4, length);
            buffer.remove(0, end + 4 + length);
            r.path = lines[0].split(' ').value(1);
            r.host = headers.value("host");
            r.id = headers.value("webhook-id");
            r.timestamp = headers.value("webhook-timestamp");
            r.signature = headers.value("webhook-signature");
            r.json = QJsonDocument::fromJson(r.body).object();
            r.signatureValid = verify(m_secret, r.id, r.timestamp, r.body, r.signature,
                                      QDateTime::currentSecsSinceEpoch());
            Reply reply = m_script.empty() ? Reply{} : m_script.front();
            if (!m_script.empty())
                m_script.pop_front();
            if (m_hanging.contains(r.path))
                reply.action = "hang";
            if (reply.action == "drop") {
                m_requests.push_back(r);
                s->abort();
                return;
            }
            if (reply.action == "flood") {
                r.answered = reply.status;
                m_requests.push_back(r);
                flood(s, reply.status);
                return;
            }
            if (reply.action != "hang") {
                r.answered = reply.status;
                s->write("HTTP/1.1 " + QByteArray::number(reply.status) +
                         " X\r\nContent-Length: 0\r\n" + reply.headers + "\r\n");
            }
            m_requests.push_back(r);
        }
    }

    void flood(QTcpSocket *s, int status)
    {
        s->write("HTTP/1.1 " + QByteArray::number(status) +
                 " X\r\nTransfer-Encoding: chunked\r\n\r\n");
        const QByteArray chunk = "10000\r\n" + QByteArray(0x10000, 'f') + "\r\n";
        auto *timer = new QTimer(s);
        connect(timer, &QTimer::timeout, s, [this, s, chunk] {
            while (s->state() == QAbstractSocket::ConnectedState &&
                   s->bytesToWrite() < 64 * chunk.size()) {
                s->write(chunk);
                m_flooded += chunk.size();
            }
        });
        timer->start(0);
    }

    QTcpServer m_server;
    qint64 m_flooded = 0;
    quint16 m_port = 0;
    QString m_secret;
    std::deque<Reply> m_script;
    QSet<QByteArray> m_hanging;
    std::vector<Request> m_requests;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

} // namespace gifscan::test
