#include "devnet/api/rpcdispatcher.h"

#include "chain/engine/chain.h"
#include "chain/store/statereader.h"
#include "devnet/api/readiness.h"
#include "devnet/api/rpccall.h"
#include "devnet/records/indexer.h"
#include "devnet/records/recordjson.h"

#include <QJsonDocument>
#include <QLoggingCategory>

namespace gifscan::devnet {

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

QByteArray RpcDispatcher::handle(const QByteArray &body, Session *session, const Charge &charge,
                                 const Caller &caller)
{
    m_caller = caller;
    // Over the websocket this is the request's scope; over HTTP, the
    // server's already is (and this one shares it).
    const ChainReadScope scope(m_chain);
    if (!scope.ok())
        return QJsonDocument(errorResponse(QJsonValue::Null, rpc::kUnavailable,
                                           QStringLiteral("this server cannot read its database "
                                                          "now (%1)")
                                               .arg(scope.failure().message),
                                           QJsonObject{{QStringLiteral("retryAfter"),
                                                        Readiness::kRetryAfterSeconds}}))
            .toJson(QJsonDocument::Compact);
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return QJsonDocument(
                   errorResponse(QJsonValue::Null, rpc::kParseError,
                                 QStringLiteral("parse error: %1").arg(parseError.errorString())))
            .toJson(QJsonDocument::Compact);
    if (doc.isArray()) {
        const QJsonArray batch = doc.array();
        if (batch.isEmpty())
            return QJsonDocument(errorResponse(QJsonValue::Null, rpc::kInvalidRequest,
                                               QStringLiteral("empty batch")))
                .toJson(QJsonDocument::Compact);
        // A batch costs what its requests cost: a token each, at most 100 of
        // them, and an answer of bounded size (a batch of 300 full blocks
        // once stalled the node for half a minute).
        if (batch.size() > kMaxBatch)
            return QJsonDocument(
                       errorResponse(
                           QJsonValue::Null, rpc::kInvalidRequest,
                           QStringLiteral("a batch holds at most %1 requests").arg(kMaxBatch)))
                .toJson(QJsonDocument::Compact);
        // Each answer serialized once, as it comes: the array's text is the
        // answers' texts joined (compact JSON has no whitespace to differ),
        // and its size so far is what the 16 MiB bound counts. Serializing
        // each to count and the whole array again took a sixth of the
        // node's time under a client's batches of proofs and contents.
        QByteArray answers;
        for (qsizetype i = 0; i < batch.size(); ++i) {
            const QJsonValue request = batch.at(i);
            const QJsonValue id = request.toObject().value(QStringLiteral("id"));
            const QJsonValue replyId =
                id.isString() || id.isDouble() ? id : QJsonValue(QJsonValue::Null);
            int retryAfter = 0;
            QJsonValue answer;
            if (i > 0 && charge && !charge(&retryAfter))
                answer =
                    errorResponse(replyId, rpc::kRateLimited,
                                  QStringLiteral("rate limited: retry in %1 s").arg(retryAfter),
                                  QJsonObject{{QStringLiteral("retryAfter"), retryAfter}});
            else if (answers.size() > kMaxBatchAnswerBytes)
                // Said as the node's limit, not the caller's mistake, with
                // the limit itself, so that a client asks the rest again in
                // batches that fit rather than calling it an answer.
                answer = errorResponse(
                    replyId, rpc::kInvalidRequest,
                    QStringLiteral(
                        "the batch's answer passed 16 MiB: ask for the rest in another batch"),
                    QJsonObject{
                        {QStringLiteral("reason"), QStringLiteral("answer-limit")},
                        {QStringLiteral("limit"), static_cast<qint64>(kMaxBatchAnswerBytes)}});
            else
                answer = handleOne(request, session);
            if (answer.isUndefined())
                continue;
            answers += answers.isEmpty() ? '[' : ',';
            answers += QJsonDocument(answer.toObject()).toJson(QJsonDocument::Compact);
        }
        return answers.isEmpty() ? QByteArray() : answers + ']';
    }
    const QJsonValue answer = handleOne(doc.object(), session);
    return answer.isUndefined() ? QByteArray()
                                : QJsonDocument(answer.toObject()).toJson(QJsonDocument::Compact);
}

QJsonValue RpcDispatcher::handleOne(const QJsonValue &request, Session *session)
{
    const QJsonObject r = request.toObject();
    const QJsonValue id = r.value(QStringLiteral("id"));
    const bool idOk = id.isUndefined() || id.isNull() || id.isString() || id.isDouble();
    const QJsonValue params = r.value(QStringLiteral("params"));
    if (!request.isObject() || r.value(QStringLiteral("jsonrpc")) != QLatin1String("2.0") ||
        !r.value(QStringLiteral("method")).isString() || !idOk ||
        !(params.isUndefined() || params.isArray()))
        return errorResponse(
            idOk && !id.isUndefined() ? id : QJsonValue::Null, rpc::kInvalidRequest,
            QStringLiteral("not a JSON-RPC 2.0 request (jsonrpc \"2.0\", method, params array)"));
    Error error;
    QJsonValue result;
    // A bug reached by one request answers that request with -32603; it
    // never takes the node, and everyone else's requests, down with it. Its
    // reads are cut at the time budget: a raw genesis block held the node
    // 122 ms a call, and a client's calls, one after another, everyone's.
    const ReadDeadline deadline(m_chain.state().tables(), m_timeBudgetMs);
    try {
        result =
            call(r.value(QStringLiteral("method")).toString(), params.toArray(), session, &error);
    } catch (const std::exception &e) {
        if (deadline.passed()) {
            error = {rpc::kInternalError,
                     QStringLiteral("this call ran past the node's time limit of %1 ms")
                         .arg(m_timeBudgetMs),
                     QJsonObject{{QStringLiteral("reason"), QStringLiteral("time-limit")},
                                 {QStringLiteral("limit"), m_timeBudgetMs}}};
            if (id.isUndefined())
                return QJsonValue::Undefined;
            return errorResponse(id, error.code, error.message, error.data);
        }
        qCCritical(lcRpc).noquote()
            << "internal error in" << r.value(QStringLiteral("method")).toString() << ":"
            << e.what();
        error = {rpc::kInternalError, QStringLiteral("internal error"), QJsonValue::Undefined};
    }
    if (id.isUndefined())
        return QJsonValue::Undefined; // a notification: no answer, even to an error
    if (error.code != 0)
        return errorResponse(id, error.code, error.message, error.data);
    return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("id"), id},
                       {QStringLiteral("result"), result}};
}

QJsonValue RpcDispatcher::call(const QString &method, const QJsonArray &params, Session *session,
                               Error *error)
{
    if (const rpc::Handler handler = rpc::methods().value(method)) {
        const ChainView &state = m_chain.state();
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

} // namespace gifscan::devnet
