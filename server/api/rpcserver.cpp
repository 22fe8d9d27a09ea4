#include "server/api/rpcserver.h"

#include "chain/engine/servedchain.h"
#include "core/support/clock.h"
#include "server/api/readerpool.h"
#include "server/api/readiness.h"
#include "server/api/rpcdispatcher.h"
#include "server/net/browserpolicy.h"
#include "server/net/guardedtcpserver.h"
#include "server/net/ratelimiter.h"
#include "server/net/servermetrics.h"
#include "server/net/trustedproxies.h"

#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>
#include <optional>

namespace gifscan::server {

namespace {
constexpr qsizetype kMaxRpcBody = 1024 * 1024;
using Status = QHttpServerResponder::StatusCode;

// application/json, with or without parameters (charset=utf-8).
bool isJson(const QByteArray &contentType)
{
    return contentType.split(';').value(0).trimmed().toLower() == "application/json";
}

QByteArray tooLargeBody()
{
    return QJsonDocument(
               RpcDispatcher::errorResponse(QJsonValue::Null, -32600,
                                            QStringLiteral("request bodies are limited to 1 MiB")))
        .toJson(QJsonDocument::Compact);
}
} // namespace

RpcServer::RpcServer(chain::ServedChain &chain, RpcDispatcher &dispatcher, RateLimiter &limiter,
                     QObject *parent)
    : QObject(parent), m_chain(chain), m_dispatcher(dispatcher), m_limiter(limiter),
      m_browsers(&BrowserPolicy::loopbackDefault()),
      m_server([this](const QHttpServerRequest &request, QHttpServerResponder &&,
                      QTcpSocket *socket) { handle(request, socket); })
{
}

quint16 RpcServer::listen(const QHostAddress &address, quint16 port,
                          const GuardedTcpServer::Limits &limits)
{
    // A guarded socket, so that no stranger can hold every descriptor, and
    // a request that must be refused (a body past the limit, chunked, a bad
    // or huge head) is answered before any of its body is read.
    GuardedTcpServer::Limits guarded = limits;
    guarded.maxBodyBytes = kMaxRpcBody;
    if (!guarded.browsers)
        guarded.browsers = m_browsers;
    m_browsers = guarded.browsers;
    m_proxies = guarded.proxies;
    guarded.refusal = [this](int status, const QString &why) {
        const QJsonObject error =
            status == 429
                ? RpcDispatcher::errorResponse(QJsonValue::Null, -32005, why,
                                               QJsonObject{{QStringLiteral("retryAfter"), 1}})
                : RpcDispatcher::errorResponse(QJsonValue::Null, -32600, why);
        const QByteArray body =
            status == 413 ? tooLargeBody() : QJsonDocument(error).toJson(QJsonDocument::Compact);
        return GuardedTcpServer::Limits::Answer{
            body,
            {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")},
             {QByteArrayLiteral("X-Block-Height"), QByteArray::number(m_chain.state().head())}}};
    };
    return GuardedTcpServer::listenFor(m_server, address, port, guarded);
}

Readiness RpcServer::readiness(const QHttpServerRequest &request,
                               std::optional<chain::ChainReadScope> &scope)
{
    const QUrlQuery query(request.url());
    Readiness ready = Readiness::of(scope.emplace(m_chain), m_chain, query);
    if (!ready.need || !m_chain.options().readsOnly)
        return ready;
    // As RestServer::answerRead: a height past the head may be stored already.
    scope.reset();
    m_chain.announceStored();
    return Readiness::of(scope.emplace(m_chain), m_chain, query);
}

void RpcServer::handle(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const qint64 since = Clock::steady().nowMs();
    // One snapshot, the answer's height included, opened once the request
    // has passed the limiter and the checks that need no database.
    std::optional<chain::ChainReadScope> scope;
    Status status = Status::Ok;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    auto fail = [&](Status s, int code, const QString &message,
                    const QJsonValue &data = QJsonValue::Undefined) {
        status = s;
        body = QJsonDocument(RpcDispatcher::errorResponse(QJsonValue::Null, code, message, data))
                   .toJson(QJsonDocument::Compact);
    };
    const QByteArray origin = request.value(QByteArrayLiteral("Origin"));
    int retryAfter = 0;
    if (!m_limiter.take(TrustedProxies::clientOf(m_proxies, request), &retryAfter)) {
        fail(Status::TooManyRequests, -32005,
             QStringLiteral("rate limited: retry in %1 s").arg(retryAfter),
             QJsonObject{{QStringLiteral("retryAfter"), retryAfter}});
        headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfter)});
    } else if (request.body().size() > kMaxRpcBody) {
        status = Status::PayloadTooLarge;
        body = tooLargeBody();
    } else if (request.method() == QHttpServerRequest::Method::Options) {
        status = Status::NoContent;
        headers = m_browsers->preflightHeaders(
            origin, QByteArrayLiteral("POST, OPTIONS"),
            request.value(QByteArrayLiteral("Access-Control-Request-Private-Network")) == "true");
    } else if (request.method() != QHttpServerRequest::Method::Post) {
        fail(Status::MethodNotAllowed, -32600, QStringLiteral("JSON-RPC requests are POSTed"));
        headers.append({QByteArrayLiteral("Allow"), QByteArrayLiteral("POST")});
    } else if (!isJson(request.value(QByteArrayLiteral("Content-Type")))) {
        fail(Status::UnsupportedMediaType, -32600,
             QStringLiteral("JSON-RPC requests are sent as Content-Type: application/json"));
    } else if (const Readiness ready = readiness(request, scope); !ready.ready()) {
        if (ready.badRequest) {
            fail(Status::BadRequest, -32602, ready.problem);
        } else {
            QJsonObject data{
                {QStringLiteral("retryAfter"), Readiness::kRetryAfterSeconds},
                {QStringLiteral("height"), static_cast<qint64>(m_chain.state().head())}};
            if (ready.need)
                data.insert(QStringLiteral("minHeight"), static_cast<qint64>(*ready.need));
            fail(Status::ServiceUnavailable, -32006, ready.problem, data);
            headers.append({QByteArrayLiteral("Retry-After"),
                            QByteArray::number(Readiness::kRetryAfterSeconds)});
        }
    } else {
        return dispatch(request, socket, since);
    }
    respond(socket, status, body, headers, origin, since,
            AccessLog::entryOf(TrustedProxies::clientOf(m_proxies, request), request));
}

void RpcServer::dispatch(const QHttpServerRequest &request, QTcpSocket *socket, qint64 since)
{
    if (deferrable(request))
        return deferToReader(request, socket, since);
    const QHostAddress peer = TrustedProxies::clientOf(m_proxies, request);
    const QByteArray origin = request.value(QByteArrayLiteral("Origin"));
    // Answered now, or (a forwarded transaction) when the node answers, on
    // the socket, which may go first.
    auto later = std::make_shared<bool>(false);
    auto done = std::make_shared<bool>(false);
    const QPointer<QTcpSocket> alive(socket);
    const AccessLog::Entry asked = AccessLog::entryOf(peer, request);
    m_dispatcher.handle(
        request.body(), nullptr, [this, peer](int *wait) { return m_limiter.take(peer, wait); },
        {peer, !origin.isEmpty(), m_browsers->isForeign(origin)},
        [this, later, done, alive, peer, origin, since, asked](const QByteArray &body) {
            *done = true;
            // An answer is paid for by its size too, as a debt the client's
            // next requests wait out: a raw genesis block (8 MB) took the
            // node 122 ms for the one token every call paid.
            m_limiter.owe(peer,
                          static_cast<int>(body.size() / RpcDispatcher::kAnswerBytesPerToken));
            if (*later && !alive)
                return; // the client went away meanwhile
            respond(alive, Status::Ok, body, {}, origin, since, asked);
            if (*later)
                PacedHttpServer::answeredLater(alive);
        });
    if (!*done) {
        *later = true;
        m_server.answerLater(socket);
    }
}

bool RpcServer::deferrable(const QHttpServerRequest &request) const
{
    // As REST's: Qt keeps each request answered later, body included, until
    // its connection closes.
    if (!m_readers || m_readers->busy() || request.body().size() > kMostDeferred)
        return false;
    qsizetype bytes = request.url().toEncoded().size() + request.body().size();
    for (const auto &[name, value] : request.headers())
        bytes += name.size() + value.size() + 4;
    return bytes <= kMostDeferred && RpcDispatcher::readsChainOnly(request.body());
}

void RpcServer::deferToReader(const QHttpServerRequest &request, QTcpSocket *socket, qint64 since)
{
    const QHostAddress peer = TrustedProxies::clientOf(m_proxies, request);
    const QByteArray origin = request.value(QByteArrayLiteral("Origin"));
    const QPointer<QTcpSocket> alive(socket);
    const AccessLog::Entry asked = AccessLog::entryOf(peer, request);
    const RpcDispatcher::Caller caller{peer, !origin.isEmpty(), m_browsers->isForeign(origin)};
    ++m_owed;
    m_server.answerLater(socket);
    // The answer, paid for by its size too, written when it comes: read at
    // `readAt` (a reader's head), or at this thread's head.
    const auto write = [this, alive, peer, origin, since,
                        asked](const QByteArray &text, std::optional<std::uint64_t> readAt) {
        --m_owed;
        m_limiter.owe(peer, static_cast<int>(text.size() / RpcDispatcher::kAnswerBytesPerToken));
        if (!alive)
            return; // the client went away meanwhile
        PacedHttpServer::Headers headers;
        if (GuardedTcpServer::closesWhenAnswered(alive))
            headers.append({QByteArrayLiteral("Connection"), QByteArrayLiteral("close")});
        respond(alive, Status::Ok, text, headers, origin, since, asked, readAt);
        PacedHttpServer::answeredLater(alive);
    };
    // The limiter is behind a lock: a batch's calls are paid on the reader.
    // The limiter, not this server: a reader may be on a batch while the
    // server is torn down (the limiter outlives it).
    m_readers->answerRpc(
        request.body(),
        [limiter = &m_limiter, peer](int *wait) { return limiter->take(peer, wait); },
        m_chain.state().head(),
        [this, self = QPointer<RpcServer>(this), caller, body = request.body(),
         write](ReaderPool::RpcAnswer answer, std::uint64_t readAt) {
            if (!self)
                return; // stopped meanwhile
            ReaderPool::takeUp(m_chain, readAt);
            // This thread's pool may answer a call otherwise: asked again,
            // each call's price as the reader found it.
            const bool again = m_readers->handsBack(answer.asked, readAt, m_chain);
            if (!again)
                return write(answer.body, readAt);
            const RpcDispatcher::Charge charged = ReaderPool::replayed(std::move(answer.charged));
            if (answer.asked.whole)
                return write(m_dispatcher.handle(body, nullptr, charged, caller), std::nullopt);
            // On a reader, at this thread's head, with the transactions the
            // calls looked for lent (this thread only finds them).
            m_readers->answerRpc(
                body, charged, m_chain.state().head(),
                [this, self, write](const ReaderPool::RpcAnswer &second, std::uint64_t at) {
                    if (!self)
                        return;
                    ReaderPool::takeUp(m_chain, at);
                    write(second.body, at);
                },
                ReaderPool::lentFor(answer.asked, m_chain));
        });
}

void RpcServer::respond(QTcpSocket *socket, QHttpServerResponder::StatusCode status,
                        const QByteArray &body, const PacedHttpServer::Headers &headers,
                        const QByteArray &origin, qint64 since, const AccessLog::Entry &asked,
                        std::optional<std::uint64_t> height)
{
    PacedHttpServer::Headers all{{QByteArrayLiteral("X-Block-Height"),
                                  QByteArray::number(height.value_or(m_chain.state().head()))}};
    all += headers;
    all += m_browsers->answerHeaders(origin);
    PacedHttpServer::write(socket, status, QByteArrayLiteral("application/json"), body, all);
    const double seconds = static_cast<double>(Clock::steady().nowMs() - since) / 1000;
    if (m_metrics)
        m_metrics->request(QStringLiteral("jsonrpc"), QStringLiteral("/"), static_cast<int>(status),
                           seconds);
    if (m_accessLog)
        AccessLog::write(asked, static_cast<int>(status), body.size(), seconds);
}

} // namespace gifscan::server
