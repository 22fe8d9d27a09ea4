#pragma once

#include "core/protocol/amount.h"
#include "core/protocol/blockheader.h"
#include "core/protocol/commitments.h"
#include "core/protocol/records.h"
#include "core/protocol/transaction.h"

#include <optional>
#include <vector>

namespace gifscan::chain {

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
struct ObjectRecord // the node's object as minted; what changes is an ObjectVersion
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
};

// What changes about an object: its state at the end of a block.
struct ObjectVersion
{
    Address owner{};
    std::optional<Listing> listing;
    std::optional<Sale> lastSale;
    // Escrow holds a listed object; its seller still owns it.
    const Address &holder() const { return listing ? listing->seller : owner; }
};

struct CollectionRecord
{
    QString slug;
    QString name;
    QString category;
    Address creator{};
    std::uint64_t createdAt = 0;
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
    int collection = -1; // the object's, kept for the feed's filter
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

struct ActivityFilter
{
    QStringList types; // empty: all
    int collection = -1;
    std::uint64_t since = 0;
    std::optional<Address> address;      // a devnet addition: entries from or to it
    int object = -1;                     // one object's history (GraphQL's Object.history)
    std::optional<std::uint64_t> before; // entries older than this id (a keyed page's cursor)
};

// One object's change in a block: the state it had before (none for an
// object minted in it) and the state it has at the block's end. The writer
// keeps its collection's holders and listings in step from the two, without
// reading the earlier state back from the store.
struct VersionChange
{
    int object = 0;
    int collection = 0;
    std::optional<ObjectVersion> before;
    ObjectVersion after;
};

// Everything one block changes outside the tries, gathered while it is
// built and written with it in one SQLite transaction (StateWriter).
struct StateBatch
{
    std::vector<std::pair<Address, AccountState>>
        accounts; // each account's state at the block's end
    std::vector<std::pair<int, CollectionRecord>> collections; // created, by index
    std::vector<std::pair<int, ObjectRecord>> objects;         // minted, by index
    std::vector<VersionChange> versions;
    std::vector<ActivityEntry> activity; // ids assigned, in order
    std::vector<TxEntry> transactions;   // with receipts, content left out
};

} // namespace gifscan::chain
