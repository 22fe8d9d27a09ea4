#pragma once

#include "core/base/bytes.h"

#include <QList>
#include <QString>

namespace gifscan {

struct Trait
{
    QString trait;
    QString value;
    friend bool operator==(const Trait &, const Trait &) = default;
};

// PROTOCOL §1: ^[a-z0-9][a-z0-9-]{0,63}$
bool isValidSlug(QStringView slug);
QString displayKey(const QString &slug, std::uint64_t tokenId);
// Splits "slug#id"; rejects leading zeros and ids of 2^53 or more.
bool parseDisplayKey(const QString &key, QString *slug, std::uint64_t *tokenId);
// Display keys as people read them: by collection, then by token number
// (pixel-cats#4 before pixel-cats#12); anything that is no display key
// after them, by its text.
bool displayKeyLess(const QString &a, const QString &b);

// The leaf commitments of PROTOCOL §2.1.
Hash32 objectKey(const QString &displayKey);
Hash32 traitsHash(QList<Trait> traits);
Hash32 valueHash(const Address &owner, const Hash32 &contentHash, const Hash32 &traitsHash);
Hash32 leafHash(const Hash32 &key, const Hash32 &valueHash);
Hash32 innerHash(const Hash32 &left, const Hash32 &right);

// The root of a trie of PROTOCOL §2.2 over (key, valueHash) leaves, computed
// from nothing (any order; keys must be distinct).
Hash32 sparseMerkleRoot(std::vector<std::pair<Hash32, Hash32>> leaves);

// The holdings commitments of PROTOCOL §2.6.
Hash32 holdingsKey(const Address &owner);                      // H(address)
Hash32 holdingsSubRoot(const std::vector<Hash32> &objectKeys); // leaves H(0x00 || key || Z)
Hash32 holdingsValueHash(std::uint64_t count, const Hash32 &subRoot);

// Bit i of a key, 0 = most significant bit of byte 0 (PROTOCOL §2.2).
inline int keyBit(const Hash32 &key, int i)
{
    return (key[static_cast<std::size_t>(i / 8)] >> (7 - i % 8)) & 1;
}

// Where a listed object waits: last 20 bytes of K("gif/escrow" || key).
Address escrowAddress(const Hash32 &key);

} // namespace gifscan
