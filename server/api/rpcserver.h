#pragma once

#include "server/api/readiness.h"
#include "server/net/accesslog.h"
#include "server/net/guardedtcpserver.h"
#include "server/net/pacedhttpserver.h"

#include <QObject>

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class BrowserPolicy;
class RateLimiter;
class ReaderPool;
class RpcDispatcher;
class ServerMetrics;
class TrustedProxies;

// JSON-RPC over HTTP POST (PROTOCOL §6), of Content-Type application/json
// only: no page of another origin can send one without asking first (a
// text/plain POST is a "simple" request, sent without a preflight). Lives on
// the node thread.
class RpcServer : public QObject
{
    Q_OBJECT
public:
    RpcServer(chain::ServedChain &chain, RpcDispatcher &dispatcher, RateLimiter &limiter,
              QObject *parent = nullptr);
    quint16 listen(const QHostAddress &address, quint16 port,
                   const GuardedTcpServer::Limits &limits = {});
    // Where each request's count and time go.
    void setMetrics(ServerMetrics *metrics) { m_metrics = metrics; }
    // A line a request on gifscan.access (server/net/accesslog.h).
    void setAccessLog(bool on) { m_accessLog = on; }
    // Stopping: see PacedHttpServer.
    void stopListening() { m_server.stopListening(); }
    qint64 unsentBytes() const { return m_server.unsentBytes(); }
    // A read server's readers (the REST server's pool): a request whose
    // calls read the chain alone is answered there, in parallel, and the
    // connection's next request waits for the answer.
    void setReaders(ReaderPool *readers) { m_readers = readers; }
    // Answers owed by readers, not written yet (a stop waits for them).
    int owedAnswers() const { return m_owed; }

private:
    // Answered on `socket` whole (PacedHttpServer::write).
    void handle(const QHttpServerRequest &request, QTcpSocket *socket);
    // The request's read scope, begun in `scope`; on a read server a height
    // it has not taken up yet is looked for once first.
    Readiness readiness(const QHttpServerRequest &request,
                        std::optional<chain::ChainReadScope> &scope);
    // A request past the checks, to the dispatcher: answered now or later.
    void dispatch(const QHttpServerRequest &request, QTcpSocket *socket, qint64 since);
    // Whether dispatch() may hand `request` to a reader, and the handing.
    bool deferrable(const QHttpServerRequest &request) const;
    static constexpr qsizetype kMostDeferred = 16 * 1024;
    void deferToReader(const QHttpServerRequest &request, QTcpSocket *socket, qint64 since);
    // `since`: when the request came (ms, steady), for its time; `height`:
    // the head its answer was read at, when not this thread's now (a
    // reader's).
    void respond(QTcpSocket *socket, QHttpServerResponder::StatusCode status,
                 const QByteArray &body, const PacedHttpServer::Headers &headers,
                 const QByteArray &origin, qint64 since, const AccessLog::Entry &asked,
                 std::optional<std::uint64_t> height = std::nullopt);

    chain::ServedChain &m_chain;
    RpcDispatcher &m_dispatcher;
    RateLimiter &m_limiter;
    const BrowserPolicy *m_browsers;
    const TrustedProxies *m_proxies = nullptr;
    ServerMetrics *m_metrics = nullptr;
    bool m_accessLog = false;
    ReaderPool *m_readers = nullptr;
    int m_owed = 0;
    PacedHttpServer m_server;
};

} // namespace gifscan::server
