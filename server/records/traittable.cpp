#include "server/records/traittable.h"

#include <QHash>
#include <algorithm>
#include <utility>

namespace gifscan::server {

TraitTable::TraitTable(const std::vector<chain::RankedObject> &objects)
{
    QHash<QString, std::uint32_t> numbers; // "trait\0value" -> its number
    m_objects.reserve(objects.size());
    m_tokenIds.reserve(objects.size());
    m_first.reserve(objects.size() + 1);
    for (const chain::RankedObject &o : objects) {
        m_objects.push_back(o.object);
        m_tokenIds.push_back(o.tokenId);
        m_first.push_back(static_cast<std::uint32_t>(m_pairs.size()));
        for (const Trait &t : o.traits) {
            const QString key = t.trait + QChar(0) + t.value;
            auto number = numbers.constFind(key);
            if (number == numbers.cend())
                number = numbers.insert(key, static_cast<std::uint32_t>(numbers.size()));
            m_pairs.push_back(number.value());
        }
    }
    m_first.push_back(static_cast<std::uint32_t>(m_pairs.size()));
    m_distinct = static_cast<std::size_t>(numbers.size());
}

Ranks TraitTable::ranks(std::size_t items) const
{
    const std::size_t n = std::min(items, size());
    std::vector<std::uint32_t> counts(m_distinct, 0);
    for (std::size_t p = 0; p < m_first[n]; ++p)
        ++counts[m_pairs[p]];
    std::vector<std::pair<double, std::size_t>> scored(n);
    for (std::size_t i = 0; i < n; ++i) {
        // Summed in the traits' order, as a read of `n` objects summed them:
        // the same doubles, so the same ranks on every server.
        double score = 0;
        for (std::uint32_t p = m_first[i]; p < m_first[i + 1]; ++p)
            score += static_cast<double>(n) / static_cast<int>(counts[m_pairs[p]]);
        scored[i] = {score, i};
    }
    std::sort(scored.begin(), scored.end(), [&](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first > b.first;
        return m_tokenIds[a.second] < m_tokenIds[b.second];
    });
    Ranks r;
    r.objects.assign(m_objects.begin(), m_objects.begin() + static_cast<std::ptrdiff_t>(n));
    r.rank.resize(n);
    r.byRank.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        r.rank[scored[i].second] = static_cast<int>(i + 1);
        r.byRank.push_back(m_objects[scored[i].second]);
    }
    return r;
}

} // namespace gifscan::server
