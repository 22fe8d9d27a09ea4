#pragma once

#include "server/api/rpcsession.h"
#include "server/webhooks/webhookcaller.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonObject>
#include <functional>
#include <memory>

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class RecordReader;
class TransactionForwarder;
class WebhookService;

// Answers JSON-RPC 2.0 requests (PROTOCOL §6) for the HTTP endpoint and the
// websocket alike. Lives on the node thread.
class RpcDispatcher
{
public:
    // What the websocket adds (rpcsession.h).
    using Session = RpcSession;
    RpcDispatcher(chain::ServedChain &chain, RecordReader &indexer)
        : m_chain(chain), m_indexer(indexer)
    {
    }
    // gif_createWebhook, gif_deleteWebhook, gif_webhookStatus and
    // gif_listWebhooks answer once this is set; the service lives on the
    // node thread too.
    void setWebhooks(WebhookService *webhooks) { m_webhooks = webhooks; }
    // What one call may hold the node's thread for in reads (REST's and
    // GraphQL's budget): a call whose reads run past it is cut and answered
    // -32603 with data.reason "time-limit" (0: every read is past it, tests).
    void setTimeBudget(qint64 ms) { m_timeBudgetMs = ms; }

    // Asked once for every request of a batch after the first (the first was
    // charged with the connection's request): false with the wait in
    // seconds when the client's bucket is empty.
    using Charge = std::function<bool(int *retryAfterSeconds)>;
    static constexpr qsizetype kMaxBatch = 100;
    static constexpr qsizetype kMaxBatchAnswerBytes = 16 * 1024 * 1024;
    // What an answer costs by its size, besides the token its call took: a
    // token for every so many bytes, owed (RateLimiter::owe).
    static constexpr qsizetype kAnswerBytesPerToken = 256 * 1024;

    // Who asks: the client's address, which a webhook is registered to, and
    // whether a web page asks (the entry point read its Origin).
    using Caller = WebhookCaller;

    // The response text, or empty when only notifications were sent, given
    // to `answered` once every call is answered: at once, but for a
    // transaction a read server forwards (setForwarder), which is answered
    // when the node answers. Called once; the dispatcher must outlive it.
    using Answered = std::function<void(const QByteArray &)>;
    void handle(const QByteArray &body, Session *session, const Charge &charge,
                const Caller &caller, Answered answered);
    // The same, answered at once: transactions are not forwarded (fuzzers
    // and tests; a read server's is "this server takes no transactions").
    QByteArray handle(const QByteArray &body, Session *session, const Charge &charge = {},
                      const Caller &caller = {});
    // Whether every call of `body` (one or a batch) is of a method that
    // reads the chain alone (rpc::Method::chainOnly): what a read server's
    // reader thread may answer. False for what does not parse, which the
    // node thread answers.
    static bool readsChainOnly(const QByteArray &body);
    // A read server's: where gif_sendRawTransaction goes, asynchronously.
    void setForwarder(TransactionForwarder *forwarder) { m_forwarder = forwarder; }

    static QJsonObject errorResponse(const QJsonValue &id, int code, const QString &message,
                                     const QJsonValue &data = QJsonValue::Undefined);

    using Error = RpcError;

private:
    struct Gathering;
    using Reply = std::function<void(const QJsonValue &)>;
    void handleBatch(const QJsonArray &batch, Session *session, const Charge &charge,
                     const std::shared_ptr<Gathering> &gathering);
    void handleOne(const QJsonValue &request, Session *session, const Reply &reply);
    void forward(const QJsonArray &params,
                 const std::function<void(const QJsonValue &, const Error &)> &answer);
    QJsonValue call(const QString &method, const QJsonArray &params, Session *session,
                    Error *error);
    // The webhook methods; false when `method` is not one of them.
    bool callWebhooks(const QString &method, const QJsonArray &params, QJsonValue *result,
                      Error *error);

    chain::ServedChain &m_chain;
    RecordReader &m_indexer;
    WebhookService *m_webhooks = nullptr;
    Caller m_caller; // of the request handle() is answering (it is not reentered)
    qint64 m_timeBudgetMs = 250;
    TransactionForwarder *m_forwarder = nullptr;
};

} // namespace gifscan::server
