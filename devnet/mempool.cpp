#include "devnet/mempool.h"

#include <queue>

namespace gifscan::devnet {

Mempool::AddResult Mempool::add(PendingTx tx)
{
    if (m_byHash.count(tx.hash))
        return AddResult::Known;
    auto &queue = m_bySender[tx.from];
    auto it = queue.find(tx.tx.nonce);
    AddResult result = AddResult::Added;
    if (it != queue.end()) {
        if (tx.tx.gasPrice <= it->second.tx.gasPrice)
            return AddResult::ReplacementUnderpriced;
        m_byHash.erase(it->second.hash);
        queue.erase(it);
        result = AddResult::Replaced;
    }
    tx.arrival = m_arrivals++;
    m_byHash.emplace(tx.hash, tx.from);
    const std::uint64_t nonce = tx.tx.nonce;
    queue.emplace(nonce, std::move(tx));
    return result;
}

const PendingTx *Mempool::find(const Hash32 &hash) const
{
    auto it = m_byHash.find(hash);
    if (it == m_byHash.end())
        return nullptr;
    for (const auto &[nonce, tx] : m_bySender.at(it->second)) {
        if (tx.hash == hash)
            return &tx;
    }
    return nullptr;
}

std::uint64_t Mempool::nextNonce(const Address &sender, std::uint64_t stateNonce) const
{
    auto it = m_bySender.find(sender);
    std::uint64_t next = stateNonce;
    if (it == m_bySender.end())
        return next;
    for (auto q = it->second.lower_bound(next); q != it->second.end() && q->first == next; ++q)
        ++next;
    return next;
}

void Mempool::erase(const Address &sender, std::uint64_t nonce)
{
    auto it = m_bySender.find(sender);
    if (it == m_bySender.end())
        return;
    auto q = it->second.find(nonce);
    if (q == it->second.end())
        return;
    m_byHash.erase(q->second.hash);
    it->second.erase(q);
    if (it->second.empty())
        m_bySender.erase(it);
}

void Mempool::select(const std::function<std::uint64_t(const Address &)> &stateNonce,
                     const std::function<bool(const PendingTx &)> &include, std::size_t maxCount)
{
    struct Candidate
    {
        Amount gasPrice;
        std::uint64_t arrival;
        Address sender;
        std::uint64_t nonce;
        bool operator<(const Candidate &o) const
        {
            if (gasPrice != o.gasPrice)
                return gasPrice < o.gasPrice;
            return arrival > o.arrival;
        }
    };
    std::priority_queue<Candidate> ready;
    auto offer = [&](const Address &sender, std::uint64_t nonce) {
        auto it = m_bySender.find(sender);
        if (it == m_bySender.end())
            return;
        auto q = it->second.find(nonce);
        if (q != it->second.end())
            ready.push({q->second.tx.gasPrice, q->second.arrival, sender, nonce});
    };
    for (const auto &[sender, queue] : m_bySender)
        offer(sender, stateNonce(sender));

    std::size_t taken = 0;
    while (!ready.empty() && taken < maxCount) {
        const Candidate c = ready.top();
        ready.pop();
        const PendingTx tx = m_bySender.at(c.sender).at(c.nonce);
        const bool ok = include(tx);
        erase(c.sender, c.nonce);
        if (ok) {
            ++taken;
            offer(c.sender, c.nonce + 1);
        }
    }
}

void Mempool::prune(const std::function<std::uint64_t(const Address &)> &stateNonce)
{
    for (auto it = m_bySender.begin(); it != m_bySender.end();) {
        const std::uint64_t floor = stateNonce(it->first);
        auto &queue = it->second;
        while (!queue.empty() && queue.begin()->first < floor) {
            m_byHash.erase(queue.begin()->second.hash);
            queue.erase(queue.begin());
        }
        it = queue.empty() ? m_bySender.erase(it) : std::next(it);
    }
}

} // namespace gifscan::devnet
