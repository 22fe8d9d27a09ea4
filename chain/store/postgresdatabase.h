#pragma once

#include "chain/store/sqldatabase.h"

#include <QByteArray>
#include <list>
#include <unordered_map>
#include <vector>

struct pg_conn;
struct pg_result;

namespace gifscan::chain {

// SqlDatabase on a PostgreSQL server, through libpq: the indexer's. Each
// statement is prepared on the server once per connection, named by its
// text, and the least recently used are deallocated past kMostPrepared
// statements or kMostPreparedBytes of their text, so that no stream of
// distinct texts grows a backend without bound (a query's shape a client
// chooses once held 961 MB there); parameters go as text (numbers) or binary (blobs), rows come
// back as text, blobs in bytea's hex. The schema's SQLite types become BIGINT and BYTEA (text too:
// any bytes, sorted by them, as in SQLite). A deadline is the server's statement_timeout. A
// connection lost can be made again (reconnect()). Lives on the thread that opened it.
class PostgresDatabase final : public SqlDatabase
{
public:
    // A connection string or URL as libpq takes it; `setup`, statements run
    // on every connection made (a search_path), again after reconnect().
    // Throws SqlError (ConnectionLost) when the server cannot be reached or refuses.
    explicit PostgresDatabase(const QString &url, std::string setup = {});
    ~PostgresDatabase() override;
    // What every connection of this process calls itself in
    // pg_stat_activity unless the URL names another (application_name):
    // its role (gifscan-follower, gifscan-serve, gifscan-webhooks). Set by
    // main before any connection is made; read by every thread after.
    static void setApplicationName(const QByteArray &name);
    // Connections open in this process, every thread's (/metrics).
    static int openConnections();
    // Behind a pooler in transaction mode (pgbouncer's pool_mode =
    // transaction), where a server connection is this client's for one
    // transaction only: no statement is prepared by name (one prepared on
    // one server connection was missing, or already there, on the next),
    // nothing is set for the session, the `setup` statements and the
    // deadline are set LOCAL in each transaction, and a lone statement of a
    // connection with a setup runs in a transaction of its own. Every
    // connection this process makes from then on; set by main.
    static void setPooled(bool pooled);
    bool pooled() const { return m_pooled; }

    Engine engine() const override { return Engine::Postgres; }
    QString name() const override;
    std::unique_ptr<SqlCursor> prepare(const std::string &sql) override;
    void exec(const std::string &sql) override;
    std::string schema(const std::string &sqliteSchema) const override;
    bool hasTable(const std::string &table) override;
    void setDeadline(std::optional<qint64> steadyMs) override;
    void recoverFromCut() override {}
    bool reconnect() override;
    bool stillConnected() override;
    bool hasSession() const override { return !m_pooled; }
    void keepStatementTimeout(qint64 ms) override;
    void beginPipeline() override;
    void endPipeline() override;
    bool pipelined() const { return m_pipelined; }

    // SQL with `?` and `?N` parameters in PostgreSQL's `$N`; how many.
    static std::string numbered(const std::string &sql, int *parameters);
    // `url` (a libpq URL or key=value string) with any password taken out,
    // for logs and messages: an operator's --db is never printed whole.
    static QString redacted(const QString &url);

    static constexpr std::size_t kMostPrepared = 256;
    static constexpr std::size_t kMostPreparedBytes = 1024 * 1024;
    // How many statements this connection holds prepared on the server.
    std::size_t preparedCount() const { return m_names.size(); }

    // --- for the cursors
    // The server's name of a statement, prepared on first use.
    const std::string &preparedName(const std::string &sql, int parameters);
    // Runs a prepared statement; the result is the caller's (PQclear).
    pg_result *run(const std::string &name, int count, const char *const *values,
                   const int *lengths, const int *formats);
    // Pipelined: sends a statement that changes rows; its answer is read later.
    void send(const std::string &name, int count, const char *const *values, const int *lengths,
              const int *formats);
    pg_conn *handle() { return m_conn; }

    [[noreturn]] void fail(pg_result *result, const std::string &what);

private:
    void connectNow();
    // Pooled (chain/store/postgrespooled.cpp): a statement by its text, in
    // a transaction of its own when it needs the setup and has none; the
    // setup after a BEGIN.
    pg_result *runUnnamed(const std::string &sql, int count, const char *const *values,
                          const int *lengths, const int *formats);
    void execPooled(const std::string &sql);
    bool needsOwnTransaction() const;
    // Pipelined: reads the answers of everything sent, in order, and keeps
    // the last one when asked (a read's rows); the first error is thrown,
    // the pipeline left.
    // `last`: ends the pipeline too (a COMMIT's answers and the sync in
    // one round trip).
    pg_result *collect(bool keepLast, bool last = false);
    // Out of pipeline mode, whatever was still owed read and dropped.
    void leavePipeline();
    void endSynced();      // after a sync was sent: read up to its answer, then leave
    void forgetPipeline(); // the pipeline's own bookkeeping dropped

    QByteArray m_url;
    std::string m_setup;
    bool m_pooled = false;
    std::string m_localSetup;   // pooled: m_setup, each SET a SET LOCAL
    qint64 m_keptTimeoutMs = 0; // keepStatementTimeout's; 0: none
    pg_conn *m_conn = nullptr;
    // Past the bounds, the least recently used statements deallocated (not
    // while pipelined: libpq 15 cannot close one in a pipeline).
    void deallocateOldest(const std::string &keep);
    void forget(const std::string &sql);

    struct Prepared
    {
        std::string name;
        std::list<std::string>::iterator use; // its place in m_uses
    };
    std::unordered_map<std::string, Prepared> m_names; // SQL text -> its statement
    std::list<std::string> m_uses;                     // SQL texts, most recently used first
    std::size_t m_preparedBytes = 0;
    std::uint64_t m_nextName = 0;
    bool m_pipelined = false;
    int m_owed = 0; // pipelined statements whose answers are not read yet
    // Prepared while pipelined: forgotten if the pipeline fails (perhaps never made).
    std::vector<std::string> m_preparedInPipeline;
};

} // namespace gifscan::chain
