// RestServer, continued: /graphql, answered on the node thread or, on a
// read server with reader threads, by a reader. Same object and thread as
// server/api/restserver.cpp; apart for its length.
#include "chain/engine/servedchain.h"
#include "server/api/answercache.h"
#include "server/api/graphqlschema.h"
#include "server/api/readerpool.h"
#include "server/api/readfailure.h"
#include "server/api/restserver.h"
#include "server/net/guardedtcpserver.h"
#include "server/net/pacedhttpserver.h"
#include "server/net/ratelimiter.h"
#include "server/net/trustedproxies.h"

namespace gifscan::server {

using namespace rest;

namespace {

RestReply replyOf(const ChainGraphql::HttpAnswer &a)
{
    RestReply reply;
    reply.status = static_cast<Status>(a.status);
    reply.body = a.body;
    reply.mime = a.mime;
    reply.height = a.height;
    reply.headers = a.headers;
    return reply;
}

} // namespace

RestServer::Reply RestServer::graphql(const QHttpServerRequest &request)
{
    const auto m = request.method();
    GraphqlAsk ask;
    ask.method = m == QHttpServerRequest::Method::Get || m == QHttpServerRequest::Method::Head
                     ? QByteArrayLiteral("GET")
                 : m == QHttpServerRequest::Method::Post ? QByteArrayLiteral("POST")
                                                         : QByteArrayLiteral("OTHER");
    ask.url = request.url();
    ask.body = request.body();
    ask.contentType = request.value(QByteArrayLiteral("Content-Type"));
    ask.accept = request.value(QByteArrayLiteral("Accept"));
    const QHostAddress peer = TrustedProxies::clientOf(m_proxies, request);
    // The same query asked again at this head: its answer, not its work
    // (nor its price past the request's own token).
    const std::uint64_t head = m_chain.state().head();
    const QByteArray key = ask.method + ' ' +
                           ask.url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority) + '\0' +
                           ask.contentType + '\0' + ask.accept + '\0' + ask.body;
    if (m_answers) {
        if (auto known = m_answers->find(head, key)) {
            int retryAfter = 0;
            if (known->tokens <= 0 || m_limiter.take(peer, &retryAfter, known->tokens))
                return known->reply;
            Reply reply = error(Status::TooManyRequests, "rate_limited",
                                QStringLiteral("this query takes %1 more rate-limit tokens: retry "
                                               "in %2 s")
                                    .arg(known->tokens)
                                    .arg(retryAfter),
                                head);
            reply.headers.append(
                {QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfter)});
            return reply;
        }
    }
    // The limiter is behind a lock: a reader takes the price as it finds it.
    // The limiter, not this server: it outlives the readers' work.
    ask.take = [limiter = &m_limiter, peer](int tokens, int *retryAfter) {
        return limiter->take(peer, retryAfter, tokens);
    };
    ask.owe = [limiter = &m_limiter, peer](int tokens) { limiter->owe(peer, tokens); };
    if (m_readers && m_handling && graphqlDeferrable(request)) {
        deferGraphql(std::move(ask), head, key);
        Reply owed;
        owed.deferred = true;
        return owed;
    }
    return graphqlHere(ask, head, key);
}

RestServer::Reply RestServer::graphqlHere(const GraphqlAsk &ask, std::uint64_t head,
                                          const QByteArray &key)
{
    try {
        const std::uint64_t lookups = m_chain.mempool().lookups();
        const ChainGraphql::HttpAnswer a = m_graphql->answerHttp(
            ask.method, ask.url, ask.body, ask.contentType, ask.accept, ask.take, ask.owe);
        // Errors are not kept: a query cut at the time budget, or a store
        // that failed, may answer the next time; nor what read the pool.
        if (m_answers && a.cacheable && m_chain.mempool().lookups() == lookups &&
            m_chain.state().head() == head)
            m_answers->keep(head, key, replyOf(a), a.tokens);
        return replyOf(a);
    } catch (const std::exception &e) {
        qCCritical(lcRest).noquote() << "internal error on /graphql:" << e.what();
        // In GraphQL's shape, as a GraphQL client reads every answer.
        Reply reply;
        reply.status = Status::InternalServerError;
        reply.height = m_chain.state().head();
        reply.body = QByteArrayLiteral("{\"errors\":[{\"message\":\"internal error\"}]}");
        return reply;
    }
}

bool RestServer::graphqlDeferrable(const QHttpServerRequest &request) const
{
    // As deferrable(), with a query's body: Qt keeps each request answered
    // later, body included, until its connection closes.
    qsizetype bytes = request.url().toEncoded().size() + request.body().size();
    for (const auto &[name, value] : request.headers())
        bytes += name.size() + value.size() + 4;
    return bytes <= kMostDeferredGraphql && !m_readers->busy();
}

void RestServer::deferGraphql(GraphqlAsk ask, std::uint64_t head, const QByteArray &key)
{
    ++m_owed;
    const DeferredGraphql asked{std::make_shared<const GraphqlAsk>(ask), head, key};
    m_readers->answerGraphql(
        std::move(ask), head,
        [this, f = *m_handling, asked](const ChainGraphql::HttpAnswer &a,
                                       const chain::MempoolAsked &pool, std::uint64_t readAt) {
            answeredGraphql(f, asked, replyOf(a),
                            a.cacheable ? std::optional(a.tokens) : std::nullopt, pool, readAt);
        });
}

void RestServer::answeredGraphql(const Finish &f, const DeferredGraphql &asked, const Reply &reply,
                                 std::optional<int> keptFor, const chain::MempoolAsked &pool,
                                 std::uint64_t readAt)
{
    ReaderPool::takeUp(m_chain, readAt);
    const bool again = m_readers->handsBack(pool, readAt, m_chain);
    // Asked again with its price taken already.
    GraphqlAsk paid = *asked.ask;
    paid.take = {};
    paid.owe = {};
    if (again && !pool.whole) {
        // The pool here may answer otherwise: on a reader, at this thread's
        // head, with the transactions it looked for lent (this thread only
        // finds them).
        m_readers->answerGraphql(
            paid, m_chain.state().head(),
            [this, f](const ChainGraphql::HttpAnswer &second, const chain::MempoolAsked &,
                      std::uint64_t at) {
                ReaderPool::takeUp(m_chain, at);
                writeGraphql(f, replyOf(second));
            },
            ReaderPool::lentFor(pool, m_chain));
        return;
    }
    if (again) {
        // It asked the pool whole: asked again on this thread.
        const chain::ChainReadScope scope(m_chain);
        writeGraphql(f, scope.ok() ? graphqlHere(paid, m_chain.state().head(), asked.key)
                                   : readfailure::unavailable(scope.failure().message,
                                                              m_chain.state().head()));
        return;
    }
    // Not what looked in the pool, which moves.
    if (m_answers && keptFor && pool.empty() && readAt == asked.head &&
        m_chain.state().head() == asked.head)
        m_answers->keep(asked.head, asked.key, reply, *keptFor);
    writeGraphql(f, reply);
}

void RestServer::writeGraphql(const Finish &f, Reply reply)
{
    --m_owed;
    if (!f.socket)
        return; // the client left; nothing owed to write
    if (GuardedTcpServer::closesWhenAnswered(f.socket))
        reply.headers.append({QByteArrayLiteral("Connection"), QByteArrayLiteral("close")});
    finish(f, reply);
    PacedHttpServer::answeredLater(f.socket);
}

} // namespace gifscan::server
