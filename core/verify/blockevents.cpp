#include "core/verify/blockevents.h"

#include "core/crypto/keccak.h"
#include "core/crypto/privatekey.h"

namespace gifscan {

namespace {
// More transactions on one object in one block than this are not tried
// every way (2^n): too many to prove without a receipts root.
constexpr int kMostTried = 10;

ActivityEntry entryOf(const ObjectTransaction &tx, const BlockHeader &header, const char *type)
{
    ActivityEntry e;
    e.id = QStringLiteral("%1-%2").arg(header.height).arg(tx.index);
    e.type = QString::fromLatin1(type);
    e.key = tx.key;
    e.slug = tx.slug;
    e.tokenId = tx.tokenId;
    e.txHash = tx.hash;
    e.height = header.height;
    e.timestamp = header.timestamp;
    return e;
}

// One transaction applied to a state, when it can take effect there: the
// event it makes. False when it could not have.
bool apply(const ObjectTransaction &tx, const Address &escrow, const BlockHeader &header,
           ObjectState *s, QList<ActivityEntry> *events)
{
    const bool inEscrow = s->owner == escrow;
    ActivityEntry e;
    switch (tx.kind) {
    case TxKind::Mint:
        if (s->owner)
            return false;
        e = entryOf(tx, header, "mint");
        e.to = tx.to;
        *s = {tx.to, {}, 0};
        break;
    case TxKind::TransferObject:
        if (s->owner != tx.sender || inEscrow)
            return false;
        e = entryOf(tx, header, "transfer");
        e.from = tx.sender;
        e.to = tx.to;
        *s = {tx.to, {}, 0};
        break;
    case TxKind::List:
        if (s->owner != tx.sender || inEscrow)
            return false;
        e = entryOf(tx, header, "list");
        e.from = tx.sender;
        e.to = escrow;
        e.price = tx.price;
        *s = {escrow, tx.sender, tx.price};
        break;
    case TxKind::Delist:
        if (!inEscrow || s->seller != tx.sender)
            return false;
        e = entryOf(tx, header, "delist");
        e.from = escrow;
        e.to = tx.sender;
        *s = {tx.sender, {}, 0};
        break;
    case TxKind::Buy:
        if (!inEscrow || tx.maxPrice < s->price)
            return false;
        e = entryOf(tx, header, "sale");
        e.from = s->seller;
        e.to = tx.sender;
        e.price = s->price;
        *s = {tx.sender, {}, 0};
        break;
    default:
        return false;
    }
    events->append(e);
    return true;
}

QString idsOf(const QList<ActivityEntry> &events)
{
    QStringList ids;
    for (const ActivityEntry &e : events)
        ids << e.id + e.type;
    return ids.join(u',');
}
} // namespace

std::optional<ObjectTransaction> objectTransaction(std::span<const std::uint8_t> raw, int index)
{
    QString why;
    const auto tx = decodeTransaction(raw, &why);
    if (!tx || tx->chainId != kChainId || !tx->hasSlugId())
        return std::nullopt;
    ObjectTransaction out;
    if (recoverSigner(tx->signingHash(), tx->signature, &out.sender) != SignatureCheck::Ok)
        return std::nullopt;
    out.index = index;
    out.hash = keccak256(raw);
    out.kind = tx->kind;
    out.key = tx->objectDisplayKey();
    out.slug = tx->slug;
    out.tokenId = tx->tokenId;
    out.to = tx->to;
    out.price = tx->price;
    out.maxPrice = tx->maxPrice;
    return out;
}

Hash32 transactionsRoot(const QList<Bytes> &raws)
{
    Bytes hashes;
    hashes.reserve(static_cast<std::size_t>(raws.size()) * 32);
    for (const Bytes &raw : raws) {
        const Hash32 h = keccak256(raw);
        hashes.insert(hashes.end(), h.begin(), h.end());
    }
    return keccak256(hashes);
}

std::variant<QList<ActivityEntry>, QString> decideEvents(const QList<ObjectTransaction> &txs,
                                                         const ObjectState &before,
                                                         const std::optional<Address> &after,
                                                         const BlockHeader &header)
{
    if (txs.isEmpty())
        return QList<ActivityEntry>{};
    const QString &key = txs.first().key;
    if (txs.size() > kMostTried)
        return QStringLiteral("%1 is touched by %2 transactions in block %3: more than can be "
                              "proven without a receipts root")
            .arg(key)
            .arg(txs.size())
            .arg(header.height);
    const Address escrow = escrowAddress(objectKey(key));
    std::optional<QList<ActivityEntry>> found;
    for (unsigned mask = 0; mask < (1u << txs.size()); ++mask) {
        ObjectState s = before;
        QList<ActivityEntry> events;
        bool possible = true;
        for (qsizetype i = 0; i < txs.size() && possible; ++i)
            possible = !(mask & (1u << i)) || apply(txs[i], escrow, header, &s, &events);
        if (!possible || s.owner != after)
            continue;
        if (found && idsOf(*found) != idsOf(events))
            return QStringLiteral("the transactions on %1 in block %2 can have gone two ways that "
                                  "end alike: which took effect cannot be proven without a "
                                  "receipts root")
                .arg(key)
                .arg(header.height);
        found = events;
    }
    if (!found)
        return QStringLiteral("no way the transactions on %1 in block %2 could have gone ends with "
                              "its proven owner")
            .arg(key)
            .arg(header.height);
    return *found;
}

} // namespace gifscan
