#include "core/protocol/recordcodec.h"

#include "core/protocol/transaction.h"
#include "core/protocol/validatorset.h"

namespace gifscan::RecordCodec {

namespace {
const QStringList kEventTypes = {QStringLiteral("mint"), QStringLiteral("transfer"),
                                 QStringLiteral("list"), QStringLiteral("delist"),
                                 QStringLiteral("sale"), QStringLiteral("payment")};
const QStringList kActivityTypes = {QStringLiteral("mint"), QStringLiteral("sale"),
                                    QStringLiteral("transfer"), QStringLiteral("list"),
                                    QStringLiteral("delist")};

QString sub(const QString &path, const char *key)
{
    return path.isEmpty() ? QString(QLatin1String(key)) : QString(path + u'.' + QLatin1String(key));
}
// What object and holdings proofs share: the neighbouring leaf, if any, and
// at most 256 siblings, deepest first.
void decodePath(JsonFields &f, const QString &path, const QJsonValue &other,
                const QJsonArray &siblings, std::optional<ProofOtherLeaf> *otherLeaf,
                std::vector<Hash32> *out, DecodeError *error)
{
    otherLeaf->reset();
    out->clear();
    if (f.ok() && !other.isNull()) {
        JsonFields o(other, sub(path, "otherLeaf"), error);
        *otherLeaf = ProofOtherLeaf{o.hash("key"), o.hash("valueHash")};
    }
    if (f.ok() && siblings.size() > 256)
        f.fail("siblings", QStringLiteral("%1 siblings: at most 256").arg(siblings.size()));
    for (qsizetype i = 0; i < siblings.size() && f.ok(); ++i) {
        auto h = parseHash(siblings.at(i).toString());
        if (!h)
            *error = {sub(path, "siblings") + QStringLiteral("[%1]").arg(i),
                      QStringLiteral("not a hash")};
        else
            out->push_back(*h);
    }
}
} // namespace

bool decode(const QJsonValue &v, const QString &path, BlockHeader *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->height = f.uint("height");
    out->hash = f.hash("hash");
    out->parentHash = f.hash("parentHash");
    out->timestamp = f.uint("timestamp");
    out->proposer = f.address("proposer");
    out->objectRoot = f.hash("objectRoot");
    out->txRoot = f.hash("txRoot");
    out->txCount = f.uint("txCount");
    out->validatorsHash = f.hash("validatorsHash");
    out->holdingsRoot = f.hash("holdingsRoot");
    out->commit.clear();
    // A header without a commit decodes (it is then simply not verified);
    // a commit that is there must be well formed.
    if (f.ok() && f.has("commit") && !f.isNull("commit")) {
        const QJsonArray commit = f.array("commit");
        if (f.ok() && static_cast<std::size_t>(commit.size()) > ValidatorSet::kMaxMembers)
            f.fail("commit", QStringLiteral("%1 signatures: a set has at most %2 validators")
                                 .arg(commit.size())
                                 .arg(ValidatorSet::kMaxMembers));
        for (qsizetype i = 0; i < commit.size() && f.ok(); ++i) {
            JsonFields c(commit.at(i), sub(path, "commit") + QStringLiteral("[%1]").arg(i), error);
            CommitSignature entry;
            const std::uint64_t index = c.uint("index");
            const auto sig = parseFixedHex<65>(c.string("signature"));
            if (c.ok() && !sig)
                c.fail("signature", QStringLiteral("not 65 bytes of hex"));
            if (c.ok() && index >= ValidatorSet::kMaxMembers)
                c.fail("index", QStringLiteral("index %1 is beyond any set").arg(index));
            if (!c.ok())
                break;
            entry.index = static_cast<std::uint32_t>(index);
            entry.signature = *sig;
            out->commit.push_back(entry);
        }
    }
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, Block *out, DecodeError *error)
{
    if (!decode(v, path, &out->header, error))
        return false;
    JsonFields f(v, path, error);
    const QJsonArray txs = f.array("transactions");
    out->transactionHashes.clear();
    out->transactions.clear();
    for (qsizetype i = 0; i < txs.size() && f.ok(); ++i) {
        const QString p = sub(path, "transactions") + QStringLiteral("[%1]").arg(i);
        if (txs.at(i).isString()) {
            auto h = parseHash(txs.at(i).toString());
            if (!h)
                *error = {p, QStringLiteral("not a hash")};
            else
                out->transactionHashes.append(*h);
        } else {
            TransactionRecord tx;
            if (decode(txs.at(i), p, &tx, error))
                out->transactions.append(tx);
        }
    }
    if (f.ok() && static_cast<std::uint64_t>(txs.size()) != out->header.txCount)
        f.fail("transactions", QStringLiteral("%1 entries, the header says %2")
                                   .arg(txs.size())
                                   .arg(out->header.txCount));
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, TransactionRecord *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->hash = f.hash("hash");
    out->from = f.address("from");
    out->nonce = f.uint("nonce");
    out->kind = f.string("kind");
    if (f.ok() && !txKindFromName(out->kind))
        f.fail("kind", QStringLiteral("unknown kind \"%1\"").arg(out->kind));
    out->gasPrice = f.amount("gasPrice");
    out->gasLimit = f.uint("gasLimit");
    // Body fields by kind: the ones a kind has must be there and well-formed.
    const auto kind = txKindFromName(out->kind).value_or(TxKind::Transfer);
    if (kind == TxKind::Transfer || kind == TxKind::Mint || kind == TxKind::TransferObject)
        out->to = f.address("to");
    if (kind == TxKind::Transfer)
        out->amount = f.amount("amount");
    if (kind != TxKind::Transfer) {
        out->slug = f.slug("slug");
    }
    if (kind != TxKind::Transfer && kind != TxKind::CreateCollection) {
        out->tokenId = f.uint("tokenId");
        out->key = f.string("key");
    }
    if (kind == TxKind::CreateCollection) {
        out->name = f.string("name");
        out->category = f.string("category");
    }
    if (kind == TxKind::Mint) {
        out->traits = f.traits("traits");
        out->bytes = f.uint("bytes");
    }
    if (kind == TxKind::List)
        out->price = f.amount("price");
    if (kind == TxKind::Buy)
        out->maxPrice = f.amount("maxPrice");
    out->blockHeight = f.optUint("blockHeight");
    out->blockHash = f.optHash("blockHash");
    out->index = f.optUint("index");
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, Receipt *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    const QString status = f.string("status");
    if (f.ok() && status != QLatin1String("success") && status != QLatin1String("failed"))
        f.fail("status", QStringLiteral("neither success nor failed"));
    out->success = status == QLatin1String("success");
    out->error = f.optString("error");
    out->gasUsed = f.uint("gasUsed");
    out->fee = f.amount("fee");
    out->blockHeight = f.uint("blockHeight");
    out->index = f.uint("index");
    const QJsonArray events = f.array("events");
    out->events.clear();
    for (qsizetype i = 0; i < events.size() && f.ok(); ++i) {
        JsonFields e(events.at(i), sub(path, "events") + QStringLiteral("[%1]").arg(i), error);
        ReceiptEvent ev;
        ev.type = e.string("type");
        if (e.ok() && !kEventTypes.contains(ev.type))
            e.fail("type", QStringLiteral("unknown event type \"%1\"").arg(ev.type));
        ev.key = e.optString("key");
        ev.from = e.optAddress("from");
        ev.to = e.optAddress("to");
        ev.price = e.optAmount("price");
        out->events.append(ev);
    }
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, TransactionWithReceipt *out,
            DecodeError *error)
{
    JsonFields f(v, path, error);
    const QJsonValue tx = f.value("transaction");
    const QJsonValue receipt = f.value("receipt");
    if (!f.ok() || !decode(tx, sub(path, "transaction"), &out->transaction, error))
        return false;
    out->receipt.reset();
    if (receipt.isNull())
        return true;
    Receipt r;
    if (!decode(receipt, sub(path, "receipt"), &r, error))
        return false;
    out->receipt = r;
    return true;
}

bool decode(const QJsonValue &v, const QString &path, Listing *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->key = f.string("key");
    out->seller = f.address("seller");
    out->escrow = f.address("escrow");
    out->price = f.amount("price");
    out->listedAt = f.uint("listedAt");
    out->txHash = f.hash("txHash");
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, ObjectRecord *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->key = f.string("key");
    out->slug = f.slug("slug");
    out->tokenId = f.uint("tokenId");
    if (f.ok() && out->key != displayKey(out->slug, out->tokenId))
        f.fail("key",
               QStringLiteral("\"%1\" is not %2#%3").arg(out->key, out->slug).arg(out->tokenId));
    out->owner = f.address("owner");
    out->rarityRank = f.integer("rarityRank");
    out->traits = f.traits("traits");
    out->frames = f.integer("frames");
    // A list record may say the content's size (the node's does: clients
    // size their batches by it); the detail record says it always.
    out->detailed = f.has("contentHash");
    if (out->detailed || f.has("bytes"))
        out->bytes = f.uint("bytes");
    if (out->detailed) {
        out->canvasWidth = f.integer("canvasWidth");
        out->canvasHeight = f.integer("canvasHeight");
        out->contentHash = f.hash("contentHash");
        out->traitsHash = f.hash("traitsHash");
        out->root = f.hash("root");
        out->mintedAt = f.uint("mintedAt");
        out->mintTx = f.hash("mintTx");
    }
    // The detail always has them; a list record may (a devnet addition).
    out->listing.reset();
    out->lastSale.reset();
    if (out->detailed || f.has("listing")) {
        const QJsonValue listing = f.value("listing");
        if (f.ok() && !listing.isNull()) {
            Listing l;
            if (decode(listing, sub(path, "listing"), &l, error))
                out->listing = l;
        }
    }
    if (out->detailed || f.has("lastSale")) {
        const QJsonValue lastSale = f.value("lastSale");
        if (f.ok() && !lastSale.isNull()) {
            JsonFields s(lastSale, sub(path, "lastSale"), error);
            out->lastSale = Sale{s.amount("price"), s.uint("height"), s.hash("txHash")};
        }
    }
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, Collection *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->slug = f.slug("slug");
    out->name = f.string("name");
    out->category = f.string("category");
    out->creator = f.address("creator");
    out->items = f.uint("items");
    out->owners = f.uint("owners");
    out->listed = f.uint("listed");
    out->floorPrice = f.optAmount("floorPrice");
    out->volume24h = f.amount("volume24h");
    out->volumeTotal = f.amount("volumeTotal");
    out->sales24h = f.uint("sales24h");
    out->createdAt = f.uint("createdAt");
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, MempoolStatus *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->pending = f.uint("pending");
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, TraitCounts *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->items = f.uint("items");
    const QJsonArray values = f.array("values");
    out->values.clear();
    for (qsizetype i = 0; i < values.size() && f.ok(); ++i) {
        JsonFields t(values.at(i), sub(path, "values") + QStringLiteral("[%1]").arg(i), error);
        out->values.append({Trait{t.string("trait"), t.string("value")}, t.uint("count")});
        if (!t.ok())
            return false;
    }
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, Wallet *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->address = f.address("address");
    out->balance = f.amount("balance");
    out->nonce = f.uint("nonce");
    const QJsonArray holdings = f.array("holdings");
    out->holdings.clear();
    for (qsizetype i = 0; i < holdings.size() && f.ok(); ++i) {
        JsonFields h(holdings.at(i), sub(path, "holdings") + QStringLiteral("[%1]").arg(i), error);
        out->holdings.append({h.slug("slug"), h.uint("count")});
    }
    out->listed = f.uint("listed");
    const QJsonValue counters = f.value("counters");
    if (f.ok()) {
        JsonFields c(counters, sub(path, "counters"), error);
        out->counters = {c.uint("txCount"), c.uint("minted"),      c.uint("bought"),
                         c.uint("sold"),    c.uint("transfersIn"), c.uint("transfersOut")};
    }
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, ActivityEntry *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->id = f.string("id");
    out->type = f.string("type");
    if (f.ok() && !kActivityTypes.contains(out->type))
        f.fail("type", QStringLiteral("unknown activity type \"%1\"").arg(out->type));
    out->key = f.string("key");
    out->slug = f.slug("slug");
    out->tokenId = f.uint("tokenId");
    out->from = f.optAddress("from");
    out->to = f.optAddress("to");
    out->price = f.optAmount("price");
    out->txHash = f.hash("txHash");
    out->height = f.uint("height");
    out->timestamp = f.uint("timestamp");
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, OwnedLeaf *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->key = f.string("key");
    out->slug = f.slug("slug");
    out->tokenId = f.uint("tokenId");
    out->root = f.hash("root");
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, ObjectProof *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->key = f.hash("key");
    out->displayKey = f.string("displayKey");
    out->height = f.uint("height");
    out->objectRoot = f.hash("objectRoot");
    const QJsonValue leaf = f.value("leaf");
    const QJsonValue other = f.value("otherLeaf");
    out->leaf.reset();
    if (f.ok() && !leaf.isNull()) {
        JsonFields l(leaf, sub(path, "leaf"), error);
        out->leaf = ProofLeaf{l.address("owner"), l.hash("contentHash"), l.hash("traitsHash")};
    }
    const QJsonArray siblings = f.array("siblings");
    decodePath(f, path, other, siblings, &out->otherLeaf, &out->siblings, error);
    return f.ok();
}

bool decode(const QJsonValue &v, const QString &path, HoldingsProof *out, DecodeError *error)
{
    JsonFields f(v, path, error);
    out->owner = f.address("owner");
    out->height = f.uint("height");
    out->holdingsRoot = f.hash("holdingsRoot");
    const QJsonArray objects = f.array("objects");
    const QJsonValue other = f.value("otherLeaf");
    const QJsonArray siblings = f.array("siblings");
    out->objects.clear();
    // Display keys are taken as written: whether they are well formed and in
    // order is the verifier's to judge, and to name.
    for (qsizetype i = 0; i < objects.size() && f.ok(); ++i) {
        if (!objects.at(i).isString())
            *error = {sub(path, "objects") + QStringLiteral("[%1]").arg(i),
                      QStringLiteral("not a string")};
        else
            out->objects.append(objects.at(i).toString());
    }
    decodePath(f, path, other, siblings, &out->otherLeaf, &out->siblings, error);
    return f.ok();
}

} // namespace gifscan::RecordCodec
