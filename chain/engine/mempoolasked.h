#pragma once

#include "core/base/bytes.h"

#include <vector>

namespace gifscan::chain {

// What reads asked of a pool (Mempool::recordAsks): a transaction by its
// hash, or the pool as a whole (its size, its hashes, its changes, a
// sender's next nonce). A read server's reader answers from a pool of its
// own, always empty; the node thread answers again only when its pool
// could change what the reader said (Mempool::couldChange).
struct MempoolAsked
{
    bool whole = false;
    std::vector<Hash32> hashes; // looked for one by one, in order
    bool empty() const { return !whole && hashes.empty(); }
};

} // namespace gifscan::chain
