#include "devnet/api/websocketserver.h"

#include "devnet/api/recordjson.h"
#include "devnet/api/rpcdispatcher.h"
#include "devnet/chain/chain.h"
#include "devnet/net/arrivaltap.h"
#include "devnet/net/ratelimiter.h"
#include "devnet/net/websocketframescanner.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QWebSocket>
#include <QWebSocketServer>
#include <algorithm>
#include <vector>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcWebSocket, "gifscan.devnet.websocket")

namespace {
constexpr qsizetype kMaxSubscriptions = 32;
// An RPC request is at most 1 MiB (a raw transaction with its content).
constexpr std::uint64_t kMaxMessageBytes = WebSocketFrameScanner::kDefaultMaxMessageBytes;
} // namespace

WebSocketServer::WebSocketServer(Chain &chain, RpcDispatcher &dispatcher, RateLimiter &limiter,
                                 QObject *parent)
    : QObject(parent), m_chain(chain), m_dispatcher(dispatcher), m_limiter(limiter),
      m_server(new QWebSocketServer(QStringLiteral("gifscan-devnet"),
                                    QWebSocketServer::NonSecureMode, this))
{
    connect(m_server, &QWebSocketServer::newConnection, this, &WebSocketServer::onNewConnection);
    connect(&m_chain, &Chain::blockAnnounced, this, &WebSocketServer::onBlockAnnounced);
    connect(&m_pingTimer, &QTimer::timeout, this, &WebSocketServer::keepAlive);
    setKeepAlive(30000, 90000);
}

WebSocketServer::~WebSocketServer()
{
    const auto sockets = m_peers.keys();
    for (QWebSocket *s : sockets) {
        s->disconnect(this);
        s->abort();
        delete s;
    }
}

quint16 WebSocketServer::listen(const QHostAddress &address, quint16 port,
                                const GuardedTcpServer::Limits &limits)
{
    // The websocket server takes its connections from a guarded socket.
    // A websocket peer may send without being answered (notifications):
    // only the idle timeout applies, and pings keep the honest ones busy.
    GuardedTcpServer::Limits socketLimits = limits;
    socketLimits.requestMs = 0;
    // An upgrade request has no body, and what follows it is frames, which
    // the frame taps below and setMaxAllowedIncomingMessageSize look after.
    socketLimits.maxBodyBytes = 0;
    GuardedTcpServer *tcp = GuardedTcpServer::listening(socketLimits, address, port, this);
    if (!tcp)
        return 0;
    connect(tcp, &QTcpServer::newConnection, this, [this, tcp] {
        while (QTcpSocket *socket = tcp->nextPendingConnection()) {
            // RFC 6455's rules for client frames, which Qt's server does not
            // enforce, on every arrival before Qt's websocket reads it;
            // started once the websocket is up.
            const auto key = qMakePair(socket->peerAddress().toString(), socket->peerPort());
            auto *frames = new ArrivalTap(
                socket, [this, socket, scanner = WebSocketFrameScanner(kMaxMessageBytes)](
                            QByteArrayView fresh) mutable {
                    // What Qt queued for this peer since its last arrival
                    // counts too: the pongs it writes for every ping, which
                    // a peer that never reads would pile up without end.
                    QString problem = scanner.feed(fresh) ? QString() : scanner.problem();
                    if (problem.isEmpty() && socket->bytesToWrite() > m_maxUnsent)
                        problem =
                            QStringLiteral("%1 bytes wait unread").arg(socket->bytesToWrite());
                    if (problem.isEmpty())
                        return;
                    qCWarning(lcWebSocket).noquote()
                        << "closing a websocket client at" << socket->peerAddress().toString()
                        << "port" << socket->peerPort() << ":" << problem;
                    socket->abort();
                });
            m_frameTaps.insert(key, frames);
            connect(socket, &QObject::destroyed, this, [this, key] { m_frameTaps.remove(key); });
            m_server->handleConnection(socket);
        }
    });
    return tcp->serverPort();
}

void WebSocketServer::setKeepAlive(int pingMs, int silenceMs)
{
    m_silenceMs = silenceMs;
    m_pingTimer.start(pingMs);
}

void WebSocketServer::onNewConnection()
{
    while (QWebSocket *socket = m_server->nextPendingConnection()) {
        // An RPC request is at most 1 MiB (a raw transaction with its
        // content); the frame tap refuses a longer one on its header.
        socket->setMaxAllowedIncomingMessageSize(static_cast<qint64>(kMaxMessageBytes));
        Peer &peer = m_peers[socket];
        peer.lastHeard.start();
        // Qt's websocket now reads the socket: every byte from here is a frame.
        if (ArrivalTap *frames =
                m_frameTaps.value(qMakePair(socket->peerAddress().toString(), socket->peerPort())))
            frames->start();
        connect(socket, &QWebSocket::textMessageReceived, this,
                [this, socket](const QString &message) { onMessage(socket, message); });
        connect(socket, &QWebSocket::pong, this, [this, socket] {
            if (m_peers.contains(socket))
                m_peers[socket].lastHeard.restart();
        });
        connect(socket, &QWebSocket::disconnected, this, [this, socket] {
            m_peers.remove(socket);
            socket->deleteLater();
        });
    }
}

void WebSocketServer::onMessage(QWebSocket *socket, const QString &message)
{
    auto it = m_peers.find(socket);
    if (it == m_peers.end())
        return;
    it->lastHeard.restart();
    int retryAfter = 0;
    if (!m_limiter.take(socket->peerAddress(), &retryAfter)) {
        const QJsonObject e = RpcDispatcher::errorResponse(
            QJsonValue::Null, -32005, QStringLiteral("rate limited: retry in %1 s").arg(retryAfter),
            QJsonObject{{QStringLiteral("retryAfter"), retryAfter}});
        socket->sendTextMessage(QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact)));
        return;
    }
    RpcDispatcher::Session session;
    session.subscribe = [this, socket](const QString &type, const QJsonObject &filter) {
        // Each costs the node a check per event: a connection gets a few.
        if (m_peers[socket].subscriptions.size() >= kMaxSubscriptions)
            return QString();
        const QString id =
            QStringLiteral("0x%1").arg(m_nextSubscription++, 16, 16, QLatin1Char('0'));
        Subscription s{type,
                       filter.value(QStringLiteral("collection")).toString(),
                       filter.value(QStringLiteral("key")).toString(),
                       {}};
        for (const auto &t : filter.value(QStringLiteral("types")).toArray())
            s.types.append(t.toString());
        m_peers[socket].subscriptions.insert(id, s);
        return id;
    };
    session.unsubscribe = [this, socket](const QString &id) {
        return m_peers[socket].subscriptions.remove(id) > 0;
    };
    const QHostAddress peer = socket->peerAddress();
    const QByteArray answer = m_dispatcher.handle(
        message.toUtf8(), &session, [this, peer](int *wait) { return m_limiter.take(peer, wait); },
        peer);
    if (!answer.isEmpty())
        socket->sendTextMessage(QString::fromUtf8(answer));
    // Answers count against what a peer may leave unread, as notifications do.
    if (socket->bytesToWrite() > m_maxUnsent) {
        if (const auto state = m_peers.find(socket); state != m_peers.end() && !state->dropping)
            drop(socket, *state);
    }
}

void WebSocketServer::notify(QWebSocket *socket, const QString &id, const QJsonValue &result)
{
    const QJsonObject n{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("method"), QStringLiteral("gif_subscription")},
        {QStringLiteral("params"),
         QJsonObject{{QStringLiteral("subscription"), id}, {QStringLiteral("result"), result}}}};
    // A subscriber that does not read is dropped, not buffered for: what
    // waits for it is bounded by m_maxUnsent.
    const auto peer = m_peers.find(socket);
    if (peer == m_peers.end() || peer->dropping)
        return;
    if (socket->bytesToWrite() > m_maxUnsent) {
        drop(socket, *peer);
        return;
    }
    const QByteArray text = QJsonDocument(n).toJson(QJsonDocument::Compact);
    socket->sendTextMessage(QString::fromUtf8(text));
    // Nothing is flushed during a block's walk: what it adds counts at once,
    // so a busy block cannot take every subscriber to its own cap first.
    m_unsentTotal += text.size();
    if (m_unsentTotal > m_maxUnsentTotal)
        boundUnsent();
}

void WebSocketServer::drop(QWebSocket *socket, Peer &peer)
{
    peer.dropping = true;
    qCWarning(lcWebSocket).noquote()
        << "dropping a subscriber that does not read:" << socket->peerAddress().toString() << "port"
        << socket->peerPort() << "with" << socket->bytesToWrite() << "bytes waiting";
    // Not here: the caller is walking the peers, whom a close removes.
    QMetaObject::invokeMethod(
        socket, [socket] { socket->abort(); }, Qt::QueuedConnection);
}

void WebSocketServer::boundUnsent()
{
    // Each subscriber may leave m_maxUnsent unread, but hundreds of them
    // would add up: past m_maxUnsentTotal in all, the ones furthest behind
    // are dropped first.
    std::vector<std::pair<qint64, QWebSocket *>> behind;
    qint64 total = 0;
    for (auto it = m_peers.begin(); it != m_peers.end(); ++it) {
        if (it->dropping)
            continue;
        const qint64 unsent = it.key()->bytesToWrite();
        total += unsent;
        if (unsent > 0)
            behind.emplace_back(unsent, it.key());
    }
    m_unsentTotal = total;
    if (total <= m_maxUnsentTotal)
        return;
    std::sort(behind.begin(), behind.end(),
              [](const auto &a, const auto &b) { return a.first > b.first; });
    for (const auto &[unsent, socket] : behind) {
        if (total <= m_maxUnsentTotal)
            break;
        drop(socket, m_peers[socket]);
        total -= unsent;
    }
    m_unsentTotal = total;
}

void WebSocketServer::onBlockAnnounced(quint64 height)
{
    boundUnsent();
    const ChainView &state = m_chain.state();
    const QJsonObject head = RecordJson::header(state.block(height)->header);
    // The block's activity entries, in transaction order, each with its object.
    // The block is stored and announced: a read that fails here costs its
    // subscribers these events, said in the log, not the block.
    std::vector<std::pair<ActivityEntry, ObjectRecord>> entries;
    try {
        if (!m_peers.isEmpty()) {
            for (ActivityEntry &e : state.activityOf(height)) {
                ObjectRecord o = state.object(e.object);
                entries.emplace_back(std::move(e), std::move(o));
            }
        }
    } catch (const std::exception &e) {
        qCWarning(lcWebSocket).noquote() << QStringLiteral("block %1's events are not sent: %2")
                                                .arg(height)
                                                .arg(QString::fromUtf8(e.what()));
        entries.clear();
    }
    for (auto it = m_peers.begin(); it != m_peers.end(); ++it) {
        QWebSocket *socket = it.key();
        for (auto s = it->subscriptions.cbegin(); s != it->subscriptions.cend(); ++s) {
            if (s->type == QLatin1String("newHeads"))
                notify(socket, s.key(), head);
        }
        for (const auto &[e, o] : entries) {
            for (auto s = it->subscriptions.cbegin(); s != it->subscriptions.cend(); ++s) {
                if (s->type != QLatin1String("objectEvents"))
                    continue;
                if ((!s->collection.isEmpty() && s->collection != o.slug) ||
                    (!s->key.isEmpty() && s->key != o.displayKey) ||
                    (!s->types.isEmpty() && !s->types.contains(e.type)))
                    continue;
                notify(socket, s.key(), RecordJson::activity(state, e));
            }
        }
    }
}

void WebSocketServer::keepAlive()
{
    const auto sockets = m_peers.keys();
    for (QWebSocket *socket : sockets) {
        if (m_peers[socket].lastHeard.elapsed() > m_silenceMs)
            socket->close(QWebSocketProtocol::CloseCodeGoingAway,
                          QStringLiteral("silent for too long"));
        else
            socket->ping();
    }
}

} // namespace gifscan::devnet
