// ChainState, continued: the object trie and the holders' sub-tries, as
// blocks change them and as readers ask them at a height. Same object and
// thread as chain/engine/chainstate.cpp; apart for that file's length.
#include "chain/engine/chainstate.h"
#include "chain/store/sqlstatement.h"
#include "core/protocol/commitments.h"

#include <algorithm>
#include <stdexcept>

namespace gifscan::chain {

SparseMerkleTree &ChainState::holderTree(const Address &holder)
{
    auto it = m_holderTrees.find(holder);
    if (it != m_holderTrees.end())
        return it->second;
    SparseMerkleTree tree(&m_nodes);
    if (m_head) {
        const TrieRoot *known = m_soleWriter ? m_holderRoots.find(holder) : nullptr;
        if (known) {
            tree = m_nodes.tree(*known);
        } else {
            const Outcome<TrieRoot> root = m_store->holderRoot(holder, head());
            if (!root)
                throwFailure(root.error());
            tree = m_nodes.tree(root.value());
            if (m_soleWriter)
                m_holderRoots.insert(holder, root.value());
        }
    }
    return m_holderTrees.emplace(holder, std::move(tree)).first->second;
}

void ChainState::setOwner(int object, std::uint64_t, const Address &owner)
{
    const bool minted =
        static_cast<std::size_t>(object) >= m_storedObjects && !m_pendingVersions.count(object);
    ObjectVersion &v = pendingVersion(object);
    const std::optional<Address> previous = minted ? std::nullopt : std::optional(v.owner);
    v.owner = owner;
    updateLeaf(object);
    if (previous == owner)
        return;
    // The object leaves one holder's set and joins another's.
    const Hash32 key = this->object(object).key;
    auto move = [&](const Address &holder, bool add) {
        SparseMerkleTree &tree = holderTree(holder);
        tree = add ? tree.inserted(key, kZeroHash) : tree.removed(key);
        m_changedHolders.push_back(holder);
    };
    if (previous)
        move(*previous, false);
    move(owner, true);
}

Hash32 ChainState::settleHoldings()
{
    std::sort(m_changedHolders.begin(), m_changedHolders.end());
    m_changedHolders.erase(std::unique(m_changedHolders.begin(), m_changedHolders.end()),
                           m_changedHolders.end());
    for (const Address &holder : m_changedHolders) {
        const SparseMerkleTree &tree = m_holderTrees.at(holder);
        const Hash32 hk = holdingsKey(holder);
        if (tree.size() == 0)
            m_holdings = m_holdings.removed(hk);
        else
            m_holdings = m_holdings.inserted(hk, holdingsValueHash(tree.size(), tree.root()));
    }
    m_changedHolders.clear();
    return m_holdings.root();
}

TrieBatch ChainState::sealTries(std::uint64_t height)
{
    settleHoldings();
    TrieBatch batch;
    // The order fixes the nodes' ids; see TrieNodes.
    m_tree = m_nodes.seal(m_tree, height, batch);
    batch.objects = TrieNodes::rootOf(m_tree);
    std::vector<Address> holders;
    for (const auto &entry : m_holderTrees)
        holders.push_back(entry.first);
    std::sort(holders.begin(), holders.end());
    for (const Address &holder : holders) {
        const SparseMerkleTree sealed = m_nodes.seal(m_holderTrees.at(holder), height, batch);
        batch.holders.emplace_back(holder, TrieNodes::rootOf(sealed));
        m_sealedHolders.emplace_back(holder, batch.holders.back().second);
    }
    // Sealed, they are read back by root when a later block changes them.
    m_holderTrees.clear();
    m_holdings = m_nodes.seal(m_holdings, height, batch);
    batch.holdings = TrieNodes::rootOf(m_holdings);
    return batch;
}

std::optional<std::pair<TrieRoot, TrieRoot>> ChainState::rootsAt(std::uint64_t height) const
{
    if (!m_store || m_store->blockCount() == 0 || height > m_store->blockCount() - 1)
        return std::nullopt;
    const auto roots = m_store->trieRoots(height);
    if (!roots)
        throwFailure(roots.error());
    if (!roots.value())
        throw std::runtime_error(QStringLiteral("%1 has no tries for block %2")
                                     .arg(m_store->path())
                                     .arg(height)
                                     .toStdString());
    return roots.value();
}

std::optional<SparseMerkleTree> ChainState::holdingsAt(std::uint64_t height) const
{
    if (!m_head || height > head())
        return std::nullopt;
    const auto roots = rootsAt(height);
    return roots ? std::optional(m_nodes.tree(roots->second)) : std::nullopt;
}

std::vector<Hash32> ChainState::holdingsOf(const Address &holder, std::uint64_t height) const
{
    const Outcome<TrieRoot> root = m_store->holderRoot(holder, height);
    if (!root)
        throwFailure(root.error());
    m_nodes.prefetchBelow(root.value()); // the walk below reads every node
    return m_nodes.tree(root.value()).keys();
}

void ChainState::updateLeaf(int object)
{
    const ObjectRecord o = this->object(object);
    const Address &owner = m_pendingVersions.at(object).owner;
    m_tree = m_tree.inserted(o.key, valueHash(owner, o.contentHash, o.traitsHash));
}

std::optional<SparseMerkleTree> ChainState::treeAt(std::uint64_t height) const
{
    if (!m_head || height > head())
        return std::nullopt;
    const auto roots = rootsAt(height);
    return roots ? std::optional(m_nodes.tree(roots->first)) : std::nullopt;
}

} // namespace gifscan::chain
