#include "chain/store/spantable.h"

#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"

#include <string>

namespace gifscan::chain {

void SpanTable::written(SqlDatabase &db, std::uint64_t height) const
{
    if (db.engine() != SqlDatabase::Engine::Sqlite)
        return;
    SqlStatement q(db, "INSERT INTO meta VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET "
                       "value = excluded.value");
    q.bind(1, std::string(mark));
    q.bind(2, std::to_string(height));
    q.exec();
}

void SpanTable::makeOnOpen(SqlDatabase &db, bool stateComplete) const
{
    // A state being rebuilt (its tables dropped) writes them block by block.
    SqlTransaction t(db);
    const bool written = current(db);
    // Made again rather than emptied: an older file's table may lack a
    // column this build writes (the listing spans' seller), which its
    // newer mark name says.
    if (stateComplete && !written)
        db.exec(std::string("DROP TABLE IF EXISTS ") + table);
    db.exec(schema);
    if (stateComplete && !written) {
        fill(db);
        // WHERE true: SQLite's parser needs it before an upsert's ON.
        db.exec(std::string("INSERT INTO meta SELECT '") + mark +
                "', coalesce(CAST(max(height) AS TEXT), 'none') FROM blocks WHERE true ON "
                "CONFLICT(key) DO UPDATE SET value = excluded.value");
    }
    t.commit();
}

bool SpanTable::current(SqlDatabase &db) const
{
    if (!db.hasTable(table))
        return false;
    SqlStatement marked(db, "SELECT count(*) FROM meta WHERE key = ?1 AND value = (SELECT "
                            "CAST(max(height) AS TEXT) FROM blocks)");
    marked.bind(1, std::string(mark));
    return marked.executeStep() && marked.getColumn(0).getInt64() == 1;
}

void SpanTable::fill(SqlDatabase &db) const
{
    const std::int64_t objects = db.queryInt("SELECT coalesce(max(id) + 1, 0) FROM objects");
    for (std::int64_t from = 0; from < objects; from += kSlice) {
        const Writer write = readSlice(db, from, from + kSlice);
        {
            SqlPipeline pipelined(db);
            const std::int64_t written = write();
            // Counted inside the pipeline: a read takes every write's answer
            // and throws the first error, which the pipeline's end would only
            // roll back (the migration's CREATE TABLE with it) and go on.
            SqlStatement count(db, std::string("SELECT count(*) FROM ") + table +
                                       " WHERE object >= ?1 AND object < ?2");
            count.bind(1, from);
            count.bind(2, from + kSlice);
            if (!count.executeStep() || count.getColumn(0).getInt64() != written)
                throw SqlError(SqlError::Kind::Other,
                               std::string("not every row of ") + table + " for objects " +
                                   std::to_string(from) + " to " +
                                   std::to_string(from + kSlice - 1) + " was written");
        }
    }
}

} // namespace gifscan::chain
