#pragma once

#include "chain/store/spantable.h"
#include "core/base/bytes.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gifscan::chain {

class SqlDatabase;
class SqlStatement;

// The heights each object was owned at by each owner, a row an ownership:
// opened at the height its version first names the owner, closed at the
// first height whose version names another (null while it holds). The
// holdings trie answers a holder's objects at a height with a proof, a
// round trip a level of it on PostgreSQL; these answer how many a wallet
// held of each collection then ("held at h": opened <= h and not closed
// by h) from one index. The owner is the version's (a listed object's is
// its escrow), as the trie's.
//
// A node's chain.db makes the table on open and fills it from the versions
// when it was missing or behind; PostgreSQL gains it by migration 8, which
// fills it the same way. Writes run in the caller's transaction, as
// StateWriter's. Same thread as its database.
class HoldingSpans
{
public:
    // SQLite's types; each statement IF NOT EXISTS, run on every open.
    static const char *const kSchema;

    explicit HoldingSpans(SqlDatabase &db);
    ~HoldingSpans();
    // An object's owner at `height`, `before` the one it had below it (none:
    // minted at `height`).
    void changed(int collection, int object, std::uint64_t height,
                 const std::optional<Address> &before, const Address &after);
    // The spans are written through `height` (a chain.db's mark, in meta).
    void written(std::uint64_t height);
    static void fill(SqlDatabase &db);
    static void makeOnOpen(SqlDatabase &db, bool stateComplete);

    // A span as fill() finds it, before it is written.
    struct Span
    {
        int object = 0;
        std::int64_t opened = 0;
        std::optional<std::int64_t> closed;
        Address owner{};
        int collection = 0;
    };

    // Its name, schema and mark, as every table of spans has them.
    static const SpanTable &table();

private:
    static std::vector<Span> spansOf(SqlDatabase &db, std::int64_t from, std::int64_t to);

    SqlDatabase &m_db;
    // Prepared at the first change and kept for the block's others: most
    // of a block's versions change owner (a listing moves it to escrow).
    std::unique_ptr<SqlStatement> m_close;
    std::unique_ptr<SqlStatement> m_open;
};

} // namespace gifscan::chain
