#include "devnet/rpcdispatcher.h"

#include "devnet/chain.h"
#include "devnet/indexer.h"
#include "devnet/recordjson.h"

#include <QJsonDocument>
#include <QLoggingCategory>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcRpc, "gifscan.devnet.rpc")

namespace {
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kNotFound = -32001;
constexpr int kRejected = -32003;
constexpr int kInternalError = -32603;
constexpr int kRateLimited = -32005;

// Checked access to positional params; the first failure wins.
class Params
{
public:
    Params(const QJsonArray &params, RpcDispatcher::Error *error) : m_params(params), m_error(error)
    {
    }

    bool failed() const { return m_error->code != 0; }
    bool has(qsizetype i) const { return i < m_params.size(); }
    bool count(qsizetype min, qsizetype max)
    {
        if (m_params.size() < min || m_params.size() > max)
            fail(QStringLiteral("expected %1 to %2 params, got %3")
                     .arg(min)
                     .arg(max)
                     .arg(m_params.size()));
        return !failed();
    }
    void fail(const QString &message)
    {
        if (!failed())
            *m_error = {kInvalidParams, message, QJsonValue::Undefined};
    }
    std::uint64_t uint(qsizetype i, const char *what)
    {
        const QJsonValue v = m_params.at(i);
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d != std::floor(d) || d >= 9007199254740992.0) {
            fail(QStringLiteral("%1 must be a non-negative integer").arg(QLatin1String(what)));
            return 0;
        }
        return static_cast<std::uint64_t>(d);
    }
    QString slug(qsizetype i)
    {
        const QString s = m_params.at(i).toString();
        if (!m_params.at(i).isString() || !isValidSlug(s))
            fail(QStringLiteral("slug must match ^[a-z0-9][a-z0-9-]{0,63}$"));
        return s;
    }
    QString string(qsizetype i, const char *what)
    {
        if (!m_params.at(i).isString())
            fail(QStringLiteral("%1 must be a string").arg(QLatin1String(what)));
        return m_params.at(i).toString();
    }

private:
    const QJsonArray &m_params;
    RpcDispatcher::Error *m_error;
};
} // namespace

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
// PROTOCOL §2.6: the holder's objects sorted by key, and its leaf's path.
QJsonObject holdingsProof(const ChainState &state, const Address &owner, std::uint64_t height)
{
    const SparseMerkleTree::Path path = state.holdingsAt(height)->path(holdingsKey(owner));
    QJsonArray objects, siblings;
    if (path.found) {
        for (const Hash32 &key : state.holdingsOf(owner, height))
            objects.append(state.object(state.objectIndex(key)).displayKey);
    }
    for (const auto &s : path.siblings)
        siblings.append(RecordJson::hex(s));
    QJsonValue other = QJsonValue::Null;
    if (path.otherLeaf)
        other = QJsonObject{{QStringLiteral("key"), RecordJson::hex(path.otherLeaf->first)},
                            {QStringLiteral("valueHash"), RecordJson::hex(path.otherLeaf->second)}};
    return {
        {QStringLiteral("owner"), RecordJson::hex(owner)},
        {QStringLiteral("height"), static_cast<qint64>(height)},
        {QStringLiteral("holdingsRoot"), RecordJson::hex(state.block(height)->header.holdingsRoot)},
        {QStringLiteral("objects"), objects},
        {QStringLiteral("otherLeaf"), other},
        {QStringLiteral("siblings"), siblings}};
}
} // namespace

QByteArray RpcDispatcher::handle(const QByteArray &body, Session *session, const Charge &charge,
                                 const QHostAddress &caller)
{
    m_caller = caller.toString();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return QJsonDocument(
                   errorResponse(QJsonValue::Null, kParseError,
                                 QStringLiteral("parse error: %1").arg(parseError.errorString())))
            .toJson(QJsonDocument::Compact);
    if (doc.isArray()) {
        const QJsonArray batch = doc.array();
        if (batch.isEmpty())
            return QJsonDocument(errorResponse(QJsonValue::Null, kInvalidRequest,
                                               QStringLiteral("empty batch")))
                .toJson(QJsonDocument::Compact);
        // A batch costs what its requests cost: a token each, at most 100 of
        // them, and an answer of bounded size (a batch of 300 full blocks
        // once stalled the node for half a minute).
        if (batch.size() > kMaxBatch)
            return QJsonDocument(
                       errorResponse(
                           QJsonValue::Null, kInvalidRequest,
                           QStringLiteral("a batch holds at most %1 requests").arg(kMaxBatch)))
                .toJson(QJsonDocument::Compact);
        QJsonArray answers;
        qsizetype bytes = 0;
        for (qsizetype i = 0; i < batch.size(); ++i) {
            const QJsonValue request = batch.at(i);
            const QJsonValue id = request.toObject().value(QStringLiteral("id"));
            const QJsonValue replyId =
                id.isString() || id.isDouble() ? id : QJsonValue(QJsonValue::Null);
            int retryAfter = 0;
            QJsonValue answer;
            if (i > 0 && charge && !charge(&retryAfter))
                answer =
                    errorResponse(replyId, kRateLimited,
                                  QStringLiteral("rate limited: retry in %1 s").arg(retryAfter),
                                  QJsonObject{{QStringLiteral("retryAfter"), retryAfter}});
            else if (bytes > kMaxBatchAnswerBytes)
                answer = errorResponse(
                    replyId, kInvalidRequest,
                    QStringLiteral(
                        "the batch's answer passed 16 MiB: ask for the rest in another batch"));
            else
                answer = handleOne(request, session);
            if (answer.isUndefined())
                continue;
            bytes += QJsonDocument(answer.toObject()).toJson(QJsonDocument::Compact).size();
            answers.append(answer);
        }
        return answers.isEmpty() ? QByteArray()
                                 : QJsonDocument(answers).toJson(QJsonDocument::Compact);
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
            idOk && !id.isUndefined() ? id : QJsonValue::Null, kInvalidRequest,
            QStringLiteral("not a JSON-RPC 2.0 request (jsonrpc \"2.0\", method, params array)"));
    Error error;
    QJsonValue result;
    // A bug reached by one request answers that request with -32603; it
    // never takes the node, and everyone else's requests, down with it.
    try {
        result =
            call(r.value(QStringLiteral("method")).toString(), params.toArray(), session, &error);
    } catch (const std::exception &e) {
        qCCritical(lcRpc).noquote()
            << "internal error in" << r.value(QStringLiteral("method")).toString() << ":"
            << e.what();
        error = {kInternalError, QStringLiteral("internal error"), QJsonValue::Undefined};
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
    const ChainState &state = m_chain.state();
    const std::uint64_t head = state.head();
    Params p(params, error);
    // The optional trailing height of every read method (service-spec §4.2 rule 1).
    auto heightAt = [&](qsizetype i) -> std::optional<std::uint64_t> {
        if (!p.has(i) || params.at(i).isNull())
            return head;
        const std::uint64_t h = p.uint(i, "height");
        if (p.failed())
            return std::nullopt;
        if (h > head) {
            *error = {kNotFound, QStringLiteral("height %1 is beyond the head %2").arg(h).arg(head),
                      QJsonObject{{QStringLiteral("head"), static_cast<qint64>(head)}}};
            return std::nullopt;
        }
        return h;
    };
    // [address, height?]: gif_getOwnership and gif_holdingsProof.
    auto addressAndHeight = [&](Address *address) -> std::optional<std::uint64_t> {
        if (!p.count(1, 2))
            return std::nullopt;
        const auto parsed = parseAddress(p.string(0, "address"));
        if (!parsed)
            p.fail(QStringLiteral("address must be 0x and 40 hex digits"));
        auto h = heightAt(1);
        if (p.failed() || !h)
            return std::nullopt;
        *address = *parsed;
        return h;
    };
    auto notFound = [&](const QString &what) {
        *error = {kNotFound, what, QJsonValue::Undefined};
        return QJsonValue();
    };
    auto objectAt = [&](std::uint64_t *height) -> int {
        const QString slug = p.slug(0);
        const std::uint64_t tokenId = p.uint(1, "tokenId");
        auto h = heightAt(2);
        if (p.failed() || !h)
            return -1;
        *height = *h;
        const int o = state.objectIndex(displayKey(slug, tokenId));
        if (o < 0 || !state.objectExists(o, *h)) {
            notFound(
                QStringLiteral("no object %1 at height %2").arg(displayKey(slug, tokenId)).arg(*h));
            return -1;
        }
        return o;
    };

    if (method == QLatin1String("gif_chainId"))
        return p.count(0, 0) ? QJsonValue(static_cast<qint64>(kChainId)) : QJsonValue();
    if (method == QLatin1String("gif_blockNumber"))
        return p.count(0, 0) ? QJsonValue(static_cast<qint64>(head)) : QJsonValue();
    if (method == QLatin1String("gif_getBlockByHeight")) {
        if (!p.count(1, 2))
            return {};
        const std::uint64_t h = p.uint(0, "height");
        const bool withTxs = p.has(1) && params.at(1).toBool();
        if (p.has(1) && !params.at(1).isBool())
            p.fail(QStringLiteral("withTxs must be a boolean"));
        if (p.failed())
            return {};
        if (h > head) {
            *error = {kNotFound, QStringLiteral("no block %1: the head is %2").arg(h).arg(head),
                      QJsonObject{{QStringLiteral("head"), static_cast<qint64>(head)}}};
            return {};
        }
        return RecordJson::block(state, *state.block(h), withTxs);
    }
    if (method == QLatin1String("gif_getTransaction")) {
        if (!p.count(1, 1))
            return {};
        auto hash = parseHash(p.string(0, "hash"));
        if (!hash)
            p.fail(QStringLiteral("hash must be 0x and 64 hex digits"));
        if (p.failed())
            return {};
        const QJsonObject both =
            RecordJson::transactionWithReceipt(state, m_chain.mempool(), *hash);
        return both.isEmpty()
                   ? notFound(QStringLiteral("no transaction %1").arg(toHexString(*hash)))
                   : QJsonValue(both);
    }
    if (method == QLatin1String("gif_getObject") || method == QLatin1String("gif_getObjectBytes") ||
        method == QLatin1String("gif_getListing") || method == QLatin1String("gif_proof")) {
        if (!p.count(2, 3))
            return {};
        std::uint64_t h = 0;
        const bool isProof = method == QLatin1String("gif_proof");
        if (isProof) {
            // A proof of absence is an answer too: no need for the object to exist.
            const QString slug = p.slug(0);
            const std::uint64_t tokenId = p.uint(1, "tokenId");
            auto at = heightAt(2);
            if (p.failed() || !at)
                return {};
            const QString key = displayKey(slug, tokenId);
            const Hash32 k = objectKey(key);
            const SparseMerkleTree::Path path = state.treeAt(*at)->path(k);
            QJsonArray siblings;
            for (const auto &s : path.siblings)
                siblings.append(RecordJson::hex(s));
            QJsonValue leaf, other;
            if (path.found) {
                const int index = state.objectIndex(key);
                const ObjectRecord o = state.object(index);
                leaf = QJsonObject{
                    {QStringLiteral("owner"), RecordJson::hex(state.version(index, *at).owner)},
                    {QStringLiteral("contentHash"), RecordJson::hex(o.contentHash)},
                    {QStringLiteral("traitsHash"), RecordJson::hex(o.traitsHash)}};
            } else if (path.otherLeaf) {
                other = QJsonObject{
                    {QStringLiteral("key"), RecordJson::hex(path.otherLeaf->first)},
                    {QStringLiteral("valueHash"), RecordJson::hex(path.otherLeaf->second)}};
            }
            return QJsonObject{{QStringLiteral("key"), RecordJson::hex(k)},
                               {QStringLiteral("displayKey"), key},
                               {QStringLiteral("height"), static_cast<qint64>(*at)},
                               {QStringLiteral("objectRoot"),
                                RecordJson::hex(state.block(*at)->header.objectRoot)},
                               {QStringLiteral("leaf"), leaf},
                               {QStringLiteral("otherLeaf"), other},
                               {QStringLiteral("siblings"), siblings}};
        }
        const int o = objectAt(&h);
        if (o < 0)
            return {};
        if (method == QLatin1String("gif_getObject"))
            return RecordJson::object(state, m_indexer, o, h);
        if (method == QLatin1String("gif_getObjectBytes")) {
            QString why;
            const QByteArray content = state.content(state.object(o).contentHash, &why);
            if (content.isEmpty())
                throw std::runtime_error(why.toStdString()); // answered -32603, and said in the log
            return RecordJson::hex(asBytes(content));
        }
        const std::optional<Listing> l = state.version(o, h).listing;
        return l ? QJsonValue(RecordJson::listing(state, o, *l)) : QJsonValue();
    }
    if (method == QLatin1String("gif_getOwnership")) {
        Address address{};
        const auto h = addressAndHeight(&address);
        if (!h)
            return {};
        // The node's own truth from the holdings trie, never the indexer's.
        std::vector<std::pair<QString, int>> owned;
        for (const Hash32 &key : state.holdingsOf(address, *h)) {
            const int o = state.objectIndex(key);
            owned.emplace_back(state.object(o).displayKey, o);
        }
        std::sort(owned.begin(), owned.end());
        QJsonArray out;
        for (const auto &[key, o] : owned) {
            const ObjectRecord r = state.object(o);
            out.append(QJsonObject{{QStringLiteral("key"), key},
                                   {QStringLiteral("slug"), r.slug},
                                   {QStringLiteral("tokenId"), static_cast<qint64>(r.tokenId)},
                                   {QStringLiteral("root"),
                                    RecordJson::hex(leafHash(
                                        r.key, valueHash(address, r.contentHash, r.traitsHash)))}});
        }
        return out;
    }
    if (method == QLatin1String("gif_validators")) {
        if (!p.count(0, 1))
            return {};
        auto h = heightAt(0);
        if (p.failed() || !h)
            return {};
        // Fixed at genesis in this version: the same set at every height.
        const ValidatorSet &set = m_chain.validators();
        return QJsonObject{{QStringLiteral("validators"), set.toJson()},
                           {QStringLiteral("validatorsHash"), RecordJson::hex(set.hash())},
                           {QStringLiteral("quorum"), static_cast<qint64>(set.quorum())}};
    }
    if (method == QLatin1String("gif_holdingsProof")) {
        Address address{};
        const auto h = addressAndHeight(&address);
        if (!h)
            return {};
        return holdingsProof(state, address, *h);
    }
    if (method == QLatin1String("gif_objectRoot")) {
        if (!p.count(0, 1))
            return {};
        auto h = heightAt(0);
        if (p.failed() || !h)
            return {};
        return RecordJson::hex(state.block(*h)->header.objectRoot);
    }
    if (method == QLatin1String("gif_sendRawTransaction")) {
        if (!p.count(1, 1))
            return {};
        const QString text = p.string(0, "signedTx");
        if (p.failed())
            return {};
        auto raw = parseHex(text);
        if (!raw) {
            *error = {kRejected,
                      QStringLiteral("malformed: the transaction is not 0x-prefixed hex"),
                      QJsonObject{{QStringLiteral("reason"), QStringLiteral("malformed")}}};
            return {};
        }
        const Submission s = m_chain.submit(*raw);
        if (!s.accepted()) {
            *error = {kRejected, s.reason + QStringLiteral(": ") + s.message,
                      QJsonObject{{QStringLiteral("reason"), s.reason}}};
            return {};
        }
        return RecordJson::hex(s.hash);
    }
    if (method == QLatin1String("gif_subscribe") || method == QLatin1String("gif_unsubscribe")) {
        if (!session) {
            *error = {kMethodNotFound,
                      QStringLiteral("%1 is only available over the websocket").arg(method),
                      QJsonValue::Undefined};
            return {};
        }
        if (method == QLatin1String("gif_unsubscribe")) {
            if (!p.count(1, 1))
                return {};
            const QString id = p.string(0, "subscription");
            return p.failed() ? QJsonValue() : QJsonValue(session->unsubscribe(id));
        }
        if (!p.count(1, 2))
            return {};
        const QString type = p.string(0, "subscription type");
        if (p.failed())
            return {};
        if (type != QLatin1String("newHeads") && type != QLatin1String("objectEvents")) {
            p.fail(QStringLiteral("subscriptions are newHeads or objectEvents"));
            return {};
        }
        if (p.has(1) && !params.at(1).isObject()) {
            p.fail(QStringLiteral("the filter must be an object"));
            return {};
        }
        // A filter of the wrong form is refused, not read as "everything".
        const QJsonObject filter = params.at(1).toObject();
        static const QStringList kTypes = {QStringLiteral("mint"), QStringLiteral("sale"),
                                           QStringLiteral("transfer"), QStringLiteral("list"),
                                           QStringLiteral("delist")};
        QString slug;
        std::uint64_t id = 0;
        const QJsonValue collection = filter.value(QStringLiteral("collection"));
        const QJsonValue key = filter.value(QStringLiteral("key"));
        const QJsonValue types = filter.value(QStringLiteral("types"));
        if (!collection.isUndefined() &&
            (!collection.isString() || !isValidSlug(collection.toString())))
            p.fail(QStringLiteral("filter.collection must be a slug"));
        if (!p.failed() && !key.isUndefined() &&
            (!key.isString() || !parseDisplayKey(key.toString(), &slug, &id)))
            p.fail(QStringLiteral("filter.key must be slug#id"));
        const QJsonArray typeList = types.toArray();
        if (!p.failed() && !types.isUndefined() &&
            (!types.isArray() ||
             !std::all_of(typeList.begin(), typeList.end(), [](const QJsonValue &t) {
                 return t.isString() && kTypes.contains(t.toString());
             })))
            p.fail(QStringLiteral(
                "filter.types must be a list of mint, sale, transfer, list, delist"));
        if (p.failed())
            return {};
        const QString subscription = session->subscribe(type, filter);
        if (subscription.isEmpty())
            *error = {kInvalidRequest, QStringLiteral("too many subscriptions on this connection"),
                      QJsonValue::Undefined};
        return subscription;
    }
    QJsonValue result;
    if (callWebhooks(method, params, &result, error))
        return result;
    *error = {kMethodNotFound, QStringLiteral("no method %1").arg(method), QJsonValue::Undefined};
    return {};
}

} // namespace gifscan::devnet
