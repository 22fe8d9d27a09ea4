// RpcDispatcher's methods, one handler each, in a table by name (as
// bitcoin-core's CRPCCommand): PROTOCOL's JSON-RPC section, webhooks aside
// (server/api/rpcwebhookmethods.cpp).
#include "chain/engine/servedchain.h"
#include "chain/store/sqlstatement.h"
#include "core/base/outcome.h"
#include "server/api/rpccall.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

namespace gifscan::server::rpc {

std::optional<std::uint64_t> Call::heightAt(qsizetype i)
{
    if (!p.has(i) || p.at(i).isNull())
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
}

std::optional<std::uint64_t> Call::addressAndHeight(Address *address)
{
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
}

std::optional<std::uint64_t> Call::onlyHeight()
{
    if (!p.count(0, 1))
        return std::nullopt;
    auto h = heightAt(0);
    if (p.failed())
        return std::nullopt;
    return h;
}

QJsonValue Call::notFound(const QString &what)
{
    *error = {kNotFound, what, QJsonValue::Undefined};
    return QJsonValue();
}

QJsonValue Call::pastHead(std::uint64_t height)
{
    *error = {kNotFound, QStringLiteral("no block %1: the head is %2").arg(height).arg(head),
              QJsonObject{{QStringLiteral("head"), static_cast<qint64>(head)}}};
    return QJsonValue();
}

std::optional<Bytes> Call::rawTransaction()
{
    if (!p.count(1, 1))
        return std::nullopt;
    const QString text = p.string(0, "signedTx");
    if (p.failed())
        return std::nullopt;
    auto raw = parseHex(text);
    if (!raw)
        *error = {kRejected, QStringLiteral("malformed: the transaction is not 0x-prefixed hex"),
                  QJsonObject{{QStringLiteral("reason"), QStringLiteral("malformed")}}};
    return raw;
}

QJsonValue submitted(const chain::Submission &s, RpcError *error)
{
    if (!s.accepted()) {
        *error = {kRejected, s.reason + QStringLiteral(": ") + s.message,
                  QJsonObject{{QStringLiteral("reason"), s.reason}}};
        return {};
    }
    return RecordJson::hex(s.hash);
}

int Call::objectAt(std::uint64_t *height)
{
    if (!p.count(2, 3))
        return -1;
    const QString slug = p.slug(0);
    const std::uint64_t tokenId = p.uint(1, "tokenId");
    auto h = heightAt(2);
    if (p.failed() || !h)
        return -1;
    *height = *h;
    const int o = state.objectAt(displayKey(slug, tokenId), *h);
    if (o < 0 || !state.objectExists(o, *h)) {
        notFound(
            QStringLiteral("no object %1 at height %2").arg(displayKey(slug, tokenId)).arg(*h));
        return -1;
    }
    return o;
}

namespace {

// A trie path's siblings (deepest first) and the other leaf where the key's
// slot holds another: what gif_proof and gif_holdingsProof both carry.
QJsonArray siblingsJson(const chain::SparseMerkleTree::Path &path)
{
    QJsonArray siblings;
    for (const auto &s : path.siblings)
        siblings.append(RecordJson::hex(s));
    return siblings;
}

QJsonValue otherLeafJson(const chain::SparseMerkleTree::Path &path)
{
    if (!path.otherLeaf)
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("key"), RecordJson::hex(path.otherLeaf->first)},
                       {QStringLiteral("valueHash"), RecordJson::hex(path.otherLeaf->second)}};
}

QJsonValue chainId(Call &c)
{
    return c.p.count(0, 0) ? QJsonValue(static_cast<qint64>(kChainId)) : QJsonValue();
}

QJsonValue blockNumber(Call &c)
{
    return c.p.count(0, 0) ? QJsonValue(static_cast<qint64>(c.head)) : QJsonValue();
}

QJsonValue blockByHeight(Call &c)
{
    if (!c.p.count(1, 2))
        return {};
    const std::uint64_t h = c.p.uint(0, "height");
    const bool withTxs = c.p.has(1) && c.p.at(1).toBool();
    if (c.p.has(1) && !c.p.at(1).isBool())
        c.p.fail(QStringLiteral("withTxs must be a boolean"));
    if (c.p.failed())
        return {};
    if (h > c.head)
        return c.pastHead(h);
    return RecordJson::block(c.state, *c.state.block(h), withTxs);
}

// A block as another node takes it up (the indexer's follower): its header
// with the commit, and its transactions as broadcast, content included, a
// page of about 4 MiB at a time from transaction `from`; `next` is where the
// following page starts (null after the last). Everything in it is checked
// by whoever executes it against the signed header.
QJsonValue rawBlock(Call &c)
{
    constexpr std::size_t kPageBytes = 4 * 1024 * 1024;
    if (!c.p.count(1, 2))
        return {};
    const std::uint64_t h = c.p.uint(0, "height");
    const std::uint64_t from = c.p.has(1) ? c.p.uint(1, "from") : 0;
    if (c.p.failed())
        return {};
    if (h > c.head)
        return c.pastHead(h);
    // Past the block's transactions is the caller's mistake, said as one
    // (the header is the state's, read once per height).
    if (const auto header = c.state.header(h); header && from > header->txCount) {
        c.p.fail(QStringLiteral("from must be at most %1, the block's transactions")
                     .arg(header->txCount));
        return {};
    }
    const auto page = c.chain.store().blockPage(h, static_cast<std::size_t>(from), kPageBytes);
    if (!page)
        chain::throwFailure(page.error()); // a database lost mid-call stays Unavailable
    const chain::ChainStore::StoredBlock *stored = &page.value();
    const std::uint64_t count = stored->header.txCount;
    QJsonArray txs;
    for (const Bytes &raw : stored->transactions)
        txs.append(RecordJson::hex(raw));
    const std::uint64_t after = from + stored->transactions.size();
    return QJsonObject{
        {QStringLiteral("header"), RecordJson::header(stored->header)},
        {QStringLiteral("from"), static_cast<qint64>(from)},
        {QStringLiteral("transactions"), txs},
        {QStringLiteral("next"),
         after < count ? QJsonValue(static_cast<qint64>(after)) : QJsonValue()},
    };
}

QJsonValue transaction(Call &c)
{
    if (!c.p.count(1, 1))
        return {};
    auto hash = parseHash(c.p.string(0, "hash"));
    if (!hash)
        c.p.fail(QStringLiteral("hash must be 0x and 64 hex digits"));
    if (c.p.failed())
        return {};
    const QJsonObject both = RecordJson::transactionWithReceipt(c.state, c.chain.mempool(), *hash);
    return both.isEmpty() ? c.notFound(QStringLiteral("no transaction %1").arg(toHexString(*hash)))
                          : QJsonValue(both);
}

QJsonValue proof(Call &c)
{
    // A proof of absence is an answer too: no need for the object to exist.
    if (!c.p.count(2, 3))
        return {};
    const QString slug = c.p.slug(0);
    const std::uint64_t tokenId = c.p.uint(1, "tokenId");
    auto at = c.heightAt(2);
    if (c.p.failed() || !at)
        return {};
    const QString key = displayKey(slug, tokenId);
    const Hash32 k = objectKey(key);
    const chain::SparseMerkleTree::Path path = c.state.treeAt(*at)->path(k);
    QJsonValue leaf;
    if (path.found) {
        // Its record and its version at the height in one statement, where
        // the name, the record and the version were a round trip each.
        const int index = c.state.objectAt(key, *at);
        const chain::ObjectRecord o = c.state.object(index);
        leaf = QJsonObject{
            {QStringLiteral("owner"), RecordJson::hex(c.state.version(index, *at).owner)},
            {QStringLiteral("contentHash"), RecordJson::hex(o.contentHash)},
            {QStringLiteral("traitsHash"), RecordJson::hex(o.traitsHash)}};
    }
    return QJsonObject{
        {QStringLiteral("key"), RecordJson::hex(k)},
        {QStringLiteral("displayKey"), key},
        {QStringLiteral("height"), static_cast<qint64>(*at)},
        {QStringLiteral("objectRoot"), RecordJson::hex(c.state.header(*at)->objectRoot)},
        {QStringLiteral("leaf"), leaf},
        // A leaf found has no other leaf: null, as the other form.
        {QStringLiteral("otherLeaf"), path.found ? QJsonValue() : otherLeafJson(path)},
        {QStringLiteral("siblings"), siblingsJson(path)}};
}

QJsonValue object(Call &c)
{
    std::uint64_t h = 0;
    const int o = c.objectAt(&h);
    return o < 0 ? QJsonValue() : QJsonValue(RecordJson::object(c.state, c.indexer, o, h));
}

QJsonValue objectBytes(Call &c)
{
    std::uint64_t h = 0;
    const int o = c.objectAt(&h);
    if (o < 0)
        return {};
    const Outcome<QByteArray> content = c.state.content(c.state.object(o).contentHash);
    if (!content) // answered -32603 (-32006 for a database away), and said in the log
        chain::throwFailure(content.error());
    return RecordJson::hex(asBytes(content.value()));
}

QJsonValue listing(Call &c)
{
    std::uint64_t h = 0;
    const int o = c.objectAt(&h);
    if (o < 0)
        return {};
    const std::optional<chain::Listing> l = c.state.version(o, h).listing;
    return l ? QJsonValue(RecordJson::listing(c.state, o, *l)) : QJsonValue();
}

QJsonValue ownership(Call &c)
{
    Address address{};
    const auto h = c.addressAndHeight(&address);
    if (!h)
        return {};
    // The node's own truth from the holdings trie, never the indexer's.
    std::vector<std::pair<QString, int>> owned;
    for (const Hash32 &key : c.state.holdingsOf(address, *h)) {
        const int o = c.state.objectIndex(key);
        owned.emplace_back(c.state.object(o).displayKey, o);
    }
    std::sort(owned.begin(), owned.end());
    QJsonArray out;
    for (const auto &[key, o] : owned) {
        const chain::ObjectRecord r = c.state.object(o);
        out.append(QJsonObject{
            {QStringLiteral("key"), key},
            {QStringLiteral("slug"), r.slug},
            {QStringLiteral("tokenId"), static_cast<qint64>(r.tokenId)},
            {QStringLiteral("root"),
             RecordJson::hex(leafHash(r.key, valueHash(address, r.contentHash, r.traitsHash)))}});
    }
    return out;
}

QJsonValue validators(Call &c)
{
    if (!c.onlyHeight())
        return {};
    // Fixed at genesis in this version: the same set at every height.
    const ValidatorSet &set = c.chain.validators();
    return QJsonObject{{QStringLiteral("validators"), set.toJson()},
                       {QStringLiteral("validatorsHash"), RecordJson::hex(set.hash())},
                       {QStringLiteral("quorum"), static_cast<qint64>(set.quorum())}};
}

// PROTOCOL §2.6: the holder's objects sorted by key, and its leaf's path.
QJsonValue holdingsProof(Call &c)
{
    Address owner{};
    const auto height = c.addressAndHeight(&owner);
    if (!height)
        return {};
    const chain::SparseMerkleTree::Path path =
        c.state.holdingsAt(*height)->path(holdingsKey(owner));
    QJsonArray objects;
    if (path.found) {
        for (const Hash32 &key : c.state.holdingsOf(owner, *height))
            objects.append(c.state.object(c.state.objectIndex(key)).displayKey);
    }
    return QJsonObject{
        {QStringLiteral("owner"), RecordJson::hex(owner)},
        {QStringLiteral("height"), static_cast<qint64>(*height)},
        {QStringLiteral("holdingsRoot"), RecordJson::hex(c.state.header(*height)->holdingsRoot)},
        {QStringLiteral("objects"), objects},
        {QStringLiteral("otherLeaf"), otherLeafJson(path)},
        {QStringLiteral("siblings"), siblingsJson(path)}};
}

QJsonValue objectRoot(Call &c)
{
    const auto h = c.onlyHeight();
    return h ? RecordJson::hex(c.state.header(*h)->objectRoot) : QJsonValue();
}

QJsonValue sendRawTransaction(Call &c)
{
    const auto raw = c.rawTransaction();
    if (!raw)
        return {};
    return submitted(c.chain.submit(*raw), c.error);
}

bool overWebsocket(Call &c)
{
    if (c.session)
        return true;
    *c.error = {kMethodNotFound,
                QStringLiteral("%1 is only available over the websocket").arg(c.method),
                QJsonValue::Undefined};
    return false;
}

QJsonValue unsubscribe(Call &c)
{
    if (!overWebsocket(c) || !c.p.count(1, 1))
        return {};
    const QString id = c.p.string(0, "subscription");
    return c.p.failed() ? QJsonValue() : QJsonValue(c.session->unsubscribe(id));
}

// A filter of the wrong form is refused, not read as "everything".
void checkFilter(Call &c, const QJsonObject &filter)
{
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
        c.p.fail(QStringLiteral("filter.collection must be a slug"));
    if (!c.p.failed() && !key.isUndefined() &&
        (!key.isString() || !parseDisplayKey(key.toString(), &slug, &id)))
        c.p.fail(QStringLiteral("filter.key must be slug#id"));
    const QJsonArray typeList = types.toArray();
    if (!c.p.failed() && !types.isUndefined() &&
        (!types.isArray() ||
         !std::all_of(typeList.begin(), typeList.end(), [](const QJsonValue &t) {
             return t.isString() && kTypes.contains(t.toString());
         })))
        c.p.fail(
            QStringLiteral("filter.types must be a list of mint, sale, transfer, list, delist"));
}

QJsonValue subscribe(Call &c)
{
    if (!overWebsocket(c) || !c.p.count(1, 2))
        return {};
    const QString type = c.p.string(0, "subscription type");
    if (c.p.failed())
        return {};
    if (type != QLatin1String("newHeads") && type != QLatin1String("objectEvents")) {
        c.p.fail(QStringLiteral("subscriptions are newHeads or objectEvents"));
        return {};
    }
    if (c.p.has(1) && !c.p.at(1).isObject()) {
        c.p.fail(QStringLiteral("the filter must be an object"));
        return {};
    }
    const QJsonObject filter = c.p.at(1).toObject();
    checkFilter(c, filter);
    if (c.p.failed())
        return {};
    const Outcome<QString> subscription = c.session->subscribe(type, filter);
    if (!subscription) {
        *c.error = {kInvalidRequest, subscription.error().message, QJsonValue::Undefined};
        return {};
    }
    return subscription.value();
}

} // namespace

const QHash<QString, Method> &methods()
{
    constexpr bool kChainOnly = true;
    static const QHash<QString, Method> table{
        {QStringLiteral("gif_chainId"), {chainId, kChainOnly}},
        {QStringLiteral("gif_blockNumber"), {blockNumber, kChainOnly}},
        {QStringLiteral("gif_getBlockByHeight"), {blockByHeight, kChainOnly}},
        {QStringLiteral("gif_getRawBlock"), {rawBlock, kChainOnly}},
        // A pending one is the pool's: a reader's is empty, and hands the
        // call back to the node thread when it looked there.
        {QStringLiteral("gif_getTransaction"), {transaction, kChainOnly}},
        {QStringLiteral("gif_getObject"), {object, kChainOnly}},
        {QStringLiteral("gif_getObjectBytes"), {objectBytes, kChainOnly}},
        {QStringLiteral("gif_getListing"), {listing, kChainOnly}},
        {QStringLiteral("gif_proof"), {proof, kChainOnly}},
        {QStringLiteral("gif_getOwnership"), {ownership, kChainOnly}},
        {QStringLiteral("gif_objectRoot"), {objectRoot, kChainOnly}},
        {QStringLiteral("gif_validators"), {validators, kChainOnly}},
        {QStringLiteral("gif_holdingsProof"), {holdingsProof, kChainOnly}},
        {QStringLiteral("gif_sendRawTransaction"), {sendRawTransaction}},
        {QStringLiteral("gif_subscribe"), {subscribe}},
        {QStringLiteral("gif_unsubscribe"), {unsubscribe}},
        {QStringLiteral("gif_mempoolChanges"), {mempoolChanges}},
        {QStringLiteral("gif_pendingTransactions"), {pendingTransactions}},
    };
    return table;
}

} // namespace gifscan::server::rpc
