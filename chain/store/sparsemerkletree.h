#pragma once

#include "core/base/bytes.h"

#include <memory>

namespace gifscan::chain {

// The object trie of PROTOCOL §2.2, persistent: every update returns a new
// tree that shares all untouched nodes with the old one, so keeping the tree
// of every height costs storage in proportion to the changes, not to
// heights × objects.
//
// A node is either in memory (made since the last sealed block, or in a
// tree that has no store: tests and benchmarks) or sealed in the node's
// database and read through TrieNodes' bounded cache by its (height,
// sequence) id (NodeSource, which TrieNodes is: the tree asks it for a
// node by id and knows nothing more of it). Every reference carries its node's hash, so a parent's
// hash never needs its children loaded, and a node read back is checked against the hash its parent
// recorded. A tree with a store lives on the node thread (the cache is not locked); one without may
// be read from any thread.
class SparseMerkleTree
{
public:
    struct Node;
    using NodePtr = std::shared_ptr<const Node>;

    // No node (id 0, no pointer, hash zero), a node in memory, or a sealed one.
    struct Ref
    {
        NodePtr node;
        std::uint64_t id = 0;
        Hash32 hash{};
        bool empty() const { return !node && id == 0; }
    };

    // Where sealed nodes are read from (TrieNodes, over the database).
    class NodeSource
    {
    public:
        // The sealed node `id`, checked against `hash`; throws when it
        // cannot be read or does not match.
        virtual NodePtr load(std::uint64_t id, const Hash32 &hash) const = 0;
        // Told before a walk down to `key` from `root`, so that a source
        // whose reads are round trips may read the walk's nodes at once;
        // load() still checks each as the walk comes to it.
        virtual void prefetchPath(const Ref &root, const Hash32 &key) const
        {
            (void)root;
            (void)key;
        }

    protected:
        ~NodeSource() = default;
    };

    struct Path
    {
        std::vector<Hash32> siblings; // deepest first, as gif_proof sends them
        bool found = false;           // the key's own leaf ends the path
        std::optional<std::pair<Hash32, Hash32>> otherLeaf; // key, valueHash
    };

    SparseMerkleTree() = default;
    explicit SparseMerkleTree(const NodeSource *nodes) : m_nodes(nodes) {}
    SparseMerkleTree(const NodeSource *nodes, Ref root, std::size_t size)
        : m_nodes(nodes), m_root(std::move(root)), m_size(size)
    {
    }

    Hash32 root() const { return m_root.hash; }
    const Ref &rootRef() const { return m_root; }
    std::size_t size() const { return m_size; }
    const NodeSource *nodes() const { return m_nodes; }

    SparseMerkleTree inserted(const Hash32 &key, const Hash32 &valueHash) const;
    SparseMerkleTree removed(const Hash32 &key) const;
    std::optional<Hash32> find(const Hash32 &key) const;
    Path path(const Hash32 &key) const;
    // Every leaf's key in ascending order (bytewise, which is the trie's
    // left-to-right order).
    std::vector<Hash32> keys() const;

    // Root of a set of leaves computed from nothing: the reference the
    // persistent updates are tested and benchmarked against.
    static Hash32 computeRoot(std::vector<std::pair<Hash32, Hash32>> leaves);

private:
    const NodeSource *m_nodes = nullptr;
    Ref m_root;
    std::size_t m_size = 0;
};

struct SparseMerkleTree::Node
{
    bool leaf = false;
    Hash32 hash{};
    Ref left; // inner nodes
    Ref right;
    Hash32 key{}; // leaves
    Hash32 valueHash{};
    // Given when the node's block is sealed (TrieNodes::seal); 0 before.
    mutable std::uint64_t id = 0;
};

} // namespace gifscan::chain
