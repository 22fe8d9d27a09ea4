#include "core/verify/blockevents.h"

#include "core/crypto/keccak.h"
#include "core/crypto/privatekey.h"

namespace gifscan {

namespace {
// The ways tried for one object in one block, at most: failing
// transactions cost no branch, so an honest block needs a handful.
constexpr int kMostWays = 4096;

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
    if (!tx.enoughGas)
        return false;
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
        if (s->owner != tx.sender || inEscrow || tx.price == 0)
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
        if (!inEscrow || tx.maxPrice < s->price || tx.sender == s->seller)
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

// Every way an object's transactions in a block could have gone, depth
// first: a transaction that may take effect does, and, where it may also
// fail unseen (a buy, a mint), does not.
struct Ways
{
    const QList<ObjectTransaction> &txs;
    Address escrow;
    const BlockHeader &header;
    const std::optional<Address> &after;
    int left = kMostWays;
    std::optional<QList<ActivityEntry>> found;
    bool ambiguous = false;

    void walk(qsizetype i, const ObjectState &s, const QList<ActivityEntry> &events)
    {
        if (ambiguous || --left < 0)
            return;
        if (i == txs.size()) {
            if (s.owner != after)
                return;
            ambiguous = found && idsOf(*found) != idsOf(events);
            found = events;
            return;
        }
        ObjectState next = s;
        QList<ActivityEntry> more = events;
        const bool takes = apply(txs[i], escrow, header, &next, &more);
        if (takes)
            walk(i + 1, next, more);
        if (!takes || txs[i].kind == TxKind::Buy || txs[i].kind == TxKind::Mint)
            walk(i + 1, s, events);
    }
};
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
    out.enoughGas = tx->gasLimit >= tx->intrinsicGas();
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
    Ways ways{txs, escrowAddress(objectKey(key)), header, after, kMostWays, std::nullopt, false};
    ways.walk(0, before, {});
    if (ways.left < 0)
        return QStringLiteral("the transactions on %1 in block %2 can have gone more ways than are "
                              "tried: which took effect is not proven")
            .arg(key)
            .arg(header.height);
    if (ways.ambiguous)
        return QStringLiteral("the transactions on %1 in block %2 can have gone two ways that "
                              "end alike: which took effect cannot be proven without a "
                              "receipts root")
            .arg(key)
            .arg(header.height);
    if (!ways.found)
        return QStringLiteral("no way the transactions on %1 in block %2 could have gone ends with "
                              "its proven owner")
            .arg(key)
            .arg(header.height);
    return *ways.found;
}

} // namespace gifscan
