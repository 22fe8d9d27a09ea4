#pragma once

#include "chain/engine/chainoptions.h"
#include "chain/engine/chainstate.h"
#include "core/protocol/transaction.h"

#include <functional>
#include <map>

namespace gifscan::devnet {

struct PendingTx
{
    Transaction tx;
    Address from{};
    Hash32 hash{};
    std::uint64_t arrival = 0; // ties in gas price go to the earlier one
};

// Transactions that passed the edge, waiting for a block: best gas price
// first, each sender's nonces in order, future nonces held until their turn.
// Lives on the node thread.
class Mempool
{
public:
    enum class AddResult { Added, Replaced, Known, ReplacementUnderpriced, Full };

    using Limits = MempoolLimits;
    explicit Mempool(Limits limits = Limits{}) : m_limits(limits) {}

    // When the pool or the sender's share is full, the new transaction gets
    // in only by outbidding the cheapest last-in-line transaction, which is
    // evicted; otherwise Full.
    AddResult add(PendingTx tx);
    std::size_t contentBytes() const { return m_bytes; }
    const PendingTx *find(const Hash32 &hash) const;
    std::size_t size() const { return m_byHash.size(); }
    // The nonce a sender's next transaction should carry, counting pending ones.
    std::uint64_t nextNonce(const Address &sender, std::uint64_t stateNonce) const;

    // Offers ready transactions best-first; `include` returns false when the
    // transaction cannot go in (its sender then waits for the next block).
    // Included and refused transactions leave the pool.
    void select(const std::function<std::uint64_t(const Address &)> &stateNonce,
                const std::function<bool(const PendingTx &)> &include, std::size_t maxCount);

    // Drops what can never be mined: nonces below the sender's state nonce.
    void prune(const std::function<std::uint64_t(const Address &)> &stateNonce);

private:
    void erase(const Address &sender, std::uint64_t nonce);
    // The cheapest transaction that is last in its sender's line (so that
    // evicting it leaves no gap), among every sender or one sender.
    const PendingTx *cheapestTail(const Address *onlySender) const;

    std::unordered_map<Address, std::map<std::uint64_t, PendingTx>, ArrayHash> m_bySender;
    std::unordered_map<Hash32, Address, ArrayHash> m_byHash;
    std::uint64_t m_arrivals = 0;
    std::size_t m_bytes = 0;
    Limits m_limits;
};

} // namespace gifscan::devnet
