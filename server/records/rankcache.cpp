#include "server/records/rankcache.h"

#include <algorithm>

namespace gifscan::server {

int Ranks::rankOf(int object) const
{
    // `objects` is in mint order, which is the objects' own index order.
    const auto it = std::lower_bound(objects.begin(), objects.end(), object);
    return it == objects.end() || *it != object
               ? 0
               : rank[static_cast<std::size_t>(it - objects.begin())];
}

std::shared_ptr<const Ranks> RankCache::find(const Key &key) const
{
    const std::lock_guard lock(m_mutex);
    const auto it = m_ranks.find(key);
    return it == m_ranks.end() ? nullptr : it->second;
}

bool RankCache::contains(const Key &key) const
{
    const std::lock_guard lock(m_mutex);
    return m_ranks.contains(key);
}

std::shared_ptr<const Ranks> RankCache::keep(const Key &key, Ranks made)
{
    auto kept = std::make_shared<const Ranks>(std::move(made));
    // Those let go are freed after the lock, not while other readers wait.
    std::vector<std::shared_ptr<const Ranks>> letGo;
    const std::lock_guard lock(m_mutex);
    if (const auto it = m_ranks.find(key); it != m_ranks.end())
        return it->second;
    const std::size_t n = kept->objects.size();
    while (!m_made.empty() &&
           (m_ranks.size() >= kCachedRanks || m_rankedObjects + n > kRankedObjects)) {
        auto oldest = m_ranks.extract(m_made.front());
        m_rankedObjects -= oldest.mapped()->objects.size();
        letGo.push_back(std::move(oldest.mapped()));
        m_made.pop_front();
    }
    m_ranks.emplace(key, kept);
    m_made.push_back(key);
    m_rankedObjects += n;
    return kept;
}

} // namespace gifscan::server
