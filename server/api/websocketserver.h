#pragma once

#include "server/api/rpcdispatcher.h"
#include "server/net/guardedtcpserver.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <deque>
#include <vector>

class QWebSocket;
class QWebSocketServer;

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class BrowserPolicy;
class LogSummary;
class ArrivalTap;
class RateLimiter;

// JSON-RPC over a websocket with newHeads and objectEvents subscriptions
// (PROTOCOL §7): for each block its head first, then its events in
// transaction order. Pings every 30 s and closes a peer silent for 90 s.
// A block's head and events are serialized once for all subscribers, and
// sent a slice of peers at a time, so that hundreds of subscribers do not
// hold the node's thread through a block; a client (clientKey) has at most
// kMaxClientSubscriptions across its connections. Lives on the node thread.
class WebSocketServer : public QObject
{
    Q_OBJECT
public:
    WebSocketServer(chain::ServedChain &chain, RpcDispatcher &dispatcher, RateLimiter &limiter,
                    QObject *parent = nullptr);
    ~WebSocketServer() override;

    // With `limits.browsers` the pages and host names whose handshakes are
    // taken (none: BrowserPolicy's loopback defaults).
    quint16 listen(const QHostAddress &address, quint16 port,
                   const GuardedTcpServer::Limits &limits = {});
    static constexpr qsizetype kMaxSubscriptions = 32;        // a connection's
    static constexpr qsizetype kMaxClientSubscriptions = 256; // a client's, in all
    static constexpr qsizetype kPeersPerSlice = 32;
    void setKeepAlive(int pingMs, int silenceMs);
    // Stopping: no new connection, and each subscriber told "going away"
    // (1001), to reconnect elsewhere.
    void goAway();
    // What may wait for one subscriber before it is dropped as not reading,
    // and for all of them together before the furthest behind are.
    void setMaxUnsent(qint64 perSubscriber, qint64 total)
    {
        m_maxUnsent = perSubscriber;
        m_maxUnsentTotal = total;
    }

private:
    struct Subscription
    {
        QString type;
        QString collection;
        QString key;
        QStringList types;
    };
    struct Peer
    {
        QHash<QString, Subscription> subscriptions;
        QElapsedTimer lastHeard;
        bool dropping = false; // not reading; closed once the current walk is done
        quint64 serial = 0;    // tells a socket from a later one at the same address
        QString client;        // clientKey of its address
    };
    // One block's notifications, each result serialized once, on their way
    // to the peers that were subscribed when it was announced.
    struct Fanout
    {
        struct Event
        {
            QString slug;
            QString key;
            QString type;
            QByteArray json;
        };
        QByteArray head;
        std::vector<Event> events;
        std::vector<std::pair<QWebSocket *, quint64>> peers;
        std::size_t next = 0;
    };

    void onNewConnection();
    void onMessage(QWebSocket *socket, const QString &message);
    RpcDispatcher::Session sessionOf(QWebSocket *socket);
    void onBlockAnnounced(quint64 height);
    void sendSlice();
    void sendBlock(const Fanout &block, QWebSocket *socket, const Peer &peer);
    void drop(QWebSocket *socket, Peer &peer);
    void boundUnsent();
    void keepAlive();
    void notify(QWebSocket *socket, const QString &id, const QByteArray &result);

    chain::ServedChain &m_chain;
    RpcDispatcher &m_dispatcher;
    RateLimiter &m_limiter;
    const BrowserPolicy *m_browsers;
    bool m_loopbackApart = false;
    QWebSocketServer *m_server;
    LogSummary *m_log; // a stranger's broken frames make one line a second
    QHash<QWebSocket *, Peer> m_peers;
    // Each connection's frame tap until its socket goes, by peer address and port.
    QHash<QPair<QString, quint16>, QPointer<ArrivalTap>> m_frameTaps;
    QTimer m_pingTimer;
    int m_silenceMs = 90000;
    qint64 m_maxUnsent = 4 * 1024 * 1024;
    qint64 m_maxUnsentTotal = 64 * 1024 * 1024;
    qint64 m_unsentTotal = 0; // as last counted, plus what was sent since
    quint64 m_nextSubscription = 1;
    quint64 m_nextSerial = 1;
    QHash<QString, qsizetype> m_clientSubscriptions; // by clientKey
    qsizetype m_eventSubscriptions = 0;              // objectEvents ones, of all peers
    std::deque<Fanout> m_fanout;                     // blocks being sent, oldest first
};

} // namespace gifscan::server
