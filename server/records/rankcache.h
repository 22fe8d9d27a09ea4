#pragma once

#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace gifscan::server {

// One size of a collection ranked: its objects by position in its mint
// order, their ranks by position, and the objects by rank (rarest first).
struct Ranks
{
    std::vector<int> objects;
    std::vector<int> rank;
    std::vector<int> byRank;
    // An object's rank (1: the rarest), or 0 when it is not one of these.
    int rankOf(int object) const;
};

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

    std::shared_ptr<const Ranks> find(const Key &key) const;
    bool contains(const Key &key) const;
    // Keeps `made` for `key` and gives it back; or, when another reader kept
    // ranks for `key` meanwhile, gives those.
    std::shared_ptr<const Ranks> keep(const Key &key, Ranks made);

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
};

} // namespace gifscan::server
