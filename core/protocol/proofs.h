#pragma once

#include "core/base/bytes.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace gifscan {

// The proofs a node sends, as data: protocol/ decodes them, client/ asks
// for them, verify/ checks them (core/verify/objectproof.h,
// core/verify/holdingsproof.h).

struct ProofLeaf
{
    Address owner{};
    Hash32 contentHash{};
    Hash32 traitsHash{};
};

struct ProofOtherLeaf
{
    Hash32 key{};
    Hash32 valueHash{};
};

// The gif_proof result of PROTOCOL §2.3.
struct ObjectProof
{
    Hash32 key{};
    QString displayKey;
    std::uint64_t height = 0;
    Hash32 objectRoot{}; // informational only: verification uses the header's root
    std::optional<ProofLeaf> leaf;
    std::optional<ProofOtherLeaf> otherLeaf;
    std::vector<Hash32> siblings; // deepest first
};

// The gif_holdingsProof result of PROTOCOL §2.6: every object an address
// holds at a height, and the path of its leaf in the holdings trie.
struct HoldingsProof
{
    Address owner{};
    std::uint64_t height = 0;
    Hash32 holdingsRoot{}; // informational only: verification uses the header's root
    QStringList objects;   // sorted by H(display key)
    std::optional<ProofOtherLeaf> otherLeaf;
    std::vector<Hash32> siblings; // deepest first
};

} // namespace gifscan
