#pragma once

#include <algorithm>
#include <cstddef>
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
    int rankOf(int object) const
    {
        // `objects` is in mint order, which is the objects' own index order.
        const auto it = std::lower_bound(objects.begin(), objects.end(), object);
        return it == objects.end() || *it != object
                   ? 0
                   : rank[static_cast<std::size_t>(it - objects.begin())];
    }
};

} // namespace gifscan::server
