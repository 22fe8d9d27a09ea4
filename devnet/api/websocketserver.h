#pragma once

#include "devnet/net/guardedtcpserver.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QWebSocket;
class QWebSocketServer;

namespace gifscan::devnet {

class Chain;
class ArrivalTap;
class RateLimiter;
class RpcDispatcher;

// JSON-RPC over a websocket with newHeads and objectEvents subscriptions
// (PROTOCOL §7): for each block its head first, then its events in
// transaction order. Pings every 30 s and closes a peer silent for 90 s.
// Lives on the node thread.
class WebSocketServer : public QObject
{
    Q_OBJECT
public:
    WebSocketServer(Chain &chain, RpcDispatcher &dispatcher, RateLimiter &limiter,
                    QObject *parent = nullptr);
    ~WebSocketServer() override;

    quint16 listen(const QHostAddress &address, quint16 port,
                   const GuardedTcpServer::Limits &limits = {});
    void setKeepAlive(int pingMs, int silenceMs);
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
    };

    void onNewConnection();
    void onMessage(QWebSocket *socket, const QString &message);
    void onBlockAnnounced(quint64 height);
    void drop(QWebSocket *socket, Peer &peer);
    void boundUnsent();
    void keepAlive();
    void notify(QWebSocket *socket, const QString &id, const QJsonValue &result);

    Chain &m_chain;
    RpcDispatcher &m_dispatcher;
    RateLimiter &m_limiter;
    QWebSocketServer *m_server;
    QHash<QWebSocket *, Peer> m_peers;
    // Each connection's frame tap until its socket goes, by peer address and port.
    QHash<QPair<QString, quint16>, QPointer<ArrivalTap>> m_frameTaps;
    QTimer m_pingTimer;
    int m_silenceMs = 90000;
    qint64 m_maxUnsent = 4 * 1024 * 1024;
    qint64 m_maxUnsentTotal = 64 * 1024 * 1024;
    qint64 m_unsentTotal = 0; // as last counted, plus what was sent since
    quint64 m_nextSubscription = 1;
};

} // namespace gifscan::devnet
