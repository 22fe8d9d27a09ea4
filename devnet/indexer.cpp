#include "devnet/indexer.h"

#include <set>

namespace gifscan::devnet {

Address Indexer::reportedOwner(int object, std::uint64_t height) const
{
    Address owner = *m_state.object(object).owner.at(height);
    if (m_lieEvery > 0 && object % m_lieEvery == 0)
        owner[19] ^= 0x5a;
    return owner;
}

std::size_t Indexer::itemsAt(int collection, std::uint64_t height) const
{
    const auto &objects = m_state.collection(collection).objects;
    // Objects are appended in mint order, so heights ascend along the vector.
    auto it = std::upper_bound(objects.begin(), objects.end(), height,
                               [this](std::uint64_t h, int o) { return h < m_state.object(o).mintedAt; });
    return static_cast<std::size_t>(it - objects.begin());
}

const std::vector<int> &Indexer::ranks(int collection, std::size_t items)
{
    auto key = std::make_pair(collection, items);
    auto it = m_rankCache.find(key);
    if (it != m_rankCache.end())
        return it->second;
    const auto &objects = m_state.collection(collection).objects;
    QHash<QString, int> counts; // "trait\0value" -> how many have it
    for (std::size_t i = 0; i < items; ++i) {
        for (const auto &t : m_state.object(objects[i]).traits)
            counts[t.trait + QChar(0) + t.value] += 1;
    }
    std::vector<std::pair<double, std::size_t>> scored(items);
    for (std::size_t i = 0; i < items; ++i) {
        double score = 0;
        for (const auto &t : m_state.object(objects[i]).traits)
            score += static_cast<double>(items) / counts.value(t.trait + QChar(0) + t.value);
        scored[i] = {score, i};
    }
    std::sort(scored.begin(), scored.end(), [&](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first > b.first;
        return m_state.object(objects[a.second]).tokenId < m_state.object(objects[b.second]).tokenId;
    });
    std::vector<int> rank(items);
    for (std::size_t r = 0; r < items; ++r)
        rank[scored[r].second] = static_cast<int>(r + 1);
    return m_rankCache.emplace(key, std::move(rank)).first->second;
}

int Indexer::rarityRank(int object, std::uint64_t height)
{
    const ObjectRecord &o = m_state.object(object);
    const auto &objects = m_state.collection(o.collection).objects;
    const std::size_t pos = static_cast<std::size_t>(std::find(objects.begin(), objects.end(), object) - objects.begin());
    return ranks(o.collection, itemsAt(o.collection, height))[pos];
}

std::vector<int> Indexer::objects(const ObjectFilter &filter, std::uint64_t height)
{
    std::vector<int> out;
    auto consider = [&](int o) {
        const ObjectRecord &r = m_state.object(o);
        if (r.mintedAt > height)
            return;
        if (filter.owner && reportedOwner(o, height) != *filter.owner)
            return;
        for (const auto &t : filter.traits) {
            if (!r.traits.contains(t))
                return;
        }
        out.push_back(o);
    };
    if (filter.collection >= 0) {
        for (int o : m_state.collection(filter.collection).objects)
            consider(o);
    } else {
        for (std::size_t o = 0; o < m_state.objectCount(); ++o)
            consider(static_cast<int>(o));
    }
    if (filter.byRarity) {
        std::vector<std::pair<int, int>> keyed;
        keyed.reserve(out.size());
        for (int o : out)
            keyed.emplace_back(rarityRank(o, height), o);
        std::stable_sort(keyed.begin(), keyed.end(), [&](const auto &a, const auto &b) {
            const auto &ca = m_state.object(a.second).slug, &cb = m_state.object(b.second).slug;
            return ca != cb ? ca < cb : a.first < b.first;
        });
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i] = keyed[i].second;
    } else {
        std::sort(out.begin(), out.end(), [&](int a, int b) {
            const auto &oa = m_state.object(a), &ob = m_state.object(b);
            return oa.slug != ob.slug ? oa.slug < ob.slug : oa.tokenId < ob.tokenId;
        });
    }
    return out;
}

TraitCounts Indexer::traitCounts(int collection, std::uint64_t height) const
{
    TraitCounts out;
    out.items = itemsAt(collection, height);
    std::map<std::pair<QString, QString>, std::uint64_t> counts;
    const CollectionRecord &c = m_state.collection(collection);
    for (std::size_t i = 0; i < out.items; ++i) {
        for (const Trait &t : m_state.object(c.objects[i]).traits)
            counts[{t.trait, t.value}] += 1;
    }
    out.values.reserve(counts.size());
    for (const auto &[tv, n] : counts)
        out.values.push_back({Trait{tv.first, tv.second}, n});
    return out;
}

CollectionStats Indexer::stats(int collection, std::uint64_t height) const
{
    CollectionStats s;
    s.collection = collection;
    const CollectionRecord &c = m_state.collection(collection);
    s.items = itemsAt(collection, height);
    std::set<Address> owners;
    for (std::size_t i = 0; i < s.items; ++i) {
        const ObjectRecord &o = m_state.object(c.objects[i]);
        const auto *listing = o.listing.at(height);
        if (listing && *listing) {
            s.listed += 1;
            owners.insert((*listing)->seller); // escrow holds it, the seller still owns it
            if (!s.floorPrice || (*listing)->price < *s.floorPrice)
                s.floorPrice = (*listing)->price;
        } else {
            owners.insert(*o.owner.at(height));
        }
    }
    s.owners = owners.size();
    const std::uint64_t dayStart = height >= kDayBlocks ? height - kDayBlocks + 1 : 0;
    for (const Sale &sale : c.sales) {
        if (sale.height > height)
            break;
        s.volumeTotal += sale.price;
        if (sale.height >= dayStart) {
            s.volume24h += sale.price;
            s.sales24h += 1;
        }
    }
    return s;
}

std::vector<CollectionStats> Indexer::collections(const QString &category, const QString &sort,
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
    auto name = [this](const CollectionStats &s) -> const QString & { return m_state.collection(s.collection).slug; };
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
        std::stable_sort(out.begin(), out.end(), [&](const auto &a, const auto &b) { return name(a) < name(b); });
    else
        by([](const CollectionStats &s) { return s.volume24h; });
    return out;
}

WalletView Indexer::wallet(const Address &address, std::uint64_t height) const
{
    WalletView w;
    w.account = m_state.account(address, height);
    std::map<QString, std::uint64_t> holdings;
    for (std::size_t i = 0; i < m_state.objectCount(); ++i) {
        const int o = static_cast<int>(i);
        if (!m_state.objectExists(o, height))
            continue;
        if (reportedOwner(o, height) == address)
            holdings[m_state.object(o).slug] += 1;
        const auto *listing = m_state.object(o).listing.at(height);
        if (listing && *listing && (*listing)->seller == address)
            w.listed += 1;
    }
    w.holdings.assign(holdings.begin(), holdings.end());
    return w;
}

std::vector<const ActivityEntry *> Indexer::activity(const ActivityFilter &filter, std::uint64_t height) const
{
    std::vector<const ActivityEntry *> out;
    const auto &feed = m_state.activity();
    auto end = std::upper_bound(feed.begin(), feed.end(), height,
                                [](std::uint64_t h, const ActivityEntry &e) { return h < e.height; });
    for (auto it = end; it != feed.begin();) {
        --it;
        if (it->height < filter.since)
            break;
        if (!filter.types.isEmpty() && !filter.types.contains(it->type))
            continue;
        if (filter.collection >= 0 && m_state.object(it->object).collection != filter.collection)
            continue;
        if (filter.address && it->from != filter.address && it->to != filter.address)
            continue;
        out.push_back(&*it);
    }
    return out;
}

} // namespace gifscan::devnet
