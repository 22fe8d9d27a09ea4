#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace gifscan::devnet {

// A value with its whole history: one version per height at which it
// changed. at(h) is the value as of the end of block h, which is what every
// read with a trailing height (service-spec §4.2 rule 1) needs.
template <typename T>
class Versioned
{
public:
    const T *at(std::uint64_t height) const
    {
        auto it = std::upper_bound(m_versions.begin(), m_versions.end(), height,
                                   [](std::uint64_t h, const auto &v) { return h < v.first; });
        if (it == m_versions.begin())
            return nullptr;
        return &std::prev(it)->second;
    }

    const T *latest() const { return m_versions.empty() ? nullptr : &m_versions.back().second; }

    // Heights only grow: a second change in the same block replaces the first.
    void set(std::uint64_t height, T value)
    {
        if (!m_versions.empty() && m_versions.back().first == height)
            m_versions.back().second = std::move(value);
        else
            m_versions.emplace_back(height, std::move(value));
    }

    // Drops versions above `height`: used when a block that was being built is abandoned.
    void truncateAbove(std::uint64_t height)
    {
        while (!m_versions.empty() && m_versions.back().first > height)
            m_versions.pop_back();
    }

    std::size_t versionCount() const { return m_versions.size(); }

private:
    std::vector<std::pair<std::uint64_t, T>> m_versions;
};

} // namespace gifscan::devnet
