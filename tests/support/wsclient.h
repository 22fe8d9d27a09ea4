#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QWebSocket>

namespace gifscan::test {

// A JSON-RPC client over a websocket, for tests: calls answered by id,
// and the subscription notifications that came, in order. Lives on the
// test's thread.
class WsClient
{
public:
    explicit WsClient(const QString &url)
    {
        QObject::connect(&m_socket, &QWebSocket::textMessageReceived, &m_socket,
                         [this](const QString &m) {
                             m_messages.append(QJsonDocument::fromJson(m.toUtf8()).object());
                         });
        m_socket.open(QUrl(url));
        m_open = QTest::qWaitFor(
            [this] { return m_socket.state() == QAbstractSocket::ConnectedState; }, 5000);
    }
    bool open() const { return m_open; }
    QJsonObject call(const QString &method, const QJsonArray &params)
    {
        const int id = m_nextId++;
        m_socket.sendTextMessage(QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                      {QStringLiteral("id"), id},
                                      {QStringLiteral("method"), method},
                                      {QStringLiteral("params"), params}})
                .toJson(QJsonDocument::Compact)));
        QJsonObject answer;
        (void)QTest::qWaitFor(
            [&] {
                for (const auto &m : m_messages) {
                    if (m[QStringLiteral("id")].toInt(-1) == id) {
                        answer = m;
                        return true;
                    }
                }
                return false;
            },
            5000);
        return answer;
    }
    // Notifications so far, in arrival order.
    QList<QJsonObject> notifications() const
    {
        QList<QJsonObject> out;
        for (const auto &m : m_messages) {
            if (m[QStringLiteral("method")] == QLatin1String("gif_subscription"))
                out.append(m[QStringLiteral("params")].toObject());
        }
        return out;
    }
    QWebSocket &socket() { return m_socket; }

private:
    QWebSocket m_socket;
    QList<QJsonObject> m_messages;
    bool m_open = false;
    int m_nextId = 1;
};

} // namespace gifscan::test
