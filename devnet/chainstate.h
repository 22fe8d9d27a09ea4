#pragma once

#include "core/amount.h"
#include "core/blockheader.h"
#include "core/records.h"
#include "core/transaction.h"
#include "devnet/chainstore.h"
#include "devnet/sparsemerkletree.h"
#include "devnet/trienodes.h"
#include "devnet/versioned.h"

#include <QHash>
#include <unordered_map>

namespace gifscan::devnet {

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

// The node's records share core's shapes where they are the same thing.
using AccountCounters = gifscan::WalletCounters;
using gifscan::ReceiptEvent;
using gifscan::Sale;

struct AccountState
{
    Amount balance = 0;
    std::uint64_t nonce = 0;
    AccountCounters counters;
};

struct Listing
{
    Address seller{};
    Address escrow{};
    Amount price = 0;
    std::uint64_t listedAt = 0;
    Hash32 txHash{};
};

// What never changes after a mint.
struct ObjectRecord // the node's object: history included
{
    int collection = -1;
    QString slug;
    std::uint64_t tokenId = 0;
    QString displayKey;
    Hash32 key{};
    QList<Trait> traits;
    Hash32 traitsHash{};
    qsizetype contentSize = 0; // the bytes are in the store, by contentHash
    Hash32 contentHash{};
    int frames = 0;
    int canvasWidth = 0;
    int canvasHeight = 0;
    std::uint64_t mintedAt = 0;
    Hash32 mintTx{};

    Versioned<Address> owner;
    Versioned<std::optional<Listing>> listing;
    Versioned<std::optional<Sale>> lastSale;
};

struct CollectionRecord
{
    QString slug;
    QString name;
    QString category;
    Address creator{};
    std::uint64_t createdAt = 0;
    std::vector<int> objects;       // indexes into ChainState objects, in mint order
    std::vector<Sale> sales;        // in height order
};

struct Receipt
{
    bool success = true;
    QString error;
    std::uint64_t gasUsed = 0;
    Amount fee = 0;
    std::vector<ReceiptEvent> events;
};

struct TxEntry
{
    Transaction tx; // a mint's content left out: it is in the store
    qsizetype contentSize = 0;
    Address from{};
    Hash32 hash{};
    std::uint64_t height = 0;
    std::uint32_t index = 0;
    Receipt receipt;
};

struct ActivityEntry
{
    std::uint64_t id = 0; // position in the feed
    QString type;         // mint, sale, transfer, list, delist
    int object = -1;
    std::optional<Address> from;
    std::optional<Address> to;
    std::optional<Amount> price;
    Hash32 txHash{};
    std::uint64_t height = 0;
    std::uint64_t timestamp = 0;
};

struct Block
{
    BlockHeader header;
    std::vector<Hash32> txHashes;
};

// Everything the node knows, with full history. Lives on the node thread:
// no locking, every reader and the block producer share that one thread.
class ChainState
{
public:
    ChainState() = default;
    ChainState(const ChainState &) = delete; // its trees point at its TrieNodes
    ChainState &operator=(const ChainState &) = delete;

    // Where blocks, GIF content and the tries' history are kept; set once,
    // before the first block.
    void setStore(const ChainStore *store)
    {
        m_store = store;
        m_nodes.setStore(store);
    }
    // A GIF by its SHA-256, read from the store and checked; empty when
    // damaged (`error` says so).
    QByteArray content(const Hash32 &sha256, QString *error = nullptr) const;

    // --- blocks
    std::uint64_t head() const { return m_blocks.empty() ? 0 : m_blocks.back().header.height; }
    bool hasBlocks() const { return !m_blocks.empty(); }
    const Block *block(std::uint64_t height) const;
    const Block *blockByHash(const Hash32 &hash) const;
    const std::vector<Block> &blocks() const { return m_blocks; }
    const TxEntry *transaction(const Hash32 &hash) const;

    // --- accounts
    AccountState account(const Address &address, std::uint64_t height) const;
    AccountState latestAccount(const Address &address) const;
    void setAccount(const Address &address, std::uint64_t height, AccountState state);
    const std::unordered_map<Address, Versioned<AccountState>, ArrayHash> &accounts() const { return m_accounts; }

    // --- collections and objects
    int collectionIndex(const QString &slug) const { return m_collectionBySlug.value(slug, -1); }
    const CollectionRecord &collection(int index) const { return m_collections[static_cast<std::size_t>(index)]; }
    std::size_t collectionCount() const { return m_collections.size(); }
    bool collectionExists(int index, std::uint64_t height) const
    {
        return index >= 0 && collection(index).createdAt <= height;
    }
    int objectIndex(const QString &displayKey) const { return m_objectByKey.value(displayKey, -1); }
    int objectIndex(const Hash32 &key) const
    {
        auto it = m_objectByHash.find(key);
        return it == m_objectByHash.end() ? -1 : it->second;
    }
    const ObjectRecord &object(int index) const { return m_objects[static_cast<std::size_t>(index)]; }
    ObjectRecord &object(int index) { return m_objects[static_cast<std::size_t>(index)]; }
    std::size_t objectCount() const { return m_objects.size(); }
    bool objectExists(int index, std::uint64_t height) const
    {
        return index >= 0 && object(index).mintedAt <= height;
    }

    int addCollection(CollectionRecord record);
    int addObject(ObjectRecord record);
    void setOwner(int object, std::uint64_t height, const Address &owner);
    void addSale(int collection, const Sale &sale);

    // --- the trie: the working tree, and the sealed tree of every height,
    // read from the store (nullopt for a height not sealed). Reading a
    // damaged tree throws std::runtime_error naming the file.
    const SparseMerkleTree &workingTree() const { return m_tree; }
    std::optional<SparseMerkleTree> treeAt(std::uint64_t height) const;

    // --- the holdings trie (PROTOCOL §2.6): one sub-trie of object keys per
    // holder, with its history, and the sealed holdings trie of every height
    Hash32 settleHoldings(); // folds this block's owner changes in; the root
    std::optional<SparseMerkleTree> holdingsAt(std::uint64_t height) const;
    // The keys `holder` held at the end of `height`, ascending.
    std::vector<Hash32> holdingsOf(const Address &holder, std::uint64_t height) const;

    // Gives the nodes the tries made in block `height` their ids, for the
    // store; from then on the tries name them by id and they leave memory.
    TrieBatch sealTries(std::uint64_t height);
    const TrieNodes &trieNodes() const { return m_nodes; }

    // --- activity and transactions
    const std::vector<ActivityEntry> &activity() const { return m_activity; }
    void addActivity(ActivityEntry entry);
    void addTransaction(TxEntry entry);

    // Seals the working state as block `block.header.height`.
    void commitBlock(Block block);

private:
    const ChainStore *m_store = nullptr;
    void updateLeaf(int object, std::uint64_t height);
    // The stored (object, holdings) roots of a sealed height; nullopt above
    // the head; throws when a sealed height's roots are missing or damaged.
    std::optional<std::pair<TrieRoot, TrieRoot>> rootsAt(std::uint64_t height) const;

    std::vector<Block> m_blocks;
    TrieNodes m_nodes;
    SparseMerkleTree m_tree{&m_nodes};
    std::unordered_map<Address, Versioned<AccountState>, ArrayHash> m_accounts;
    std::vector<CollectionRecord> m_collections;
    QHash<QString, int> m_collectionBySlug;
    std::vector<ObjectRecord> m_objects;
    QHash<QString, int> m_objectByKey;
    std::unordered_map<Hash32, TxEntry, ArrayHash> m_transactions;
    std::unordered_map<Hash32, std::uint64_t, ArrayHash> m_heightOfHash;
    std::vector<ActivityEntry> m_activity;
    std::unordered_map<Hash32, int, ArrayHash> m_objectByHash;
    // Each holder's sub-trie now; its history is in the store.
    std::unordered_map<Address, SparseMerkleTree, ArrayHash> m_holderTrees;
    std::vector<Address> m_changedHolders; // since the last settleHoldings()
    std::vector<Address> m_unsealedHolders; // since the last sealTries()
    SparseMerkleTree m_holdings{&m_nodes};
};

} // namespace gifscan::devnet
