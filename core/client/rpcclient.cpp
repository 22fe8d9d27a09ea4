#include "core/client/rpcclient.h"

#include "core/protocol/recordcodec.h"

#include <QJsonDocument>

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
    return {ClientError::Kind::Decode, 0, {}, 0, {}, message, 0};
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

void RpcClient::call(const QString &method, const QJsonArray &params, QObject *context,
                     Done<QJsonValue> done, bool idempotent)
{
    const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                              {QStringLiteral("id"), m_nextId++},
                              {QStringLiteral("method"), method},
                              {QStringLiteral("params"), params}};
    m_http->post(m_url, QJsonDocument(request).toJson(QJsonDocument::Compact), idempotent, context,
                 [done](const HttpResponse &r) {
                     Result<QJsonValue> out;
                     out.height = r.height.value_or(0);
                     const QJsonDocument doc = QJsonDocument::fromJson(r.body);
                     // An RPC error may come with an HTTP error status (429, 413): prefer the RPC
                     // body.
                     if (doc.isObject() && doc.object().contains(QStringLiteral("jsonrpc"))) {
                         out = parseResponse(doc.object());
                         out.height = r.height.value_or(0);
                     } else if (!r.error.ok()) {
                         out.error = r.error;
                     } else {
                         out.error =
                             decodeError(QStringLiteral("the body is not a JSON-RPC response"));
                     }
                     done(out);
                 });
}

void RpcClient::batch(const QList<Call> &calls, QObject *context,
                      std::function<void(const QList<Result<QJsonValue>> &)> done)
{
    QJsonArray requests;
    QList<int> ids;
    for (const Call &c : calls) {
        ids.append(m_nextId);
        requests.append(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                    {QStringLiteral("id"), m_nextId++},
                                    {QStringLiteral("method"), c.method},
                                    {QStringLiteral("params"), c.params}});
    }
    m_http->post(
        m_url, QJsonDocument(requests).toJson(QJsonDocument::Compact), true, context,
        [done, ids](const HttpResponse &r) {
            QList<Result<QJsonValue>> out(ids.size());
            const QJsonDocument doc = QJsonDocument::fromJson(r.body);
            if (!r.error.ok() || !doc.isArray()) {
                for (auto &o : out)
                    o.error = r.error.ok()
                                  ? decodeError(QStringLiteral("a batch is answered with an array"))
                                  : r.error;
                return done(out);
            }
            // Answers may come in any order: match them by id.
            QHash<int, QJsonValue> byId;
            for (const auto &answer : doc.array())
                byId.insert(answer.toObject().value(QStringLiteral("id")).toInt(-1), answer);
            for (qsizetype i = 0; i < ids.size(); ++i) {
                out[i] = byId.contains(ids[i]) ? parseResponse(byId.value(ids[i]))
                                               : Result<QJsonValue>{};
                if (!byId.contains(ids[i]))
                    out[i].error = decodeError(
                        QStringLiteral("no answer for request %1 of the batch").arg(ids[i]));
                out[i].height = r.height.value_or(0);
            }
            done(out);
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
