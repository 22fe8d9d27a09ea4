#pragma once

#include "chain/engine/chainview.h"
#include "chain/store/chainstore.h"
#include "chain/store/lrucache.h"
#include "chain/store/sparsemerkletree.h"
#include "chain/store/staterecords.h"
#include "chain/store/trienodes.h"
#include "core/base/outcome.h"
#include "core/protocol/amount.h"
#include "core/protocol/blockheader.h"
#include "core/protocol/records.h"
#include "core/protocol/transaction.h"

#include <QHash>
#include <deque>
#include <map>
#include <unordered_map>

namespace gifscan::chain {

struct FoundObject; // chain/store/statereader.h

struct ArrayHash
{
    template <std::size_t N>
    std::size_t operator()(const std::array<std::uint8_t, N> &a) const noexcept
    {
        std::size_t h = 0;
        std::memcpy(&h, a.data(), sizeof h); // already uniformly distributed (hashes, addresses)
        return h;
    }
};

// Everything the node knows, with full history, read from the store (the
// tries through TrieNodes, the rest through the state tables) and, for the
// block being built, from what it has changed so far. Memory holds that
// block, the collections' names, a few recent blocks and bounded caches;
// the chain's length costs disk only. Reads at a sealed height see the
// store; "latest" reads see the block being built.
//
// Readers see it as a ChainView; the writer's methods below (set, add,
// settle, seal, commit) are Chain's alone.
//
// Lives on the node thread: no locking, every reader and the block producer
// share that one thread.
class ChainState final : public ChainView
{
public:
    ChainState() = default;
    ChainState(const ChainState &) = delete; // its trees point at its TrieNodes
    ChainState &operator=(const ChainState &) = delete;

    // Where everything sealed is kept; set once, before the first block.
    void setStore(const ChainStore *store)
    {
        m_store = store;
        m_nodes.setStore(store);
    }
    // This process is the store's only writer (the node, a follower under
    // its lock): the latest accounts, versions and holders' roots it reads
    // or commits are kept, and a block's execution reads them back from
    // memory, not the store. Not for a read server's chain, whose store
    // another process writes.
    void setSoleWriter(bool sole) { m_soleWriter = sole; }
    // Takes up a stored chain at its head, nothing re-executed: the state
    // tables and tries already hold every height. A Failure (the store's,
    // or Storage for tries that are not the head's) leaves the state as it was.
    Outcome<> resume();

    // A GIF by its SHA-256, read from the store and checked: absent is
    // Invalid, damaged a Storage failure.
    Outcome<QByteArray> content(const Hash32 &sha256) const override;

    // --- blocks. A block that cannot be read back whole throws
    // std::runtime_error naming the file.
    std::uint64_t head() const override { return m_head ? m_head->header.height : 0; }
    bool hasBlocks() const override { return m_head.has_value(); }
    std::optional<Block> block(std::uint64_t height) const override;
    std::optional<BlockHeader> header(std::uint64_t height) const override;
    std::optional<Block> blockByHash(const Hash32 &hash) const override;
    std::optional<TxEntry> transaction(const Hash32 &hash) const override;
    std::vector<TxEntry> transactionsOf(std::uint64_t height) const override;

    // --- accounts
    AccountState account(const Address &address, std::uint64_t height) const override;
    AccountState latestAccount(const Address &address) const override;
    void setAccount(const Address &address, std::uint64_t height, AccountState state);

    // --- collections and objects
    int collectionIndex(const QString &slug) const override
    {
        return m_collectionBySlug.value(slug, -1);
    }
    const CollectionRecord &collection(int index) const override
    {
        return m_collections[static_cast<std::size_t>(index)];
    }
    std::size_t collectionCount() const override { return m_collections.size(); }
    bool collectionExists(int index, std::uint64_t height) const override
    {
        return index >= 0 && static_cast<std::size_t>(index) < m_collections.size() &&
               collection(index).createdAt <= height;
    }
    int objectIndex(const QString &displayKey) const override;
    int objectAt(const QString &displayKey, std::uint64_t height) const override;
    int objectIndex(const Hash32 &key) const override;
    std::vector<int> objectIndexes(const std::vector<Hash32> &keys) const override;
    ObjectRecord object(int index) const override;
    std::size_t objectCount() const override { return m_storedObjects + m_pendingObjects.size(); }
    bool objectExists(int index, std::uint64_t height) const override
    {
        return index >= 0 && static_cast<std::size_t>(index) < objectCount() &&
               object(index).mintedAt <= height;
    }
    // An object's owner, listing and last sale at the end of `height`, or
    // now (with the block being built).
    ObjectVersion version(int object, std::uint64_t height) const override;
    void prefetchVersions(const std::vector<int> &objects, std::uint64_t height) const override;
    ObjectVersion latestVersion(int object) const override;
    std::uint64_t nextTokenId(int collection) const override;

    int addCollection(CollectionRecord record);
    int addObject(ObjectRecord record);
    void setOwner(int object, std::uint64_t height, const Address &owner);
    void setListing(int object, const std::optional<Listing> &listing);
    void setLastSale(int object, const std::optional<Sale> &sale);

    // --- the trie: the working tree, and the sealed tree of every height,
    // read from the store (nullopt for a height not sealed). Reading a
    // damaged tree throws std::runtime_error naming the file.
    const SparseMerkleTree &workingTree() const { return m_tree; }
    std::optional<SparseMerkleTree> treeAt(std::uint64_t height) const override;

    // --- the holdings trie (PROTOCOL §2.6): one sub-trie of object keys per
    // holder, with its history, and the sealed holdings trie of every height
    Hash32 settleHoldings(); // folds this block's owner changes in; the root
    std::optional<SparseMerkleTree> holdingsAt(std::uint64_t height) const override;
    // The keys `holder` held at the end of `height`, ascending.
    std::vector<Hash32> holdingsOf(const Address &holder, std::uint64_t height) const override;

    // Gives the nodes the tries made in block `height` their ids, for the
    // store; from then on the tries name them by id and they leave memory.
    TrieBatch sealTries(std::uint64_t height);
    const TrieNodes &trieNodes() const { return m_nodes; }
    void setTrieCacheNodes(std::size_t nodes) { m_nodes.setCacheNodes(nodes); }

    // --- activity and transactions
    std::uint64_t activityCount() const override
    {
        return m_storedActivity + m_pendingActivity.size();
    }
    std::vector<ActivityEntry> activityOf(std::uint64_t height) const override;
    void addActivity(ActivityEntry entry);
    void addTransaction(TxEntry entry);

    // What the block being built changed outside the tries, for the store.
    StateBatch stateBatch() const;
    // Seals the working state as block `block.header.height`: it is stored.
    void commitBlock(Block block);

    // The state tables behind every read at a sealed height (the indexer's
    // queries go straight to them).
    const StateReader &tables() const override { return m_store->state(); }

private:
    void updateLeaf(int object);
    SparseMerkleTree &holderTree(const Address &holder);
    ObjectVersion &pendingVersion(int object);
    std::uint64_t storedNextTokenId(int collection) const;
    // As of the head, this block's changes left out.
    ObjectVersion storedVersion(int object) const;
    int storedIndex(int index) const;
    int storedRow(const std::optional<FoundObject> &found) const;
    int named(const QString &displayKey, std::optional<std::uint64_t> height) const;
    void prefetchObjects(const std::vector<int> &objects) const;
    // The stored (object, holdings) roots of a sealed height; nullopt above
    // the head; throws when a sealed height's roots are missing or damaged.
    std::optional<std::pair<TrieRoot, TrieRoot>> rootsAt(std::uint64_t height) const;

    const ChainStore *m_store = nullptr;
    TrieNodes m_nodes;
    SparseMerkleTree m_tree{&m_nodes};
    SparseMerkleTree m_holdings{&m_nodes};

    std::optional<Block> m_head;
    std::deque<Block> m_recent;                  // the last blocks, which live clients ask for most
    std::vector<CollectionRecord> m_collections; // all: a few hundred bytes each
    QHash<QString, int> m_collectionBySlug;
    std::size_t m_storedObjects = 0;
    std::uint64_t m_storedActivity = 0;

    // Objects never change once minted: a bounded cache before the store.
    static constexpr std::size_t kCachedObjects = 16384;
    mutable LruCache<int, ObjectRecord> m_objects{kCachedObjects};
    // Stored objects found by name and by key: a number, once stored, is
    // the object's for good (a read each was a round trip each on a read
    // server, a wallet's every holding one).
    mutable LruCache<QString, int> m_indexByName{kCachedObjects};
    mutable LruCache<Hash32, int, ArrayHash> m_indexByKey{kCachedObjects};
    // The sole writer's latest state (setSoleWriter), as of its head: read
    // through, and each block's changes put in at commitBlock.
    static constexpr std::size_t kCachedAccounts = 65536;
    bool m_soleWriter = false;
    mutable LruCache<Address, AccountState, ArrayHash> m_latestAccounts{kCachedAccounts};
    mutable LruCache<int, ObjectVersion> m_latestVersions{kCachedObjects};
    LruCache<Address, TrieRoot, ArrayHash> m_holderRoots{kCachedAccounts};
    mutable std::unordered_map<int, std::uint64_t> m_nextTokenIds; // by collection
    std::vector<std::pair<Address, TrieRoot>> m_sealedHolders;     // this block's, till commitBlock
    // prefetchVersions(): a sealed height's versions never change.
    mutable std::uint64_t m_prefetchedAt = 0;
    mutable std::unordered_map<int, ObjectVersion> m_prefetched;

    // The block being built.
    std::unordered_map<Address, AccountState, ArrayHash> m_pendingAccounts;
    std::vector<int> m_pendingCollections;
    std::vector<ObjectRecord> m_pendingObjects; // indexes from m_storedObjects
    QHash<QString, int> m_pendingByKey;
    std::unordered_map<Hash32, int, ArrayHash> m_pendingByHash;
    std::map<int, ObjectVersion> m_pendingVersions;
    std::vector<ActivityEntry> m_pendingActivity;
    std::vector<TxEntry> m_pendingTransactions;
    // Holders' sub-tries changed in this block; the others are in the store.
    std::unordered_map<Address, SparseMerkleTree, ArrayHash> m_holderTrees;
    std::vector<Address> m_changedHolders; // since the last settleHoldings()
};

} // namespace gifscan::chain
