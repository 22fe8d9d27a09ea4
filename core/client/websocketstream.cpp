#include "core/client/websocketstream.h"

#include "core/protocol/recordcodec.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTimer>

namespace gifscan {

Q_LOGGING_CATEGORY(lcStream, "gifscan.stream")

WebSocketStream::WebSocketStream(const QUrl &url, QObject *parent)
    : WebSocketStream(url, Options{}, parent)
{
}

WebSocketStream::WebSocketStream(const QUrl &url, const Options &options, QObject *parent)
    : NodeStream(parent), m_url(url), m_options(options),
      m_socket(WebSocketConnection::Limits{kMaxMessageBytes})
{
    // A notification is a few KiB; a message past the cap is refused on its
    // frame's header, before any of it is kept.
    connect(&m_socket, &WebSocketConnection::connected, this, &WebSocketStream::onConnected);
    connect(&m_socket, &WebSocketConnection::disconnected, this, &WebSocketStream::onDisconnected);
    connect(&m_socket, &WebSocketConnection::textMessageReceived, this,
            &WebSocketStream::onMessage);
    connect(&m_socket, &WebSocketConnection::pong, this,
            [this] { m_lastHeardMs = m_options.clock->nowMs(); });
    m_pingTimer.setClock(*m_options.clock);
    m_handshakeTimer.setClock(*m_options.clock);
    connect(&m_pingTimer, &ClockTimer::fired, this, &WebSocketStream::pingOrDrop);
    m_handshakeTimer.setSingleShot(true);
    connect(&m_handshakeTimer, &ClockTimer::fired, this, [this] {
        if (!m_up)
            m_socket.abort();
    });
}

WebSocketStream::~WebSocketStream()
{
    m_socket.disconnect(this);
}

void WebSocketStream::open()
{
    // Not wanted while the old connection is dropped: that is no loss to report.
    m_wanted = false;
    m_up = false;
    m_socket.abort();
    m_wanted = true;
    m_handshakeTimer.start(m_options.handshakeTimeoutMs);
    m_socket.open(m_url);
}

void WebSocketStream::close()
{
    m_wanted = false;
    m_up = false;
    m_pingTimer.stop();
    m_handshakeTimer.stop();
    m_socket.abort();
}

void WebSocketStream::onConnected()
{
    m_handshakeTimer.stop();
    m_up = true;
    m_lastHeardMs = m_options.clock->nowMs();
    m_pingTimer.start(m_options.pingIntervalMs);
    // Subscriptions died with the old connection: ask again.
    m_asked.clear();
    m_subscriptions.clear();
    subscribe(Feed::Heads, QStringLiteral(R"(["newHeads"])"));
    subscribe(Feed::Events, QStringLiteral(R"(["objectEvents",{}])"));
    Q_EMIT opened();
}

void WebSocketStream::subscribe(Feed feed, const QString &params)
{
    const int id = m_nextRequest++;
    m_asked.insert(id, feed);
    m_socket.sendTextMessage(
        QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"method":"gif_subscribe","params":%2})")
            .arg(id)
            .arg(params));
}

void WebSocketStream::onDisconnected()
{
    m_handshakeTimer.stop();
    m_pingTimer.stop();
    const bool wasUp = m_up;
    m_up = false;
    if (!m_wanted)
        return;
    const QString reason =
        wasUp ? QStringLiteral("the websocket closed: %1")
                    .arg(m_socket.closeReason().isEmpty() ? m_socket.errorString()
                                                          : m_socket.closeReason())
              : QStringLiteral("the websocket could not be opened: %1").arg(m_socket.errorString());
    if (wasUp)
        qCInfo(lcStream).noquote() << reason;
    Q_EMIT closed(reason);
}

void WebSocketStream::pingOrDrop()
{
    // A node that stopped answering, even pings, is as good as gone.
    if (m_up && m_options.clock->nowMs() - m_lastHeardMs > 3 * m_options.pingIntervalMs) {
        qCInfo(lcStream) << "the node is silent; dropping the connection";
        m_socket.abort();
        return;
    }
    m_socket.ping();
}

void WebSocketStream::onMessage(const QString &text)
{
    m_lastHeardMs = m_options.clock->nowMs();
    const QJsonObject m = QJsonDocument::fromJson(text.toUtf8()).object();
    if (m.value(QStringLiteral("jsonrpc")) != QLatin1String("2.0"))
        return ignored(QStringLiteral("a message that is not JSON-RPC 2.0"));
    // An answer to a subscribe request names the subscription's id.
    if (m.contains(QStringLiteral("id"))) {
        const auto asked = m_asked.constFind(m.value(QStringLiteral("id")).toInt(-1));
        const QString sub = m.value(QStringLiteral("result")).toString();
        if (asked != m_asked.cend() && !sub.isEmpty())
            m_subscriptions.insert(sub, *asked);
        return;
    }
    if (m.value(QStringLiteral("method")) != QLatin1String("gif_subscription"))
        return;
    const QJsonObject params = m.value(QStringLiteral("params")).toObject();
    const auto feed =
        m_subscriptions.constFind(params.value(QStringLiteral("subscription")).toString());
    if (feed == m_subscriptions.cend())
        return;
    DecodeError error;
    const QJsonValue result = params.value(QStringLiteral("result"));
    if (*feed == Feed::Heads) {
        BlockHeader h;
        if (!RecordCodec::decode(result, QStringLiteral("result"), &h, &error))
            return ignored(QStringLiteral("a malformed head: %1").arg(error.toString()));
        m_garbageInRow = 0;
        Q_EMIT headArrived(h);
    } else {
        ActivityEntry a;
        if (!RecordCodec::decode(result, QStringLiteral("result"), &a, &error))
            return ignored(QStringLiteral("a malformed event: %1").arg(error.toString()));
        m_garbageInRow = 0;
        Q_EMIT eventArrived(a);
    }
}

void WebSocketStream::ignored(const QString &what)
{
    const qint64 now = m_options.clock->nowMs();
    if (m_saidAtMs < 0 || now - m_saidAtMs >= kSummaryMs) {
        if (m_ignoredUnsaid > 0)
            qCWarning(lcStream).noquote()
                << QStringLiteral("ignored %1 more such messages").arg(m_ignoredUnsaid);
        qCWarning(lcStream).noquote() << "ignoring" << what;
        m_saidAtMs = now;
        m_ignoredUnsaid = 0;
    } else {
        ++m_ignoredUnsaid;
    }
    if (++m_garbageInRow >= kMostGarbageInRow) {
        qCWarning(lcStream).noquote()
            << QStringLiteral("the node sent %1 messages in a row that mean nothing; dropping the "
                              "connection")
                   .arg(m_garbageInRow);
        m_garbageInRow = 0;
        // Not from inside the socket's own delivery of this message.
        QTimer::singleShot(0, this, [this] { m_socket.abort(); });
    }
}

} // namespace gifscan
