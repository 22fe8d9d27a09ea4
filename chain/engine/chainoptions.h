#pragma once

#include "core/protocol/amount.h"
#include "core/protocol/validatorset.h"

#include <QString>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace gifscan::chain {

// What a stranger can make the node hold. The defaults bound the pool at a
// few tens of MiB whatever is sent.
struct MempoolLimits
{
    std::size_t transactions = 4096;
    std::size_t contentBytes = 32 * 1024 * 1024;
    std::size_t perSender = 64; // also how far ahead of its account a nonce may be
};

// How a chain is made and run: the options of gifscan-devnet that reach the
// chain engine. A header of its own so that whoever configures a node
// (server/node/serverconfig.h, the tests) does not compile the engine's
// headers.
struct ChainOptions
{
    std::uint64_t seed = 1;
    int objects = 2000;
    double blockTime = 0; // seconds; 0 draws each interval uniformly from 3 to 7 s
    bool traffic = true;
    QString dataDir; // where chain.db lives; ignored when ephemeral
    // A PostgreSQL database (a libpq connection string or URL) in place of
    // chain.db: the indexer's. Empty: the data folder's SQLite file.
    QString database;
    // Blocks come from another node (Chain::follow), genesis included: none
    // is made here. The indexer's follower.
    bool follows = false;
    // A read server's chain: the tables of `database` another process (the
    // follower) writes, read through a QueryStore; nothing is written
    // there, and each request reads at the head last taken up
    // (ChainReadScope). A Chain refuses to open with it.
    bool readsOnly = false;
    // A read server's bound on each statement of a request (its request
    // budget), kept on its connection so that a request sets none
    // (SqlDatabase::keepStatementTimeout). 0: none.
    qint64 statementTimeoutMs = 0;
    // A follower's or read server's: the validators whose commits make a
    // header stored in `database` true, as clients check them
    // (HeaderVerifier); none: the devnet's own set (a Chain signs again, a
    // QueryStore verifies, holding no key).
    std::optional<ValidatorSet> trusted;
    // Trie nodes kept in memory (TrieNodes); 0: its default, 65,536. A
    // follower keeps more: each node it reads again is a round trip to
    // PostgreSQL, where a node reads its own file.
    std::size_t trieCacheNodes = 0;
    bool ephemeral = false; // a temporary database, deleted when the node stops
    // Where prebuilt genesis files are (PrebuiltGenesis): a new kept chain
    // whose options one was built for starts from a copy of it. Empty: none.
    QString genesisDir;
    // Every block reaches the disk before it is announced (fsync). Off only
    // for benchmarks that build long chains quickly.
    bool durable = true;
    Amount minGasPrice = 1000000000; // 1 gwei
    int validators = 4;              // the devnet's deterministic set of PROTOCOL §8
    // For tests of clients: headers still name the devnet set's hash, but are
    // signed by keys outside it. No client may call them verified.
    bool forgeHeaders = false;
    // For tests of indexers: this block's header (0: none) names object and
    // holdings roots its state does not have, signed by the set's own keys.
    std::uint64_t wrongRootsAt = 0;
    MempoolLimits mempool; // what strangers can make the node hold
    // Told how a long start goes: importing a block log ("import") or
    // bringing an older database up to date ("rebuild"), as blocks done of
    // all; first at 0, then about twice a second, last at all of them.
    // Called on the node thread, inside open().
    std::function<void(const QString &task, std::uint64_t done, std::uint64_t total)> progress;
};

} // namespace gifscan::chain
