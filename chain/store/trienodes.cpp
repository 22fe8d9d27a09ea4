#include "chain/store/trienodes.h"

#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"
#include "core/protocol/commitments.h"

#include <stdexcept>

namespace gifscan::chain {

namespace {
using Node = SparseMerkleTree::Node;
using NodePtr = SparseMerkleTree::NodePtr;
using Ref = SparseMerkleTree::Ref;

// A leaf: 0x01, key, value hash (its own hash is recomputed when read). An
// inner node: 0x00, left id, right id, left hash, right hash (its own hash is
// their hash): each node read is checked by the parent that names it.
constexpr std::size_t kLeafBytes = 1 + 32 + 32;
constexpr std::size_t kInnerBytes = 1 + 8 + 8 + 32 + 32;

std::uint64_t readU64(const std::uint8_t *p)
{
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v = v << 8 | p[i];
    return v;
}

Hash32 readHash(const std::uint8_t *p)
{
    Hash32 h;
    std::memcpy(h.data(), p, h.size());
    return h;
}

// The children of a sealed node are named by id only: a cached node never
// holds other nodes alive, so the cache's bound is the memory's.
std::uint64_t sealedId(const Ref &r)
{
    return r.node ? r.node->id : r.id;
}
} // namespace

Bytes TrieNodes::encode(const Node &n)
{
    Bytes out;
    if (n.leaf) {
        out.reserve(kLeafBytes);
        out.push_back(1);
        appendBytes(out, n.key);
        appendBytes(out, n.valueHash);
        return out;
    }
    out.reserve(kInnerBytes);
    out.push_back(0);
    appendU64(out, sealedId(n.left));
    appendU64(out, sealedId(n.right));
    appendBytes(out, n.left.hash);
    appendBytes(out, n.right.hash);
    return out;
}

NodePtr TrieNodes::decode(std::uint64_t id, std::span<const std::uint8_t> body)
{
    auto n = std::make_shared<Node>();
    n->id = id;
    const std::uint8_t *p = body.data();
    if (body.size() == kLeafBytes && p[0] == 1) {
        n->leaf = true;
        n->key = readHash(p + 1);
        n->valueHash = readHash(p + 33);
        n->hash = leafHash(n->key, n->valueHash);
        return n;
    }
    if (body.size() != kInnerBytes || p[0] != 0)
        return nullptr;
    n->left.id = readU64(p + 1);
    n->right.id = readU64(p + 9);
    n->left.hash = readHash(p + 17);
    n->right.hash = readHash(p + 49);
    // An empty side has no id and the zero hash; anything else is not a node.
    if ((n->left.id == 0) != (n->left.hash == kZeroHash) ||
        (n->right.id == 0) != (n->right.hash == kZeroHash) || (n->left.id == 0 && n->right.id == 0))
        return nullptr;
    n->hash = innerHash(n->left.hash, n->right.hash);
    return n;
}

void TrieNodes::remember(std::uint64_t id, NodePtr node) const
{
    m_cache.insert(id, std::move(node));
}

void TrieNodes::prefetchBelow(const TrieRoot &root) const
{
    if (!m_store || root.id == 0)
        return;
    std::vector<std::uint64_t> level{root.id};
    while (!level.empty()) {
        std::vector<std::uint64_t> missing;
        std::vector<NodePtr> found;
        for (const std::uint64_t id : level) {
            if (const NodePtr *cached = m_cache.find(id))
                found.push_back(*cached);
            else
                missing.push_back(id);
        }
        if (!missing.empty()) {
            const auto bodies = m_store->trieNodes(missing);
            if (!bodies)
                return; // load() reads them one by one, and says what is wrong
            for (const auto &[id, body] : bodies.value()) {
                if (NodePtr n = decode(id, body)) {
                    remember(id, n);
                    found.push_back(std::move(n));
                }
            }
        }
        level.clear();
        for (const NodePtr &n : found) {
            if (n->leaf)
                continue;
            for (const SparseMerkleTree::Ref *child : {&n->left, &n->right})
                if (!child->node && child->id != 0)
                    level.push_back(child->id);
        }
    }
}

void TrieNodes::prefetchPath(const SparseMerkleTree::Ref &root, const Hash32 &key) const
{
    if (!m_store || m_store->database().engine() != SqlDatabase::Engine::Postgres)
        return;
    // Down what is in memory or kept first: only the walk below is read.
    const SparseMerkleTree::Ref *ref = &root;
    int depth = 0;
    for (; !ref->empty(); ++depth) {
        NodePtr n = ref->node;
        if (!n) {
            const NodePtr *cached = m_cache.find(ref->id);
            if (!cached)
                break;
            n = *cached;
        }
        if (n->leaf)
            return;
        ref = keyBit(key, depth) == 0 ? &n->left : &n->right;
    }
    if (ref->empty())
        return;
    const auto bodies = m_store->triePath(ref->id, depth, key);
    if (!bodies)
        return; // load() reads them one by one, and says what is wrong
    for (const auto &[id, body] : bodies.value())
        if (NodePtr n = decode(id, body))
            remember(id, std::move(n));
}

NodePtr TrieNodes::load(std::uint64_t id, const Hash32 &hash) const
{
    NodePtr n;
    if (const NodePtr *cached = m_cache.find(id)) {
        n = *cached;
    } else {
        if (!m_store)
            throw std::runtime_error("a sealed trie node was asked of a trie that has no store");
        const Outcome<Bytes> body = m_store->trieNode(id);
        if (!body)
            throwFailure(body.error());
        n = decode(id, body.value());
        if (!n)
            throw std::runtime_error(
                QStringLiteral("%1 is damaged: trie node %2 (block %3) is not a node")
                    .arg(m_store->path())
                    .arg(id)
                    .arg(id >> kSequenceBits)
                    .toStdString());
        remember(id, n);
    }
    if (n->hash != hash)
        throw std::runtime_error(
            QStringLiteral("%1 is damaged: trie node %2 (block %3) does not match its hash")
                .arg(m_store ? m_store->path() : QString())
                .arg(id)
                .arg(id >> kSequenceBits)
                .toStdString());
    return n;
}

std::uint64_t TrieNodes::sealNode(const NodePtr &n, std::uint64_t height, TrieBatch &batch)
{
    if (n->id != 0)
        return n->id;
    // Children first: a node's body names their ids.
    if (!n->leaf) {
        if (n->left.node)
            sealNode(n->left.node, height, batch);
        if (n->right.node)
            sealNode(n->right.node, height, batch);
    }
    if (m_sequence + 1 >= (std::uint64_t{1} << kSequenceBits))
        throw std::runtime_error("block " + std::to_string(height) +
                                 " makes more trie nodes than one block may");
    n->id = height << kSequenceBits | ++m_sequence;
    batch.nodes.emplace_back(n->id, encode(*n));
    auto sealed = std::make_shared<Node>(*n);
    sealed->left = Ref{nullptr, sealedId(n->left), n->left.hash};
    sealed->right = Ref{nullptr, sealedId(n->right), n->right.hash};
    remember(n->id, std::move(sealed));
    return n->id;
}

SparseMerkleTree TrieNodes::seal(const SparseMerkleTree &tree, std::uint64_t height,
                                 TrieBatch &batch)
{
    if (height != m_height) {
        m_height = height;
        m_sequence = 0;
    }
    const Ref &root = tree.rootRef();
    if (!root.node) // empty, or sealed already
        return SparseMerkleTree(this, root, tree.size());
    const std::uint64_t id = sealNode(root.node, height, batch);
    return SparseMerkleTree(this, Ref{nullptr, id, root.hash}, tree.size());
}

SparseMerkleTree TrieNodes::tree(const TrieRoot &root) const
{
    return SparseMerkleTree(this, Ref{nullptr, root.id, root.hash}, root.size);
}

TrieRoot TrieNodes::rootOf(const SparseMerkleTree &sealed)
{
    return TrieRoot{sealedId(sealed.rootRef()), sealed.root(), sealed.size()};
}

} // namespace gifscan::chain
