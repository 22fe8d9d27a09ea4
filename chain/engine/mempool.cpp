#include "chain/engine/mempool.h"

#include <QStringList>
#include <algorithm>
#include <queue>
#include <random>
#include <unordered_map>
#include <utility>

namespace gifscan::chain {

Mempool::Mempool(Limits limits) : m_limits(limits), m_epoch(std::random_device{}())
{
    m_epoch = (m_epoch << 32) ^ std::random_device{}();
}

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
    insert(std::move(tx));
    return result;
}

void Mempool::insert(PendingTx tx)
{
    tx.arrival = m_arrivals++;
    m_bytes += static_cast<std::size_t>(tx.tx.content.size());
    m_byHash.emplace(tx.hash, tx.from);
    record(tx.hash, true);
    const std::uint64_t nonce = tx.tx.nonce;
    const Address from = tx.from;
    m_bySender[from].emplace(nonce, std::move(tx));
}

void Mempool::mirror(PendingTx tx)
{
    if (m_byHash.count(tx.hash))
        return;
    erase(tx.from, tx.tx.nonce);
    insert(std::move(tx));
}

bool Mempool::remove(const Hash32 &hash)
{
    const PendingTx *tx = find(hash);
    if (!tx)
        return false;
    erase(tx->from, tx->tx.nonce);
    return true;
}

std::vector<Hash32> Mempool::hashes() const
{
    askedWhole();
    std::vector<const PendingTx *> all;
    all.reserve(m_byHash.size());
    for (const auto &[sender, line] : m_bySender) {
        for (const auto &[nonce, tx] : line)
            all.push_back(&tx);
    }
    std::sort(all.begin(), all.end(),
              [](const PendingTx *a, const PendingTx *b) { return a->arrival < b->arrival; });
    std::vector<Hash32> out;
    out.reserve(all.size());
    for (const PendingTx *tx : all)
        out.push_back(tx->hash);
    return out;
}

void Mempool::record(const Hash32 &hash, bool added)
{
    m_journal.emplace_back(hash, added);
    ++m_changes;
    if (m_journal.size() > kJournal)
        m_journal.pop_front();
}

MempoolChanges Mempool::changesSince(const QString &cursor) const
{
    askedWhole();
    MempoolChanges out;
    out.cursor = QString::number(m_epoch, 16) + u'.' + QString::number(m_changes);
    const QStringList parts = cursor.split(u'.');
    bool epochOk = false;
    bool changesOk = false;
    const std::uint64_t epoch = parts.size() == 2 ? parts[0].toULongLong(&epochOk, 16) : 0;
    const std::uint64_t since = parts.size() == 2 ? parts[1].toULongLong(&changesOk) : 0;
    const std::uint64_t oldest = m_changes - m_journal.size(); // the change before the first kept
    if (!epochOk || !changesOk || epoch != m_epoch || since > m_changes || since < oldest) {
        out.whole = true;
        out.added = hashes();
        return out;
    }
    // Each hash once, by its last change; in the order of those changes.
    std::unordered_map<Hash32, bool, ArrayHash> last;
    std::vector<Hash32> order;
    for (auto it = m_journal.begin() + static_cast<std::ptrdiff_t>(since - oldest);
         it != m_journal.end(); ++it) {
        if (last.insert_or_assign(it->first, it->second).second)
            order.push_back(it->first);
    }
    for (const Hash32 &hash : order) {
        const bool present = m_byHash.count(hash) != 0;
        if (last.at(hash) && present)
            out.added.push_back(hash);
        else if (!present)
            out.removed.push_back(hash);
    }
    return out;
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

void Mempool::askedWhole() const
{
    ++m_lookups;
    if (m_asked) {
        m_asked->whole = true;
        m_asked->hashes.clear();
    }
}

void Mempool::askedFor(const Hash32 &hash) const
{
    ++m_lookups;
    if (!m_asked || m_asked->whole)
        return;
    if (m_asked->hashes.size() >= kMostAskedHashes)
        askedWhole();
    else
        m_asked->hashes.push_back(hash);
}

MempoolAsked Mempool::takeAsked()
{
    if (!m_asked)
        return {};
    return std::exchange(*m_asked, MempoolAsked{});
}

bool Mempool::couldChange(const MempoolAsked &asked) const
{
    if (m_byHash.empty())
        return false;
    if (asked.whole)
        return true;
    return std::any_of(asked.hashes.begin(), asked.hashes.end(),
                       [this](const Hash32 &h) { return m_byHash.count(h) != 0; });
}

const PendingTx *Mempool::find(const Hash32 &hash) const
{
    askedFor(hash);
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
    askedWhole();
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
    record(q->second.hash, false);
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
            record(queue.begin()->second.hash, false);
            queue.erase(queue.begin());
        }
        it = queue.empty() ? m_bySender.erase(it) : std::next(it);
    }
}

} // namespace gifscan::chain
