#pragma once

#include "server/records/ranks.h"

#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace gifscan::server {

class TraitTable;

// The ranks a server has made, shared by all its RecordReaders: the node
// thread's and each of a read server's reader threads' (ReaderPool).
// Objects are never burned, so (collection, item count) names one set of
// objects and its ranks for good. Shared, a reader does not make again
// what another made, and the price a list by rarity is given on the node
// thread (RecordReader::objectsCost) knows what the reader that reads it
// will find. Used from any thread; the ranks it hands out never change.
class RankCache
{
public:
    using Key = std::pair<int, std::size_t>; // the collection, its objects at the height

    // `tableBound`: the bound of what the trait tables hold, in units of 4
    // bytes (an object 4, a trait's entry 1).
    explicit RankCache(std::size_t tableBound = kTableBound) : m_tableBound(tableBound) {}

    std::shared_ptr<const Ranks> find(const Key &key) const;
    bool contains(const Key &key) const;
    // Keeps `made` for `key` and gives it back; or, when another reader kept
    // ranks for `key` meanwhile, gives those.
    std::shared_ptr<const Ranks> keep(const Key &key, Ranks made);

    // The collection's trait table (TraitTable), from which the ranks of
    // every size up to its own are made without a read; null when none is
    // kept.
    std::shared_ptr<const TraitTable> table(int collection) const;
    // Keeps `made` as the collection's table, unless one of as many objects
    // or more is kept already; gives back the one kept (or `made`, when it
    // is over the bound alone).
    std::shared_ptr<const TraitTable> keepTable(int collection,
                                                std::shared_ptr<const TraitTable> made);

private:
    // Bounded: the sizes asked for move on. Bounded in objects ranked too,
    // so that requests at many past heights (each a size of the collection)
    // keep theirs without a great collection's taking the memory. A page
    // reading ranks holds them while they are let go here.
    static constexpr std::size_t kCachedRanks = 1024;
    static constexpr std::size_t kRankedObjects = std::size_t{1} << 21; // ~16 MB of ranks
    mutable std::mutex m_mutex;
    std::size_t m_rankedObjects = 0;
    std::map<Key, std::shared_ptr<const Ranks>> m_ranks;
    std::deque<Key> m_made; // oldest first: the least recently made goes first
    // The tables, bounded in what they hold (16 MB: an object's id, token
    // id and start are 16 bytes, a trait's entry 4): a great collection's
    // is kept alone, or not at all.
    static constexpr std::size_t kTableBound = std::size_t{1} << 22;
    const std::size_t m_tableBound;
    std::size_t m_tableHeld = 0;
    std::map<int, std::shared_ptr<const TraitTable>> m_tables;
    std::deque<int> m_tablesMade; // oldest first
};

} // namespace gifscan::server
