#pragma once

#include <cstdint>
#include <functional>

namespace gifscan::chain {

class SqlDatabase;

// What the tables of spans (ListingSpans, HoldingSpans) share: rows made
// from the objects' versions, a height range each, written with each block
// and filled once from the versions where a store lacks them. Same thread
// as its database.
struct SpanTable
{
    const char *table;  // its name
    const char *schema; // SQLite's, each statement IF NOT EXISTS
    const char *mark;   // a chain.db's meta key: the height its rows are written through
    // The rows of objects [from, to), read from the versions before any is
    // written (a connection runs one statement at a time), and what writes
    // them, saying how many.
    using Writer = std::function<std::int64_t()>;
    std::function<Writer(SqlDatabase &db, std::int64_t from, std::int64_t to)> readSlice;

    // The rows are written through `height` (a chain.db's mark; nothing on
    // PostgreSQL, whose migrations say what it holds).
    void written(SqlDatabase &db, std::uint64_t height) const;
    // Every row, from the versions, into an empty table, a slice of objects
    // at a time, each slice's count checked.
    void fill(SqlDatabase &db) const;
    // A chain.db's table made on open, and made again and filled when it
    // was missing or its mark is not the newest block's: a file of an older
    // build had blocks written without them, or rows of an older shape.
    void makeOnOpen(SqlDatabase &db, bool stateComplete) const;
    // A chain.db's table is there and written through the newest block.
    bool current(SqlDatabase &db) const;

    static constexpr std::int64_t kSlice = 4096; // objects a fill reads at a time
};

} // namespace gifscan::chain
