#include "server/api/websocketserver.h"

#include "chain/engine/servedchain.h"
#include "server/api/rpcdispatcher.h"
#include "server/net/arrivaltap.h"
#include "server/net/browserpolicy.h"
#include "server/net/clientkey.h"
#include "server/net/logsummary.h"
#include "server/net/ratelimiter.h"
#include "server/net/websocketframescanner.h"
#include "server/records/recordjson.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QPointer>
#include <QWebSocket>
#include <QWebSocketServer>
#include <algorithm>
#include <vector>

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcWebSocket, "gifscan.devnet.websocket")

namespace {
// An RPC request is at most 1 MiB (a raw transaction with its content).
constexpr std::uint64_t kMaxMessageBytes = WebSocketFrameScanner::kDefaultMaxMessageBytes;
} // namespace

WebSocketServer::WebSocketServer(chain::ServedChain &chain, RpcDispatcher &dispatcher,
                                 RateLimiter &limiter, QObject *parent)
    : QObject(parent), m_chain(chain), m_dispatcher(dispatcher), m_limiter(limiter),
      m_browsers(&BrowserPolicy::loopbackDefault()),
      m_server(new QWebSocketServer(QStringLiteral("gifscan-devnet"),
                                    QWebSocketServer::NonSecureMode, this)),
      m_log(new LogSummary(lcWebSocket(), QtWarningMsg, 1000, this))
{
    connect(m_server, &QWebSocketServer::newConnection, this, &WebSocketServer::onNewConnection);
    connect(&m_chain, &chain::ServedChain::blockAnnounced, this,
            &WebSocketServer::onBlockAnnounced);
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
    // The handshake is judged whole before Qt's server sees any of it.
    socketLimits.maxBodyBytes = 0;
    socketLimits.upgrade = true;
    if (!socketLimits.browsers)
        socketLimits.browsers = m_browsers;
    m_browsers = socketLimits.browsers;
    m_loopbackApart = socketLimits.loopbackApart;
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
                    m_log->note(QStringLiteral("websocket clients closed for broken frames"),
                                QStringLiteral("closing a websocket client at %1 port %2: %3")
                                    .arg(socket->peerAddress().toString())
                                    .arg(socket->peerPort())
                                    .arg(problem));
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
        peer.serial = m_nextSerial++;
        peer.client = clientKey(socket->peerAddress(), m_loopbackApart);
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
            if (const auto gone = m_peers.constFind(socket); gone != m_peers.cend()) {
                for (const Subscription &s : gone->subscriptions)
                    m_eventSubscriptions -= s.type == QLatin1String("objectEvents");
                if ((m_clientSubscriptions[gone->client] -= gone->subscriptions.size()) <= 0)
                    m_clientSubscriptions.remove(gone->client);
                m_peers.erase(gone);
            }
            socket->deleteLater();
        });
    }
}

void WebSocketServer::onMessage(QWebSocket *socket, const QString &message)
{
    auto it = m_peers.find(socket);
    if (it == m_peers.end() || it->dropping)
        return;
    // Qt hands every message of an arrival in one go: a client that reads
    // nothing had each of 40 pipelined requests for a raw genesis block
    // answered (824 MB) before its drop, queued, came. Past its cap, its
    // next requests are not answered at all.
    if (socket->bytesToWrite() > m_maxUnsent) {
        drop(socket, *it);
        return;
    }
    it->lastHeard.restart();
    int retryAfter = 0;
    if (!m_limiter.take(socket->peerAddress(), &retryAfter)) {
        const QJsonObject e = RpcDispatcher::errorResponse(
            QJsonValue::Null, -32005, QStringLiteral("rate limited: retry in %1 s").arg(retryAfter),
            QJsonObject{{QStringLiteral("retryAfter"), retryAfter}});
        socket->sendTextMessage(QString::fromUtf8(QJsonDocument(e).toJson(QJsonDocument::Compact)));
        return;
    }
    RpcDispatcher::Session session = sessionOf(socket);
    const QHostAddress peer = socket->peerAddress();
    const QByteArray origin = socket->origin().toUtf8();
    // Answered now, or (a forwarded transaction) when the node answers, by
    // its id: the socket may be gone by then.
    m_dispatcher.handle(
        message.toUtf8(), &session, [this, peer](int *wait) { return m_limiter.take(peer, wait); },
        {peer, !origin.isEmpty(), m_browsers->isForeign(origin)},
        [this, peer, alive = QPointer<QWebSocket>(socket)](const QByteArray &answer) {
            // Paid for by its size too, as over HTTP.
            m_limiter.owe(peer,
                          static_cast<int>(answer.size() / RpcDispatcher::kAnswerBytesPerToken));
            if (!alive)
                return;
            if (!answer.isEmpty())
                alive->sendTextMessage(QString::fromUtf8(answer));
            // Answers count against what a peer may leave unread, as
            // notifications do.
            if (alive->bytesToWrite() > m_maxUnsent) {
                if (const auto state = m_peers.find(alive);
                    state != m_peers.end() && !state->dropping)
                    drop(alive, *state);
            }
        });
}

RpcDispatcher::Session WebSocketServer::sessionOf(QWebSocket *socket)
{
    RpcDispatcher::Session session;
    session.subscribe = [this, socket](const QString &type,
                                       const QJsonObject &filter) -> Outcome<QString> {
        // Each costs the node a check per event: a connection gets a few,
        // and a client no more on many connections.
        Peer &peer = m_peers[socket];
        if (peer.subscriptions.size() >= kMaxSubscriptions)
            return Failure::invalid(
                QStringLiteral("too many subscriptions on this connection (at most %1)")
                    .arg(kMaxSubscriptions));
        qsizetype &ofClient = m_clientSubscriptions[peer.client];
        if (ofClient >= kMaxClientSubscriptions)
            return Failure::invalid(
                QStringLiteral("too many subscriptions from this address (at most %1 on all "
                               "its connections)")
                    .arg(kMaxClientSubscriptions));
        ++ofClient;
        const QString id =
            QStringLiteral("0x%1").arg(m_nextSubscription++, 16, 16, QLatin1Char('0'));
        Subscription s{type,
                       filter.value(QStringLiteral("collection")).toString(),
                       filter.value(QStringLiteral("key")).toString(),
                       {}};
        for (const auto &t : filter.value(QStringLiteral("types")).toArray())
            s.types.append(t.toString());
        m_eventSubscriptions += type == QLatin1String("objectEvents");
        peer.subscriptions.insert(id, s);
        return id;
    };
    session.unsubscribe = [this, socket](const QString &id) {
        Peer &peer = m_peers[socket];
        const auto s = peer.subscriptions.constFind(id);
        if (s == peer.subscriptions.cend())
            return false;
        m_eventSubscriptions -= s->type == QLatin1String("objectEvents");
        if (--m_clientSubscriptions[peer.client] <= 0)
            m_clientSubscriptions.remove(peer.client);
        peer.subscriptions.erase(s);
        return true;
    };
    return session;
}

void WebSocketServer::notify(QWebSocket *socket, const QString &id, const QByteArray &result)
{
    // A subscriber that does not read is dropped, not buffered for: what
    // waits for it is bounded by m_maxUnsent.
    const auto peer = m_peers.find(socket);
    if (peer == m_peers.end() || peer->dropping)
        return;
    if (socket->bytesToWrite() > m_maxUnsent) {
        drop(socket, *peer);
        return;
    }
    // The result was serialized once for every subscriber; only the
    // subscription's id differs (the members in QJsonDocument's order).
    const QByteArray text =
        QByteArrayLiteral(R"({"jsonrpc":"2.0","method":"gif_subscription","params":{"result":)") +
        result + QByteArrayLiteral(R"(,"subscription":")") + id.toLatin1() +
        QByteArrayLiteral(R"("}})");
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
    m_log->note(QStringLiteral("subscribers dropped for not reading"),
                QStringLiteral("dropping a subscriber that does not read: %1 port %2 with %3 "
                               "bytes waiting")
                    .arg(socket->peerAddress().toString())
                    .arg(socket->peerPort())
                    .arg(socket->bytesToWrite()));
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
    if (m_peers.isEmpty())
        return;
    boundUnsent();
    const chain::ChainView &state = m_chain.state();
    Fanout block;
    block.head =
        QJsonDocument(RecordJson::header(*state.header(height))).toJson(QJsonDocument::Compact);
    // The block's activity entries, in transaction order, each with its object.
    // The block is stored and announced: a read that fails here costs its
    // subscribers these events, said in the log, not the block.
    try {
        if (m_eventSubscriptions > 0) {
            for (const chain::ActivityEntry &e : state.activityOf(height)) {
                const chain::ObjectRecord o = state.object(e.object);
                block.events.push_back(
                    {o.slug, o.displayKey, e.type,
                     QJsonDocument(RecordJson::activity(state, e)).toJson(QJsonDocument::Compact)});
            }
        }
    } catch (const std::exception &e) {
        qCWarning(lcWebSocket).noquote() << QStringLiteral("block %1's events are not sent: %2")
                                                .arg(height)
                                                .arg(QString::fromUtf8(e.what()));
        block.events.clear();
    }
    for (auto it = m_peers.cbegin(); it != m_peers.cend(); ++it) {
        if (!it->subscriptions.isEmpty())
            block.peers.emplace_back(it.key(), it->serial);
    }
    if (block.peers.empty())
        return;
    m_fanout.push_back(std::move(block));
    if (m_fanout.size() == 1)
        sendSlice();
}

void WebSocketServer::sendSlice()
{
    // Blocks go out in order, a slice of peers at a time; between slices
    // the node's thread answers requests and makes blocks.
    if (m_fanout.empty())
        return;
    Fanout &block = m_fanout.front();
    const std::size_t end =
        std::min(block.next + static_cast<std::size_t>(kPeersPerSlice), block.peers.size());
    for (; block.next < end; ++block.next) {
        const auto [socket, serial] = block.peers[block.next];
        const auto peer = m_peers.constFind(socket);
        // Gone, or another connection since at the same address.
        if (peer != m_peers.cend() && peer->serial == serial && !peer->dropping)
            sendBlock(block, socket, *peer);
    }
    if (block.next == block.peers.size())
        m_fanout.pop_front();
    if (!m_fanout.empty())
        QMetaObject::invokeMethod(this, &WebSocketServer::sendSlice, Qt::QueuedConnection);
}

void WebSocketServer::sendBlock(const Fanout &block, QWebSocket *socket, const Peer &peer)
{
    // A copy: a drop while sending must not change what is walked.
    const QHash<QString, Subscription> subscriptions = peer.subscriptions;
    for (auto s = subscriptions.cbegin(); s != subscriptions.cend(); ++s) {
        if (s->type == QLatin1String("newHeads"))
            notify(socket, s.key(), block.head);
    }
    for (const Fanout::Event &e : block.events) {
        for (auto s = subscriptions.cbegin(); s != subscriptions.cend(); ++s) {
            if (s->type != QLatin1String("objectEvents"))
                continue;
            if ((!s->collection.isEmpty() && s->collection != e.slug) ||
                (!s->key.isEmpty() && s->key != e.key) ||
                (!s->types.isEmpty() && !s->types.contains(e.type)))
                continue;
            notify(socket, s.key(), e.json);
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

void WebSocketServer::goAway()
{
    for (QTcpServer *tcp : findChildren<QTcpServer *>(Qt::FindDirectChildrenOnly))
        tcp->close();
    for (QWebSocket *socket : m_peers.keys())
        socket->close(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("the server stops"));
}

} // namespace gifscan::server
