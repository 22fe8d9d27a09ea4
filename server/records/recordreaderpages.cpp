// RecordReader, continued: a page of an object list read as a page, where
// an index or the kept ranks serve its order, and a collection's holders
// from their table at the head. Same object and thread as
// server/records/recordreader.cpp; apart for that file's length.
#include "server/records/recordreader.h"

#include <algorithm>
#include <limits>
#include <map>

namespace gifscan::server {

namespace {

using Order = ObjectFilter::Order;

// No owner, traits, listing or price asked: the list is the whole scope's.
bool wholeScope(const ObjectFilter &f)
{
    return !f.owner && f.traits.isEmpty() && f.anyOf.isEmpty() && !f.listedOnly && !f.minPrice &&
           !f.maxPrice;
}

// The collections of the scope (-1: all) by slug, as a list by rarity runs:
// their bytes' order, the stores'.
std::vector<std::pair<QByteArray, int>> bySlug(const chain::ChainView &state, int collection)
{
    std::vector<std::pair<QByteArray, int>> scope;
    for (std::size_t c = 0; c < state.collectionCount(); ++c) {
        if (collection < 0 || collection == static_cast<int>(c))
            scope.emplace_back(state.collection(static_cast<int>(c)).slug.toUtf8(),
                               static_cast<int>(c));
    }
    std::sort(scope.begin(), scope.end());
    return scope;
}

// A page's end, however far a forged cursor's offset says it starts.
std::uint64_t pageEnd(std::uint64_t offset, std::uint64_t limit)
{
    return offset + std::min(limit, std::numeric_limits<std::uint64_t>::max() - offset);
}

// Only the listed, in any order.
bool listedOnly(const ObjectFilter &f)
{
    return f.listedOnly || f.minPrice || f.maxPrice;
}

// A list the listings' indexes serve (the spans' at a past height): by
// price, by listing, or the listed alone by name, with no owner or traits.
bool listingsServe(const ObjectFilter &f)
{
    const bool ordered = f.order == Order::Price || f.order == Order::RecentlyListed ||
                         (f.order == Order::Id && listedOnly(f));
    return ordered && !f.owner && f.traits.isEmpty() && f.anyOf.isEmpty();
}

} // namespace

std::optional<ObjectsPageAt> RecordReader::page(const ObjectFilter &filter, std::uint64_t height,
                                                std::uint64_t offset, std::uint64_t limit)
{
    if (limit == 0)
        return std::nullopt;
    switch (filter.order) {
    case Order::Rarity:
        return byRarity(filter, height, offset, limit);
    case Order::LastSale:
        return bySale(filter, height, offset, limit);
    default:
        return fromListings(filter, height, offset, limit);
    }
}

bool RecordReader::readsAsPage(const ObjectFilter &filter, std::uint64_t height) const
{
    // Oldest sale first groups every object's last sale: a read of the
    // scope's sales, priced as the scope.
    if (filter.order == Order::LastSale)
        return wholeScope(filter) && !filter.reverse;
    if (filter.order == Order::Rarity)
        return wholeScope(filter);
    return listingsServe(filter) && m_state.hasBlocks() && height <= m_state.head();
}

std::uint64_t RecordReader::unranked(const ObjectFilter &filter, std::uint64_t height,
                                     std::uint64_t offset, std::uint64_t limit) const
{
    // As byRarity walks the collections: those the page reaches into whose
    // ranks for their size at `height` are not kept. A trait table that
    // holds that many spares the read, not the ranking (a count, a sort
    // of them all), so such a size is priced as before, by its objects.
    const std::uint64_t end = pageEnd(offset, limit);
    std::uint64_t before = 0;
    std::uint64_t objects = 0;
    for (const auto &[slug, c] : bySlug(m_state, filter.collection)) {
        if (before >= end)
            break;
        const std::uint64_t items = itemsAt(c, height);
        if (items > 0 && before + items > offset && !m_ranks->contains({c, items}))
            objects += items;
        before += items;
    }
    return objects;
}

std::uint64_t RecordReader::itemsInScope(int collection, std::uint64_t height) const
{
    std::uint64_t total = 0;
    for (std::size_t c = 0; c < m_state.collectionCount(); ++c) {
        if (collection < 0 || collection == static_cast<int>(c))
            total += itemsAt(static_cast<int>(c), height);
    }
    return total;
}

std::optional<ObjectsPageAt> RecordReader::completed(const ObjectFilter &filter,
                                                     std::uint64_t height, std::uint64_t offset,
                                                     std::uint64_t limit, std::uint64_t counted,
                                                     std::vector<int> objects,
                                                     const Rest &rest) const
{
    if (objects.size() < limit) {
        const std::uint64_t from = offset > counted ? offset - counted : 0;
        const auto more =
            rest(filter.collection >= 0 ? std::optional(m_state.collection(filter.collection).slug)
                                        : std::nullopt,
                 from, limit - objects.size());
        if (!more)
            return std::nullopt; // the store moved on between the two
        objects.insert(objects.end(), more->begin(), more->end());
    }
    const std::uint64_t total = itemsInScope(filter.collection, height);
    // The callers read the page by this total: counted from the mint
    // heights kept here rather than by the statements, it must agree with
    // what they found, or the list is read whole (a database replaced
    // under a long-running server keeps the old chain's counts).
    const std::uint64_t expected = offset < total ? std::min(limit, total - offset) : 0;
    if (objects.size() != expected)
        return std::nullopt;
    return ObjectsPageAt{total, std::move(objects)};
}

std::optional<ObjectsPageAt> RecordReader::fromListings(const ObjectFilter &filter,
                                                        std::uint64_t height, std::uint64_t offset,
                                                        std::uint64_t limit) const
{
    using By = chain::ListedOrder::By;
    if (!listingsServe(filter) || limit == 0)
        return std::nullopt;
    static const std::map<Order, By> kBy{
        {Order::Price, By::Price}, {Order::RecentlyListed, By::ListedAt}, {Order::Id, By::Name}};
    const chain::ListedOrder order{kBy.at(filter.order), filter.minPrice, filter.maxPrice,
                                   filter.reverse,       offset,          limit};
    std::optional<chain::ListedPage> page = reader().listed(filter.collection, height, order);
    if (!page)
        return std::nullopt;
    if (listedOnly(filter))
        return ObjectsPageAt{page->listed, std::move(page->objects)};
    // The unlisted follow the listed, by slug then token id.
    return completed(filter, height, offset, limit, page->listed, std::move(page->objects),
                     [&](const std::optional<QString> &slug, std::uint64_t from, std::uint64_t n) {
                         return reader().unlisted(slug, height, from, n);
                     });
}

std::optional<ObjectsPageAt> RecordReader::bySale(const ObjectFilter &filter, std::uint64_t height,
                                                  std::uint64_t offset, std::uint64_t limit) const
{
    if (filter.order != Order::LastSale || !wholeScope(filter) || limit == 0)
        return std::nullopt;
    // Past a few sales an object of the scope, reading the list object by
    // object costs less.
    const std::uint64_t mostSales = kSalesPerObject * itemsInScope(filter.collection, height) + 64;
    std::optional<chain::SoldPage> sold = reader().sold(
        filter.collection, height, chain::SoldOrder{filter.reverse, offset, limit, mostSales});
    if (!sold)
        return std::nullopt;
    // The never sold follow the sold, by slug then token id.
    return completed(filter, height, offset, limit, sold->sold, std::move(sold->objects),
                     [&](const std::optional<QString> &slug, std::uint64_t from, std::uint64_t n) {
                         return reader().unsold(slug, height, from, n);
                     });
}

std::optional<ObjectsPageAt> RecordReader::byRarity(const ObjectFilter &filter,
                                                    std::uint64_t height, std::uint64_t offset,
                                                    std::uint64_t limit)
{
    if (filter.order != Order::Rarity || !wholeScope(filter) || limit == 0)
        return std::nullopt;
    const std::uint64_t end = pageEnd(offset, limit);
    ObjectsPageAt page;
    for (const auto &[slug, c] : bySlug(m_state, filter.collection)) {
        const std::uint64_t first = page.total;
        const std::size_t items = itemsAt(c, height);
        page.total += items;
        const std::uint64_t from = std::max(offset, first);
        const std::uint64_t to = std::min(end, page.total);
        if (from >= to)
            continue; // only its count is needed
        const std::shared_ptr<const Ranks> r = ranks(c, items);
        if (r->byRank.size() != items)
            return std::nullopt; // a store that does not hold what the counts say
        // Rarest first; reversed, the commonest, each collection in its place.
        for (std::uint64_t i = from - first; i < to - first; ++i)
            page.objects.push_back(r->byRank[filter.reverse ? items - 1 - i : i]);
    }
    return page;
}

std::vector<std::pair<Address, std::uint64_t>> RecordReader::holders(int collection,
                                                                     std::uint64_t height)
{
    std::vector<std::pair<Address, std::uint64_t>> out;
    if (auto atHead = collection >= 0 ? reader().holders(collection, height) : std::nullopt) {
        out = std::move(*atHead);
    } else {
        ObjectFilter filter;
        filter.collection = collection;
        const std::vector<int> found = objects(filter, height);
        // Their versions at once: one statement, not a round trip each on a
        // read server's PostgreSQL.
        m_state.prefetchVersions(found, height);
        std::map<Address, std::uint64_t> counts;
        for (int o : found)
            ++counts[m_state.version(o, height).holder()];
        out.assign(counts.begin(), counts.end());
    }
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    return out;
}

} // namespace gifscan::server
