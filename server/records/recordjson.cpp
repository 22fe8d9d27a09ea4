#include "server/records/recordjson.h"

#include "core/verify/ownershipcertificate.h"

namespace gifscan::server::RecordJson {

namespace {
QJsonArray traitsJson(const QList<Trait> &traits)
{
    QJsonArray out;
    for (const auto &t : traits)
        out.append(
            QJsonObject{{QStringLiteral("trait"), t.trait}, {QStringLiteral("value"), t.value}});
    return out;
}

QJsonValue integer(std::uint64_t v)
{
    return QJsonValue(static_cast<qint64>(v));
}
} // namespace

QJsonValue hex(std::span<const std::uint8_t> bytes)
{
    return toHexString(bytes);
}

QJsonValue amount(const Amount &a)
{
    return amountToString(a);
}

QJsonValue optionalAddress(const std::optional<Address> &a)
{
    return a ? hex(*a) : QJsonValue(QJsonValue::Null);
}

QJsonObject header(const BlockHeader &h)
{
    return {
        {QStringLiteral("height"), integer(h.height)},
        {QStringLiteral("hash"), hex(h.hash)},
        {QStringLiteral("parentHash"), hex(h.parentHash)},
        {QStringLiteral("timestamp"), integer(h.timestamp)},
        {QStringLiteral("proposer"), hex(h.proposer)},
        {QStringLiteral("objectRoot"), hex(h.objectRoot)},
        {QStringLiteral("txRoot"), hex(h.txRoot)},
        {QStringLiteral("txCount"), integer(h.txCount)},
        {QStringLiteral("validatorsHash"), hex(h.validatorsHash)},
        {QStringLiteral("holdingsRoot"), hex(h.holdingsRoot)},
        {QStringLiteral("commit"), commitToJson(h.commit)},
    };
}

QJsonObject block(const chain::ChainView &state, const chain::Block &b, bool withTxs)
{
    QJsonObject out = header(b.header);
    QJsonArray txs;
    if (withTxs) {
        // Read at once, then each must be the block's own, in its order.
        const std::vector<chain::TxEntry> entries = state.transactionsOf(b.header.height);
        if (entries.size() != b.txHashes.size())
            throw std::runtime_error("a block's transaction has no receipt in the store");
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const chain::TxEntry &e = entries[i];
            if (e.hash != b.txHashes[i])
                throw std::runtime_error("a block's transactions are stored out of order");
            QJsonObject tx = transaction(e.tx, e.from, e.hash, &e);
            tx.insert(QStringLiteral("blockHash"), hex(b.header.hash));
            txs.append(tx);
        }
    } else {
        for (const auto &hash : b.txHashes)
            txs.append(hex(hash));
    }
    out.insert(QStringLiteral("transactions"), txs);
    return out;
}

QJsonObject transaction(const Transaction &tx, const Address &from, const Hash32 &hash,
                        const chain::TxEntry *mined)
{
    QJsonObject o{
        {QStringLiteral("hash"), hex(hash)},
        {QStringLiteral("from"), hex(from)},
        {QStringLiteral("nonce"), integer(tx.nonce)},
        {QStringLiteral("kind"), txKindName(tx.kind)},
        {QStringLiteral("gasPrice"), amount(tx.gasPrice)},
        {QStringLiteral("gasLimit"), integer(tx.gasLimit)},
    };
    if (tx.hasSlugId()) {
        o.insert(QStringLiteral("slug"), tx.slug);
        o.insert(QStringLiteral("tokenId"), integer(tx.tokenId));
        o.insert(QStringLiteral("key"), tx.objectDisplayKey());
    }
    switch (tx.kind) {
    case TxKind::Transfer:
        o.insert(QStringLiteral("to"), hex(tx.to));
        o.insert(QStringLiteral("amount"), amount(tx.amount));
        break;
    case TxKind::CreateCollection:
        o.insert(QStringLiteral("slug"), tx.slug);
        o.insert(QStringLiteral("name"), tx.name);
        o.insert(QStringLiteral("category"), tx.category);
        break;
    case TxKind::Mint:
        o.insert(QStringLiteral("to"), hex(tx.to));
        o.insert(QStringLiteral("traits"), traitsJson(tx.traits));
        o.insert(QStringLiteral("bytes"), integer(static_cast<std::uint64_t>(
                                              mined ? mined->contentSize : tx.content.size())));
        break;
    case TxKind::TransferObject:
        o.insert(QStringLiteral("to"), hex(tx.to));
        break;
    case TxKind::List:
        o.insert(QStringLiteral("price"), amount(tx.price));
        break;
    case TxKind::Delist:
        break;
    case TxKind::Buy:
        o.insert(QStringLiteral("maxPrice"), amount(tx.maxPrice));
        break;
    }
    o.insert(QStringLiteral("blockHeight"), mined ? integer(mined->height) : QJsonValue());
    o.insert(QStringLiteral("blockHash"),
             QJsonValue()); // filled by the caller that knows the block
    o.insert(QStringLiteral("index"), mined ? integer(mined->index) : QJsonValue());
    return o;
}

QJsonObject receipt(const chain::TxEntry &e)
{
    QJsonArray events;
    for (const auto &ev : e.receipt.events) {
        events.append(QJsonObject{
            {QStringLiteral("type"), ev.type},
            {QStringLiteral("key"), ev.key.isEmpty() ? QJsonValue() : QJsonValue(ev.key)},
            {QStringLiteral("from"), optionalAddress(ev.from)},
            {QStringLiteral("to"), optionalAddress(ev.to)},
            {QStringLiteral("price"), ev.price ? amount(*ev.price) : QJsonValue()},
        });
    }
    return {
        {QStringLiteral("status"),
         e.receipt.success ? QStringLiteral("success") : QStringLiteral("failed")},
        {QStringLiteral("error"), e.receipt.success ? QJsonValue() : QJsonValue(e.receipt.error)},
        {QStringLiteral("gasUsed"), integer(e.receipt.gasUsed)},
        {QStringLiteral("fee"), amount(e.receipt.fee)},
        {QStringLiteral("blockHeight"), integer(e.height)},
        {QStringLiteral("index"), integer(e.index)},
        {QStringLiteral("events"), events},
    };
}

QJsonObject transactionWithReceipt(const chain::ChainView &state, const chain::Mempool &mempool,
                                   const Hash32 &hash)
{
    if (const std::optional<chain::TxEntry> e = state.transaction(hash)) {
        QJsonObject tx = transaction(e->tx, e->from, e->hash, &*e);
        // The whole block, not its header alone: its transaction hashes are
        // checked against the header's root, so a transaction's row put
        // under another block is damage, not that block's.
        tx.insert(QStringLiteral("blockHash"), hex(state.block(e->height)->header.hash));
        return {{QStringLiteral("transaction"), tx}, {QStringLiteral("receipt"), receipt(*e)}};
    }
    if (const chain::PendingTx *p = mempool.find(hash))
        return {{QStringLiteral("transaction"), transaction(p->tx, p->from, p->hash, nullptr)},
                {QStringLiteral("receipt"), QJsonValue()}};
    return {};
}

QJsonObject listing(const chain::ChainView &state, int object, const chain::Listing &l)
{
    return {
        {QStringLiteral("key"), state.object(object).displayKey},
        {QStringLiteral("seller"), hex(l.seller)},
        {QStringLiteral("escrow"), hex(l.escrow)},
        {QStringLiteral("price"), amount(l.price)},
        {QStringLiteral("listedAt"), integer(l.listedAt)},
        {QStringLiteral("txHash"), hex(l.txHash)},
    };
}

namespace {
// The list record from what the caller read already: the detail adds to it
// and must not read the object and its version a second time.
QJsonObject summaryOf(const chain::ChainView &state, RecordReader &indexer, int object,
                      std::uint64_t height, const chain::ObjectRecord &o,
                      const chain::ObjectVersion &v)
{
    const auto &s = v.lastSale;
    // Listing and last sale are a devnet addition to list records: a grid
    // shows prices and sorts by them without a request per object.
    return {
        {QStringLiteral("key"), o.displayKey},
        {QStringLiteral("slug"), o.slug},
        {QStringLiteral("tokenId"), integer(o.tokenId)},
        {QStringLiteral("owner"), hex(indexer.reported(object, v.owner))},
        {QStringLiteral("rarityRank"), indexer.rarityRank(object, height)},
        {QStringLiteral("traits"), traitsJson(o.traits)},
        {QStringLiteral("frames"), o.frames},
        {QStringLiteral("listing"),
         v.listing ? QJsonValue(listing(state, object, *v.listing)) : QJsonValue()},
        {QStringLiteral("lastSale"),
         s ? QJsonValue(QJsonObject{{QStringLiteral("price"), amount(s->price)},
                                    {QStringLiteral("height"), integer(s->height)},
                                    {QStringLiteral("txHash"), hex(s->txHash)}})
           : QJsonValue()},
    };
}
} // namespace

QJsonObject objectSummary(const chain::ChainView &state, RecordReader &indexer, int object,
                          std::uint64_t height)
{
    // The content's size too, so that a client can size the batches it asks
    // contents in below the node's answer limit before it asks them.
    const chain::ObjectRecord o = state.object(object);
    QJsonObject out = summaryOf(state, indexer, object, height, o, state.version(object, height));
    out.insert(QStringLiteral("bytes"), integer(static_cast<std::uint64_t>(o.contentSize)));
    return out;
}

QJsonObject object(const chain::ChainView &state, RecordReader &indexer, int object,
                   std::uint64_t height)
{
    const chain::ObjectRecord o = state.object(object);
    const chain::ObjectVersion v = state.version(object, height);
    QJsonObject out = summaryOf(state, indexer, object, height, o, v);
    out.insert(QStringLiteral("bytes"), integer(static_cast<std::uint64_t>(o.contentSize)));
    out.insert(QStringLiteral("canvasWidth"), o.canvasWidth);
    out.insert(QStringLiteral("canvasHeight"), o.canvasHeight);
    out.insert(QStringLiteral("contentHash"), hex(o.contentHash));
    out.insert(QStringLiteral("traitsHash"), hex(o.traitsHash));
    // The leaf commitment is always the node's truth, even when the indexer lies.
    out.insert(QStringLiteral("root"),
               hex(leafHash(o.key, valueHash(v.owner, o.contentHash, o.traitsHash))));
    out.insert(QStringLiteral("mintedAt"), integer(o.mintedAt));
    out.insert(QStringLiteral("mintTx"), hex(o.mintTx));
    return out;
}

QJsonObject collection(const chain::ChainView &state, const CollectionStats &s)
{
    const chain::CollectionRecord &c = state.collection(s.collection);
    return {
        {QStringLiteral("slug"), c.slug},
        {QStringLiteral("name"), c.name},
        {QStringLiteral("category"), c.category},
        {QStringLiteral("creator"), hex(c.creator)},
        {QStringLiteral("items"), integer(s.items)},
        {QStringLiteral("owners"), integer(s.owners)},
        {QStringLiteral("listed"), integer(s.listed)},
        {QStringLiteral("floorPrice"), s.floorPrice ? amount(*s.floorPrice) : QJsonValue()},
        {QStringLiteral("volume24h"), amount(s.volume24h)},
        {QStringLiteral("volumeTotal"), amount(s.volumeTotal)},
        {QStringLiteral("sales24h"), integer(s.sales24h)},
        {QStringLiteral("createdAt"), integer(c.createdAt)},
    };
}

QJsonObject traitCounts(const TraitCounts &t)
{
    QJsonArray values;
    for (const auto &[trait, count] : t.values)
        values.append(QJsonObject{{QStringLiteral("trait"), trait.trait},
                                  {QStringLiteral("value"), trait.value},
                                  {QStringLiteral("count"), static_cast<qint64>(count)}});
    return {{QStringLiteral("items"), static_cast<qint64>(t.items)},
            {QStringLiteral("values"), values}};
}

QJsonObject wallet(const Address &address, const WalletView &w)
{
    QJsonArray holdings;
    for (const auto &[slug, count] : w.holdings)
        holdings.append(
            QJsonObject{{QStringLiteral("slug"), slug}, {QStringLiteral("count"), integer(count)}});
    const chain::AccountCounters &c = w.account.counters;
    return {
        {QStringLiteral("address"), hex(address)},
        {QStringLiteral("balance"), amount(w.account.balance)},
        {QStringLiteral("nonce"), integer(w.account.nonce)},
        {QStringLiteral("holdings"), holdings},
        {QStringLiteral("listed"), integer(w.listed)},
        {QStringLiteral("counters"),
         QJsonObject{{QStringLiteral("txCount"), integer(c.txCount)},
                     {QStringLiteral("minted"), integer(c.minted)},
                     {QStringLiteral("bought"), integer(c.bought)},
                     {QStringLiteral("sold"), integer(c.sold)},
                     {QStringLiteral("transfersIn"), integer(c.transfersIn)},
                     {QStringLiteral("transfersOut"), integer(c.transfersOut)}}},
    };
}

QJsonObject activity(const chain::ChainView &state, const chain::ActivityEntry &e)
{
    const chain::ObjectRecord o = state.object(e.object);
    return {
        {QStringLiteral("id"), QString::number(e.id)},
        {QStringLiteral("type"), e.type},
        {QStringLiteral("key"), o.displayKey},
        {QStringLiteral("slug"), o.slug},
        {QStringLiteral("tokenId"), integer(o.tokenId)},
        {QStringLiteral("from"), optionalAddress(e.from)},
        {QStringLiteral("to"), optionalAddress(e.to)},
        {QStringLiteral("price"), e.price ? amount(*e.price) : QJsonValue()},
        {QStringLiteral("txHash"), hex(e.txHash)},
        {QStringLiteral("height"), integer(e.height)},
        {QStringLiteral("timestamp"), integer(e.timestamp)},
    };
}

} // namespace gifscan::server::RecordJson
