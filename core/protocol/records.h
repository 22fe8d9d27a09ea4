#pragma once

#include "core/protocol/amount.h"
#include "core/protocol/blockheader.h"
#include "core/protocol/commitments.h"

#include <QList>
#include <QString>
#include <optional>

namespace gifscan {

// The records of PROTOCOL §4 as the explorer holds them. Plain values: any
// thread may copy them.

struct ReceiptEvent
{
    QString type; // mint, transfer, list, delist, sale, payment
    QString key;  // empty for null
    std::optional<Address> from;
    std::optional<Address> to;
    std::optional<Amount> price;
};

struct TransactionRecord
{
    Hash32 hash{};
    Address from{};
    std::uint64_t nonce = 0;
    QString kind;
    Amount gasPrice = 0;
    std::uint64_t gasLimit = 0;
    std::optional<Address> to;
    std::optional<Amount> amount;
    QString slug;
    std::optional<std::uint64_t> tokenId;
    QString key;
    QString name;
    QString category;
    QList<Trait> traits;
    std::optional<Amount> price;
    std::optional<Amount> maxPrice;
    std::optional<std::uint64_t> bytes;
    std::optional<std::uint64_t> blockHeight; // null while pending
    std::optional<Hash32> blockHash;
    std::optional<std::uint64_t> index;
};

struct Receipt
{
    bool success = false;
    QString error;
    std::uint64_t gasUsed = 0;
    Amount fee = 0;
    std::uint64_t blockHeight = 0;
    std::uint64_t index = 0;
    QList<ReceiptEvent> events;
};

struct TransactionWithReceipt
{
    TransactionRecord transaction;
    std::optional<Receipt> receipt; // null while pending
};

struct Block
{
    BlockHeader header;
    QList<Hash32> transactionHashes;       // when asked without transactions
    QList<TransactionRecord> transactions; // when asked with them
};

struct Listing
{
    QString key;
    Address seller{};
    Address escrow{};
    Amount price = 0;
    std::uint64_t listedAt = 0;
    Hash32 txHash{};
};

struct Sale
{
    Amount price = 0;
    std::uint64_t height = 0;
    Hash32 txHash{};
};

// A REST list record carries the first seven fields; the detail carries all.
struct ObjectRecord
{
    QString key;
    QString slug;
    std::uint64_t tokenId = 0;
    Address owner{};
    int rarityRank = 0;
    QList<Trait> traits;
    int frames = 0;
    bool detailed = false; // the fields below are present
    std::uint64_t bytes = 0;
    int canvasWidth = 0;
    int canvasHeight = 0;
    Hash32 contentHash{};
    Hash32 traitsHash{};
    Hash32 root{};
    std::uint64_t mintedAt = 0;
    Hash32 mintTx{};
    std::optional<Listing> listing;
    std::optional<Sale> lastSale;
};

struct Collection
{
    QString slug;
    QString name;
    QString category;
    Address creator{};
    std::uint64_t items = 0;
    std::uint64_t owners = 0;
    std::uint64_t listed = 0;
    std::optional<Amount> floorPrice;
    Amount volume24h = 0;
    Amount volumeTotal = 0;
    std::uint64_t sales24h = 0;
    std::uint64_t createdAt = 0;
};

// A devnet addition: how many of a collection's objects have each trait value.
struct TraitCount
{
    Trait trait;
    std::uint64_t count = 0;
    friend bool operator==(const TraitCount &, const TraitCount &) = default;
};

struct TraitCounts
{
    std::uint64_t items = 0;
    QList<TraitCount> values;
};

// What waits in a node's mempool (a devnet addition).
struct MempoolStatus
{
    std::uint64_t pending = 0;
};

struct WalletCounters
{
    std::uint64_t txCount = 0, minted = 0, bought = 0, sold = 0, transfersIn = 0, transfersOut = 0;
};

struct Wallet
{
    Address address{};
    Amount balance = 0;
    std::uint64_t nonce = 0;
    QList<QPair<QString, std::uint64_t>> holdings; // slug, count
    std::uint64_t listed = 0;
    WalletCounters counters;
};

struct ActivityEntry
{
    QString id;
    QString type; // mint, sale, transfer, list, delist
    QString key;
    QString slug;
    std::uint64_t tokenId = 0;
    std::optional<Address> from;
    std::optional<Address> to;
    std::optional<Amount> price;
    Hash32 txHash{};
    std::uint64_t height = 0;
    std::uint64_t timestamp = 0;
};

struct OwnedLeaf
{
    QString key;
    QString slug;
    std::uint64_t tokenId = 0;
    Hash32 root{};
};

template <typename T> struct Page
{
    QList<T> data;
    QString cursor; // empty on the last page
    std::uint64_t height = 0;
};

} // namespace gifscan
