#include "server/records/rankcache.h"

#include "server/records/traittable.h"

#include <utility>

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

std::shared_ptr<const TraitTable> RankCache::table(int collection) const
{
    const std::lock_guard lock(m_mutex);
    const auto it = m_tables.find(collection);
    return it == m_tables.end() ? nullptr : it->second;
}

namespace {
// What a table holds, in the bound's units of 4 bytes.
std::size_t held(const TraitTable &t)
{
    return 4 * t.size() + t.entries();
}
} // namespace

std::shared_ptr<const TraitTable> RankCache::keepTable(int collection,
                                                       std::shared_ptr<const TraitTable> made)
{
    std::vector<std::shared_ptr<const TraitTable>> letGo; // freed after the lock
    const std::lock_guard lock(m_mutex);
    const auto it = m_tables.find(collection);
    if (it != m_tables.end() && it->second->size() >= made->size())
        return it->second;
    // Over the bound alone: given back, and the smaller one kept, so that
    // the sizes it holds are still ranked without a read.
    if (held(*made) > m_tableBound)
        return made;
    if (it != m_tables.end()) {
        m_tableHeld -= held(*it->second);
        letGo.push_back(std::move(it->second));
        m_tables.erase(it);
        std::erase(m_tablesMade, collection);
    }
    while (!m_tablesMade.empty() && m_tableHeld + held(*made) > m_tableBound) {
        auto oldest = m_tables.extract(m_tablesMade.front());
        m_tableHeld -= held(*oldest.mapped());
        letGo.push_back(std::move(oldest.mapped()));
        m_tablesMade.pop_front();
    }
    m_tables.emplace(collection, made);
    m_tablesMade.push_back(collection);
    m_tableHeld += held(*made);
    return made;
}

} // namespace gifscan::server
