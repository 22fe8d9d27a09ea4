#include "devnet/sparsemerkletree.h"

#include "core/commitments.h"

#include <algorithm>

namespace gifscan::devnet {

struct SparseMerkleTree::Node
{
    Hash32 hash{};
    NodePtr left;
    NodePtr right;
    bool leaf = false;
    Hash32 key{};
    Hash32 valueHash{};
};

namespace {
using Node = SparseMerkleTree::Node;
using NodePtr = SparseMerkleTree::NodePtr;

const Hash32 &hashOf(const NodePtr &n)
{
    return n ? n->hash : kZeroHash;
}

NodePtr makeLeaf(const Hash32 &key, const Hash32 &value)
{
    auto n = std::make_shared<Node>();
    n->leaf = true;
    n->key = key;
    n->valueHash = value;
    n->hash = leafHash(key, value);
    return n;
}

NodePtr makeInner(NodePtr left, NodePtr right)
{
    auto n = std::make_shared<Node>();
    n->hash = innerHash(hashOf(left), hashOf(right));
    n->left = std::move(left);
    n->right = std::move(right);
    return n;
}

// Two leaves that collide down to `depth`: inner nodes until their bits part.
NodePtr split(int depth, NodePtr a, NodePtr b)
{
    const int bitA = keyBit(a->key, depth);
    const int bitB = keyBit(b->key, depth);
    if (bitA != bitB)
        return bitA == 0 ? makeInner(std::move(a), std::move(b)) : makeInner(std::move(b), std::move(a));
    NodePtr below = split(depth + 1, std::move(a), std::move(b));
    return bitA == 0 ? makeInner(std::move(below), nullptr) : makeInner(nullptr, std::move(below));
}

NodePtr insertAt(const NodePtr &node, int depth, const Hash32 &key, const Hash32 &value, bool *added)
{
    if (!node) {
        *added = true;
        return makeLeaf(key, value);
    }
    if (node->leaf) {
        if (node->key == key)
            return makeLeaf(key, value);
        *added = true;
        return split(depth, node, makeLeaf(key, value));
    }
    if (keyBit(key, depth) == 0)
        return makeInner(insertAt(node->left, depth + 1, key, value, added), node->right);
    return makeInner(node->left, insertAt(node->right, depth + 1, key, value, added));
}

NodePtr removeAt(const NodePtr &node, int depth, const Hash32 &key, bool *removed)
{
    if (!node)
        return nullptr;
    if (node->leaf) {
        if (node->key != key)
            return node;
        *removed = true;
        return nullptr;
    }
    const bool goLeft = keyBit(key, depth) == 0;
    NodePtr left = goLeft ? removeAt(node->left, depth + 1, key, removed) : node->left;
    NodePtr right = goLeft ? node->right : removeAt(node->right, depth + 1, key, removed);
    if (!*removed)
        return node;
    // A subtree left with one leaf is that leaf, lifted to where it is alone.
    if (!left && !right)
        return nullptr;
    if (!left && right->leaf)
        return right;
    if (!right && left->leaf)
        return left;
    return makeInner(std::move(left), std::move(right));
}

} // namespace

Hash32 SparseMerkleTree::root() const
{
    return hashOf(m_root);
}

SparseMerkleTree SparseMerkleTree::inserted(const Hash32 &key, const Hash32 &valueHash) const
{
    bool added = false;
    SparseMerkleTree t;
    t.m_root = insertAt(m_root, 0, key, valueHash, &added);
    t.m_size = m_size + (added ? 1 : 0);
    return t;
}

SparseMerkleTree SparseMerkleTree::removed(const Hash32 &key) const
{
    bool gone = false;
    SparseMerkleTree t;
    t.m_root = removeAt(m_root, 0, key, &gone);
    t.m_size = m_size - (gone ? 1 : 0);
    return t;
}

std::optional<Hash32> SparseMerkleTree::find(const Hash32 &key) const
{
    const Node *n = m_root.get();
    for (int depth = 0; n && !n->leaf; ++depth)
        n = (keyBit(key, depth) == 0 ? n->left : n->right).get();
    if (n && n->key == key)
        return n->valueHash;
    return std::nullopt;
}

SparseMerkleTree::Path SparseMerkleTree::path(const Hash32 &key) const
{
    Path p;
    const Node *n = m_root.get();
    for (int depth = 0; n && !n->leaf; ++depth) {
        const bool left = keyBit(key, depth) == 0;
        p.siblings.push_back(hashOf(left ? n->right : n->left));
        n = (left ? n->left : n->right).get();
    }
    std::reverse(p.siblings.begin(), p.siblings.end());
    if (n && n->key == key)
        p.found = true;
    else if (n)
        p.otherLeaf = std::make_pair(n->key, n->valueHash);
    return p;
}

std::vector<Hash32> SparseMerkleTree::keys() const
{
    std::vector<Hash32> out;
    out.reserve(m_size);
    std::vector<const Node *> stack;
    if (m_root)
        stack.push_back(m_root.get());
    while (!stack.empty()) {
        const Node *n = stack.back();
        stack.pop_back();
        if (n->leaf) {
            out.push_back(n->key);
            continue;
        }
        if (n->right)
            stack.push_back(n->right.get());
        if (n->left)
            stack.push_back(n->left.get());
    }
    return out;
}

Hash32 SparseMerkleTree::computeRoot(std::vector<std::pair<Hash32, Hash32>> leaves)
{
    return sparseMerkleRoot(std::move(leaves));
}

} // namespace gifscan::devnet
