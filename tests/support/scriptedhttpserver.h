#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <deque>

namespace gifscan::test {

// A loopback HTTP peer that answers each request with the next scripted raw
// response, or never answers when the script says "hang". For the failure
// modes a healthy devnet does not produce on demand (5xx, silence).
class ScriptedHttpServer : public QObject
{
public:
    explicit ScriptedHttpServer(std::deque<QByteArray> script) : m_script(std::move(script))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] {
                    m_buffer[s] += s->readAll();
                    if (!m_buffer[s].contains("\r\n\r\n"))
                        return;
                    m_buffer[s].clear();
                    ++m_requests;
                    const QByteArray next =
                        m_script.empty() ? QByteArray("hang") : m_script.front();
                    if (!m_script.empty())
                        m_script.pop_front();
                    if (next != "hang")
                        s->write(next);
                });
            }
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    int requests() const { return m_requests; }

    static QByteArray response(int status, const QByteArray &body,
                               const QByteArray &extraHeaders = {})
    {
        return "HTTP/1.1 " + QByteArray::number(status) +
               " X\r\nContent-Type: application/json\r\nContent-Length: " +
               QByteArray::number(body.size()) + "\r\nX-Block-Height: 7\r\n" + extraHeaders +
               "\r\n" + body;
    }
    // A JSON-RPC answer (id 1) with `result`: a node that says what a test
    // scripts, in the protocol's envelope.
    static QByteArray rpcAnswer(const QJsonValue &result)
    {
        return response(
            200, QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                           {QStringLiteral("id"), 1},
                                           {QStringLiteral("result"), result}})
                     .toJson(QJsonDocument::Compact));
    }

private:
    QTcpServer m_server;
    std::deque<QByteArray> m_script;
    QHash<QTcpSocket *, QByteArray> m_buffer;
    int m_requests = 0;
};

} // namespace gifscan::test
