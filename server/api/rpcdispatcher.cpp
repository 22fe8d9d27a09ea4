#include "server/api/rpcdispatcher.h"

#include "chain/engine/servedchain.h"
#include "chain/store/sqlstatement.h"
#include "chain/store/statereader.h"
#include "server/api/readiness.h"
#include "server/api/rpccall.h"
#include "server/net/transactionforwarder.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

#include <QJsonDocument>
#include <QLoggingCategory>

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcRpc, "gifscan.devnet.rpc")

QJsonObject RpcDispatcher::errorResponse(const QJsonValue &id, int code, const QString &message,
                                         const QJsonValue &data)
{
    QJsonObject error{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isUndefined())
        error.insert(QStringLiteral("data"), data);
    return {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), id},
            {QStringLiteral("error"), error}};
}

namespace {
QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
} // namespace

// One request's answers as they come, each in its place: a forwarded
// transaction's comes later than the rest. Once every one is in, the
// request's answer is given.
struct RpcDispatcher::Gathering
{
    std::vector<QByteArray> texts; // compact JSON; empty: a notification's
    qsizetype known = 0;           // bytes of those in so far (the 16 MiB bound)
    int waiting = 0;
    bool batch = false;
    Answered answered;

    void put(qsizetype i, const QJsonValue &answer)
    {
        if (!answer.isUndefined()) {
            texts[static_cast<std::size_t>(i)] = compact(answer.toObject());
            known += texts[static_cast<std::size_t>(i)].size();
        }
        if (--waiting == 0)
            give();
    }
    // Compact JSON has no whitespace to differ: the array's text is its
    // answers' texts joined.
    void give()
    {
        QByteArray out;
        for (const QByteArray &t : texts) {
            if (t.isEmpty())
                continue;
            if (batch)
                out += out.isEmpty() ? '[' : ',';
            out += t;
        }
        answered(batch && !out.isEmpty() ? out + ']' : out);
    }
};

QByteArray RpcDispatcher::handle(const QByteArray &body, Session *session, const Charge &charge,
                                 const Caller &caller)
{
    // Forwarding, the only call that answers later, is off here.
    TransactionForwarder *forwarder = std::exchange(m_forwarder, nullptr);
    QByteArray out;
    handle(body, session, charge, caller, [&out](const QByteArray &answer) { out = answer; });
    m_forwarder = forwarder;
    return out;
}

void RpcDispatcher::handle(const QByteArray &body, Session *session, const Charge &charge,
                           const Caller &caller, Answered answered)
{
    m_caller = caller;
    // Over the websocket this is the request's scope; over HTTP, the
    // server's already is (and this one shares it).
    const chain::ChainReadScope scope(m_chain);
    if (!scope.ok())
        return answered(compact(errorResponse(
            QJsonValue::Null, rpc::kUnavailable,
            QStringLiteral("this server cannot read its database now (%1)")
                .arg(scope.failure().message),
            QJsonObject{{QStringLiteral("retryAfter"), Readiness::kRetryAfterSeconds}})));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return answered(compact(
            errorResponse(QJsonValue::Null, rpc::kParseError,
                          QStringLiteral("parse error: %1").arg(parseError.errorString()))));
    auto gathering = std::make_shared<Gathering>();
    gathering->answered = std::move(answered);
    if (!doc.isArray()) {
        gathering->texts.resize(1);
        gathering->waiting = 1;
        handleOne(doc.object(), session,
                  [gathering](const QJsonValue &a) { gathering->put(0, a); });
        return;
    }
    const QJsonArray batch = doc.array();
    if (batch.isEmpty())
        return gathering->answered(compact(
            errorResponse(QJsonValue::Null, rpc::kInvalidRequest, QStringLiteral("empty batch"))));
    // A batch costs what its requests cost: a token each, at most 100 of
    // them, and an answer of bounded size (a batch of 300 full blocks once
    // stalled the node for half a minute).
    if (batch.size() > kMaxBatch)
        return gathering->answered(compact(
            errorResponse(QJsonValue::Null, rpc::kInvalidRequest,
                          QStringLiteral("a batch holds at most %1 requests").arg(kMaxBatch))));
    handleBatch(batch, session, charge, gathering);
}

void RpcDispatcher::handleBatch(const QJsonArray &batch, Session *session, const Charge &charge,
                                const std::shared_ptr<Gathering> &gathering)
{
    gathering->batch = true;
    gathering->texts.resize(static_cast<std::size_t>(batch.size()));
    // One more than the calls, let go after the loop: nothing is given
    // before every call was at least begun.
    gathering->waiting = static_cast<int>(batch.size()) + 1;
    for (qsizetype i = 0; i < batch.size(); ++i) {
        const QJsonValue request = batch.at(i);
        const QJsonValue id = request.toObject().value(QStringLiteral("id"));
        const QJsonValue replyId =
            id.isString() || id.isDouble() ? id : QJsonValue(QJsonValue::Null);
        int retryAfter = 0;
        if (i > 0 && charge && !charge(&retryAfter))
            gathering->put(
                i, errorResponse(replyId, rpc::kRateLimited,
                                 QStringLiteral("rate limited: retry in %1 s").arg(retryAfter),
                                 QJsonObject{{QStringLiteral("retryAfter"), retryAfter}}));
        else if (gathering->known > kMaxBatchAnswerBytes)
            // Said as the node's limit, not the caller's mistake, with the
            // limit itself, so that a client asks the rest again in batches
            // that fit rather than calling it an answer.
            gathering->put(
                i, errorResponse(
                       replyId, rpc::kInvalidRequest,
                       QStringLiteral(
                           "the batch's answer passed 16 MiB: ask for the rest in another batch"),
                       QJsonObject{
                           {QStringLiteral("reason"), QStringLiteral("answer-limit")},
                           {QStringLiteral("limit"), static_cast<qint64>(kMaxBatchAnswerBytes)}}));
        else
            handleOne(request, session,
                      [gathering, i](const QJsonValue &a) { gathering->put(i, a); });
    }
    gathering->put(-1, QJsonValue::Undefined);
}

void RpcDispatcher::handleOne(const QJsonValue &request, Session *session, const Reply &reply)
{
    const QJsonObject r = request.toObject();
    const QJsonValue id = r.value(QStringLiteral("id"));
    const bool idOk = id.isUndefined() || id.isNull() || id.isString() || id.isDouble();
    const QJsonValue params = r.value(QStringLiteral("params"));
    if (!request.isObject() || r.value(QStringLiteral("jsonrpc")) != QLatin1String("2.0") ||
        !r.value(QStringLiteral("method")).isString() || !idOk ||
        !(params.isUndefined() || params.isArray()))
        return reply(errorResponse(
            idOk && !id.isUndefined() ? id : QJsonValue::Null, rpc::kInvalidRequest,
            QStringLiteral("not a JSON-RPC 2.0 request (jsonrpc \"2.0\", method, params array)")));
    const QString method = r.value(QStringLiteral("method")).toString();
    // What answers it: the call's result or error, as this request's answer
    // (none for a notification, even to an error).
    auto answer = [id, reply](const QJsonValue &result, const Error &error) {
        if (id.isUndefined())
            return reply(QJsonValue::Undefined);
        if (error.code != 0)
            return reply(errorResponse(id, error.code, error.message, error.data));
        reply(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                          {QStringLiteral("id"), id},
                          {QStringLiteral("result"), result}});
    };
    if (m_forwarder && method == QLatin1String("gif_sendRawTransaction"))
        return forward(params.toArray(), answer);
    Error error;
    QJsonValue result;
    // A bug reached by one request answers that request with -32603; it
    // never takes the node, and everyone else's requests, down with it. Its
    // reads are cut at the time budget: a raw genesis block held the node
    // 122 ms a call, and a client's calls, one after another, everyone's.
    const chain::ReadDeadline deadline(m_chain.state().tables(), m_timeBudgetMs);
    try {
        result = call(method, params.toArray(), session, &error);
    } catch (const std::exception &e) {
        if (deadline.passed()) {
            error = {rpc::kInternalError,
                     QStringLiteral("this call ran past the node's time limit of %1 ms")
                         .arg(m_timeBudgetMs),
                     QJsonObject{{QStringLiteral("reason"), QStringLiteral("time-limit")},
                                 {QStringLiteral("limit"), m_timeBudgetMs}}};
        } else if (chain::failureOf(e, {}).kind == Failure::Kind::Unavailable) {
            // The database went away mid-call: asking again later may work.
            error = {rpc::kUnavailable,
                     QStringLiteral("this server cannot read its database now (%1)")
                         .arg(QString::fromUtf8(e.what())),
                     QJsonObject{
                         {QStringLiteral("retryAfter"), Readiness::kRetryAfterSeconds},
                         {QStringLiteral("height"), static_cast<qint64>(m_chain.state().head())}}};
        } else {
            qCCritical(lcRpc).noquote() << "internal error in" << method << ":" << e.what();
            error = {rpc::kInternalError, QStringLiteral("internal error"), QJsonValue::Undefined};
        }
    }
    answer(result, error);
}

void RpcDispatcher::forward(const QJsonArray &params,
                            const std::function<void(const QJsonValue &, const Error &)> &answer)
{
    Error error;
    const chain::ChainView &state = m_chain.state();
    const QString method = QStringLiteral("gif_sendRawTransaction");
    rpc::Call c{m_chain, m_indexer, state,  state.head(),
                method,  nullptr,   &error, rpc::Params(params, &error)};
    const auto raw = c.rawTransaction();
    if (!raw)
        return answer({}, error);
    m_forwarder->forward(*raw, m_caller.address, [answer](const chain::Submission &s) {
        Error refused;
        const QJsonValue result = rpc::submitted(s, &refused);
        answer(result, refused);
    });
}

bool RpcDispatcher::readsChainOnly(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonArray calls = doc.isArray() ? doc.array() : QJsonArray{doc.object()};
    if (calls.isEmpty() || calls.size() > kMaxBatch)
        return false;
    for (const QJsonValue &request : calls) {
        const QString method = request.toObject().value(QStringLiteral("method")).toString();
        if (!rpc::methods().value(method).chainOnly)
            return false;
    }
    return true;
}

QJsonValue RpcDispatcher::call(const QString &method, const QJsonArray &params, Session *session,
                               Error *error)
{
    if (const rpc::Handler handler = rpc::methods().value(method).handler) {
        const chain::ChainView &state = m_chain.state();
        rpc::Call c{m_chain, m_indexer, state, state.head(),
                    method,  session,   error, rpc::Params(params, error)};
        return handler(c);
    }
    QJsonValue result;
    if (callWebhooks(method, params, &result, error))
        return result;
    *error = {rpc::kMethodNotFound, QStringLiteral("no method %1").arg(method),
              QJsonValue::Undefined};
    return {};
}

} // namespace gifscan::server
