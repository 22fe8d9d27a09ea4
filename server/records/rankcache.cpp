#include "server/records/rankcache.h"

namespace gifscan::server {

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
    const std::lock_guard lock(m_mutex);
    if (const auto it = m_ranks.find(key); it != m_ranks.end())
        return it->second;
    const std::size_t n = made.objects.size();
    while (!m_made.empty() &&
           (m_ranks.size() >= kCachedRanks || m_rankedObjects + n > kRankedObjects)) {
        m_rankedObjects -= m_ranks.at(m_made.front())->objects.size();
        m_ranks.erase(m_made.front());
        m_made.pop_front();
    }
    auto kept = std::make_shared<const Ranks>(std::move(made));
    m_ranks.emplace(key, kept);
    m_made.push_back(key);
    m_rankedObjects += n;
    return kept;
}

} // namespace gifscan::server
