#include "chain/engine/executor.h"

#include "core/crypto/sha256.h"
#include "core/gif/gifprobe.h"

namespace gifscan::chain {

namespace {
constexpr int kMaxCanvas = 1024;
constexpr int kMaxFrames = 1000;
constexpr int kMaxTraits = 64;

bool isCategoryWord(const QString &s)
{
    if (s.isEmpty() || s.size() > 32)
        return false;
    return std::all_of(s.begin(), s.end(),
                       [](QChar c) { return (c >= u'a' && c <= u'z') || c == u'-'; });
}
} // namespace

std::uint64_t Executor::gasUsed(const Transaction &tx)
{
    return std::min(tx.intrinsicGas(), tx.gasLimit);
}

std::optional<Amount> Executor::maxFee(const Transaction &tx)
{
    return checkedMul(tx.gasPrice, Amount(gasUsed(tx)));
}

template <typename F>
void Executor::updateAccount(const Address &who, std::uint64_t height, F &&change)
{
    AccountState s = m_state.latestAccount(who);
    change(s);
    m_state.setAccount(who, height, std::move(s));
}

void Executor::credit(const Address &who, const Amount &amount, std::uint64_t height)
{
    updateAccount(who, height, [&](AccountState &s) { s.balance += amount; });
}

void Executor::activity(const QString &type, int object, std::optional<Address> from,
                        std::optional<Address> to, std::optional<Amount> price, const Hash32 &hash,
                        const BlockContext &block, Receipt &receipt)
{
    ActivityEntry e;
    const ObjectRecord o = m_state.object(object);
    e.type = type;
    e.object = object;
    e.collection = o.collection;
    e.from = from;
    e.to = to;
    e.price = price;
    e.txHash = hash;
    e.height = block.height;
    e.timestamp = block.timestamp;
    m_state.addActivity(e);
    receipt.events.push_back({type, o.displayKey, from, to, price});
}

Receipt Executor::apply(const Transaction &tx, const Address &from, const Hash32 &hash,
                        std::uint32_t index, const BlockContext &block)
{
    Receipt receipt;
    receipt.gasUsed = gasUsed(tx);
    receipt.fee = tx.gasPrice * receipt.gasUsed;
    updateAccount(from, block.height, [&](AccountState &s) {
        s.balance -= receipt.fee;
        s.nonce = tx.nonce + 1;
        s.counters.txCount += 1;
    });
    credit(block.proposer, receipt.fee, block.height);

    QString error;
    if (tx.gasLimit < tx.intrinsicGas())
        error = QStringLiteral("out of gas: %1 needs %2 gas, the limit is %3")
                    .arg(txKindName(tx.kind))
                    .arg(tx.intrinsicGas())
                    .arg(tx.gasLimit);
    else
        error = execute(tx, from, hash, block, receipt);
    if (!error.isEmpty()) {
        receipt.success = false;
        receipt.error = error;
        receipt.events.clear();
    }
    TxEntry entry;
    entry.tx = tx;
    entry.from = from;
    entry.hash = hash;
    entry.height = block.height;
    entry.index = index;
    entry.receipt = receipt;
    m_state.addTransaction(std::move(entry));
    return receipt;
}

QString Executor::execute(const Transaction &tx, const Address &from, const Hash32 &hash,
                          const BlockContext &block, Receipt &receipt)
{
    const Step step{tx, from, hash, block, receipt};
    switch (tx.kind) {
    case TxKind::Transfer:
        return pay(step);
    case TxKind::CreateCollection:
        return createCollection(step);
    case TxKind::Mint:
        return mint(tx, from, hash, block, receipt);
    default:
        break;
    }
    // The rest act on an object that must exist.
    const int collection = m_state.collectionIndex(tx.slug);
    if (collection < 0)
        return QStringLiteral("no collection %1").arg(tx.slug);
    const int object = m_state.objectIndex(tx.objectDisplayKey());
    if (object < 0)
        return QStringLiteral("no object %1").arg(tx.objectDisplayKey());
    const ObjectVersion now = m_state.latestVersion(object);
    const Held held{object, m_state.object(object), now.owner, now.listing};
    switch (tx.kind) {
    case TxKind::TransferObject:
        return transferObject(step, held);
    case TxKind::List:
        return list(step, held);
    case TxKind::Delist:
        return delist(step, held);
    case TxKind::Buy:
        return buy(step, held);
    default:
        return QStringLiteral("unknown kind");
    }
}

QString Executor::pay(const Step &s)
{
    const std::uint64_t h = s.block.height;
    if (m_state.latestAccount(s.from).balance < s.tx.amount)
        return QStringLiteral("insufficient balance for the amount");
    updateAccount(s.from, h, [&](AccountState &a) { a.balance -= s.tx.amount; });
    credit(s.tx.to, s.tx.amount, h);
    s.receipt.events.push_back({QStringLiteral("payment"), {}, s.from, s.tx.to, s.tx.amount});
    return {};
}

QString Executor::createCollection(const Step &s)
{
    const Transaction &tx = s.tx;
    if (!isValidSlug(tx.slug))
        return QStringLiteral("invalid slug \"%1\"").arg(tx.slug);
    if (m_state.collectionIndex(tx.slug) >= 0)
        return QStringLiteral("collection %1 exists already").arg(tx.slug);
    if (tx.name.trimmed().isEmpty())
        return QStringLiteral("a collection needs a name");
    if (!isCategoryWord(tx.category))
        return QStringLiteral("invalid category \"%1\"").arg(tx.category);
    CollectionRecord c;
    c.slug = tx.slug;
    c.name = tx.name;
    c.category = tx.category;
    c.creator = s.from;
    c.createdAt = s.block.height;
    m_state.addCollection(std::move(c));
    return {};
}

QString Executor::transferObject(const Step &s, const Held &held)
{
    const std::uint64_t h = s.block.height;
    if (held.listing && held.listing->seller == s.from)
        return QStringLiteral("%1 is listed: delist it first").arg(held.record.displayKey);
    if (held.owner != s.from)
        return QStringLiteral("the sender does not own %1").arg(held.record.displayKey);
    m_state.setOwner(held.index, h, s.tx.to);
    updateAccount(s.from, h, [](AccountState &a) { a.counters.transfersOut += 1; });
    updateAccount(s.tx.to, h, [](AccountState &a) { a.counters.transfersIn += 1; });
    activity(QStringLiteral("transfer"), held.index, s.from, s.tx.to, std::nullopt, s.hash, s.block,
             s.receipt);
    return {};
}

QString Executor::list(const Step &s, const Held &held)
{
    if (held.listing)
        return QStringLiteral("%1 is listed already").arg(held.record.displayKey);
    if (held.owner != s.from)
        return QStringLiteral("the sender does not own %1").arg(held.record.displayKey);
    if (s.tx.price == 0)
        return QStringLiteral("a listing needs a price above zero");
    const Listing l{s.from, escrowAddress(held.record.key), s.tx.price, s.block.height, s.hash};
    m_state.setListing(held.index, l);
    m_state.setOwner(held.index, s.block.height, l.escrow);
    activity(QStringLiteral("list"), held.index, s.from, l.escrow, s.tx.price, s.hash, s.block,
             s.receipt);
    return {};
}

QString Executor::delist(const Step &s, const Held &held)
{
    if (!held.listing)
        return QStringLiteral("%1 is not listed").arg(held.record.displayKey);
    if (held.listing->seller != s.from)
        return QStringLiteral("only the seller delists %1").arg(held.record.displayKey);
    m_state.setListing(held.index, std::nullopt);
    m_state.setOwner(held.index, s.block.height, s.from);
    activity(QStringLiteral("delist"), held.index, held.listing->escrow, s.from, std::nullopt,
             s.hash, s.block, s.receipt);
    return {};
}

QString Executor::buy(const Step &s, const Held &held)
{
    const std::uint64_t h = s.block.height;
    const std::optional<Listing> &listing = held.listing;
    if (!listing)
        return QStringLiteral("%1 is not listed").arg(held.record.displayKey);
    if (listing->seller == s.from)
        return QStringLiteral("the seller cannot buy their own listing");
    if (listing->price > s.tx.maxPrice)
        return QStringLiteral("the price %1 is above maxPrice %2")
            .arg(amountToString(listing->price), amountToString(s.tx.maxPrice));
    if (m_state.latestAccount(s.from).balance < listing->price)
        return QStringLiteral("insufficient balance for the price");
    updateAccount(s.from, h, [&](AccountState &a) {
        a.balance -= listing->price;
        a.counters.bought += 1;
    });
    updateAccount(listing->seller, h, [&](AccountState &a) {
        a.balance += listing->price;
        a.counters.sold += 1;
    });
    m_state.setListing(held.index, std::nullopt);
    m_state.setLastSale(held.index, Sale{listing->price, h, s.hash});
    m_state.setOwner(held.index, h, s.from);
    activity(QStringLiteral("sale"), held.index, listing->seller, s.from, listing->price, s.hash,
             s.block, s.receipt);
    s.receipt.events.push_back(
        {QStringLiteral("payment"), {}, s.from, listing->seller, listing->price});
    return {};
}

QString Executor::mint(const Transaction &tx, const Address &from, const Hash32 &hash,
                       const BlockContext &block, Receipt &receipt)
{
    const int collection = m_state.collectionIndex(tx.slug);
    if (collection < 0)
        return QStringLiteral("no collection %1").arg(tx.slug);
    if (m_state.collection(collection).creator != from)
        return QStringLiteral("only the creator of %1 mints in it").arg(tx.slug);
    if (tx.tokenId >= (std::uint64_t{1} << 53))
        return QStringLiteral("token id %1 is 2^53 or more").arg(tx.tokenId);
    // Past the collection's highest token id nothing exists yet: asked
    // first, it spares a lookup by name that finds nothing (a follower's
    // round trip each mint).
    if (tx.tokenId < m_state.nextTokenId(collection) &&
        m_state.objectIndex(tx.objectDisplayKey()) >= 0)
        return QStringLiteral("%1 exists already").arg(tx.objectDisplayKey());
    if (tx.traits.size() > kMaxTraits)
        return QStringLiteral("more than %1 traits").arg(kMaxTraits);
    if (static_cast<std::size_t>(tx.content.size()) > kMaxContentBytes)
        return QStringLiteral("content of %1 bytes is over 512 KiB").arg(tx.content.size());
    const GifProbe probe = GifProbe::inspect(tx.content, kMaxFrames);
    if (!probe.ok)
        return QStringLiteral("content is not a valid GIF: %1").arg(probe.error);
    if (probe.canvasWidth < 1 || probe.canvasHeight < 1 || probe.canvasWidth > kMaxCanvas ||
        probe.canvasHeight > kMaxCanvas)
        return QStringLiteral("canvas %1×%2 is outside 1×1 to 1024×1024")
            .arg(probe.canvasWidth)
            .arg(probe.canvasHeight);

    ObjectRecord o;
    o.collection = collection;
    o.slug = tx.slug;
    o.tokenId = tx.tokenId;
    o.displayKey = tx.objectDisplayKey();
    o.key = objectKey(o.displayKey);
    o.traits = tx.traits;
    o.traitsHash = traitsHash(tx.traits);
    o.contentSize = tx.content.size();
    o.contentHash = sha256(tx.content);
    o.frames = probe.frames;
    o.canvasWidth = probe.canvasWidth;
    o.canvasHeight = probe.canvasHeight;
    o.mintedAt = block.height;
    o.mintTx = hash;
    const int object = m_state.addObject(std::move(o));
    m_state.setOwner(object, block.height, tx.to);
    updateAccount(tx.to, block.height, [](AccountState &s) { s.counters.minted += 1; });
    activity(QStringLiteral("mint"), object, std::nullopt, tx.to, std::nullopt, hash, block,
             receipt);
    return {};
}

} // namespace gifscan::chain
