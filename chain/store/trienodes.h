#pragma once

#include "chain/store/chainstore.h"
#include "chain/store/lrucache.h"
#include "chain/store/sparsemerkletree.h"

namespace gifscan::chain {

// The tries' sealed nodes: their ids, their encoding, and a bounded cache
// before the store, so that the tries of every height cost disk, not memory.
//
// A node made while a block is built lives in memory until the block is
// sealed; seal() then gives it its id, (height << 24) | sequence, in an
// order fixed by the tries' contents (children before parents; the object
// trie, then each changed holder's sub-trie by address, then the holdings
// trie), so that re-executing a block gives its nodes the same ids. A node
// is written once and never changes, so a cached copy is never stale.
//
// Lives on the node thread: the cache is not locked.
class TrieNodes final : public SparseMerkleTree::NodeSource
{
public:
    static constexpr std::size_t kDefaultCacheNodes = std::size_t{1} << 16; // about 20 MB
    static constexpr int kSequenceBits = 24;

    explicit TrieNodes(std::size_t cacheNodes = kDefaultCacheNodes) : m_cache(cacheNodes) {}
    TrieNodes(const TrieNodes &) = delete;
    TrieNodes &operator=(const TrieNodes &) = delete;

    void setStore(const ChainStore *store) { m_store = store; }
    const ChainStore *store() const { return m_store; }

    // A sealed node, from the cache or the store, checked against the hash
    // its parent (or the block header) recorded. Throws std::runtime_error
    // naming the file when it is missing, unreadable or does not match.
    SparseMerkleTree::NodePtr load(std::uint64_t id, const Hash32 &hash) const override;

    // Seals the nodes of `tree` still in memory as nodes of `height`, adding
    // them to `batch`; returns the same tree by id, its memory released.
    SparseMerkleTree seal(const SparseMerkleTree &tree, std::uint64_t height, TrieBatch &batch);

    // A sealed tree from its stored root.
    SparseMerkleTree tree(const TrieRoot &root) const;
    // Every node under `root` not kept yet, read a level at a time, one
    // statement a level where one a node was a round trip each on a read
    // server: what walking a whole sub-trie (a holder's keys) reads. Each
    // is checked as load() checks it when the walk comes to it.
    void prefetchBelow(const TrieRoot &root) const;
    // The nodes of the walk to `key` below those kept, in one statement on
    // PostgreSQL (where a proof was a round trip a level); nothing on
    // SQLite, read in this process.
    void prefetchPath(const SparseMerkleTree::Ref &root, const Hash32 &key) const override;
    static TrieRoot rootOf(const SparseMerkleTree &sealed);

    std::size_t cachedNodes() const { return m_cache.size(); }
    void setCacheNodes(std::size_t nodes) { m_cache.setCapacity(nodes); }
    std::size_t cacheNodes() const { return m_cache.capacity(); }

    static Bytes encode(const SparseMerkleTree::Node &node);
    // The node a body encodes, its hash computed; null when the body is not one.
    static SparseMerkleTree::NodePtr decode(std::uint64_t id, std::span<const std::uint8_t> body);

private:
    std::uint64_t sealNode(const SparseMerkleTree::NodePtr &node, std::uint64_t height,
                           TrieBatch &batch);
    void remember(std::uint64_t id, SparseMerkleTree::NodePtr node) const;

    const ChainStore *m_store = nullptr;
    std::uint64_t m_height = ~std::uint64_t{0};
    std::uint64_t m_sequence = 0;
    mutable LruCache<std::uint64_t, SparseMerkleTree::NodePtr> m_cache;
};

} // namespace gifscan::chain
