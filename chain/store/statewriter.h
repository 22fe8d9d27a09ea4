#pragma once

#include "chain/store/staterecords.h"

#include <map>

namespace gifscan::chain {

class SqlDatabase;

// Writes what a block changes outside the tries (StateBatch) into the state
// tables: versioned rows for accounts and objects, the indexer's tables with
// the indexes REST and JSON-RPC query by, and each changed collection's
// statistics at that height, so that a question about any height is a few
// index lookups and nothing has to be replayed at start.
//
// Runs inside the caller's SQLite transaction (ChainStore's, one per block)
// and throws SqlError on failure, which rolls the block back.
// Lives on the node thread, as its ChainStore.
class StateWriter
{
public:
    static const char *const kSchema;
    static const char *const kLaterIndexes;
    static const char *const kTables[]; // null-terminated: dropped to rebuild

    explicit StateWriter(SqlDatabase &db) : m_db(db) {}
    void write(std::uint64_t height, const StateBatch &batch);
    // The transaction write() ran in committed, or failed: the running
    // totals it kept are now the store's, or forgotten (read again).
    void committed();
    void forget();

private:
    // One table each, in write()'s order.
    void writeCollections(const StateBatch &batch, std::map<int, std::uint64_t> *mints);
    void writeObjects(const StateBatch &batch, std::map<int, std::uint64_t> *mints);
    void writeVersions(std::uint64_t height, const StateBatch &batch,
                       std::map<int, std::uint64_t> *mints);
    void writeActivity(const StateBatch &batch, std::map<int, std::vector<Amount>> *sales);
    void writeReceipts(const StateBatch &batch);
    void writeAccounts(std::uint64_t height, const StateBatch &batch);
    // Keeps a collection's holders and open listings, as of now, in step with
    // an object's change; they make the statistics rows.
    void follow(int collection, int object, const std::optional<ObjectVersion> &before,
                const ObjectVersion &after);
    void writeStats(std::uint64_t height, int collection, std::uint64_t mints,
                    const std::vector<Amount> &sales);

    // A collection's running totals in its latest statistics row.
    struct Totals
    {
        std::int64_t items = 0;
        Amount volume = 0;
        std::int64_t sales = 0;
    };
    Totals totalsOf(int collection);

    SqlDatabase &m_db;
    // Kept while this is the store's only writer (the node's, the follower's
    // under its lock: a new Chain each time it takes the lock), so that a
    // block's statistics need no read among its writes.
    std::map<int, Totals> m_totals;
    std::map<int, Totals> m_written; // by the write not yet committed
};

} // namespace gifscan::chain
