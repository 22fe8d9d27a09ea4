#pragma once

#include "chain/store/sqlstatement.h"

#include <QString>
#include <QtGlobal>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gifscan::chain {

// A connection to the database the chain's tables live in: a SQLite file
// (the node's own) or a PostgreSQL server (the indexer's). The store writes
// its SQL once, in the words both understand (`?` parameters, ON CONFLICT,
// no engine's own functions); a schema is written in SQLite's types and
// each backend maps them (schema()). Used by one thread, the one that opened it.
class SqlDatabase
{
public:
    enum class Engine { Sqlite, Postgres };

    virtual ~SqlDatabase() = default;
    SqlDatabase(const SqlDatabase &) = delete;
    SqlDatabase &operator=(const SqlDatabase &) = delete;

    virtual Engine engine() const = 0;
    // Where it is, for messages: the file, or the server and database.
    virtual QString name() const = 0;
    virtual std::unique_ptr<SqlCursor> prepare(const std::string &sql) = 0;
    // Statements without parameters, one or more.
    virtual void exec(const std::string &sql) = 0;
    // CREATE statements in SQLite's types, as this engine writes them.
    virtual std::string schema(const std::string &sqliteSchema) const = 0;
    // Whether a table of this name exists.
    virtual bool hasTable(const std::string &table) = 0;

    // Past this time on the steady clock (ms) every statement stops and
    // throws SqlError::Kind::Interrupted; none: no limit. After a cut,
    // recoverFromCut() leaves nothing of it to the next user.
    virtual void setDeadline(std::optional<qint64> steadyMs) = 0;
    std::optional<qint64> deadline() const { return m_deadlineMs; }
    bool pastDeadline() const;
    virtual void recoverFromCut() = 0;
    // A server's connection lost: made again (its prepared statements
    // forgotten). False when that fails too, or for a file.
    virtual bool reconnect() { return false; }
    // Whether a server's connection still stands, as far as can be told
    // without a round trip (a server that restarted has said goodbye on
    // the socket). A file's always does.
    virtual bool stillConnected() { return true; }
    // Whether a session of its own is what the deadline is set on; false
    // behind a pooler in transaction mode (PostgresDatabase::setPooled) and
    // for a file.
    virtual bool hasSession() const { return false; }
    // A reader's bound on every statement outside a transaction, kept for
    // the session (and each made again): a deadline set outside a
    // transaction is then the client's alone, between statements, and
    // costs no statement of its own. None for a file (its deadline costs
    // nothing) or behind a pooler.
    virtual void keepStatementTimeout(qint64 ms) { (void)ms; }

    // The first column of the first row of a statement without parameters.
    std::int64_t queryInt(const std::string &sql);

    // A set of numbers as one parameter (numberList's text, bound at
    // `parameter`) and the SQL that unpacks it into a table of one column,
    // `id`: SQLite's json_each, PostgreSQL's unnest. One statement, with
    // one text prepared once, reads the rows of any set (a wallet's
    // objects, a level of a sub-trie) where one each was a round trip each.
    static std::string numbersTable(Engine engine, int parameter);
    static std::string numberList(Engine engine, const std::vector<std::int64_t> &numbers);
    // PostgreSQL's text form of a bytea[] ({"\\x0a1b...",...}), bound as
    // text and cast with CAST(convert_from(?, 'UTF8') AS BYTEA[]).
    static std::string byteaList(const std::vector<std::span<const std::uint8_t>> &values);

    // Pipelining (SqlPipeline): between the two, a server's engine sends
    // statements that change rows without waiting for each answer, and
    // reports their errors at the next read or exec(), where the caller's
    // transaction fails whole; exec() of a cursor then returns 0, not the
    // rows changed. A file's engine has no round trips to save: no-ops.
    virtual void beginPipeline() {}
    virtual void endPipeline() {}

protected:
    SqlDatabase() = default;
    std::optional<qint64> m_deadlineMs;
    // A statement the server cut at its bound while a deadline was set:
    // past it, whatever this process's clock (a millisecond's) still says.
    bool m_cutByServer = false;
};

// Writes pipelined for as long as it lives (SqlDatabase::beginPipeline).
class SqlPipeline
{
public:
    explicit SqlPipeline(SqlDatabase &db) : m_db(db) { m_db.beginPipeline(); }
    ~SqlPipeline() { m_db.endPipeline(); }
    SqlPipeline(const SqlPipeline &) = delete;
    SqlPipeline &operator=(const SqlPipeline &) = delete;

private:
    SqlDatabase &m_db;
};

// BEGIN now; COMMIT by commit(), ROLLBACK when it goes out of scope before.
class SqlTransaction
{
public:
    explicit SqlTransaction(SqlDatabase &db);
    ~SqlTransaction();
    SqlTransaction(const SqlTransaction &) = delete;
    SqlTransaction &operator=(const SqlTransaction &) = delete;
    void commit();

private:
    SqlDatabase &m_db;
    bool m_open = true;
};

} // namespace gifscan::chain
