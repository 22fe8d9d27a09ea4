#pragma once

#include "chain/engine/chainview.h"
#include "chain/store/statereader.h"
#include "server/records/rankcache.h"

#include <functional>
#include <map>
#include <memory>

namespace gifscan::server {

struct CollectionStats
{
    int collection = -1;
    std::uint64_t items = 0;
    std::uint64_t owners = 0;
    std::uint64_t listed = 0;
    std::optional<Amount> floorPrice;
    Amount volume24h = 0;
    Amount volumeTotal = 0;
    std::uint64_t sales24h = 0;
};

// How many of a collection's objects have each trait value.
struct TraitCounts
{
    std::uint64_t items = 0;
    std::vector<std::pair<Trait, std::uint64_t>> values; // by trait name, then value
};

// A page of an object list and how many the whole list holds
// (RecordReader::fromListings).
struct ObjectsPageAt
{
    std::uint64_t total = 0;
    std::vector<int> objects; // the page's, from its offset
};

struct WalletView
{
    chain::AccountState account;
    std::vector<std::pair<QString, std::uint64_t>> holdings; // slug, count
    std::uint64_t listed = 0;
};

struct ObjectFilter
{
    int collection = -1; // -1: all collections
    std::optional<Address> owner;
    QList<Trait> traits; // all must hold
    // Devnet additions. `anyOf`: values of one trait each, of which an
    // object has at least one (a collector's "Red or Blue"), every group
    // holding. A price range keeps objects listed at a price within it.
    QList<QList<Trait>> anyOf;
    std::optional<Amount> minPrice;
    std::optional<Amount> maxPrice;
    // Id: by slug, then token id. The others keep that order within ties
    // and put objects without the figure (not listed, never sold) last.
    enum class Order { Id, Rarity, Price, LastSale, RecentlyListed };
    Order order = Order::Id;
    bool listedOnly = false;
    // Each order the other way round (largest id, commonest, dearest, oldest
    // sale or listing first); objects without the figure still come last.
    bool reverse = false;
    // A list in id order that reads nothing per object (keyable) is read a
    // page at a time: the objects after `after` (an object's index, the
    // last of the page before), at most `limit` of them.
    std::optional<int> after;
    std::optional<std::size_t> limit;
    bool keyable() const
    {
        return order == Order::Id && !owner && anyOf.isEmpty() && !listedOnly && !minPrice &&
               !maxPrice;
    }
};

// The records behind REST and GraphQL, read at one height: every answer
// comes from the same versioned state the trie commits to, so the two
// cannot disagree (unless told to lie, for audits' tests). Lives on the
// thread of the chain it reads: the node thread, or one of a read server's
// reader threads (ReaderPool), each with a reader of its own; what they
// share is the server's RankCache, which locks.
class RecordReader
{
public:
    // `ranks`: the ranks it makes and finds, shared with the server's other
    // readers (a cache of its own when none is given).
    explicit RecordReader(const chain::ChainView &state, std::shared_ptr<RankCache> ranks = {})
        : m_state(state), m_ranks(ranks ? std::move(ranks) : std::make_shared<RankCache>())
    {
    }
    // For the server's other readers (ReaderPool), so that a list by rarity
    // is priced here by the ranks the reader that reads it will find.
    const std::shared_ptr<RankCache> &rankCache() const { return m_ranks; }

    // "24h" is the last 17280 blocks (PROTOCOL §4).
    static constexpr std::uint64_t kDayBlocks = 17280;

    // A devnet test option: the indexer reports a wrong owner for every
    // `n`th object, so an audit can be shown catching it. 0: honest.
    void setLieEvery(int n) { m_lieEvery = n; }
    Address reportedOwner(int object, std::uint64_t height) const;
    // The same for an owner already read.
    Address reported(int object, const Address &owner) const;

    // What listing objects reads, in GraphQL's cost nodes (docs/PROTOCOL.md,
    // "cost"): every object of its scope (a collection, or the chain) counted
    // at the head, 16 to a node when only their rows are read and 4 when each
    // one's version is read too (a market order, `listed`, a price range).
    // Measured on a 2,000-object chain: ~0.7 µs an object row, ~3.4 µs with
    // its version. REST's object lists are charged by it as GraphQL's are.
    static constexpr double kRowsPerNode = 16;
    static constexpr double kVersionsPerNode = 4;
    static double scanCost(std::size_t scope, bool versions)
    {
        return 1 + static_cast<double>(scope) / (versions ? kVersionsPerNode : kRowsPerNode);
    }
    // The list's page [offset, offset + limit) at `height`: a keyable list
    // with no traits reads `limit` rows; one page() reads as a page, the
    // rows up to the page's end (and a collection's traits for ranks not
    // made yet); any other, its scope.
    double objectsCost(const ObjectFilter &filter, std::uint64_t height, std::uint64_t offset,
                       std::uint64_t limit) const;
    // Whether page() reads the list a page at a time at `height`, not whole.
    bool readsAsPage(const ObjectFilter &filter, std::uint64_t height) const;

    int rarityRank(int object, std::uint64_t height);
    // A collection's objects minted by `height`: one count.
    std::size_t itemsAt(int collection, std::uint64_t height) const;
    std::vector<int> objects(const ObjectFilter &filter, std::uint64_t height);
    // The page [offset, offset + limit) of a list with no owner, traits,
    // listing or price asked, read without reading the whole list (as
    // objects() does) where the order allows: by price or listing at the
    // listings (fromListings), by last sale from the sales (bySale) or by
    // rarity from the collections' ranks (byRarity), at any height. Nothing
    // for any other list: the caller reads it with objects().
    std::optional<ObjectsPageAt> page(const ObjectFilter &filter, std::uint64_t height,
                                      std::uint64_t offset, std::uint64_t limit);
    // The page of a list by price or by listing (newest first), or of the
    // listed alone by name (a price range too), read from the listings'
    // indexes (the listing spans' at a past height) and the unlisted by
    // name, with no owner or traits asked; nothing for a height the store
    // has not reached.
    std::optional<ObjectsPageAt> fromListings(const ObjectFilter &filter, std::uint64_t height,
                                              std::uint64_t offset, std::uint64_t limit) const;
    // The page of a list by last sale: the sold from the sales' index, then
    // the never sold by name. Any height; nothing when the page would read
    // more than kSalesPerObject sales an object of its scope (a few objects
    // sold back and forth many times), which the whole list's read, a
    // version an object, bounds.
    static constexpr std::uint64_t kSalesPerObject = 4;
    std::optional<ObjectsPageAt> bySale(const ObjectFilter &filter, std::uint64_t height,
                                        std::uint64_t offset, std::uint64_t limit) const;
    // The page of a list by rarity, each collection's (by slug) from its
    // ranks, made once per size: no object's row is read. Any height.
    std::optional<ObjectsPageAt> byRarity(const ObjectFilter &filter, std::uint64_t height,
                                          std::uint64_t offset, std::uint64_t limit);
    // Who holds a collection's objects at `height` and how many each, most
    // first, then by address (a listed object counts for its seller): at
    // the store's newest height from its table of holders, at any other
    // from every object's version.
    std::vector<std::pair<Address, std::uint64_t>> holders(int collection, std::uint64_t height);
    CollectionStats stats(int collection, std::uint64_t height) const;
    TraitCounts traitCounts(int collection, std::uint64_t height) const;
    std::vector<CollectionStats> collections(const QString &category, const QString &sort,
                                             std::uint64_t height) const;
    WalletView wallet(const Address &address, std::uint64_t height) const;
    // Newest first: `limit` entries, older than the filter's `before` if set.
    std::vector<chain::ActivityEntry> activity(const chain::ActivityFilter &filter,
                                               std::uint64_t height, std::uint64_t limit) const;

private:
    // The collection's ranks at a size of it: found, or made and kept, from
    // the collection's trait table (read once for the largest size asked).
    std::shared_ptr<const Ranks> ranks(int collection, std::size_t items);
    // The objects of the collections a page by rarity reaches into whose
    // ranks for their size at `height` are not kept yet: what making them
    // reads.
    std::uint64_t unranked(const ObjectFilter &filter, std::uint64_t height, std::uint64_t offset,
                           std::uint64_t limit) const;
    // How many objects a collection (-1: the chain) holds at `height`.
    std::uint64_t itemsInScope(int collection, std::uint64_t height) const;
    // A page whose first part, of `counted` objects in all, is `objects`
    // (from `offset`), completed from `rest` (the others, by name: the
    // collection's slug or none, from, how many) and checked against the
    // scope's count.
    using Rest = std::function<std::optional<std::vector<int>>(
        const std::optional<QString> &slug, std::uint64_t from, std::uint64_t limit)>;
    std::optional<ObjectsPageAt> completed(const ObjectFilter &filter, std::uint64_t height,
                                           std::uint64_t offset, std::uint64_t limit,
                                           std::uint64_t counted, std::vector<int> objects,
                                           const Rest &rest) const;
    // Orders by what each object's version says at `height` (listing, last
    // sale) and drops the unlisted when asked to.
    static void reverseRuns(std::vector<std::pair<int, int>> &found);
    void keepAnyOf(std::vector<std::pair<int, int>> &found, const QList<QList<Trait>> &anyOf) const;
    void orderByMarket(std::vector<std::pair<int, int>> &found, const ObjectFilter &filter,
                       std::uint64_t height) const;
    const chain::StateReader &reader() const;
    const chain::ChainView &m_state;
    std::shared_ptr<RankCache> m_ranks;
    int m_lieEvery = 0;
    // By collection, its objects' mint heights in mint order (itemsAt), of
    // the first m_mintsRead objects of the chain.
    mutable std::vector<std::vector<std::uint64_t>> m_mintedAt;
    mutable std::size_t m_mintsRead = 0;
    static constexpr std::size_t kMintsSlice = 16384;
};

} // namespace gifscan::server
