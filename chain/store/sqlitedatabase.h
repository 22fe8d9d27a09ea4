#pragma once

#include "chain/store/sqldatabase.h"

namespace SQLite {
class Database;
} // namespace SQLite

namespace gifscan::devnet {

// SqlDatabase on a SQLite file (the node's chain.db), through SQLiteCpp. A
// deadline is kept by SQLite's progress handler, asked every thousand
// virtual machine steps of any statement, so a loop of small reads is cut
// too. Lives on the thread that opened it.
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

private:
    std::unique_ptr<SQLite::Database> m_db;
    QString m_path;
};

} // namespace gifscan::devnet
