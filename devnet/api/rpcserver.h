#pragma once

#include "devnet/net/guardedtcpserver.h"

#include <QHttpServer>
#include <QObject>

namespace gifscan::devnet {

class Chain;
class RateLimiter;
class RpcDispatcher;

// JSON-RPC over HTTP POST (PROTOCOL §6). Lives on the node thread.
class RpcServer : public QObject
{
    Q_OBJECT
public:
    RpcServer(Chain &chain, RpcDispatcher &dispatcher, RateLimiter &limiter,
              QObject *parent = nullptr);
    quint16 listen(const QHostAddress &address, quint16 port,
                   const GuardedTcpServer::Limits &limits = {});

private:
    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);

    Chain &m_chain;
    RpcDispatcher &m_dispatcher;
    RateLimiter &m_limiter;
    QHttpServer m_server;
};

} // namespace gifscan::devnet
