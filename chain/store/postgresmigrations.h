#pragma once

#include <QString>
#include <optional>

namespace gifscan::chain {

class SqlDatabase;

// The PostgreSQL database's schema, in versions: the first (3, the tables a
// node's chain.db has too, written whole) and each change since as a
// forward migration, applied in order by the follower while it holds its
// lock, one transaction each, and recorded in schema_history. A new
// database is made the same way (the first version, then every
// migration), so two databases of one version have the same tables
// whatever they were made from. Read servers and workers never migrate:
// they wait for the version they read (ChainStore::openServer).
//
// Same thread as its database.
class PostgresMigrations
{
public:
    static constexpr int kFirst = 3;
    // The version this build reads and writes.
    static int latest();
    // The database's version; none for a database without the chain's
    // tables. A `meta` row that is not a version reads as 0.
    static std::optional<int> versionOf(SqlDatabase &db);
    // From `from` (kFirst or later) to latest(): each step commits with its
    // version, so a follower killed between two steps resumes at the next.
    static void migrate(SqlDatabase &db, int from);
    // What a step did, for logs and schema_history; empty for no such step.
    static QString what(int version);
};

} // namespace gifscan::chain
