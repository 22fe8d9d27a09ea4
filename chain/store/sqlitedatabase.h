#pragma once

#include "chain/store/sqldatabase.h"

#include <memory>
#include <string>

namespace SQLite {
class Database;
class Statement;
} // namespace SQLite

namespace gifscan::chain {

class StatementCache;

// SqlDatabase on a SQLite file (the node's chain.db), through SQLiteCpp. A
// deadline is kept by SQLite's progress handler, asked every thousand
// virtual machine steps of any statement, so a loop of small reads is cut
// too. A statement is prepared once: a cursor given back keeps it, reset,
// for the next prepare of the same SQL (a proof asks for the trie roots of
// its height, and preparing that SELECT again each time, SQLite's parser
// allocating in a heap fragmented by large answers, took half the node's
// time under a client's batches of proofs). Lives on the thread that
// opened it.
class SqliteDatabase final : public SqlDatabase
{
public:
    // An empty path: a private temporary database, gone when closed.
    // Throws SqlError when the file cannot be opened or created.
    explicit SqliteDatabase(const QString &path, bool readOnly = false);
    ~SqliteDatabase() override;

    Engine engine() const override { return Engine::Sqlite; }
    QString name() const override;
    std::unique_ptr<SqlCursor> prepare(const std::string &sql) override;
    void exec(const std::string &sql) override;
    std::string schema(const std::string &sqliteSchema) const override { return sqliteSchema; }
    bool hasTable(const std::string &table) override;
    void setDeadline(std::optional<qint64> steadyMs) override { m_deadlineMs = steadyMs; }
    void recoverFromCut() override;

    // For what only SQLite has (PRAGMAs read back, the schema table).
    SQLite::Database &handle() { return *m_db; }

    // How many statements are kept (256, and at most 4 MiB of them: SQL
    // and SQLite's memory); 0 prepares every one anew, as before the cache
    // (bench_trie compares the two).
    void setStatementCacheSize(std::size_t size);
    std::size_t statementCacheBytes() const;

private:
    std::unique_ptr<SQLite::Database> m_db;
    QString m_path;
    // Declared after m_db: its statements are finalized before the
    // database closes; a cursor still out then finalizes its own.
    std::shared_ptr<StatementCache> m_cache;
};

} // namespace gifscan::chain
