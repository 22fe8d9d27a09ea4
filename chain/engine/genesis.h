#pragma once

#include "chain/engine/chainstate.h"
#include "core/crypto/privatekey.h"

#include <functional>
#include <vector>

namespace gifscan::chain {

inline constexpr std::uint64_t kGenesisTimestamp = 1795000000;
inline constexpr int kTrafficAccounts = 24;
inline constexpr int kFundedDevAccounts = 10;

// Block 0 of a devnet: the funded accounts, and the signed transactions that
// create 8 collections and mint the genesis objects, so every object has a
// mint transaction like any other. Deterministic from (seed, objects).
class Genesis
{
public:
    static const std::vector<PrivateKey> &trafficKeys();
    // Balances set before block 0 executes.
    static void allocate(ChainState &state);
    // `made(done, total)` as transactions are made: rendering and signing
    // two thousand GIFs is most of a first start's wait, spread over
    // `threads` (0: every core). The bytes are the same for any count.
    static std::vector<Bytes>
    transactions(std::uint64_t seed, int objects,
                 const std::function<void(std::size_t done, std::size_t total)> &made = {},
                 unsigned threads = 0);
};

} // namespace gifscan::chain
