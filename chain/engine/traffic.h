#pragma once

#include "chain/engine/chainview.h"
#include "chain/engine/mempool.h"

namespace gifscan::chain {

// Makes the chain look alive: every block a handful of mints, transfers,
// listings, purchases, delistings and payments, signed by the node's own
// traffic accounts (never the dev accounts) and submitted through the same
// edge as everyone's transactions. Lives on the node thread.
class Traffic
{
public:
    explicit Traffic(std::uint64_t seed) : m_seed(seed) {}
    std::vector<Bytes> transactionsFor(std::uint64_t height, const ChainView &state,
                                       const Mempool &mempool);

private:
    std::uint64_t m_seed;
};

} // namespace gifscan::chain
