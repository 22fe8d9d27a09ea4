#pragma once

#include "chain/store/staterecords.h"

#include <optional>

namespace gifscan::chain {

class SqlDatabase;

// The heights each listing was open at, a row a listing: opened at the
// height its version first holds it, closed at the first height whose
// version holds another or none (null while it is open). The listings
// table holds now alone; these answer a list by price or by listing at any
// height ("open at h": opened <= h and not closed by h) by the index on
// price, where the objects' versions would each be read and sorted.
//
// A node's chain.db makes the table on open and fills it from the versions
// when it was missing; PostgreSQL gains it by migration 7, which fills it
// the same way. Writes run in the caller's transaction, as StateWriter's.
// Same thread as its database.
class ListingSpans
{
public:
    // SQLite's types; each statement IF NOT EXISTS, run on every open.
    static const char *const kSchema;

    explicit ListingSpans(SqlDatabase &db) : m_db(db) {}
    // An object's listing at `height`, `before` the one it had below it.
    // Another listing, even at the same price, is a new span: its
    // listedAt is the height it was made at.
    void changed(int collection, int object, std::uint64_t height,
                 const std::optional<Listing> &before, const std::optional<Listing> &after);
    // Every span, made from the objects' versions, into an empty table.
    static void fill(SqlDatabase &db);

private:
    SqlDatabase &m_db;
};

} // namespace gifscan::chain
