#include "chain/store/sparsemerkletree.h"

#include "core/protocol/commitments.h"

#include <algorithm>

namespace gifscan::chain {

namespace {
using Node = SparseMerkleTree::Node;
using NodePtr = SparseMerkleTree::NodePtr;
using Ref = SparseMerkleTree::Ref;
using NodeSource = SparseMerkleTree::NodeSource;

Ref refTo(NodePtr n)
{
    Ref r;
    r.hash = n->hash;
    r.id = n->id;
    r.node = std::move(n);
    return r;
}

NodePtr resolve(const NodeSource *nodes, const Ref &r)
{
    if (r.node)
        return r.node;
    if (r.id == 0)
        return nullptr;
    // A sealed reference in a tree without a store cannot be made: the
    // constructor that takes one is given the store's nodes.
    return nodes->load(r.id, r.hash);
}

Ref makeLeaf(const Hash32 &key, const Hash32 &value)
{
    auto n = std::make_shared<Node>();
    n->leaf = true;
    n->key = key;
    n->valueHash = value;
    n->hash = leafHash(key, value);
    return refTo(std::move(n));
}

Ref makeInner(Ref left, Ref right)
{
    auto n = std::make_shared<Node>();
    n->hash = innerHash(left.hash, right.hash);
    n->left = std::move(left);
    n->right = std::move(right);
    return refTo(std::move(n));
}

// Two leaves that collide down to `depth`: inner nodes until their bits part.
Ref split(int depth, Ref a, const Hash32 &keyA, Ref b, const Hash32 &keyB)
{
    const int bitA = keyBit(keyA, depth);
    const int bitB = keyBit(keyB, depth);
    if (bitA != bitB)
        return bitA == 0 ? makeInner(std::move(a), std::move(b))
                         : makeInner(std::move(b), std::move(a));
    Ref below = split(depth + 1, std::move(a), keyA, std::move(b), keyB);
    return bitA == 0 ? makeInner(std::move(below), Ref{}) : makeInner(Ref{}, std::move(below));
}

Ref insertAt(const NodeSource *nodes, const Ref &ref, int depth, const Hash32 &key,
             const Hash32 &value, bool *added)
{
    if (ref.empty()) {
        *added = true;
        return makeLeaf(key, value);
    }
    const NodePtr node = resolve(nodes, ref);
    if (node->leaf) {
        if (node->key == key)
            return makeLeaf(key, value);
        *added = true;
        return split(depth, ref, node->key, makeLeaf(key, value), key);
    }
    if (keyBit(key, depth) == 0)
        return makeInner(insertAt(nodes, node->left, depth + 1, key, value, added), node->right);
    return makeInner(node->left, insertAt(nodes, node->right, depth + 1, key, value, added));
}

Ref removeAt(const NodeSource *nodes, const Ref &ref, int depth, const Hash32 &key, bool *removed)
{
    if (ref.empty())
        return {};
    const NodePtr node = resolve(nodes, ref);
    if (node->leaf) {
        if (node->key != key)
            return ref;
        *removed = true;
        return {};
    }
    const bool goLeft = keyBit(key, depth) == 0;
    Ref left = goLeft ? removeAt(nodes, node->left, depth + 1, key, removed) : node->left;
    Ref right = goLeft ? node->right : removeAt(nodes, node->right, depth + 1, key, removed);
    if (!*removed)
        return ref;
    // A subtree left with one leaf is that leaf, lifted to where it is alone.
    if (left.empty() && right.empty())
        return {};
    if (left.empty() && resolve(nodes, right)->leaf)
        return right;
    if (right.empty() && resolve(nodes, left)->leaf)
        return left;
    return makeInner(std::move(left), std::move(right));
}

} // namespace

SparseMerkleTree SparseMerkleTree::inserted(const Hash32 &key, const Hash32 &valueHash) const
{
    bool added = false;
    SparseMerkleTree t(m_nodes);
    t.m_root = insertAt(m_nodes, m_root, 0, key, valueHash, &added);
    t.m_size = m_size + (added ? 1 : 0);
    return t;
}

SparseMerkleTree SparseMerkleTree::removed(const Hash32 &key) const
{
    bool gone = false;
    SparseMerkleTree t(m_nodes);
    t.m_root = removeAt(m_nodes, m_root, 0, key, &gone);
    t.m_size = m_size - (gone ? 1 : 0);
    return t;
}

std::optional<Hash32> SparseMerkleTree::find(const Hash32 &key) const
{
    if (m_nodes)
        m_nodes->prefetchPath(m_root, key);
    NodePtr n = resolve(m_nodes, m_root);
    for (int depth = 0; n && !n->leaf; ++depth)
        n = resolve(m_nodes, keyBit(key, depth) == 0 ? n->left : n->right);
    if (n && n->key == key)
        return n->valueHash;
    return std::nullopt;
}

SparseMerkleTree::Path SparseMerkleTree::path(const Hash32 &key) const
{
    Path p;
    if (m_nodes)
        m_nodes->prefetchPath(m_root, key);
    NodePtr n = resolve(m_nodes, m_root);
    for (int depth = 0; n && !n->leaf; ++depth) {
        const bool left = keyBit(key, depth) == 0;
        p.siblings.push_back(left ? n->right.hash : n->left.hash);
        n = resolve(m_nodes, left ? n->left : n->right);
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
    std::vector<NodePtr> stack;
    if (!m_root.empty())
        stack.push_back(resolve(m_nodes, m_root));
    while (!stack.empty()) {
        const NodePtr n = std::move(stack.back());
        stack.pop_back();
        if (n->leaf) {
            out.push_back(n->key);
            continue;
        }
        if (!n->right.empty())
            stack.push_back(resolve(m_nodes, n->right));
        if (!n->left.empty())
            stack.push_back(resolve(m_nodes, n->left));
    }
    return out;
}

Hash32 SparseMerkleTree::computeRoot(std::vector<std::pair<Hash32, Hash32>> leaves)
{
    return sparseMerkleRoot(std::move(leaves));
}

} // namespace gifscan::chain
