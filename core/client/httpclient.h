#pragma once

#include "core/client/clienterror.h"

#include <QElapsedTimer>
#include <QHash>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <deque>
#include <functional>
#include <random>

class QNetworkReply;
class QTimer;

namespace gifscan {

struct HttpResponse
{
    int status = 0;
    QByteArray body;
    std::optional<std::uint64_t> height; // X-Block-Height
    QByteArray etag;
    ClientError error;
};

// Requests to one node's REST and RPC endpoints, as a polite client: a
// transfer timeout on every request, retries with backoff and jitter for
// idempotent requests that time out or meet a 5xx, one token bucket per host
// so normal use never earns a 429, and a 429 that comes anyway waited out as
// its Retry-After says (and reported through rateLimited, a state rather
// than an error). Lives on the thread that created it; callbacks run there.
class HttpClient : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        int timeoutMs = 10000;
        int maxRetries = 3;
        int backoffMs = 250;
        // The node's default burst (PROTOCOL: 200), so that a small audit
        // goes at once; a rate under its 60 a second, so that a long one is
        // paced below the node's patience rather than refused.
        double rate = 50; // requests a second per host
        double burst = 200;
        int max429Waits = 3;
        // A node is a stranger: no answer may take more memory or time than
        // any honest one would. The transfer timeout above is an idle
        // timeout; a node that trickles a byte a second never trips it.
        qint64 maxBodyBytes = 64 * 1024 * 1024;
        int deadlineMs = 60000;
    };
    using Callback = std::function<void(const HttpResponse &)>;

    explicit HttpClient(QObject *parent = nullptr);
    HttpClient(const Options &options, QObject *parent = nullptr);
    ~HttpClient() override;

    const Options &options() const { return m_options; }
    void get(const QUrl &url, QObject *context, Callback done,
             const QList<QPair<QByteArray, QByteArray>> &headers = {});
    // `cost`: the tokens of the host's bucket the request takes, as the node
    // charges it (a JSON-RPC batch a token for every call in it), so that a
    // client sized to the node's limits is never told to wait by it.
    void post(const QUrl &url, const QByteArray &body, bool idempotent, QObject *context,
              Callback done, double cost = 1);
    // Said when a JSON-RPC batch's calls to `url` were refused for the
    // node's rate limit and are asked again after `retryAfterSeconds`
    // (RpcClient): the host's bucket is emptied, as for a 429.
    void noteRateLimited(const QUrl &url, int retryAfterSeconds);

Q_SIGNALS:
    void rateLimited(int retryAfterSeconds);
    // A request went on the wire (a retry again): what a page costs, counted.
    void requestSent(const QUrl &url);

private:
    struct Request
    {
        QByteArray verb;
        QUrl url;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
        bool idempotent = true;
        double cost = 1;
        int attempt = 0;
        int waits429 = 0;
        qint64 startedMs = 0; // on m_clock: a Retry-After past the deadline is not waited for
        QPointer<QObject> context;
        bool hadContext = false;
        Callback done;
    };
    struct Bucket
    {
        double tokens = 0;
        qint64 updatedMs = -1;
        std::deque<std::shared_ptr<Request>> waiting;
        QTimer *timer = nullptr;
    };

    static QString hostOf(const QUrl &url);
    void enqueue(std::shared_ptr<Request> request);
    void drain(const QString &host);
    void send(std::shared_ptr<Request> request);
    void finished(QNetworkReply *reply, std::shared_ptr<Request> request, QByteArray body);
    // What finished() hands on: a reply the guards cut short (too large,
    // past the deadline), a 429, or the failure in words.
    bool cutShort(QNetworkReply *reply, const std::shared_ptr<Request> &request);
    void rateLimitedReply(QNetworkReply *reply, const std::shared_ptr<Request> &request,
                          HttpResponse r);
    void describeFailure(QNetworkReply *reply, const Request &request, bool timedOut,
                         HttpResponse &r) const;
    void retryLater(std::shared_ptr<Request> request, int delayMs);
    // The node said this client has no tokens left: so has its bucket.
    void spend(const QUrl &url);
    void complete(const std::shared_ptr<Request> &request, const HttpResponse &response);
    int backoff(int attempt);

    Options m_options;
    QNetworkAccessManager m_nam;
    QHash<QString, Bucket> m_buckets;
    QElapsedTimer m_clock;
    std::mt19937 m_jitter{std::random_device{}()};
};

// Retry-After is whole seconds or an HTTP date.
int parseRetryAfter(const QByteArray &value, int fallbackSeconds = 1);

} // namespace gifscan
