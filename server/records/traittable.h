#pragma once

#include "chain/store/statereader.h"
#include "server/records/ranks.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gifscan::server {

// A collection's objects in mint order with their traits as numbers, from
// one read of StateReader::traitsOf. Objects are never burned and their
// traits never change, so the collection at any height is a prefix of it:
// the ranks of each size it holds are made from it with no read of the
// store, where each size read every object's traits again (on a read
// server, a statement of some 0.14 ms and its rows decoded: a sixth of the
// database's time and a tenth of a reader's on new requests at past
// heights). Made on any thread; never changed once made.
class TraitTable
{
public:
    explicit TraitTable(const std::vector<chain::RankedObject> &objects);

    std::size_t size() const { return m_objects.size(); }
    // The traits' entries it holds, what it costs to keep.
    std::size_t entries() const { return m_pairs.size(); }
    // The first `items` objects ranked (items <= size()), as RecordReader
    // ranked them from a read of that many: an object's score is the sum,
    // over its traits in their order, of items / how many of the items
    // share that trait and value; the rarest (highest score) first, ties by
    // token id.
    Ranks ranks(std::size_t items) const;

private:
    std::vector<int> m_objects;
    std::vector<std::uint64_t> m_tokenIds;
    std::vector<std::uint32_t> m_first; // where each object's pairs start in m_pairs, and the end
    std::vector<std::uint32_t> m_pairs; // each (trait, value) as a number, the object's in order
    std::size_t m_distinct = 0;         // how many numbers m_pairs uses
};

} // namespace gifscan::server
