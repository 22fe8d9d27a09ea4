#pragma once

#include "core/protocol/records.h"
#include "core/protocol/transaction.h"

#include <QList>
#include <variant>

namespace gifscan {

// What one transaction of a block does to an object, as its bytes say.
struct ObjectTransaction
{
    int index = 0; // its place in the block
    Hash32 hash{};
    Address sender{};
    TxKind kind = TxKind::Mint;
    QString key;
    QString slug;
    std::uint64_t tokenId = 0;
    Address to{};          // mint, transferObject
    Amount price = 0;      // list
    Amount maxPrice = 0;   // buy
    bool enoughGas = true; // its gas limit covers its intrinsic gas (else it fails, visibly)
};

// The object a raw transaction acts on, its sender and its body; nullopt for
// one that touches no object, is of another chain, or does not decode or
// recover (the chain's executor fails it: it makes no event).
std::optional<ObjectTransaction> objectTransaction(std::span<const std::uint8_t> raw, int index);

// txRoot of PROTOCOL §2.4 over transactions as broadcast.
Hash32 transactionsRoot(const QList<Bytes> &raws);

// An object's state between transactions: its owner (none: it does not
// exist), and while in escrow who listed it and for how much.
struct ObjectState
{
    std::optional<Address> owner;
    Address seller{};
    Amount price = 0;
};

// The events of one object's transactions in a block (all on the same key,
// in block order): the only way they could have gone, under the executor's
// rules, that leads from its proven state before the block to its proven
// owner after it. A transfer, list or delist takes effect exactly when the
// state shows it may (its sender the owner, or the seller; a price above
// zero; gas enough); a buy may also fail for the buyer's balance, and a mint
// for its collection's creator or its GIF's limits, which no header commits
// to, so both ways are tried for those. When two ways with different events
// both lead there, or none does, or the ways to try pass a bound, the words
// say why nothing is proven. Pure: any thread.
std::variant<QList<ActivityEntry>, QString> decideEvents(const QList<ObjectTransaction> &txs,
                                                         const ObjectState &before,
                                                         const std::optional<Address> &after,
                                                         const BlockHeader &header);

} // namespace gifscan
