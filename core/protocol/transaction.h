#pragma once

#include "core/protocol/amount.h"
#include "core/protocol/commitments.h"

#include <QByteArray>

namespace gifscan {

enum class TxKind : std::uint8_t {
    Transfer = 1,
    CreateCollection = 2,
    Mint = 3,
    TransferObject = 4,
    List = 5,
    Delist = 6,
    Buy = 7,
};

inline constexpr std::uint64_t kChainId = 6464;
inline constexpr std::size_t kMaxTransactionBytes = 1024 * 1024;
inline constexpr std::size_t kMaxContentBytes = 512 * 1024;

QString txKindName(TxKind kind);
std::optional<TxKind> txKindFromName(const QString &name);

// A raw transaction of PROTOCOL §3, decoded. Body fields not used by a kind stay empty.
struct Transaction
{
    std::uint8_t version = 1;
    std::uint64_t chainId = kChainId;
    std::uint64_t nonce = 0;
    Amount gasPrice = 0;
    std::uint64_t gasLimit = 0;
    TxKind kind = TxKind::Transfer;

    Address to{};
    Amount amount = 0; // transfer
    QString slug;      // every kind but transfer
    std::uint64_t tokenId = 0;
    QString name;        // createCollection
    QString category;    // createCollection
    QList<Trait> traits; // mint
    QByteArray content;  // mint: the GIF bytes
    Amount price = 0;    // list
    Amount maxPrice = 0; // buy

    std::array<std::uint8_t, 65> signature{}; // r, s, v

    bool hasSlugId() const { return kind != TxKind::Transfer && kind != TxKind::CreateCollection; }
    QString objectDisplayKey() const { return displayKey(slug, tokenId); }

    Bytes encodeUnsigned() const;
    Bytes encode() const;
    Hash32 signingHash() const; // K(all bytes before the signature)
    Hash32 hash() const;        // K(all bytes)
    std::uint64_t intrinsicGas() const;
};

// Why bytes are not a transaction, as a value: the explorer words it in the
// reader's language (ChainWords), the node and the CLI in English.
struct TxDecodeError
{
    enum class Kind { Truncated, NotUtf8, UnknownVersion, UnknownKind, TrailingBytes };
    Kind kind = Kind::Truncated;
    QString field;           // the field it happened at (Truncated, NotUtf8)
    std::uint64_t value = 0; // the version, kind or count of bytes
    QString toString() const;
};

// Strict: trailing bytes, over-long strings and unknown kinds are errors.
std::optional<Transaction> decodeTransaction(std::span<const std::uint8_t> raw,
                                             TxDecodeError *error);
std::optional<Transaction> decodeTransaction(std::span<const std::uint8_t> raw, QString *error);

} // namespace gifscan
