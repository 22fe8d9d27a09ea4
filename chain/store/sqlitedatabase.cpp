#include "chain/store/sqlitedatabase.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <algorithm>
#include <iterator>
#include <list>
#include <sqlite3.h>
#include <unordered_map>

namespace gifscan::chain {

namespace {
[[noreturn]] void rethrow(const SQLite::Exception &e)
{
    SqlError::Kind kind = SqlError::Kind::Other;
    switch (e.getErrorCode() & 0xff) {
    case SQLITE_INTERRUPT:
        kind = SqlError::Kind::Interrupted;
        break;
    case SQLITE_CORRUPT:
        kind = SqlError::Kind::Corrupt;
        break;
    case SQLITE_NOTADB:
        kind = SqlError::Kind::NotADatabase;
        break;
    case SQLITE_CONSTRAINT:
        kind = SqlError::Kind::Constraint;
        break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        kind = SqlError::Kind::Busy;
        break;
    default:
        break;
    }
    throw SqlError(kind, e.what());
}

// Every call of SQLiteCpp's that may throw, its exception made the store's.
template <typename F> auto guarded(F &&f)
{
    try {
        return f();
    } catch (const SQLite::Exception &e) {
        rethrow(e);
    }
}

} // namespace

// The statements cursors gave back, reset, by their SQL: at most `limit`,
// the least recently given back dropped first, so that SQL a request
// shapes (filters, GraphQL's trait lists) cannot crowd out the node's
// hot statements for good. Lives on the database's thread.
class StatementCache
{
public:
    // What a statement just prepared on `db` holds: its SQL and SQLite's
    // own count of its memory (SQLite lists a connection's statements
    // newest first). A statement's text grows with a list of parameters,
    // and 256 of the largest took the node from 244 to 1,498 MB.
    static std::size_t weightOfNewest(sqlite3 *db, const std::string &sql)
    {
        sqlite3_stmt *newest = sqlite3_next_stmt(db, nullptr);
        const char *text = newest ? sqlite3_sql(newest) : nullptr;
        // Not found (never seen): SQLite's memory is some 16 times the text.
        if (!text || sql != text)
            return 17 * sql.size();
        const int used = sqlite3_stmt_status(newest, SQLITE_STMTSTATUS_MEMUSED, 0);
        return sql.size() + static_cast<std::size_t>(std::max(used, 0));
    }

    // A statement kept for `sql` and its weight, or none.
    std::pair<std::unique_ptr<SQLite::Statement>, std::size_t> take(const std::string &sql)
    {
        const auto found = m_bySql.find(sql);
        if (found == m_bySql.end())
            return {};
        Entry &entry = *found->second;
        std::pair<std::unique_ptr<SQLite::Statement>, std::size_t> out{std::move(entry.q),
                                                                       entry.weight};
        m_bytes -= entry.weight;
        m_order.erase(found->second);
        m_bySql.erase(found);
        return out;
    }
    void give(std::string sql, std::unique_ptr<SQLite::Statement> q, std::size_t weight)
    {
        if (m_limit == 0)
            return;
        // One too large to keep is finalized now, and no other goes for it.
        if (weight > kMaxBytes)
            return;
        m_bytes += weight;
        m_order.push_front({sql, std::move(q), weight});
        m_bySql.emplace(std::move(sql), m_order.begin());
        while (m_order.size() > m_limit || m_bytes > kMaxBytes)
            dropOldest();
    }
    void setLimit(std::size_t limit)
    {
        m_limit = limit;
        m_bySql.clear();
        m_order.clear();
        m_bytes = 0;
    }
    std::size_t bytes() const { return m_bytes; }

    static constexpr std::size_t kMaxBytes = 4 * 1024 * 1024;

private:
    struct Entry
    {
        std::string sql;
        std::unique_ptr<SQLite::Statement> q;
        std::size_t weight = 0;
    };
    void dropOldest()
    {
        const auto oldest = std::prev(m_order.end());
        const auto [begin, end] = m_bySql.equal_range(oldest->sql);
        for (auto it = begin; it != end; ++it)
            if (it->second == oldest) {
                m_bySql.erase(it);
                break;
            }
        m_bytes -= oldest->weight;
        m_order.pop_back();
    }

    std::list<Entry> m_order; // most recently given back first
    std::unordered_multimap<std::string, std::list<Entry>::iterator> m_bySql;
    std::size_t m_limit = 256;
    std::size_t m_bytes = 0;
};

namespace {

class SqliteCursor final : public SqlCursor
{
public:
    SqliteCursor(std::unique_ptr<SQLite::Statement> q, std::string sql, std::size_t weight,
                 std::weak_ptr<StatementCache> cache)
        : m_q(std::move(q)), m_sql(std::move(sql)), m_weight(weight), m_cache(std::move(cache))
    {
    }
    // Back to the database's cache, reset, unless it cannot be reset (a
    // step's error: then it is finalized here, and prepared again next
    // time) or the database is gone.
    ~SqliteCursor() override
    {
        try {
            m_q->reset();
            m_q->clearBindings();
            if (const auto cache = m_cache.lock())
                cache->give(std::move(m_sql), std::move(m_q), m_weight);
        } catch (...) {
        }
    }
    void bindNull(int index) override
    {
        guarded([&] { m_q->bind(index); });
    }
    void bindInt64(int index, std::int64_t value) override
    {
        guarded([&] { m_q->bind(index, value); });
    }
    void bindText(int index, std::string_view value) override
    {
        guarded([&] { m_q->bind(index, std::string(value)); });
    }
    void bindBlob(int index, const void *data, std::size_t size) override
    {
        guarded([&] { m_q->bind(index, data, static_cast<int>(size)); });
    }
    void clearBindings() override
    {
        guarded([&] { m_q->clearBindings(); });
    }
    bool step() override
    {
        return guarded([&] { return m_q->executeStep(); });
    }
    std::int64_t exec() override
    {
        return guarded([&] { return static_cast<std::int64_t>(m_q->exec()); });
    }
    void reset() override
    {
        guarded([&] { m_q->reset(); });
    }
    bool isNull(int column) const override { return m_q->getColumn(column).isNull(); }
    std::int64_t int64At(int column) const override { return m_q->getColumn(column).getInt64(); }
    std::string_view textAt(int column) const override
    {
        const SQLite::Column c = m_q->getColumn(column);
        const char *text = c.getText();
        return {text, static_cast<std::size_t>(c.getBytes())};
    }
    std::span<const std::uint8_t> blobAt(int column) const override
    {
        const SQLite::Column c = m_q->getColumn(column);
        return {static_cast<const std::uint8_t *>(c.getBlob()),
                static_cast<std::size_t>(c.getBytes())};
    }

private:
    std::unique_ptr<SQLite::Statement> m_q;
    std::string m_sql;
    std::size_t m_weight; // StatementCache::weightOfNewest
    std::weak_ptr<StatementCache> m_cache;
};
} // namespace

SqliteDatabase::SqliteDatabase(const QString &path, bool readOnly)
    : m_path(path), m_cache(std::make_shared<StatementCache>())
{
    const int flags =
        readOnly ? SQLite::OPEN_READONLY : SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE;
    m_db = guarded([&] { return std::make_unique<SQLite::Database>(path.toStdString(), flags); });
    // A reader beside the node writing the file meets a lock only for the
    // moment the write-ahead log is reset or recovered: waited out.
    if (readOnly)
        m_db->setBusyTimeout(1000);
    sqlite3_progress_handler(
        m_db->getHandle(), 1000,
        [](void *db) -> int { return static_cast<const SqliteDatabase *>(db)->pastDeadline(); },
        this);
}

SqliteDatabase::~SqliteDatabase()
{
    sqlite3_progress_handler(m_db->getHandle(), 0, nullptr, nullptr);
}

QString SqliteDatabase::name() const
{
    return m_path.isEmpty() ? QStringLiteral("the temporary database") : m_path;
}

std::unique_ptr<SqlCursor> SqliteDatabase::prepare(const std::string &sql)
{
    auto [q, weight] = m_cache->take(sql);
    if (!q) {
        q = guarded([&] { return std::make_unique<SQLite::Statement>(*m_db, sql); });
        weight = StatementCache::weightOfNewest(m_db->getHandle(), sql);
    }
    return std::make_unique<SqliteCursor>(std::move(q), sql, weight, m_cache);
}

std::size_t SqliteDatabase::statementCacheBytes() const
{
    return m_cache->bytes();
}

void SqliteDatabase::setStatementCacheSize(std::size_t size)
{
    m_cache->setLimit(size);
}

void SqliteDatabase::exec(const std::string &sql)
{
    guarded([&] { m_db->exec(sql); });
}

bool SqliteDatabase::hasTable(const std::string &table)
{
    return guarded([&] { return m_db->tableExists(table); });
}

void SqliteDatabase::recoverFromCut()
{
    // A statement interrupted keeps its error until it is reset: SQLiteCpp's
    // reset() of it would throw SQLITE_INTERRUPT again, in whoever uses it
    // next. Nothing is mid-step here: the request that was cut is over.
    for (sqlite3_stmt *s = sqlite3_next_stmt(m_db->getHandle(), nullptr); s;
         s = sqlite3_next_stmt(m_db->getHandle(), s))
        sqlite3_reset(s);
}

} // namespace gifscan::chain
