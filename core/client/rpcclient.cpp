#include "core/client/rpcclient.h"

#include "core/protocol/recordcodec.h"
#include "core/support/clock.h"

#include <QJsonDocument>
#include <QPointer>
#include <QTimer>

namespace gifscan {

namespace {
QJsonArray withHeight(QJsonArray params, std::optional<std::uint64_t> height)
{
    if (height)
        params.append(static_cast<qint64>(*height));
    return params;
}

ClientError decodeError(const QString &message)
{
    return {ClientError::Kind::Decode, 0, {}, 0, {}, message, 0, {}};
}

// How long to wait before asking again what the node declined for its own
// reasons: the wait it asked for (its rate limit, a read server behind),
// none for its answer limit when the round answered something (the rest
// goes in the next, smaller batch), else a backoff that doubles.
int againAfterMs(const ClientError &e, int attempt, bool progressed)
{
    // A node's wait in seconds, clamped before it is made milliseconds: a
    // day is past any deadline already, and 2^31 s would wrap to a negative
    // wait that a timer never ends.
    const auto asked = [](qint64 seconds) {
        return static_cast<int>(std::clamp<qint64>(seconds, 1, 86400) * 1000);
    };
    const int backoff = std::min(8000, 500 << std::min(attempt, 4));
    if (e.kind == ClientError::Kind::RateLimited)
        return asked(e.retryAfter);
    if (e.rpcCode == -32006)
        return asked(e.rpcData.toObject().value(QStringLiteral("retryAfter")).toInteger(1));
    if (e.code == QLatin1String("answer-limit"))
        return progressed ? 0 : backoff;
    return backoff;
}

// The words of a call given up at its deadline: what the node said, and that
// it was asked again until then, so that nobody reads it as an answer.
QString givenUp(const ClientError &e, int waitMs, int deadlineMs)
{
    if (e.kind == ClientError::Kind::RateLimited)
        return QStringLiteral("the node refused it for its rate limit, and its wait (%1 s) "
                              "passes this call's deadline (%2 s)")
            .arg(waitMs / 1000)
            .arg(deadlineMs / 1000);
    return QStringLiteral("%1 (asked again until this call's deadline, %2 s)")
        .arg(e.message)
        .arg(deadlineMs / 1000);
}

// Per-type decoding of a result value.
bool decodeResult(const QJsonValue &v, std::uint64_t *out, DecodeError *e)
{
    auto u = jsonUint(v);
    if (!u)
        *e = {QStringLiteral("result"), QStringLiteral("not a non-negative integer")};
    *out = u.value_or(0);
    return u.has_value();
}
bool decodeResult(const QJsonValue &v, Hash32 *out, DecodeError *e)
{
    auto h = parseHash(v.toString());
    if (!h)
        *e = {QStringLiteral("result"), QStringLiteral("not a hash")};
    *out = h.value_or(Hash32{});
    return h.has_value();
}
bool decodeResult(const QJsonValue &v, QByteArray *out, DecodeError *e)
{
    auto b = parseHex(v.toString());
    if (!b)
        *e = {QStringLiteral("result"), QStringLiteral("not hex bytes")};
    else
        *out = toByteArray(*b);
    return b.has_value();
}
bool decodeResult(const QJsonValue &v, QList<OwnedLeaf> *out, DecodeError *e)
{
    return RecordCodec::decodeList(v, QStringLiteral("result"), out, e);
}
bool decodeResult(const QJsonValue &v, std::optional<Listing> *out, DecodeError *e)
{
    out->reset();
    if (v.isNull())
        return true;
    Listing l;
    if (!RecordCodec::decode(v, QStringLiteral("result"), &l, e))
        return false;
    *out = l;
    return true;
}
template <typename T> bool decodeResult(const QJsonValue &v, T *out, DecodeError *e)
{
    return RecordCodec::decode(v, QStringLiteral("result"), out, e);
}

// gif_validators: {validators, validatorsHash, quorum}, consistent with itself.
template <> bool decodeResult(const QJsonValue &v, ValidatorSet *out, DecodeError *e)
{
    JsonFields f(v, QStringLiteral("result"), e);
    const QJsonValue list = f.value("validators");
    const Hash32 hash = f.hash("validatorsHash");
    const std::uint64_t quorum = f.uint("quorum");
    if (!f.ok())
        return false;
    QString why;
    auto set = ValidatorSet::fromJson(list, &why);
    if (!set)
        f.fail("validators", why);
    else if (set->hash() != hash)
        f.fail("validatorsHash", QStringLiteral("is not the hash of the addresses listed"));
    else if (set->quorum() != quorum)
        f.fail(
            "quorum",
            QStringLiteral("%1 is not the quorum of %2 validators").arg(quorum).arg(set->size()));
    if (!f.ok())
        return false;
    *out = std::move(*set);
    return true;
}
} // namespace

RpcClient::RpcClient(const QUrl &rpcUrl, HttpClient *http, QObject *parent)
    : QObject(parent), m_url(rpcUrl), m_http(http)
{
}

Result<QJsonValue> RpcClient::parseResponse(const QJsonValue &response)
{
    Result<QJsonValue> out;
    const QJsonObject o = response.toObject();
    if (!response.isObject() || o.value(QStringLiteral("jsonrpc")) != QLatin1String("2.0")) {
        out.error = decodeError(QStringLiteral("not a JSON-RPC 2.0 response"));
    } else if (o.contains(QStringLiteral("error"))) {
        const QJsonObject e = o.value(QStringLiteral("error")).toObject();
        out.error.kind = ClientError::Kind::Rpc;
        out.error.rpcCode = e.value(QStringLiteral("code")).toInt();
        out.error.message = e.value(QStringLiteral("message")).toString();
        out.error.rpcData = e.value(QStringLiteral("data"));
        out.error.code = out.error.rpcData.toObject().value(QStringLiteral("reason")).toString();
        if (out.error.rpcCode == -32005) {
            out.error.kind = ClientError::Kind::RateLimited;
            out.error.retryAfter =
                out.error.rpcData.toObject().value(QStringLiteral("retryAfter")).toInt(1);
        }
    } else if (!o.contains(QStringLiteral("result"))) {
        out.error = decodeError(QStringLiteral("a response with neither result nor error"));
    } else {
        out.value = o.value(QStringLiteral("result"));
    }
    return out;
}

// A single idempotent call, asked again while the node declines it.
struct RpcClient::SingleCall
{
    QString method;
    QJsonArray params;
    qint64 deadlineMs = 0; // on the steady clock
    int attempt = 0;
    QPointer<QObject> context;
    bool hadContext = false;
    Done<QJsonValue> done;
};

void RpcClient::call(const QString &method, const QJsonArray &params, QObject *context,
                     Done<QJsonValue> done, bool idempotent)
{
    if (!idempotent)
        return callOnce(method, params, context, std::move(done), false);
    auto c = std::make_shared<SingleCall>();
    c->method = method;
    c->params = params;
    c->context = context;
    c->hadContext = context != nullptr;
    c->deadlineMs = Clock::steady().nowMs() + m_http->options().deadlineMs;
    c->done = std::move(done);
    askSingle(c);
}

void RpcClient::askSingle(const std::shared_ptr<SingleCall> &c)
{
    QObject *context = c->hadContext ? c->context.data() : this;
    if (!context)
        return; // whoever asked is gone
    callOnce(
        c->method, c->params, context,
        [this, self = QPointer<RpcClient>(this), c](const Result<QJsonValue> &r) {
            if (self)
                singleAnswered(c, r);
        },
        true);
}

// An internal error or a read server behind is the node's own state, not an
// answer: asked again, within the call's deadline.
void RpcClient::singleAnswered(const std::shared_ptr<SingleCall> &c, const Result<QJsonValue> &r)
{
    const bool refused = r.error.kind == ClientError::Kind::Rpc && r.error.isRefusal();
    if (!refused)
        return c->done(r);
    const int waitMs = againAfterMs(r.error, c->attempt++, false);
    QObject *context = c->hadContext ? c->context.data() : this;
    if (Clock::steady().nowMs() + waitMs >= c->deadlineMs || !context) {
        Result<QJsonValue> out = r;
        out.error.message = givenUp(r.error, waitMs, m_http->options().deadlineMs);
        return c->done(out);
    }
    QTimer::singleShot(waitMs, context, [this, self = QPointer<RpcClient>(this), c] {
        if (self)
            askSingle(c);
    });
}

void RpcClient::callOnce(const QString &method, const QJsonArray &params, QObject *context,
                         Done<QJsonValue> done, bool idempotent)
{
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), m_nextId++},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    m_http->post(m_url, QJsonDocument(request).toJson(QJsonDocument::Compact), idempotent, context,
                 [done, url = m_url](const HttpResponse &r) {
                     Result<QJsonValue> out;
                     out.height = r.height.value_or(0);
                     const QJsonDocument doc = QJsonDocument::fromJson(r.body);
                     // An RPC error may come with an HTTP error status (429, 413): prefer the RPC
                     // body.
                     if (doc.isObject() && doc.object().contains(QStringLiteral("jsonrpc"))) {
                         out = parseResponse(doc.object());
                         out.height = r.height.value_or(0);
                         if (!out.error.ok())
                             out.error.url = url; // whose words, when they are said
                     } else if (!r.error.ok()) {
                         out.error = r.error;
                     } else {
                         out.error =
                             decodeError(QStringLiteral("the body is not a JSON-RPC response"));
                     }
                     done(out);
                 });
}

// A batch being answered: what each call got, and which calls the node
// declined for its own reasons, to ask again.
struct RpcClient::PendingBatch
{
    QList<Call> calls;
    QList<Result<QJsonValue>> answers;
    QList<int> waiting;    // the calls (indexes) still to be answered
    qint64 deadlineMs = 0; // on the steady clock
    int attempt = 0;       // rounds asked again so far
    QPointer<QObject> context;
    bool hadContext = false;
    std::function<void(const QList<Result<QJsonValue>> &)> done;
};

void RpcClient::batch(const QList<Call> &calls, QObject *context,
                      std::function<void(const QList<Result<QJsonValue>> &)> done)
{
    auto b = std::make_shared<PendingBatch>();
    b->calls = calls;
    b->answers.resize(calls.size());
    for (int i = 0; i < calls.size(); ++i)
        b->waiting.append(i);
    b->deadlineMs = Clock::steady().nowMs() + m_http->options().deadlineMs;
    b->context = context;
    b->hadContext = context != nullptr;
    b->done = std::move(done);
    sendBatch(b);
}

void RpcClient::sendBatch(const std::shared_ptr<PendingBatch> &b)
{
    QJsonArray requests;
    QList<int> ids;
    for (const int i : std::as_const(b->waiting)) {
        ids.append(m_nextId);
        requests.append(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                    {QStringLiteral("id"), m_nextId++},
                                    {QStringLiteral("method"), b->calls[i].method},
                                    {QStringLiteral("params"), b->calls[i].params}});
    }
    m_http->post(
        m_url, QJsonDocument(requests).toJson(QJsonDocument::Compact), true, b->context,
        [this, self = QPointer<RpcClient>(this), b, ids](const HttpResponse &r) {
            if (self)
                batchAnswered(b, ids, r);
        },
        static_cast<double>(ids.size()));
}

void RpcClient::batchAnswered(const std::shared_ptr<PendingBatch> &b, const QList<int> &ids,
                              const HttpResponse &r)
{
    const QJsonDocument doc = QJsonDocument::fromJson(r.body);
    // Answers may come in any order: match them by id.
    QHash<int, QJsonValue> byId;
    if (r.error.ok() && doc.isArray())
        for (const auto &answer : doc.array())
            byId.insert(answer.toObject().value(QStringLiteral("id")).toInt(-1), answer);
    // A whole batch answered with one JSON-RPC error (a 429 or 503 with its
    // body) is that error for each of its calls.
    const std::optional<Result<QJsonValue>> whole =
        doc.isObject() && doc.object().contains(QStringLiteral("jsonrpc"))
            ? std::optional(parseResponse(doc.object()))
            : std::nullopt;
    QList<int> again;
    int waitMs = 0; // the longest any refusal asks
    int rateLimitedS = 0;
    for (qsizetype k = 0; k < ids.size(); ++k) {
        Result<QJsonValue> &out = b->answers[b->waiting[k]];
        if (whole && !whole->error.ok())
            out = *whole;
        else if (!r.error.ok())
            out.error = r.error;
        else if (!doc.isArray())
            out.error = decodeError(QStringLiteral("a batch is answered with an array"));
        else if (!byId.contains(ids[k]))
            out.error =
                decodeError(QStringLiteral("no answer for request %1 of the batch").arg(ids[k]));
        else
            out = parseResponse(byId.value(ids[k]));
        out.height = r.height.value_or(0);
        if (!out.error.ok() && out.error.url.isEmpty())
            out.error.url = m_url;
        // Declined for the node's own reasons, not answered: asked again.
        if (out.error.isUnanswered())
            again.append(b->waiting[k]);
    }
    const bool progressed = again.size() < ids.size();
    for (const int i : std::as_const(again)) {
        const ClientError &e = b->answers[i].error;
        waitMs = std::max(waitMs, againAfterMs(e, b->attempt, progressed));
        if (e.kind == ClientError::Kind::RateLimited)
            rateLimitedS = std::max(rateLimitedS, std::max(1, e.retryAfter));
    }
    b->waiting = again;
    if (again.isEmpty())
        return b->done(b->answers);
    ++b->attempt;
    if (Clock::steady().nowMs() + waitMs >= b->deadlineMs) {
        for (const int i : std::as_const(again))
            b->answers[i].error.message =
                givenUp(b->answers[i].error, waitMs, m_http->options().deadlineMs);
        return b->done(b->answers);
    }
    if (rateLimitedS > 0)
        m_http->noteRateLimited(m_url, rateLimitedS);
    QObject *context = b->hadContext ? b->context.data() : this;
    if (!context)
        return; // whoever asked is gone
    QTimer::singleShot(waitMs, context, [this, self = QPointer<RpcClient>(this), b] {
        if (self)
            sendBatch(b);
    });
}

template <typename T>
void RpcClient::typed(const QString &method, const QJsonArray &params, QObject *context,
                      Done<T> done)
{
    call(method, params, context, [done](const Result<QJsonValue> &r) {
        Result<T> out;
        out.error = r.error;
        out.height = r.height;
        if (r.error.ok()) {
            T value{};
            DecodeError e;
            if (decodeResult(*r.value, &value, &e)) {
                out.value = std::move(value);
                out.raw = *r.value;
            } else
                out.error = decodeError(e.toString());
        }
        done(out);
    });
}

void RpcClient::chainId(QObject *context, Done<std::uint64_t> done)
{
    typed<std::uint64_t>(QStringLiteral("gif_chainId"), {}, context, std::move(done));
}

void RpcClient::blockNumber(QObject *context, Done<std::uint64_t> done)
{
    typed<std::uint64_t>(QStringLiteral("gif_blockNumber"), {}, context, std::move(done));
}

void RpcClient::block(std::uint64_t height, bool withTxs, QObject *context, Done<Block> done)
{
    typed<Block>(QStringLiteral("gif_getBlockByHeight"), {static_cast<qint64>(height), withTxs},
                 context, std::move(done));
}

void RpcClient::transaction(const Hash32 &hash, QObject *context, Done<TransactionWithReceipt> done)
{
    typed<TransactionWithReceipt>(QStringLiteral("gif_getTransaction"), {toHexString(hash)},
                                  context, std::move(done));
}

void RpcClient::object(const QString &slug, std::uint64_t tokenId,
                       std::optional<std::uint64_t> height, QObject *context,
                       Done<ObjectRecord> done)
{
    typed<ObjectRecord>(QStringLiteral("gif_getObject"),
                        withHeight({slug, static_cast<qint64>(tokenId)}, height), context,
                        std::move(done));
}

void RpcClient::objectBytes(const QString &slug, std::uint64_t tokenId,
                            std::optional<std::uint64_t> height, QObject *context,
                            Done<QByteArray> done)
{
    typed<QByteArray>(QStringLiteral("gif_getObjectBytes"),
                      withHeight({slug, static_cast<qint64>(tokenId)}, height), context,
                      std::move(done));
}

void RpcClient::ownership(const Address &address, std::optional<std::uint64_t> height,
                          QObject *context, Done<QList<OwnedLeaf>> done)
{
    typed<QList<OwnedLeaf>>(QStringLiteral("gif_getOwnership"),
                            withHeight({toHexString(address)}, height), context, std::move(done));
}

void RpcClient::listing(const QString &slug, std::uint64_t tokenId,
                        std::optional<std::uint64_t> height, QObject *context,
                        Done<std::optional<Listing>> done)
{
    typed<std::optional<Listing>>(QStringLiteral("gif_getListing"),
                                  withHeight({slug, static_cast<qint64>(tokenId)}, height), context,
                                  std::move(done));
}

void RpcClient::objectRoot(std::uint64_t height, QObject *context, Done<Hash32> done)
{
    typed<Hash32>(QStringLiteral("gif_objectRoot"), {static_cast<qint64>(height)}, context,
                  std::move(done));
}

void RpcClient::proof(const QString &slug, std::uint64_t tokenId,
                      std::optional<std::uint64_t> height, QObject *context, Done<ObjectProof> done)
{
    typed<ObjectProof>(QStringLiteral("gif_proof"),
                       withHeight({slug, static_cast<qint64>(tokenId)}, height), context,
                       std::move(done));
}

void RpcClient::holdingsProof(const Address &address, std::optional<std::uint64_t> height,
                              QObject *context, Done<HoldingsProof> done)
{
    typed<HoldingsProof>(QStringLiteral("gif_holdingsProof"),
                         withHeight({toHexString(address)}, height), context, std::move(done));
}

void RpcClient::validators(QObject *context, Done<ValidatorSet> done)
{
    typed<ValidatorSet>(QStringLiteral("gif_validators"), {}, context, std::move(done));
}

void RpcClient::sendRawTransaction(const Bytes &raw, QObject *context, Done<Hash32> done)
{
    call(
        QStringLiteral("gif_sendRawTransaction"), {toHexString(raw)}, context,
        [done](const Result<QJsonValue> &r) {
            Result<Hash32> out;
            out.error = r.error;
            out.height = r.height;
            if (r.error.ok()) {
                auto h = parseHash(r.value->toString());
                if (h)
                    out.value = *h;
                else
                    out.error = decodeError(QStringLiteral("result: not a hash"));
            }
            done(out);
        },
        false);
}

} // namespace gifscan
