#include "chain/engine/mempool.h"

#include <queue>

namespace gifscan::devnet {

Mempool::AddResult Mempool::add(PendingTx tx)
{
    if (m_byHash.count(tx.hash))
        return AddResult::Known;
    // No reference into m_bySender is held across an erase: evicting a
    // sender's last transaction removes its line.
    auto line = [this](const Address &a) -> std::map<std::uint64_t, PendingTx> * {
        auto it = m_bySender.find(a);
        return it == m_bySender.end() ? nullptr : &it->second;
    };
    AddResult result = AddResult::Added;
    if (auto *own = line(tx.from); own && own->count(tx.tx.nonce)) {
        const PendingTx &old = own->at(tx.tx.nonce);
        if (tx.tx.gasPrice <= old.tx.gasPrice)
            return AddResult::ReplacementUnderpriced;
        erase(tx.from, tx.tx.nonce);
        result = AddResult::Replaced;
    } else {
        // Room is made only for a better offer, by evicting the cheapest
        // transaction that nothing behind it depends on.
        const std::size_t bytes = static_cast<std::size_t>(tx.tx.content.size());
        for (;;) {
            const auto *mine = line(tx.from);
            const bool senderFull = mine && mine->size() >= m_limits.perSender;
            if (!senderFull && m_byHash.size() < m_limits.transactions &&
                m_bytes + bytes <= m_limits.contentBytes)
                break;
            const PendingTx *victim = cheapestTail(senderFull ? &tx.from : nullptr);
            if (!victim || victim->tx.gasPrice >= tx.tx.gasPrice)
                return AddResult::Full;
            erase(victim->from, victim->tx.nonce);
        }
    }
    tx.arrival = m_arrivals++;
    m_bytes += static_cast<std::size_t>(tx.tx.content.size());
    m_byHash.emplace(tx.hash, tx.from);
    const std::uint64_t nonce = tx.tx.nonce;
    const Address from = tx.from;
    m_bySender[from].emplace(nonce, std::move(tx));
    return result;
}

const PendingTx *Mempool::cheapestTail(const Address *onlySender) const
{
    const PendingTx *cheapest = nullptr;
    for (const auto &[sender, line] : m_bySender) {
        if (line.empty() || (onlySender && sender != *onlySender))
            continue;
        const PendingTx &tail = line.rbegin()->second;
        if (!cheapest || tail.tx.gasPrice < cheapest->tx.gasPrice)
            cheapest = &tail;
    }
    return cheapest;
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
    m_bytes -= static_cast<std::size_t>(q->second.tx.content.size());
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
            m_bytes -= static_cast<std::size_t>(queue.begin()->second.tx.content.size());
            m_byHash.erase(queue.begin()->second.hash);
            queue.erase(queue.begin());
        }
        it = queue.empty() ? m_bySender.erase(it) : std::next(it);
    }
}

} // namespace gifscan::devnet
