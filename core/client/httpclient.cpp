#include "core/client/httpclient.h"

#include "core/client/replyreadahead.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace gifscan {

namespace {
// Why this client aborted a reply, kept on the reply itself.
constexpr const char *kTooLarge = "gifscanTooLarge";
constexpr const char *kPastDeadline = "gifscanPastDeadline";
// How much of an answer Qt may hold before this client takes it.
constexpr qint64 kReadChunkBytes = 1024 * 1024;
} // namespace

int parseRetryAfter(const QByteArray &value, int fallbackSeconds)
{
    bool ok = false;
    const int seconds = value.trimmed().toInt(&ok);
    if (ok)
        return std::max(0, seconds);
    const QDateTime when =
        QDateTime::fromString(QString::fromLatin1(value.trimmed()), Qt::RFC2822Date);
    if (when.isValid())
        return static_cast<int>(std::max<qint64>(0, QDateTime::currentDateTimeUtc().secsTo(when)));
    return fallbackSeconds;
}

HttpClient::HttpClient(QObject *parent) : HttpClient(Options{}, parent) {}

HttpClient::HttpClient(const Options &options, QObject *parent)
    : QObject(parent), m_options(options)
{
    m_clock.start();
    // Redirects would let a node send us anywhere; the protocol has none.
    m_nam.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

HttpClient::~HttpClient() = default;

void HttpClient::get(const QUrl &url, QObject *context, Callback done,
                     const QList<QPair<QByteArray, QByteArray>> &headers)
{
    auto r = std::make_shared<Request>();
    r->verb = QByteArrayLiteral("GET");
    r->url = url;
    r->headers = headers;
    r->context = context;
    r->hadContext = context != nullptr;
    r->done = std::move(done);
    enqueue(std::move(r));
}

void HttpClient::post(const QUrl &url, const QByteArray &body, bool idempotent, QObject *context,
                      Callback done, double cost)
{
    auto r = std::make_shared<Request>();
    r->verb = QByteArrayLiteral("POST");
    r->url = url;
    r->body = body;
    r->idempotent = idempotent;
    r->cost = std::clamp(cost, 1.0, m_options.burst); // a burst's worth at most: it can be had
    r->headers = {{QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json")}};
    r->context = context;
    r->hadContext = context != nullptr;
    r->done = std::move(done);
    enqueue(std::move(r));
}

QString HttpClient::hostOf(const QUrl &url)
{
    return url.host() + u':' + QString::number(url.port());
}

void HttpClient::enqueue(std::shared_ptr<Request> request)
{
    if (request->attempt == 0 && request->waits429 == 0)
        request->startedMs = m_clock.elapsed();
    const QString host = hostOf(request->url);
    m_buckets[host].waiting.push_back(std::move(request));
    drain(host);
}

// A client's bucket starts full, but the node's bucket for this address
// may not be: an audit run right after another found it drained and was
// refused. Left full, the bucket let every refused request go again at
// once after the node's wait, to be refused again; emptied, they go at the
// client's rate, under the node's, and are taken.
void HttpClient::spend(const QUrl &url)
{
    Bucket &b = m_buckets[hostOf(url)];
    b.tokens = 0;
    b.updatedMs = m_clock.elapsed();
}

void HttpClient::noteRateLimited(const QUrl &url, int retryAfterSeconds)
{
    spend(url);
    Q_EMIT rateLimited(retryAfterSeconds);
}

void HttpClient::drain(const QString &host)
{
    Bucket &b = m_buckets[host];
    const qint64 now = m_clock.elapsed();
    if (b.updatedMs < 0)
        b.tokens = m_options.burst;
    else
        b.tokens =
            std::min(m_options.burst, b.tokens + (now - b.updatedMs) / 1000.0 * m_options.rate);
    b.updatedMs = now;
    // In order: a dear request (a large batch) is not overtaken by cheap ones.
    while (!b.waiting.empty() && b.tokens >= b.waiting.front()->cost) {
        b.tokens -= b.waiting.front()->cost;
        auto request = std::move(b.waiting.front());
        b.waiting.pop_front();
        send(std::move(request));
    }
    if (!b.waiting.empty()) {
        if (!b.timer) {
            b.timer = new QTimer(this);
            b.timer->setSingleShot(true);
            connect(b.timer, &QTimer::timeout, this, [this, host] { drain(host); });
        }
        if (!b.timer->isActive())
            b.timer->start(static_cast<int>(
                std::ceil((b.waiting.front()->cost - b.tokens) / m_options.rate * 1000)));
    }
}

void HttpClient::send(std::shared_ptr<Request> request)
{
    if (request->hadContext && !request->context)
        return; // whoever asked is gone
    QNetworkRequest nr(request->url);
    nr.setTransferTimeout(m_options.timeoutMs);
    for (const auto &[name, value] : request->headers)
        nr.setRawHeader(name, value);
    // A GET is sent as a custom request with an empty body so that Qt
    // starts it from this thread's event loop, as it does a POST, after
    // the read-ahead bound below is on its way. A plain get() starts at
    // once, and the bound then reaches Qt's HTTP thread only if this
    // thread runs on before that thread meets the body: with a slow
    // requestSent listener, or this thread descheduled, the HTTP thread
    // read a flooding peer's body unbounded, in one loop that also kept
    // the abort from reaching it (up to a gigabyte held). The cost is a
    // `Content-Length: 0` header on the GET, which HTTP allows.
    QNetworkReply *reply = request->verb == "GET"
                               ? m_nam.sendCustomRequest(nr, request->verb, QByteArray())
                               : m_nam.post(nr, request->body);
    Q_EMIT requestSent(request->url);
    const qint64 cap = m_options.maxBodyBytes;
    // The body is taken as it arrives and measured then: downloadProgress
    // comes late, and a fast chunked body overran a 64 MiB cap by a
    // gigabyte before it said so. With the reply's own buffer bounded, Qt
    // stops reading the socket until this has taken what it holds, so no
    // more than the cap and one buffer are ever in memory.
    boundReadAhead(reply, kReadChunkBytes);
    auto body = std::make_shared<QByteArray>();
    connect(reply, &QNetworkReply::readyRead, reply, [reply, body, cap] {
        *body += reply->readAll();
        if (body->size() > cap) {
            body->clear();
            reply->setProperty(kTooLarge, true);
            reply->abort();
        }
    });
    connect(reply, &QNetworkReply::downloadProgress, reply, [reply, cap](qint64, qint64 total) {
        if (total > cap) { // announced: refused before any of it is read
            reply->setProperty(kTooLarge, true);
            reply->abort();
        }
    });
    QTimer::singleShot(m_options.deadlineMs, reply, [reply] {
        reply->setProperty(kPastDeadline, true);
        reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, request, body] { finished(reply, request, std::move(*body)); });
}

int HttpClient::backoff(int attempt)
{
    const double base = m_options.backoffMs * std::pow(2.0, attempt);
    return static_cast<int>(base * std::uniform_real_distribution<double>(0.8, 1.2)(m_jitter));
}

void HttpClient::retryLater(std::shared_ptr<Request> request, int delayMs)
{
    QTimer::singleShot(delayMs, this, [this, request] { enqueue(request); });
}

void HttpClient::finished(QNetworkReply *reply, std::shared_ptr<Request> request, QByteArray body)
{
    reply->deleteLater();
    if (cutShort(reply, request))
        return;
    HttpResponse r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.body = std::move(body);
    if (reply->isOpen())
        r.body += reply->readAll();
    bool ok = false;
    const std::uint64_t height =
        reply->rawHeader(QByteArrayLiteral("X-Block-Height")).toULongLong(&ok);
    if (ok)
        r.height = height;
    r.etag = reply->rawHeader(QByteArrayLiteral("ETag"));
    if (r.status == 429) {
        rateLimitedReply(reply, request, r);
        return;
    }
    const QNetworkReply::NetworkError e = reply->error();
    const bool timedOut =
        e == QNetworkReply::OperationCanceledError || e == QNetworkReply::TimeoutError;
    // A server error may pass; "not implemented" (501) and "HTTP version
    // not supported" (505) are what the server is, and asking again only
    // delays what the caller does instead (a node without /graphql is
    // asked over REST).
    const bool serverError = r.status >= 500 && r.status != 501 && r.status != 505;
    const bool transient =
        timedOut || serverError || (r.status == 0 && e != QNetworkReply::NoError);
    if (transient && request->idempotent && request->attempt < m_options.maxRetries) {
        retryLater(request, backoff(request->attempt++));
        return;
    }
    describeFailure(reply, *request, timedOut, r);
    complete(request, r);
}

bool HttpClient::cutShort(QNetworkReply *reply, const std::shared_ptr<Request> &request)
{
    // Neither is retried: the same node would only do it again.
    const bool large = reply->property(kTooLarge).toBool();
    if (!large && !reply->property(kPastDeadline).toBool())
        return false;
    HttpResponse r;
    r.error.url = request->url;
    r.error.kind = large ? ClientError::Kind::TooLarge : ClientError::Kind::Timeout;
    r.error.message = large ? QStringLiteral("more than %1 MiB from %2")
                                  .arg(m_options.maxBodyBytes / (1024 * 1024))
                                  .arg(request->url.host())
                            : QStringLiteral("%1 did not finish its answer within %2 s")
                                  .arg(request->url.host())
                                  .arg(m_options.deadlineMs / 1000);
    complete(request, r);
    return true;
}

void HttpClient::rateLimitedReply(QNetworkReply *reply, const std::shared_ptr<Request> &request,
                                  HttpResponse r)
{
    const int wait = parseRetryAfter(reply->rawHeader(QByteArrayLiteral("Retry-After")));
    noteRateLimited(request->url, wait);
    // The wait is the node's to ask, but not past this call's own
    // deadline: a Retry-After of days (or one that overflowed a timer)
    // is answered at once, in words.
    const qint64 waitMs = static_cast<qint64>(wait) * 1000 + 50;
    const qint64 leftMs = m_options.deadlineMs - (m_clock.elapsed() - request->startedMs);
    if (waitMs < leftMs && request->waits429++ < m_options.max429Waits) {
        retryLater(request, static_cast<int>(waitMs));
        return;
    }
    const QString message =
        waitMs < leftMs
            ? QStringLiteral("still rate limited")
            : QStringLiteral("rate limited: %1 asks to wait %2 s, past this call's %3 s")
                  .arg(request->url.host())
                  .arg(wait)
                  .arg(m_options.deadlineMs / 1000);
    r.error = {ClientError::Kind::RateLimited,
               429,
               QStringLiteral("rate_limited"),
               0,
               {},
               message,
               wait,
               request->url};
    complete(request, r);
}

void HttpClient::describeFailure(QNetworkReply *reply, const Request &request, bool timedOut,
                                 HttpResponse &r) const
{
    r.error.url = request.url;
    if (r.status == 0) {
        r.error.kind = timedOut ? ClientError::Kind::Timeout : ClientError::Kind::Network;
        r.error.message = timedOut ? QStringLiteral("no answer from %1 within %2 s")
                                         .arg(request.url.host())
                                         .arg(m_options.timeoutMs / 1000)
                                   : reply->errorString();
    } else if (r.status >= 400 && r.status != 304) {
        r.error.kind = ClientError::Kind::Http;
        r.error.httpStatus = r.status;
        // The protocol's error body, when it is one.
        const QJsonObject e =
            QJsonDocument::fromJson(r.body).object().value(QStringLiteral("error")).toObject();
        r.error.code = e.value(QStringLiteral("code")).toString();
        r.error.message = e.value(QStringLiteral("message")).toString(reply->errorString());
        if (e.value(QStringLiteral("code")).isDouble()) {
            // A JSON-RPC error carried with an HTTP error status.
            r.error.rpcCode = e.value(QStringLiteral("code")).toInt();
            r.error.code.clear();
        }
    }
}

void HttpClient::complete(const std::shared_ptr<Request> &request, const HttpResponse &response)
{
    if (request->hadContext && !request->context)
        return;
    request->done(response);
}

} // namespace gifscan
