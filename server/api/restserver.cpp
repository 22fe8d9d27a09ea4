#include "server/api/restserver.h"

#include "chain/content/framerenderer.h"
#include "chain/engine/servedchain.h"
#include "chain/store/sqlstatement.h"
#include "chain/store/statereader.h"
#include "server/api/answercache.h"
#include "server/api/graphqlschema.h"
#include "server/api/operatorroutes.h"
#include "server/api/pagecursor.h"
#include "server/api/readerpool.h"
#include "server/api/readfailure.h"
#include "server/api/readiness.h"
#include "server/api/restroutes.h"
#include "server/net/accesslog.h"
#include "server/net/browserpolicy.h"
#include "server/net/guardedtcpserver.h"
#include "server/net/ratelimiter.h"
#include "server/net/servermetrics.h"
#include "server/net/trustedproxies.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

#include <QElapsedTimer>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QUrlQuery>
#include <cmath>

namespace gifscan::server {

using namespace rest;

namespace {
constexpr qsizetype kMaxRestBody = 1024 * 1024;

using Reply = RestServer::Reply;

Reply tooLargeReply(std::uint64_t height)
{
    return error(Status::PayloadTooLarge, "too_large",
                 QStringLiteral("request bodies are limited to 1 MiB"), height);
}
} // namespace

RestServer::RestServer(chain::ServedChain &chain, RecordReader &indexer, RateLimiter &limiter,
                       QObject *parent)
    : QObject(parent), m_chain(chain), m_limiter(limiter),
      m_browsers(&BrowserPolicy::loopbackDefault()),
      m_routes(std::make_unique<RestRoutes>(chain, indexer)),
      m_graphql(
          std::make_unique<ChainGraphql>(chain.state(), indexer, chain.mempool(), limiter.clock())),
      m_server([this](const QHttpServerRequest &request, QHttpServerResponder &&,
                      QTcpSocket *socket) { handle(request, socket); })
{
    if (chain.options().readsOnly)
        m_answers = std::make_unique<AnswerCache>();
}

RestServer::~RestServer() = default;

void RestServer::setReaders(std::unique_ptr<ReaderPool> readers)
{
    m_readers = std::move(readers);
}

void RestServer::setTimeBudget(qint64 ms)
{
    m_timeBudgetMs = ms;
    m_graphql->setTimeBudget(ms);
}

quint16 RestServer::listen(const QHostAddress &address, quint16 port,
                           const GuardedTcpServer::Limits &limits)
{
    // A guarded socket, so that no stranger can hold every descriptor, and
    // a request that must be refused (a body past the limit, chunked, a bad
    // or huge head) is answered before any of its body is read.
    GuardedTcpServer::Limits guarded = limits;
    guarded.maxBodyBytes = kMaxRestBody;
    if (!guarded.browsers)
        guarded.browsers = m_browsers;
    m_browsers = guarded.browsers;
    m_proxies = guarded.proxies;
    guarded.refusal = [this](int status, const QString &why) {
        const std::uint64_t head = m_chain.state().head();
        const Reply reply = status == 413 ? tooLargeReply(head)
                                          : error(static_cast<Status>(status),
                                                  status == 431   ? "too_large"
                                                  : status == 429 ? "rate_limited"
                                                  : status == 403 ? "forbidden"
                                                                  : "bad_request",
                                                  why, head);
        return GuardedTcpServer::Limits::Answer{
            reply.body,
            {{QByteArrayLiteral("Content-Type"), reply.mime},
             {QByteArrayLiteral("X-Block-Height"), QByteArray::number(reply.height)},
             {QByteArrayLiteral("Cache-Control"), cacheControl()}}};
    };
    return GuardedTcpServer::listenFor(m_server, address, port, guarded);
}

void RestServer::handle(const QHttpServerRequest &request, QTcpSocket *socket)
{
    Finish f;
    f.took.start();
    f.socket = socket;
    // HEAD: the same status and headers as GET, and no body (RFC 9110 §9.3.2).
    f.isHead = request.method() == QHttpServerRequest::Method::Head;
    f.origin = request.value(QByteArrayLiteral("Origin"));
    f.entry = AccessLog::entryOf(TrustedProxies::clientOf(m_proxies, request), request);
    int retryAfter = 0;
    Reply reply;
    const QString path = request.url().path();
    f.route = path == QLatin1String("/graphql") ? path : RestRoutes::routeOf(request.url());
    // An operator's probes first: never limited, nothing read from the database.
    if (m_operator && OperatorRoutes::isOperatorPath(path)) {
        reply = *m_operator->answer(path, m_chain.state().head());
        f.route = path;
    } else if (!m_limiter.take(TrustedProxies::clientOf(m_proxies, request), &retryAfter)) {
        reply = error(Status::TooManyRequests, "rate_limited",
                      QStringLiteral("too many requests: retry in %1 s").arg(retryAfter),
                      m_chain.state().head());
        reply.headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfter)});
    } else {
        m_handling = &f;
        reply = answerRead(request);
        m_handling = nullptr;
    }
    if (reply.deferred) {
        // A reader answers it; the connection's next request waits.
        m_server.answerLater(socket);
        return;
    }
    finish(f, reply);
}

void RestServer::finish(const Finish &f, const Reply &reply)
{
    PacedHttpServer::Headers headers{
        {QByteArrayLiteral("X-Block-Height"), QByteArray::number(reply.height)},
        {QByteArrayLiteral("Cache-Control"), cacheControl()}};
    headers += reply.headers;
    headers += m_browsers->answerHeaders(f.origin);
    PacedHttpServer::write(f.socket, reply.status, reply.mime, f.isHead ? QByteArray() : reply.body,
                           headers);
    const double seconds = static_cast<double>(f.took.nsecsElapsed()) / 1e9;
    if (m_metrics)
        m_metrics->request(QStringLiteral("rest"), f.route, static_cast<int>(reply.status),
                           seconds);
    if (m_accessLog)
        AccessLog::write(f.entry, static_cast<int>(reply.status), f.isHead ? 0 : reply.body.size(),
                         seconds);
}

int RestServer::openConnections() const
{
    int open = 0;
    for (QTcpServer *tcp : m_server.servers())
        if (auto *guarded = qobject_cast<GuardedTcpServer *>(tcp))
            open += guarded->openConnections();
    return open;
}

RestServer::Reply RestServer::answerRead(const QHttpServerRequest &request)
{
    const QUrlQuery query(request.url());
    {
        // The whole answer at one head, its height included.
        const chain::ChainReadScope scope(m_chain);
        const Readiness ready = Readiness::of(scope, m_chain, query);
        if (!ready.need || !m_chain.options().readsOnly)
            return answer(request, ready);
    }
    // A height past this read server's head (a cursor another server
    // issued, a client's minHeight) may be stored already: a request does
    // not look for new blocks, so it is taken up once now.
    m_chain.announceStored();
    const chain::ChainReadScope scope(m_chain);
    return answer(request, Readiness::of(scope, m_chain, query));
}

RestServer::Reply RestServer::answer(const QHttpServerRequest &request, const Readiness &readiness)
{
    const std::uint64_t head = m_chain.state().head();
    Reply reply;
    if (!readiness.ready()) {
        reply = readiness.badRequest
                    ? error(Status::BadRequest, "bad_request", readiness.problem, head)
                    : error(Status::ServiceUnavailable, readiness.need ? "behind" : "unavailable",
                            readiness.problem, head);
        if (!readiness.badRequest)
            reply.headers.append({QByteArrayLiteral("Retry-After"),
                                  QByteArray::number(Readiness::kRetryAfterSeconds)});
    } else if (request.body().size() > kMaxRestBody) {
        reply = tooLargeReply(head);
    } else if (request.method() == QHttpServerRequest::Method::Options) {
        reply.status = Status::NoContent;
        reply.height = head;
        reply.headers = m_browsers->preflightHeaders(
            request.value(QByteArrayLiteral("Origin")),
            QByteArrayLiteral("GET, HEAD, POST, OPTIONS"),
            request.value(QByteArrayLiteral("Access-Control-Request-Private-Network")) == "true");
    } else if (request.url().path() == QLatin1String("/graphql") && m_graphqlOn) {
        reply = graphql(request);
    } else if (request.method() != QHttpServerRequest::Method::Get &&
               request.method() != QHttpServerRequest::Method::Head) {
        reply = error(Status::MethodNotAllowed, "method_not_allowed",
                      QStringLiteral("the REST API is read-only: use GET"), head);
        reply.headers.append({QByteArrayLiteral("Allow"), QByteArrayLiteral("GET, HEAD")});
    } else {
        reply = get(request);
    }
    return reply;
}

RestServer::Reply RestServer::get(const QHttpServerRequest &request)
{
    const std::uint64_t head = m_chain.state().head();
    // A list that scans pays for what it reads, as GraphQL's does: a token
    // per 100 nodes, its own request's included.
    double cost = 1;
    try {
        cost = m_routes->cost(request.url());
    } catch (const std::exception &) {
        // Its price reads the store (a collection's size): one that cannot
        // say it now fails the route too, which answers in its own words.
    }
    const int tokens = static_cast<int>(std::ceil(cost / ChainGraphql::kCostPerToken));
    // At most a whole burst in all: a dearer list takes all a client has.
    const int more = std::min(tokens - 1, static_cast<int>(m_limiter.burst()) - 1);
    int retryAfter = 0;
    if (more > 0 &&
        !m_limiter.take(TrustedProxies::clientOf(m_proxies, request), &retryAfter, more)) {
        Reply reply = error(Status::TooManyRequests, "rate_limited",
                            QStringLiteral("this list reads %1 nodes, which take %2 rate-limit "
                                           "tokens: retry in %3 s")
                                .arg(static_cast<qint64>(cost))
                                .arg(tokens)
                                .arg(retryAfter),
                            head);
        reply.headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfter)});
        return reply;
    }
    // Asked before at this head (its price was taken all the same).
    const QByteArray ifNoneMatch = request.value(QByteArrayLiteral("If-None-Match"));
    const QByteArray key = "GET " +
                           request.url().toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority) +
                           '\0' + ifNoneMatch;
    if (m_answers) {
        if (auto known = m_answers->find(head, key))
            return known->reply;
    }
    if (m_readers && m_handling && deferrable(request)) {
        deferToReader(request.url(), ifNoneMatch, head, key);
        Reply owed;
        owed.deferred = true;
        return owed;
    }
    return getHere(request.url(), ifNoneMatch, head, key);
}

RestServer::Reply RestServer::getHere(const QUrl &url, const QByteArray &ifNoneMatch,
                                      std::uint64_t head, const QByteArray &key)
{
    // One scan is cut at the deadline, not waited for by everyone else.
    const chain::ReadDeadline deadline(m_chain.state().tables(), m_timeBudgetMs);
    try {
        const std::uint64_t lookups = m_chain.mempool().lookups();
        Reply reply = route(url, ifNoneMatch);
        // What read the pool (a pending transaction, its size) changes with
        // it, not only with the head.
        if (m_answers && m_chain.mempool().lookups() == lookups && m_chain.state().head() == head)
            m_answers->keep(head, key, reply);
        return reply;
    } catch (const std::exception &e) {
        return readfailure::of(e, deadline.passed(), m_timeBudgetMs, head, url);
    }
}

void RestServer::deferToReader(const QUrl &url, const QByteArray &ifNoneMatch, std::uint64_t head,
                               const QByteArray &key)
{
    ++m_owed;
    // The same request at the same head while a reader reads it waits for
    // that answer, not a read of its own: a new head's page, asked by every
    // watcher at once, is read once.
    const QByteArray flight = key + '\0' + QByteArray::number(head);
    std::vector<Finish> &waiting = m_inFlight[flight];
    waiting.push_back(*m_handling);
    if (waiting.size() > 1) {
        ++m_joined;
        return;
    }
    m_readers->answer(url, ifNoneMatch, head,
                      [this, flight, url, ifNoneMatch, key,
                       head](Reply reply, chain::MempoolAsked asked, std::uint64_t readAt) {
                          const auto found = m_inFlight.find(flight);
                          if (found == m_inFlight.end())
                              return;
                          const std::vector<Finish> owed = std::move(found->second);
                          m_inFlight.erase(found);
                          answerDeferred(owed, {url, ifNoneMatch, key, head}, reply, asked, readAt);
                      });
}

void RestServer::answerDeferred(const std::vector<Finish> &waiting, const Deferred &asked,
                                Reply reply, const chain::MempoolAsked &pool, std::uint64_t readAt)
{
    ReaderPool::takeUp(m_chain, readAt);
    const bool again = m_readers->handsBack(pool, readAt, m_chain);
    if (again && !pool.whole) {
        // The pool here may answer otherwise: asked again on a reader, at
        // this thread's head, with the transactions it looked for lent
        // (this thread only finds them), its price paid.
        m_readers->answer(
            asked.url, asked.ifNoneMatch, m_chain.state().head(),
            [this, waiting](const Reply &second, const chain::MempoolAsked &, std::uint64_t at) {
                ReaderPool::takeUp(m_chain, at);
                writeDeferred(waiting, second);
            },
            ReaderPool::lentFor(pool, m_chain));
        return;
    }
    if (again) {
        // It asked the pool whole: asked again on this thread.
        const chain::ChainReadScope scope(m_chain);
        const std::uint64_t head = m_chain.state().head();
        reply = scope.ok() ? getHere(asked.url, asked.ifNoneMatch, head, asked.key)
                           : readfailure::unavailable(scope.failure().message, head);
    } else if (m_answers && pool.empty() && readAt == asked.head &&
               m_chain.state().head() == asked.head && reply.status != Status::ServiceUnavailable &&
               reply.status != Status::InternalServerError) {
        // Kept as an answer at the head only when read at it (a reader may
        // have taken up a later one, and an answer of another head would
        // empty the cache), and not when it looked in the pool, which moves.
        m_answers->keep(asked.head, asked.key, reply);
    }
    writeDeferred(waiting, reply);
}

void RestServer::writeDeferred(const std::vector<Finish> &waiting, const Reply &reply)
{
    m_owed -= static_cast<int>(waiting.size());
    for (const Finish &f : waiting) {
        if (!f.socket)
            continue; // the client left; nothing owed to write
        Reply mineToWrite = reply;
        if (GuardedTcpServer::closesWhenAnswered(f.socket))
            mineToWrite.headers.append(
                {QByteArrayLiteral("Connection"), QByteArrayLiteral("close")});
        finish(f, mineToWrite);
        PacedHttpServer::answeredLater(f.socket);
    }
}

bool RestServer::deferrable(const QHttpServerRequest &request) const
{
    // Each answer given later leaves Qt a request object (with its head and
    // body) until the connection closes: those with a body or a large head
    // are answered here. So are the pool's pages, which read it whole (a
    // reader's is empty), and everything when the readers have their fill.
    qsizetype headBytes = request.url().toEncoded().size();
    for (const auto &[name, value] : request.headers())
        headBytes += name.size() + value.size() + 4;
    return request.body().isEmpty() && headBytes <= kMostDeferredHead &&
           !RestRoutes::isMempoolPage(request.url()) && !m_readers->busy();
}

QByteArray RestServer::cacheControl() const
{
    // Nothing may be cached past one block; the mean block time is the bound.
    const double blockTime = m_chain.options().blockTime > 0 ? m_chain.options().blockTime : 5.0;
    return "max-age=" + QByteArray::number(std::min(5, static_cast<int>(blockTime)));
}

RestServer::Reply RestServer::route(const QUrl &url, const QByteArray &ifNoneMatch)
{
    return m_routes->answer(url, ifNoneMatch);
}

} // namespace gifscan::server
