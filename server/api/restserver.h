#pragma once

#include "chain/engine/mempoolasked.h"
#include "server/api/restreply.h"
#include "server/net/accesslog.h"
#include "server/net/guardedtcpserver.h"
#include "server/net/pacedhttpserver.h"

#include <QElapsedTimer>
#include <QHttpServerResponder>
#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QUrl>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class AnswerCache;
class OperatorRoutes;
class ReaderPool;
struct GraphqlAsk;
class ServerMetrics;
class BrowserPolicy;
class ChainGraphql;
class RecordReader;
class RateLimiter;
struct Readiness;
class RestRoutes;
class TrustedProxies;

// The read-only REST API of PROTOCOL §5. Routing is done here rather than by
// QHttpServer's router so every miss, wrong method and bad argument gets the
// protocol's JSON error body and X-Block-Height. Lives on the node thread.
class RestServer : public QObject
{
    Q_OBJECT
public:
    RestServer(chain::ServedChain &chain, RecordReader &indexer, RateLimiter &limiter,
               QObject *parent = nullptr);
    // Off: /graphql is not found here, as on a node that has none.
    void setGraphql(bool on) { m_graphqlOn = on; }
    // /health, /ready and /metrics, and where each request's count and time go.
    void setOperator(const OperatorRoutes *routes, ServerMetrics *metrics)
    {
        m_operator = routes;
        m_metrics = metrics;
    }
    int openConnections() const;
    // A read server's cache of answers at its head; none on a node.
    const AnswerCache *answerCache() const { return m_answers.get(); }
    // A line a request on gifscan.access (server/net/accesslog.h).
    void setAccessLog(bool on) { m_accessLog = on; }
    // Stopping: see PacedHttpServer.
    void stopListening() { m_server.stopListening(); }
    qint64 unsentBytes() const { return m_server.unsentBytes(); }
    // What one REST or GraphQL request may hold the node's thread for: past
    // it, the store's reads stop and the request fails (503; "time").
    void setTimeBudget(qint64 ms);
    // A read server's readers (ReaderPool): its GETs and GraphQL queries
    // that miss the answer cache and read no mempool are answered there, in
    // parallel, and the connection's next request waits for the answer.
    void setReaders(std::unique_ptr<ReaderPool> readers);
    ReaderPool *readers() const { return m_readers.get(); }
    // Answers owed by readers, not written yet (a stop waits for them).
    int owedAnswers() const { return m_owed; }
    // Requests that waited for a reader's read of the same request at the
    // same head rather than being read again.
    qint64 joinedReads() const { return m_joined; }
    ~RestServer() override;
    // With `limits.browsers` the pages and host names that may ask (none:
    // BrowserPolicy's loopback defaults).
    quint16 listen(const QHostAddress &address, quint16 port,
                   const GuardedTcpServer::Limits &limits = {});

    using Reply = RestReply;

    // The answer to a GET of `url`, without the connection's concerns
    // (rate limit, body size, method, deadline): what the fuzzer drives in
    // process. Throws only on a bug, which handle() turns into a 500.
    Reply route(const QUrl &url, const QByteArray &ifNoneMatch = {});

private:
    // What answering a request needs once its answer is made, there and then
    // or by a reader later.
    struct Finish
    {
        QPointer<QTcpSocket> socket;
        bool isHead = false;
        QByteArray origin;
        QString route;
        AccessLog::Entry entry;
        QElapsedTimer took;
    };
    // Answered on `socket` whole (PacedHttpServer::write).
    void handle(const QHttpServerRequest &request, QTcpSocket *socket);
    void finish(const Finish &f, const Reply &reply);
    // A request's answer once the limiter let it through, inside its snapshot.
    Reply answer(const QHttpServerRequest &request, const Readiness &readiness);
    // answer() in a read scope; on a read server a height it has not taken
    // up yet is looked for once first.
    Reply answerRead(const QHttpServerRequest &request);
    // A GET's answer, its price in tokens taken first (the request's own
    // one is taken), within the store's deadline.
    Reply get(const QHttpServerRequest &request);
    Reply graphql(const QHttpServerRequest &request);
    // /graphql's answer on this thread, kept at `head` when it may be.
    Reply graphqlHere(const GraphqlAsk &ask, std::uint64_t head, const QByteArray &key);
    // Whether graphql() may hand `request` to a reader, and the handing.
    bool graphqlDeferrable(const QHttpServerRequest &request) const;
    static constexpr qsizetype kMostDeferredGraphql = 16 * 1024;
    void deferGraphql(GraphqlAsk ask, std::uint64_t head, const QByteArray &key);
    // What a query handed to a reader asked, for its answer's keeping.
    struct DeferredGraphql
    {
        std::shared_ptr<const GraphqlAsk> ask;
        std::uint64_t head = 0;
        QByteArray key; // in the answer cache
    };
    // A reader's answer to a query (asked again when ReaderPool::handsBack
    // says so), kept when it may be (`keptFor`: its tokens, when it may be
    // kept at all), and written.
    void answeredGraphql(const Finish &f, const DeferredGraphql &asked, const Reply &reply,
                         std::optional<int> keptFor, const chain::MempoolAsked &pool,
                         std::uint64_t readAt);
    void writeGraphql(const Finish &f, Reply reply);
    // Whether get() may hand `request` to a reader.
    bool deferrable(const QHttpServerRequest &request) const;
    static constexpr qsizetype kMostDeferredHead = 8 * 1024;
    // get()'s answer made by a reader, written when it comes.
    void deferToReader(const QUrl &url, const QByteArray &ifNoneMatch, std::uint64_t head,
                       const QByteArray &key);
    // get()'s answer on this thread, kept at `head` when it may be.
    Reply getHere(const QUrl &url, const QByteArray &ifNoneMatch, std::uint64_t head,
                  const QByteArray &key);
    // What a request handed to a reader asked, for its answer's keeping.
    struct Deferred
    {
        QUrl url;
        QByteArray ifNoneMatch;
        QByteArray key; // in the answer cache
        std::uint64_t head = 0;
    };
    // A reader's answer (asked again here when ReaderPool::handsBack says
    // so), kept when it may be, written to each request that waited for it.
    void answerDeferred(const std::vector<Finish> &waiting, const Deferred &asked, Reply reply,
                        const chain::MempoolAsked &pool, std::uint64_t readAt);
    void writeDeferred(const std::vector<Finish> &waiting, const Reply &reply);
    QByteArray cacheControl() const;

    chain::ServedChain &m_chain;
    RateLimiter &m_limiter;
    const BrowserPolicy *m_browsers;
    const TrustedProxies *m_proxies = nullptr;
    std::unique_ptr<RestRoutes> m_routes;
    std::unique_ptr<AnswerCache> m_answers; // a read server's (none on the node: its mempool moves)
    std::unique_ptr<ChainGraphql> m_graphql; // /graphql, beside REST (docs/PROTOCOL.md)
    std::unique_ptr<ReaderPool> m_readers;   // a read server's, when it has threads for them
    // The request being handled, while get() may hand it to a reader.
    const Finish *m_handling = nullptr;
    int m_owed = 0;
    // Requests handed to a reader, by cache key and head: the first asked
    // it, the others wait for its answer.
    std::map<QByteArray, std::vector<Finish>> m_inFlight;
    qint64 m_joined = 0;
    bool m_graphqlOn = true;
    const OperatorRoutes *m_operator = nullptr;
    ServerMetrics *m_metrics = nullptr;
    bool m_accessLog = false;
    qint64 m_timeBudgetMs = 250; // GraphQL's budget too
    PacedHttpServer m_server;
};

} // namespace gifscan::server
