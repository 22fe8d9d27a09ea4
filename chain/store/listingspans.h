#pragma once

#include "chain/store/spantable.h"
#include "chain/store/staterecords.h"

#include <QByteArray>
#include <cstdint>
#include <optional>
#include <vector>

namespace gifscan::chain {

class SqlDatabase;

// The heights each listing was open at, a row a listing: opened at the
// height its version first holds it, closed at the first height whose
// version holds another or none (null while it is open). The listings
// table holds now alone; these answer a list by price or by listing at any
// height ("open at h": opened <= h and not closed by h) by the index on
// price, where the objects' versions would each be read and sorted.
//
// Each span keeps its seller too, so a wallet's listings at h are counted
// from one index (`spans_by_seller`), not each of its listing versions
// checked for a newer one.
//
// A node's chain.db makes the table on open and fills it from the versions
// when it was missing or behind (its mark, `listingSpans`, is newer than the
// seller: a file of schema 3 has no seller and fills again); PostgreSQL
// makes it by migration 7, which fills it the same way, and 9 gives it the
// seller (an older follower refuses a newer version). Writes run in the caller's
// transaction, as StateWriter's. Same thread as its database.
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
    // The spans are written through `height` (a chain.db's mark, in meta).
    void written(std::uint64_t height);
    // Every span, made from the objects' versions, into an empty table, a
    // slice of objects at a time.
    static void fill(SqlDatabase &db);
    // A chain.db's table made on open, and filled when it was missing or
    // its mark is not the newest block's: a file of an older build (whose
    // user_version is this one's) had blocks written without spans.
    static void makeOnOpen(SqlDatabase &db, bool stateComplete);

    // A span as fill() finds it, before it is written.
    struct Span
    {
        int object = 0;
        std::int64_t opened = 0;
        std::optional<std::int64_t> closed;
        int collection = 0;
        QByteArray price;
        Address seller;
    };

    // Its name, schema and mark, as every table of spans has them.
    static const SpanTable &table();

private:
    static std::vector<Span> spansOf(SqlDatabase &db, std::int64_t from, std::int64_t to);

    SqlDatabase &m_db;
};

} // namespace gifscan::chain
