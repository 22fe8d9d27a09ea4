#include "tests/support/fakeindex.h"

#include "core/client/restpageloads.h"
#include "core/crypto/privatekey.h"
#include "core/protocol/transaction.h"
#include "core/protocol/validatorset.h"

#include <algorithm>

namespace gifscan::test {

namespace {

constexpr std::uint64_t kGenesisTime = 1700000000;

BlockHeader signedHeader(std::uint64_t height, const Hash32 &parent,
                         std::uint64_t genesisTime = kGenesisTime)
{
    const ValidatorSet set = ValidatorSet::devnet();
    BlockHeader b;
    b.height = height;
    b.timestamp = genesisTime + 5 * height;
    b.parentHash = parent;
    b.validatorsHash = set.hash();
    b.proposer = set.members()[set.proposerIndex(height)];
    b.hash = b.computeHash();
    const Hash32 message = commitMessage(kChainId, b.hash);
    for (std::uint32_t i = 0; i < set.size(); ++i)
        b.commit.push_back({i, PrivateKey::devValidator(i).sign(message)});
    return b;
}

// The page of `all` from the cursor (an index into it) with up to `limit`
// of those `keep` takes, and the cursor past the last one looked at, as
// the node pages its lists.
template <typename T, typename Keep>
Page<T> pageOf(const std::vector<T> &all, const QString &cursor, int limit, std::uint64_t height,
               Keep keep)
{
    Page<T> page;
    page.height = height;
    std::size_t at = cursor.isEmpty() ? 0 : cursor.toULongLong();
    for (; at < all.size() && page.data.size() < limit; ++at) {
        if (keep(all[at]))
            page.data.append(all[at]);
    }
    if (at < all.size())
        page.cursor = QString::number(at);
    return page;
}

} // namespace

std::uint64_t FakeIndex::topHeight() const
{
    return m_headers.empty() ? 0 : m_headers.size() - 1;
}

std::vector<BlockHeader> FakeIndex::chain(std::uint64_t count)
{
    std::vector<BlockHeader> out;
    for (std::uint64_t h = 0; h < count; ++h)
        out.push_back(h == 0 ? signedHeader(0, Hash32{}) : next(out.back()));
    return out;
}

std::vector<BlockHeader> FakeIndex::otherChain(std::uint64_t count)
{
    std::vector<BlockHeader> out;
    const std::uint64_t genesisTime = kGenesisTime + 86400;
    for (std::uint64_t h = 0; h < count; ++h)
        out.push_back(signedHeader(h, h == 0 ? Hash32{} : out.back().hash, genesisTime));
    return out;
}

BlockHeader FakeIndex::next(const BlockHeader &parent)
{
    return signedHeader(parent.height + 1, parent.hash, parent.timestamp - 5 * parent.height);
}

int FakeIndex::deliver()
{
    std::deque<Waiting> now;
    now.swap(m_waiting);
    int ran = 0;
    for (Waiting &w : now) {
        if (w.live()) { // as the real client: nothing for a context that has gone
            w.run();
            ++ran;
        }
    }
    return ran;
}

bool FakeIndex::deliverNewest()
{
    if (m_waiting.empty())
        return false;
    Waiting w = std::move(m_waiting.back());
    m_waiting.pop_back();
    if (w.live())
        w.run();
    return true;
}

template <typename T>
void FakeIndex::answer(const QString &endpoint, QObject *context, Done<T> done, Result<T> result)
{
    ++m_asked[endpoint];
    if (!m_reachable) {
        result = {};
        result.error = {ClientError::Kind::Network,           0, {}, 0, {},
                        QStringLiteral("connection refused"), 0, {}};
    } else if (const auto failure = m_failures.find(endpoint); failure != m_failures.end()) {
        result = {};
        result.error = *failure;
        m_failures.erase(failure);
    }
    m_waiting.push_back({context != nullptr, context,
                         [done = std::move(done), result = std::move(result)] { done(result); }});
}

template <typename T>
void FakeIndex::unknown(const QString &endpoint, QObject *context, Done<T> done)
{
    Result<T> r;
    r.error.kind = ClientError::Kind::Decode;
    r.error.message = QStringLiteral("%1 is not in this fake").arg(endpoint);
    answer(endpoint, context, std::move(done), std::move(r));
}

void FakeIndex::blocks(const QString &cursor, int limit, QObject *context,
                       Done<Page<BlockHeader>> done)
{
    // Newest first from the cursor (the height to start at), as the node pages.
    Result<Page<BlockHeader>> r;
    r.value.emplace();
    const std::uint64_t top = topHeight();
    r.value->height = top;
    r.height = top;
    std::int64_t from = cursor.isEmpty() ? static_cast<std::int64_t>(top) : cursor.toLongLong();
    for (int i = 0; i < limit && from >= 0 && !m_headers.empty(); ++i, --from)
        r.value->data.append(m_headers[static_cast<std::size_t>(from)]);
    if (from >= 0 && !m_headers.empty())
        r.value->cursor = QString::number(from);
    answer(QStringLiteral("blocks"), context, std::move(done), std::move(r));
}

void FakeIndex::activity(const ActivityQuery &query, const QString &cursor, int limit,
                         QObject *context, Done<Page<ActivityEntry>> done)
{
    Result<Page<ActivityEntry>> r;
    r.value = pageOf(m_feed, cursor, limit, topHeight(), [&](const ActivityEntry &e) {
        return (query.types.isEmpty() || query.types.contains(e.type)) &&
               (!query.since || e.height >= *query.since) &&
               (query.collection.isEmpty() || e.slug == query.collection) &&
               (!query.address || e.from == query.address || e.to == query.address);
    });
    answer(QStringLiteral("activity"), context, std::move(done), std::move(r));
}

void FakeIndex::block(std::uint64_t height, QObject *context, Done<Block> done)
{
    Result<Block> r;
    if (height < m_headers.size()) {
        r.value.emplace();
        r.value->header = m_headers[height];
    } else {
        r.error = {ClientError::Kind::Http,
                   404,
                   QStringLiteral("not_found"),
                   0,
                   {},
                   QStringLiteral("no block %1").arg(height),
                   0,
                   {}};
    }
    answer(QStringLiteral("block"), context, std::move(done), std::move(r));
}

void FakeIndex::blockByHash(const Hash32 &, QObject *context, Done<Block> done)
{
    unknown(QStringLiteral("blockByHash"), context, std::move(done));
}

void FakeIndex::transaction(const Hash32 &, QObject *context, Done<TransactionWithReceipt> done)
{
    unknown(QStringLiteral("transaction"), context, std::move(done));
}

void FakeIndex::objects(const ObjectQuery &query, const QString &cursor, int limit,
                        QObject *context, Done<Page<ObjectRecord>> done)
{
    // By collection, owner and traits (every one asked for; of the any-of
    // values, one of each trait named, as the node groups them), in token
    // order. Orders, prices and listings it was not given to know.
    if (m_objects.empty() || query.listedOnly || query.minPrice || query.maxPrice ||
        query.reverse || !(query.sort.isEmpty() || query.sort == u"id"))
        return unknown(QStringLiteral("objects"), context, std::move(done));
    Result<Page<ObjectRecord>> r;
    r.height = topHeight();
    r.value = pageOf(m_objects, cursor, limit, r.height, [&](const ObjectRecord &o) {
        const bool traits =
            std::all_of(query.traits.begin(), query.traits.end(),
                        [&](const Trait &t) { return o.traits.contains(t); }) &&
            // Of the any-of values, one of each trait named.
            std::all_of(query.anyTraits.begin(), query.anyTraits.end(), [&](const Trait &named) {
                return std::any_of(
                    query.anyTraits.begin(), query.anyTraits.end(),
                    [&](const Trait &t) { return t.trait == named.trait && o.traits.contains(t); });
            });
        return (query.collection.isEmpty() || o.slug == query.collection) &&
               (!query.owner || o.owner == *query.owner) && traits;
    });
    answer(QStringLiteral("objects"), context, std::move(done), std::move(r));
}

void FakeIndex::object(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t>,
                       QObject *context, Done<ObjectRecord> done)
{
    if (m_objects.empty())
        return unknown(QStringLiteral("object"), context, std::move(done));
    Result<ObjectRecord> r;
    r.height = topHeight();
    const auto it = std::find_if(m_objects.begin(), m_objects.end(), [&](const ObjectRecord &o) {
        return o.slug == slug && o.tokenId == tokenId;
    });
    if (it != m_objects.end())
        r.value = *it;
    else
        r.error = {ClientError::Kind::Http,
                   404,
                   QStringLiteral("not_found"),
                   0,
                   {},
                   QStringLiteral("no object %1#%2").arg(slug).arg(tokenId),
                   0,
                   {}};
    answer(QStringLiteral("object"), context, std::move(done), std::move(r));
}

void FakeIndex::frames(const QString &slug, std::uint64_t tokenId, std::optional<int>,
                       QObject *context, Done<QByteArray> done)
{
    const auto gif = m_gifs.constFind(QStringLiteral("%1#%2").arg(slug).arg(tokenId));
    if (gif == m_gifs.constEnd())
        return unknown(QStringLiteral("frames"), context, std::move(done));
    Result<QByteArray> r;
    r.value = *gif;
    r.height = topHeight();
    answer(QStringLiteral("frames"), context, std::move(done), std::move(r));
}

void FakeIndex::collections(const QString &category, const QString &, const QString &cursor,
                            int limit, QObject *context, Done<Page<Collection>> done)
{
    // In the order given (the sort is the node's business), by category.
    if (m_collections.empty())
        return unknown(QStringLiteral("collections"), context, std::move(done));
    Result<Page<Collection>> r;
    r.height = topHeight();
    r.value = pageOf(m_collections, cursor, limit, r.height, [&](const Collection &c) {
        return category.isEmpty() || c.category == category;
    });
    answer(QStringLiteral("collections"), context, std::move(done), std::move(r));
}

void FakeIndex::traitCounts(const QString &slug, std::optional<std::uint64_t>, QObject *context,
                            Done<TraitCounts> done)
{
    // Counted from the objects as they stand (the height is the node's business).
    if (m_objects.empty())
        return unknown(QStringLiteral("traitCounts"), context, std::move(done));
    Result<TraitCounts> r;
    r.value.emplace();
    r.height = topHeight();
    for (const ObjectRecord &o : m_objects) {
        if (o.slug != slug)
            continue;
        ++r.value->items;
        for (const Trait &t : o.traits) {
            auto it = std::find_if(r.value->values.begin(), r.value->values.end(),
                                   [&](const TraitCount &c) { return c.trait == t; });
            if (it == r.value->values.end())
                r.value->values.append({t, 1});
            else
                ++it->count;
        }
    }
    answer(QStringLiteral("traitCounts"), context, std::move(done), std::move(r));
}

void FakeIndex::mempool(QObject *context, Done<MempoolStatus> done)
{
    unknown(QStringLiteral("mempool"), context, std::move(done));
}

void FakeIndex::wallet(const Address &address, std::optional<std::uint64_t>, QObject *context,
                       Done<Wallet> done)
{
    // Its holdings from the objects, its counters from the feed.
    if (m_objects.empty())
        return unknown(QStringLiteral("wallet"), context, std::move(done));
    Result<Wallet> r;
    r.value.emplace();
    r.height = topHeight();
    Wallet &w = *r.value;
    w.address = address;
    w.balance = m_balances.value(toHexString(address));
    for (const ObjectRecord &o : m_objects) {
        if (o.owner != address)
            continue;
        auto it = std::find_if(w.holdings.begin(), w.holdings.end(),
                               [&](const auto &h) { return h.first == o.slug; });
        if (it == w.holdings.end())
            w.holdings.append({o.slug, 1});
        else
            ++it->second;
    }
    for (const ActivityEntry &e : m_feed) {
        const bool in = e.to == address, out = e.from == address;
        w.counters.txCount += in || out ? 1 : 0;
        w.counters.minted += in && e.type == u"mint" ? 1 : 0;
        w.counters.bought += in && e.type == u"sale" ? 1 : 0;
        w.counters.sold += out && e.type == u"sale" ? 1 : 0;
        w.counters.transfersIn += in && e.type == u"transfer" ? 1 : 0;
        w.counters.transfersOut += out && e.type == u"transfer" ? 1 : 0;
    }
    answer(QStringLiteral("wallet"), context, std::move(done), std::move(r));
}

// What REST would ask for each page, from the fake's own answers.
void FakeIndex::objectPage(const QString &slug, std::uint64_t tokenId,
                           std::optional<std::uint64_t> height, QObject *context,
                           Done<ObjectPageRecords> done)
{
    RestPageLoads::objectPage(*this, slug, tokenId, height, context, std::move(done));
}

void FakeIndex::collectionPage(const QString &slug, std::optional<std::uint64_t> height,
                               QObject *context, Done<CollectionPageRecords> done)
{
    RestPageLoads::collectionPage(*this, slug, height, context, std::move(done));
}

void FakeIndex::addressPage(const Address &address, int pageSize, QObject *context,
                            Done<AddressPageRecords> done)
{
    RestPageLoads::addressPage(*this, address, pageSize, context, std::move(done));
}

} // namespace gifscan::test
