#pragma once

#include <list>
#include <unordered_map>
#include <utility>

namespace gifscan::chain {

// At most `capacity` values by key; past it, the least recently found or
// inserted goes. For values that never change once stored (trie nodes,
// minted objects), so a cached copy is never stale. Not locked: each owner
// says which thread it lives on.
template <typename Key, typename Value, typename Hash = std::hash<Key>> class LruCache
{
public:
    explicit LruCache(std::size_t capacity) : m_capacity(capacity) {}

    // The value, marked most recently used; nullptr when it is not here.
    const Value *find(const Key &key)
    {
        const auto it = m_index.find(key);
        if (it == m_index.end())
            return nullptr;
        m_order.splice(m_order.begin(), m_order, it->second);
        return &it->second->second;
    }

    void insert(const Key &key, Value value)
    {
        if (const auto it = m_index.find(key); it != m_index.end()) {
            it->second->second = std::move(value);
            m_order.splice(m_order.begin(), m_order, it->second);
            return;
        }
        m_order.emplace_front(key, std::move(value));
        m_index[key] = m_order.begin();
        if (m_index.size() > m_capacity) {
            m_index.erase(m_order.back().first);
            m_order.pop_back();
        }
    }

    std::size_t size() const { return m_index.size(); }
    std::size_t capacity() const { return m_capacity; }
    // Kept from now on; the least recently used go at once past it.
    void setCapacity(std::size_t capacity)
    {
        m_capacity = capacity;
        while (m_index.size() > m_capacity) {
            m_index.erase(m_order.back().first);
            m_order.pop_back();
        }
    }
    void clear()
    {
        m_index.clear();
        m_order.clear();
    }

private:
    std::size_t m_capacity;
    std::list<std::pair<Key, Value>> m_order; // most recently used first
    std::unordered_map<Key, typename std::list<std::pair<Key, Value>>::iterator, Hash> m_index;
};

} // namespace gifscan::chain
