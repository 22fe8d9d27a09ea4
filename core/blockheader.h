#pragma once

#include "core/bytes.h"

namespace gifscan {

// PROTOCOL §2.4.
struct BlockHeader
{
    std::uint64_t height = 0;
    Hash32 hash{};
    Hash32 parentHash{};
    std::uint64_t timestamp = 0;
    Address proposer{};
    Hash32 objectRoot{};
    Hash32 txRoot{};
    std::uint64_t txCount = 0;

    Hash32 computeHash() const;
    bool hashIsValid() const { return computeHash() == hash; }
};

// K(txHash_0 || ... || txHash_n-1); K("") for an empty block.
Hash32 transactionRoot(const std::vector<Hash32> &txHashes);

} // namespace gifscan
