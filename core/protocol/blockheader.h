#pragma once

#include "core/base/bytes.h"

namespace gifscan {

// One validator's signature in a header's commit (PROTOCOL §2.5).
struct CommitSignature
{
    std::uint32_t index = 0; // into the validator set
    Signature signature{};
    friend bool operator==(const CommitSignature &, const CommitSignature &) = default;
};

// PROTOCOL §2.4, version 2. The commit is not part of the hash: it vouches
// for it.
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
    Hash32 validatorsHash{};
    Hash32 holdingsRoot{};
    std::vector<CommitSignature> commit;

    Hash32 computeHash() const;
    // Self-consistency only: anyone can compute a header around any root.
    // Whether a header is verified is HeaderVerifier's question alone.
    bool hashIsValid() const { return computeHash() == hash; }
};

// K(txHash_0 || ... || txHash_n-1); K("") for an empty block.
Hash32 transactionRoot(const std::vector<Hash32> &txHashes);

// What a validator signs for a header: K("gif-chain/commit" || u64be(chainId) || hash).
Hash32 commitMessage(std::uint64_t chainId, const Hash32 &headerHash);

} // namespace gifscan
