#pragma once

#include "core/bytes.h"

#include <memory>

namespace gifscan::devnet {

// The object trie of PROTOCOL §2.2, persistent: every update returns a new
// tree that shares all untouched nodes with the old one, so keeping the tree
// of every height costs memory in proportion to the changes, not to
// heights × objects. Immutable after construction: any thread may read it.
class SparseMerkleTree
{
public:
    struct Node;
    using NodePtr = std::shared_ptr<const Node>;

    struct Path
    {
        std::vector<Hash32> siblings; // deepest first, as gif_proof sends them
        bool found = false;           // the key's own leaf ends the path
        std::optional<std::pair<Hash32, Hash32>> otherLeaf; // key, valueHash
    };

    Hash32 root() const;
    std::size_t size() const { return m_size; }

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
    NodePtr m_root;
    std::size_t m_size = 0;
};

} // namespace gifscan::devnet
