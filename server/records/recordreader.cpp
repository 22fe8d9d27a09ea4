#include "server/records/recordreader.h"

#include "server/records/traittable.h"

#include <set>

namespace gifscan::server {

namespace {
Address lie(Address owner)
{
    owner[19] ^= 0x5a;
    return owner;
}
} // namespace

const chain::StateReader &RecordReader::reader() const
{
    return m_state.tables();
}

Address RecordReader::reportedOwner(int object, std::uint64_t height) const
{
    return reported(object, m_state.version(object, height).owner);
}

Address RecordReader::reported(int object, const Address &owner) const
{
    return m_lieEvery > 0 && object % m_lieEvery == 0 ? lie(owner) : owner;
}

double RecordReader::objectsCost(const ObjectFilter &filter, std::uint64_t height,
                                 std::uint64_t offset, std::uint64_t limit) const
{
    // A page read in the index's order reads its rows; with traits it may
    // walk the whole scope to find them.
    if (filter.keyable() && filter.traits.isEmpty())
        return scanCost(limit, false);
    const std::size_t scope =
        filter.collection < 0 ? m_state.objectCount() : itemsAt(filter.collection, m_state.head());
    if (readsAsPage(filter, height)) {
        // The rows up to the page's end, no further than the scope: an
        // index's; the sales', at most kSalesPerObject an object before the
        // read gives up; and a collection's traits once for each size of it
        // the page needs ranked (read, or ranked from a trait table).
        const std::uint64_t end = std::min<std::uint64_t>(offset, scope) + limit;
        if (filter.order == ObjectFilter::Order::LastSale)
            return scanCost(static_cast<std::size_t>(end * kSalesPerObject), false);
        if (filter.order == ObjectFilter::Order::Rarity)
            return scanCost(static_cast<std::size_t>(end), false) +
                   static_cast<double>(unranked(filter, height, offset, limit)) / kRowsPerNode;
        // Below the head the spans open at the height are found among all
        // that opened by then: a read of index rows, about the scope's.
        if (height < m_state.head())
            return scanCost(static_cast<std::size_t>(scope + end), false);
        return scanCost(static_cast<std::size_t>(end), false);
    }
    const bool versions = filter.order != ObjectFilter::Order::Id || filter.listedOnly ||
                          filter.minPrice || filter.maxPrice;
    return scanCost(scope, versions);
}

std::size_t RecordReader::itemsAt(int collection, std::uint64_t height) const
{
    // A page of objects asks it once an object (their ranks), at any
    // height: each object's mint height, read once (objects are never
    // burned and their numbers never change), counts them without a read,
    // which was a round trip each on a read server's PostgreSQL.
    // Read in slices, each kept as it comes: a great chain's first count
    // is many short reads, none of which a request's bound cuts.
    while (m_mintsRead < m_state.objectCount()) {
        const auto slice = reader().mints(static_cast<int>(m_mintsRead), kMintsSlice);
        for (const auto &[c, minted] : slice) {
            if (static_cast<std::size_t>(c) >= m_mintedAt.size())
                m_mintedAt.resize(static_cast<std::size_t>(c) + 1);
            m_mintedAt[static_cast<std::size_t>(c)].push_back(minted);
            ++m_mintsRead;
        }
        if (slice.size() < kMintsSlice)
            break;
    }
    if (collection < 0 || static_cast<std::size_t>(collection) >= m_mintedAt.size())
        return 0;
    const std::vector<std::uint64_t> &heights = m_mintedAt[static_cast<std::size_t>(collection)];
    return static_cast<std::size_t>(std::upper_bound(heights.begin(), heights.end(), height) -
                                    heights.begin());
}

std::shared_ptr<const Ranks> RecordReader::ranks(int collection, std::size_t items)
{
    const RankCache::Key key{collection, items};
    if (auto found = m_ranks->find(key))
        return found;
    std::shared_ptr<const TraitTable> table = m_ranks->table(collection);
    if (!table || table->size() < items) {
        auto read = std::make_shared<const TraitTable>(reader().traitsOf(collection, items));
        // A store that holds fewer objects than the counts say (replaced
        // under a running server) gets ranks that byRarity refuses: neither
        // they nor the table are kept for every reader of the server.
        if (read->size() != items)
            return std::make_shared<const Ranks>(read->ranks(read->size()));
        table = m_ranks->keepTable(collection, std::move(read));
    }
    // Once made: a read cut at its deadline leaves none.
    return m_ranks->keep(key, table->ranks(items));
}

int RecordReader::rarityRank(int object, std::uint64_t height)
{
    const chain::ObjectRecord o = m_state.object(object);
    return ranks(o.collection, itemsAt(o.collection, height))->rankOf(object);
}

std::vector<int> RecordReader::objects(const ObjectFilter &filter, std::uint64_t height)
{
    std::vector<std::pair<int, int>> found; // object, its collection; by slug, then token id
    if (filter.owner) {
        // What the owner holds, from the holdings trie; a lying indexer also
        // names objects of the one address its lie turns into this one.
        std::set<int> candidates;
        for (const Address &holder : {*filter.owner, lie(*filter.owner)}) {
            for (const Hash32 &key : m_state.holdingsOf(holder, height))
                candidates.insert(m_state.objectIndex(key));
            if (m_lieEvery <= 0)
                break;
        }
        std::vector<std::pair<chain::ObjectRecord, int>> kept;
        for (int o : candidates) {
            if (o < 0 || reportedOwner(o, height) != *filter.owner)
                continue;
            chain::ObjectRecord r = m_state.object(o);
            if (filter.collection >= 0 && r.collection != filter.collection)
                continue;
            if (std::all_of(filter.traits.begin(), filter.traits.end(),
                            [&](const Trait &t) { return r.traits.contains(t); }))
                kept.emplace_back(std::move(r), o);
        }
        std::sort(kept.begin(), kept.end(), [](const auto &a, const auto &b) {
            return a.first.slug != b.first.slug ? a.first.slug < b.first.slug
                                                : a.first.tokenId < b.first.tokenId;
        });
        for (const auto &k : kept)
            found.emplace_back(k.second, k.first.collection);
    } else if (filter.keyable() && filter.limit) {
        // A page, read as such in the order asked for: no more rows than it holds.
        found = reader().objects(filter.collection, filter.traits, height,
                                 {filter.after, filter.reverse, filter.limit});
    } else {
        found = reader().objects(filter.collection, filter.traits, height);
    }
    keepAnyOf(found, filter.anyOf);
    if (filter.order == ObjectFilter::Order::Id && filter.reverse && !filter.limit)
        std::reverse(found.begin(), found.end()); // by slug, then id: both the other way
    if (filter.order == ObjectFilter::Order::Rarity) {
        // Objects come by slug, so each collection's are one run: its ranks
        // are computed (or found) once and only reorder that run.
        for (auto run = found.begin(); run != found.end();) {
            const int collection = run->second;
            const auto end = std::find_if(run, found.end(),
                                          [&](const auto &f) { return f.second != collection; });
            const std::shared_ptr<const Ranks> r = ranks(collection, itemsAt(collection, height));
            std::stable_sort(run, end, [&](const auto &a, const auto &b) {
                return r->rankOf(a.first) < r->rankOf(b.first);
            });
            run = end;
        }
        if (filter.reverse)
            reverseRuns(found);
    }
    orderByMarket(found, filter, height);
    std::vector<int> out;
    out.reserve(found.size());
    for (const auto &f : found)
        out.push_back(f.first);
    return out;
}

// Objects come by slug, then token id: each collection's are one run.
void RecordReader::reverseRuns(std::vector<std::pair<int, int>> &found)
{
    for (auto run = found.begin(); run != found.end();) {
        const int collection = run->second;
        const auto end =
            std::find_if(run, found.end(), [&](const auto &f) { return f.second != collection; });
        std::reverse(run, end);
        run = end;
    }
}

void RecordReader::keepAnyOf(std::vector<std::pair<int, int>> &found,
                             const QList<QList<Trait>> &anyOf) const
{
    if (anyOf.isEmpty())
        return;
    std::erase_if(found, [&](const std::pair<int, int> &f) {
        const QList<Trait> &traits = m_state.object(f.first).traits;
        return !std::all_of(anyOf.begin(), anyOf.end(), [&](const QList<Trait> &group) {
            return std::any_of(group.begin(), group.end(),
                               [&](const Trait &t) { return traits.contains(t); });
        });
    });
}

void RecordReader::orderByMarket(std::vector<std::pair<int, int>> &found,
                                 const ObjectFilter &filter, std::uint64_t height) const
{
    using Order = ObjectFilter::Order;
    const bool byMarket = filter.order == Order::Price || filter.order == Order::LastSale ||
                          filter.order == Order::RecentlyListed;
    const bool byPrice = filter.minPrice || filter.maxPrice;
    if (!byMarket && !filter.listedOnly && !byPrice)
        return;
    // One version read per object; a collection is a few hundred.
    struct Keyed
    {
        std::pair<int, int> object;
        std::optional<chain::Listing> listing;
        std::optional<Sale> lastSale;
    };
    std::vector<Keyed> keyed;
    keyed.reserve(found.size());
    std::vector<int> objects;
    objects.reserve(found.size());
    for (const auto &f : found)
        objects.push_back(f.first);
    m_state.prefetchVersions(objects, height);
    for (const auto &f : found) {
        chain::ObjectVersion v = m_state.version(f.first, height);
        if ((filter.listedOnly || byPrice) && !v.listing)
            continue;
        if ((filter.minPrice && v.listing->price < *filter.minPrice) ||
            (filter.maxPrice && v.listing->price > *filter.maxPrice))
            continue;
        keyed.push_back({f, std::move(v.listing), std::move(v.lastSale)});
    }
    // Reversed, the figures compare the other way; those without one stay last.
    const bool rev = filter.reverse;
    auto before = [&](const Keyed &a, const Keyed &b) {
        switch (filter.order) {
        case Order::Price: // cheapest first
            if (a.listing && b.listing)
                return rev ? a.listing->price > b.listing->price
                           : a.listing->price < b.listing->price;
            return a.listing.has_value() && !b.listing;
        case Order::LastSale: // most recently sold first
            if (a.lastSale && b.lastSale)
                return rev ? a.lastSale->height < b.lastSale->height
                           : a.lastSale->height > b.lastSale->height;
            return a.lastSale.has_value() && !b.lastSale;
        case Order::RecentlyListed: // newest listing first
            if (a.listing && b.listing)
                return rev ? a.listing->listedAt < b.listing->listedAt
                           : a.listing->listedAt > b.listing->listedAt;
            return a.listing.has_value() && !b.listing;
        default:
            return false;
        }
    };
    std::stable_sort(keyed.begin(), keyed.end(), before);
    found.clear();
    for (const Keyed &k : keyed)
        found.push_back(k.object);
}

TraitCounts RecordReader::traitCounts(int collection, std::uint64_t height) const
{
    TraitCounts out;
    out.items = itemsAt(collection, height);
    out.values = reader().traitCounts(collection, height);
    return out;
}

CollectionStats RecordReader::stats(int collection, std::uint64_t height) const
{
    CollectionStats s;
    s.collection = collection;
    const chain::CollectionTotals now = reader().totals(collection, height);
    s.items = now.items;
    s.owners = now.owners;
    s.listed = now.listed;
    s.floorPrice = now.floorPrice;
    s.volumeTotal = now.volume;
    // The last day is the difference of two running totals.
    chain::CollectionTotals before;
    if (height >= kDayBlocks)
        before = reader().totals(collection, height - kDayBlocks);
    s.volume24h = now.volume - before.volume;
    s.sales24h = now.sales - before.sales;
    return s;
}

std::vector<CollectionStats> RecordReader::collections(const QString &category, const QString &sort,
                                                       std::uint64_t height) const
{
    std::vector<CollectionStats> out;
    for (std::size_t i = 0; i < m_state.collectionCount(); ++i) {
        const int c = static_cast<int>(i);
        if (!m_state.collectionExists(c, height))
            continue;
        if (!category.isEmpty() && m_state.collection(c).category != category)
            continue;
        out.push_back(stats(c, height));
    }
    auto name = [this](const CollectionStats &s) -> const QString & {
        return m_state.collection(s.collection).slug;
    };
    auto by = [&](auto key) {
        std::stable_sort(out.begin(), out.end(), [&](const auto &a, const auto &b) {
            const auto ka = key(a), kb = key(b);
            return ka != kb ? ka > kb : name(a) < name(b);
        });
    };
    if (sort == QLatin1String("floor"))
        by([](const CollectionStats &s) { return s.floorPrice.value_or(Amount(0)); });
    else if (sort == QLatin1String("items"))
        by([](const CollectionStats &s) { return s.items; });
    else if (sort == QLatin1String("owners"))
        by([](const CollectionStats &s) { return s.owners; });
    else if (sort == QLatin1String("newest"))
        by([this](const CollectionStats &s) { return m_state.collection(s.collection).createdAt; });
    else if (sort == QLatin1String("name"))
        std::stable_sort(out.begin(), out.end(),
                         [&](const auto &a, const auto &b) { return name(a) < name(b); });
    else
        by([](const CollectionStats &s) { return s.volume24h; });
    return out;
}

WalletView RecordReader::wallet(const Address &address, std::uint64_t height) const
{
    WalletView w;
    std::map<QString, std::uint64_t> holdings;
    // Counted from the holding spans, with the account and the listings in
    // the same statement: the trie's walk is a round trip a level on
    // PostgreSQL. A devnet that lies about owners (its audit option)
    // reports them as it reports each object's.
    if (m_lieEvery <= 0) {
        const chain::StoredWallet stored = reader().wallet(address, height);
        // Past the head, the account is the one being built (ChainView).
        const bool sealed = m_state.hasBlocks() && height <= m_state.head();
        w.account = sealed ? stored.account.value_or(chain::AccountState{})
                           : m_state.account(address, height);
        for (const auto &[collection, count] : stored.held)
            holdings[m_state.collection(collection).slug] += count;
        w.listed = stored.listed;
        w.holdings.assign(holdings.begin(), holdings.end());
        return w;
    }
    w.account = m_state.account(address, height);
    for (const Address &holder : {address, lie(address)}) {
        std::vector<int> held;
        for (const int o : m_state.objectIndexes(m_state.holdingsOf(holder, height)))
            if (o >= 0)
                held.push_back(o);
        m_state.prefetchVersions(held, height); // their owners, at once
        for (const int o : held) {
            if (reportedOwner(o, height) == address)
                holdings[m_state.object(o).slug] += 1;
        }
    }
    w.listed = reader().wallet(address, height).listed;
    w.holdings.assign(holdings.begin(), holdings.end());
    return w;
}

std::vector<chain::ActivityEntry> RecordReader::activity(const chain::ActivityFilter &filter,
                                                         std::uint64_t height,
                                                         std::uint64_t limit) const
{
    return reader().activity(filter, height, limit);
}

} // namespace gifscan::server
