#pragma once

#include "chain/store/sparsemerkletree.h"
#include "chain/store/staterecords.h"
#include "core/base/outcome.h"
#include "core/protocol/records.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <vector>

namespace gifscan::chain {

class StateReader;

// The chain as its readers see it: blocks, accounts, collections, objects,
// tries and activity, at a height or the head, and nothing that changes
// them. The servers (REST, JSON-RPC, GraphQL, websocket), the indexer and
// the traffic generator hold this; only Chain, the block writer, holds the
// ChainState behind it. Same thread as ChainState: the node thread.
class ChainView
{
public:
    virtual ~ChainView() = default;

    // A GIF by its SHA-256, read from the store and checked: absent is
    // Invalid, damaged a Storage failure.
    virtual Outcome<QByteArray> content(const Hash32 &sha256) const = 0;

    // --- blocks. A block that cannot be read back whole throws
    // std::runtime_error naming the file.
    virtual std::uint64_t head() const = 0;
    virtual bool hasBlocks() const = 0;
    virtual std::optional<Block> block(std::uint64_t height) const = 0;
    // A block's header alone: one statement fewer than block(), whose
    // transaction hashes a proof's root or a block's hash does not need.
    virtual std::optional<BlockHeader> header(std::uint64_t height) const = 0;
    virtual std::optional<Block> blockByHash(const Hash32 &hash) const = 0;
    virtual std::optional<TxEntry> transaction(const Hash32 &hash) const = 0;
    // A sealed block's transactions with their receipts, in order, read at
    // once (a block's page); none for a height not sealed.
    virtual std::vector<TxEntry> transactionsOf(std::uint64_t height) const = 0;

    // --- accounts: at the end of `height`, or now (with the block being built)
    virtual AccountState account(const Address &address, std::uint64_t height) const = 0;
    virtual AccountState latestAccount(const Address &address) const = 0;

    // --- collections and objects, by index; -1 for a name that is none
    virtual int collectionIndex(const QString &slug) const = 0;
    virtual const CollectionRecord &collection(int index) const = 0;
    virtual std::size_t collectionCount() const = 0;
    virtual bool collectionExists(int index, std::uint64_t height) const = 0;
    virtual int objectIndex(const QString &displayKey) const = 0;
    virtual int objectIndex(const Hash32 &key) const = 0;
    // objectIndex(), for an object about to be read at `height`: where
    // neither is kept, its version then is read with its record, in one
    // statement (a round trip each on a read server).
    virtual int objectAt(const QString &displayKey, std::uint64_t height) const = 0;
    // objectIndex() of each of `keys` (-1: none), those not kept yet read
    // at once, their records too (a wallet's holdings).
    virtual std::vector<int> objectIndexes(const std::vector<Hash32> &keys) const = 0;
    virtual ObjectRecord object(int index) const = 0;
    virtual std::size_t objectCount() const = 0;
    virtual bool objectExists(int index, std::uint64_t height) const = 0;
    // An object's owner, listing and last sale at the end of `height`, or
    // now (with the block being built).
    virtual ObjectVersion version(int object, std::uint64_t height) const = 0;
    // The versions of `objects` at a sealed `height`, read at once and kept
    // for the version() calls that follow (a page's, a list's): one
    // statement instead of one each, a round trip each to a read server's
    // PostgreSQL. The last set read is kept, replaced by the next.
    virtual void prefetchVersions(const std::vector<int> &objects, std::uint64_t height) const = 0;
    virtual ObjectVersion latestVersion(int object) const = 0;
    virtual std::uint64_t nextTokenId(int collection) const = 0;

    // --- the sealed object trie and holdings trie of a height (nullopt for
    // a height not sealed); a damaged tree throws std::runtime_error.
    virtual std::optional<SparseMerkleTree> treeAt(std::uint64_t height) const = 0;
    virtual std::optional<SparseMerkleTree> holdingsAt(std::uint64_t height) const = 0;
    // The keys `holder` held at the end of `height`, ascending.
    virtual std::vector<Hash32> holdingsOf(const Address &holder, std::uint64_t height) const = 0;

    // --- activity
    virtual std::uint64_t activityCount() const = 0;
    // A sealed block's, in order.
    virtual std::vector<ActivityEntry> activityOf(std::uint64_t height) const = 0;

    // The state tables behind every read at a sealed height (the indexer's
    // queries go straight to them).
    virtual const StateReader &tables() const = 0;

protected:
    ChainView() = default;
    ChainView(const ChainView &) = default;
    ChainView &operator=(const ChainView &) = default;
};

} // namespace gifscan::chain
