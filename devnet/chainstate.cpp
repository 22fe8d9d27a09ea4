#include "devnet/chainstate.h"

#include "core/commitments.h"

#include <algorithm>

namespace gifscan::devnet {

const Block *ChainState::block(std::uint64_t height) const
{
    if (height >= m_blocks.size())
        return nullptr;
    return &m_blocks[static_cast<std::size_t>(height)];
}

const TxEntry *ChainState::transaction(const Hash32 &hash) const
{
    auto it = m_transactions.find(hash);
    return it == m_transactions.end() ? nullptr : &it->second;
}

QByteArray ChainState::content(const Hash32 &sha256, QString *error) const
{
    return m_store ? m_store->content(sha256, error) : QByteArray();
}

AccountState ChainState::account(const Address &address, std::uint64_t height) const
{
    auto it = m_accounts.find(address);
    if (it == m_accounts.end())
        return {};
    const AccountState *s = it->second.at(height);
    return s ? *s : AccountState{};
}

AccountState ChainState::latestAccount(const Address &address) const
{
    auto it = m_accounts.find(address);
    if (it == m_accounts.end() || !it->second.latest())
        return {};
    return *it->second.latest();
}

void ChainState::setAccount(const Address &address, std::uint64_t height, AccountState state)
{
    m_accounts[address].set(height, std::move(state));
}

int ChainState::addCollection(CollectionRecord record)
{
    const int index = static_cast<int>(m_collections.size());
    m_collectionBySlug.insert(record.slug, index);
    m_collections.push_back(std::move(record));
    return index;
}

int ChainState::addObject(ObjectRecord record)
{
    const int index = static_cast<int>(m_objects.size());
    m_objectByKey.insert(record.displayKey, index);
    m_objectByHash.emplace(record.key, index);
    m_collections[static_cast<std::size_t>(record.collection)].objects.push_back(index);
    m_objects.push_back(std::move(record));
    return index;
}

void ChainState::setOwner(int object, std::uint64_t height, const Address &owner)
{
    ObjectRecord &o = m_objects[static_cast<std::size_t>(object)];
    const std::optional<Address> previous = o.owner.latest() ? std::optional(*o.owner.latest()) : std::nullopt;
    o.owner.set(height, owner);
    updateLeaf(object, height);
    if (previous == owner)
        return;
    // The object leaves one holder's set and joins another's.
    auto move = [&](const Address &holder, bool add) {
        auto it = m_holderTrees.try_emplace(holder, &m_nodes).first;
        it->second = add ? it->second.inserted(o.key, kZeroHash) : it->second.removed(o.key);
        m_changedHolders.push_back(holder);
        m_unsealedHolders.push_back(holder);
    };
    if (previous)
        move(*previous, false);
    move(owner, true);
}

Hash32 ChainState::settleHoldings()
{
    std::sort(m_changedHolders.begin(), m_changedHolders.end());
    m_changedHolders.erase(std::unique(m_changedHolders.begin(), m_changedHolders.end()), m_changedHolders.end());
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
    if (!m_store)
        return batch; // nowhere to seal to: the trees stay in memory
    // The order fixes the nodes' ids; see TrieNodes.
    m_tree = m_nodes.seal(m_tree, height, batch);
    batch.objects = TrieNodes::rootOf(m_tree);
    std::sort(m_unsealedHolders.begin(), m_unsealedHolders.end());
    m_unsealedHolders.erase(std::unique(m_unsealedHolders.begin(), m_unsealedHolders.end()), m_unsealedHolders.end());
    for (const Address &holder : m_unsealedHolders) {
        SparseMerkleTree &tree = m_holderTrees.at(holder);
        tree = m_nodes.seal(tree, height, batch);
        batch.holders.emplace_back(holder, TrieNodes::rootOf(tree));
    }
    m_unsealedHolders.clear();
    m_holdings = m_nodes.seal(m_holdings, height, batch);
    batch.holdings = TrieNodes::rootOf(m_holdings);
    return batch;
}

std::optional<std::pair<TrieRoot, TrieRoot>> ChainState::rootsAt(std::uint64_t height) const
{
    if (!m_store || height > head() || !hasBlocks())
        return std::nullopt;
    QString error;
    const auto roots = m_store->trieRoots(height, &error);
    if (!roots)
        throw std::runtime_error((error.isEmpty() ? QStringLiteral("%1 has no tries for block %2").arg(m_store->path()).arg(height) : error).toStdString());
    return roots;
}

std::optional<SparseMerkleTree> ChainState::holdingsAt(std::uint64_t height) const
{
    const auto roots = rootsAt(height);
    return roots ? std::optional(m_nodes.tree(roots->second)) : std::nullopt;
}

std::vector<Hash32> ChainState::holdingsOf(const Address &holder, std::uint64_t height) const
{
    if (!m_store)
        return {};
    QString error;
    const std::optional<TrieRoot> root = m_store->holderRoot(holder, height, &error);
    if (!root)
        throw std::runtime_error(error.toStdString());
    return m_nodes.tree(*root).keys();
}

void ChainState::updateLeaf(int object, std::uint64_t height)
{
    const ObjectRecord &o = m_objects[static_cast<std::size_t>(object)];
    const Address *owner = o.owner.at(height);
    m_tree = m_tree.inserted(o.key, valueHash(*owner, o.contentHash, o.traitsHash));
}

void ChainState::addSale(int collection, const Sale &sale)
{
    m_collections[static_cast<std::size_t>(collection)].sales.push_back(sale);
}

std::optional<SparseMerkleTree> ChainState::treeAt(std::uint64_t height) const
{
    const auto roots = rootsAt(height);
    return roots ? std::optional(m_nodes.tree(roots->first)) : std::nullopt;
}

void ChainState::addActivity(ActivityEntry entry)
{
    entry.id = m_activity.size();
    m_activity.push_back(std::move(entry));
}

void ChainState::addTransaction(TxEntry entry)
{
    // Held once, in the store: a week of mints would not fit in memory.
    entry.contentSize = entry.tx.content.size();
    entry.tx.content.clear();
    const Hash32 hash = entry.hash;
    m_transactions.insert_or_assign(hash, std::move(entry));
}

const Block *ChainState::blockByHash(const Hash32 &hash) const
{
    const auto it = m_heightOfHash.find(hash);
    return it == m_heightOfHash.end() ? nullptr : block(it->second);
}

void ChainState::commitBlock(Block block)
{
    m_heightOfHash.insert_or_assign(block.header.hash, block.header.height);
    m_blocks.push_back(std::move(block));
}

} // namespace gifscan::devnet
