#pragma once

#include "chain/engine/chainoptions.h"
#include "chain/engine/chainstate.h"
#include "chain/engine/mempoolasked.h"
#include "core/protocol/transaction.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace gifscan::chain {

struct PendingTx
{
    Transaction tx;
    Address from{};
    Hash32 hash{};
    std::uint64_t arrival = 0; // ties in gas price go to the earlier one
};

// What entered and left a pool since a cursor (gif_mempoolChanges): each
// hash once, by where it ended up. `whole` when the cursor is not this
// pool's or too old to answer from the journal: `added` is then everything
// pending, and the asker drops whatever else it holds.
struct MempoolChanges
{
    QString cursor; // to ask from next time
    bool whole = false;
    std::vector<Hash32> added;
    std::vector<Hash32> removed;
};

// Transactions that passed the edge, waiting for a block: best gas price
// first, each sender's nonces in order, future nonces held until their turn.
// Every change is journalled (the newest kJournal), so that a read server
// can mirror the pool by asking for what changed. On a read server the
// pool is that mirror, filled by mirror() and remove(). Lives on the node
// thread.
class Mempool
{
public:
    enum class AddResult { Added, Replaced, Known, ReplacementUnderpriced, Full };

    using Limits = MempoolLimits;
    explicit Mempool(Limits limits = Limits{});

    // When the pool or the sender's share is full, the new transaction gets
    // in only by outbidding the cheapest last-in-line transaction, which is
    // evicted; otherwise Full.
    AddResult add(PendingTx tx);
    std::size_t contentBytes() const { return m_bytes; }
    const PendingTx *find(const Hash32 &hash) const;
    std::size_t size() const
    {
        askedWhole();
        return m_byHash.size();
    }
    bool empty() const { return m_byHash.empty(); }
    std::size_t senders() const { return m_bySender.size(); }
    // How often the pool was read (find(), size(), hashes(), nextNonce(),
    // changesSince()): an answer that read it is not kept in an answer
    // cache, as it changes with the pool.
    std::uint64_t lookups() const { return m_lookups; }
    // From now on each read is also noted, until taken (a reader's pool).
    void recordAsks() { m_asked.emplace(); }
    MempoolAsked takeAsked();
    // Whether what `asked` read would read otherwise in this pool than in an
    // empty one. Reads nothing that counts as a lookup.
    bool couldChange(const MempoolAsked &asked) const;
    // The nonce a sender's next transaction should carry, counting pending ones.
    std::uint64_t nextNonce(const Address &sender, std::uint64_t stateNonce) const;

    // Offers ready transactions best-first; `include` returns false when the
    // transaction cannot go in (its sender then waits for the next block).
    // Included and refused transactions leave the pool.
    void select(const std::function<std::uint64_t(const Address &)> &stateNonce,
                const std::function<bool(const PendingTx &)> &include, std::size_t maxCount);

    // Drops what can never be mined: nonces below the sender's state nonce.
    void prune(const std::function<std::uint64_t(const Address &)> &stateNonce);

    // A read server's mirror of its node's pool: what the node holds is
    // taken as it is (the node applied the limits); a transaction of the
    // same sender and nonce is replaced.
    void mirror(PendingTx tx);
    bool remove(const Hash32 &hash);
    std::vector<Hash32> hashes() const; // in arrival order

    static constexpr std::size_t kJournal = 16384;
    // Since `cursor` (empty: from nothing); a cursor of another pool (a
    // node restarted) or older than the journal gives the whole pool.
    MempoolChanges changesSince(const QString &cursor) const;

private:
    void record(const Hash32 &hash, bool added);
    void insert(PendingTx tx);
    void erase(const Address &sender, std::uint64_t nonce);
    // The cheapest transaction that is last in its sender's line (so that
    // evicting it leaves no gap), among every sender or one sender.
    const PendingTx *cheapestTail(const Address *onlySender) const;
    void askedWhole() const;
    void askedFor(const Hash32 &hash) const;

    std::unordered_map<Address, std::map<std::uint64_t, PendingTx>, ArrayHash> m_bySender;
    std::unordered_map<Hash32, Address, ArrayHash> m_byHash;
    std::uint64_t m_arrivals = 0;
    std::size_t m_bytes = 0;
    Limits m_limits;
    // The journal: change number m_changes is its last entry.
    std::deque<std::pair<Hash32, bool>> m_journal; // hash, added
    std::uint64_t m_changes = 0;
    std::uint64_t m_epoch; // tells this pool's cursors from another's
    mutable std::uint64_t m_lookups = 0;
    mutable std::optional<MempoolAsked> m_asked; // noted while recording
    // Past this many hashes noted, a read counts as the whole pool's.
    static constexpr std::size_t kMostAskedHashes = 1024;
};

} // namespace gifscan::chain
