#include "chain/store/postgresdatabase.h"

#include "core/base/bytes.h"
#include "core/support/clock.h"

#include <atomic>
#include <charconv>
#include <cstring>
#include <libpq-fe.h>
#include <poll.h>
#include <regex>
#include <vector>

namespace gifscan::chain {

namespace {
constexpr Oid kByteaOid = 17;

// One prepared statement: its parameters kept as libpq sends them, its
// result held until the next reset.
class PostgresCursor final : public SqlCursor
{
public:
    PostgresCursor(PostgresDatabase &db, const std::string &sql)
        : m_db(db), m_sql(PostgresDatabase::numbered(sql, &m_count))
    {
        m_values.resize(static_cast<std::size_t>(m_count));
        m_formats.resize(static_cast<std::size_t>(m_count), 0);
        m_set.resize(static_cast<std::size_t>(m_count), false);
    }
    ~PostgresCursor() override { clear(); }

    void bindNull(int index) override { set(index, std::nullopt, 0); }
    void bindInt64(int index, std::int64_t value) override { set(index, std::to_string(value), 0); }
    // Binary: its exact bytes (a NUL included), into the BYTEA that text
    // columns are here (schema()).
    void bindText(int index, std::string_view value) override { set(index, std::string(value), 1); }
    void bindBlob(int index, const void *data, std::size_t size) override
    {
        set(index, std::string(static_cast<const char *>(data), size), 1);
    }
    void clearBindings() override
    {
        for (std::size_t i = 0; i < m_values.size(); ++i) {
            m_values[i].reset();
            m_set[i] = false;
        }
    }
    bool step() override
    {
        if (!m_result)
            execute();
        m_decoded.clear();
        return ++m_row < PQntuples(m_result);
    }
    std::int64_t exec() override
    {
        clear();
        if (m_db.pipelined()) {
            execute(true);
            return 0;
        }
        execute();
        const char *changed = PQcmdTuples(m_result);
        std::int64_t n = 0;
        std::from_chars(changed, changed + std::strlen(changed), n);
        clear();
        return n;
    }
    void reset() override { clear(); }

    bool isNull(int column) const override { return PQgetisnull(m_result, m_row, column) != 0; }
    std::int64_t int64At(int column) const override
    {
        const std::string_view text = rawAt(column);
        std::int64_t n = 0;
        std::from_chars(text.data(), text.data() + text.size(), n);
        return n;
    }
    std::string_view textAt(int column) const override
    {
        const auto bytes = blobAt(column);
        return {reinterpret_cast<const char *>(bytes.data()), bytes.size()};
    }
    std::string_view rawAt(int column) const
    {
        return {PQgetvalue(m_result, m_row, column),
                static_cast<std::size_t>(PQgetlength(m_result, m_row, column))};
    }
    std::span<const std::uint8_t> blobAt(int column) const override;

private:
    void set(int index, std::optional<std::string> value, int format)
    {
        if (index < 1 || index > m_count)
            throw SqlError(SqlError::Kind::Other,
                           "parameter " + std::to_string(index) + " is not one of " + m_sql);
        const auto i = static_cast<std::size_t>(index - 1);
        m_values[i] = std::move(value);
        m_formats[i] = format;
        m_set[i] = true;
    }
    void execute(bool send = false);
    void clear()
    {
        if (m_result)
            PQclear(m_result);
        m_result = nullptr;
        m_row = -1;
        m_decoded.clear();
    }

    PostgresDatabase &m_db;
    int m_count = 0;
    std::string m_sql;
    std::vector<std::optional<std::string>> m_values;
    std::vector<int> m_formats;
    std::vector<bool> m_set;
    PGresult *m_result = nullptr;
    int m_row = -1;
    // bytea columns of the current row, decoded from hex when first read
    mutable std::unordered_map<int, std::vector<std::uint8_t>> m_decoded;
};

void PostgresCursor::execute(bool send)
{
    std::vector<const char *> values(m_values.size());
    std::vector<int> lengths(m_values.size());
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        // SQLite reads an unbound parameter as NULL; so does this.
        if (m_values[i]) {
            values[i] = m_values[i]->data();
            lengths[i] = static_cast<int>(m_values[i]->size());
        }
    }
    const std::string &name = m_db.preparedName(m_sql, m_count);
    m_row = -1;
    if (send)
        m_db.send(name, m_count, values.data(), lengths.data(), m_formats.data());
    else
        m_result = m_db.run(name, m_count, values.data(), lengths.data(), m_formats.data());
}

std::span<const std::uint8_t> PostgresCursor::blobAt(int column) const
{
    const std::string_view text = rawAt(column);
    if (PQftype(m_result, column) != kByteaOid)
        return {reinterpret_cast<const std::uint8_t *>(text.data()), text.size()};
    auto it = m_decoded.find(column);
    if (it == m_decoded.end()) {
        // bytea's output is hex ("\x0102…") whatever bytea_output says when
        // the connection asks for it (the constructor does).
        std::optional<Bytes> bytes = Bytes{};
        if (text.size() >= 2 && text[0] == '\\' && text[1] == 'x')
            bytes = parseHexDigits(text.substr(2));
        if (!bytes)
            throw SqlError(SqlError::Kind::Corrupt, "a bytea value is not hex");
        it = m_decoded.emplace(column, std::move(*bytes)).first;
    }
    return it->second;
}

SqlError::Kind kindOf(PGconn *conn, PGresult *result)
{
    if (PQstatus(conn) == CONNECTION_BAD)
        return SqlError::Kind::ConnectionLost;
    const char *state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    const std::string code = state ? state : "";
    if (code == "57014") // query_canceled: statement_timeout
        return SqlError::Kind::Interrupted;
    // The server going (a restart's admin_shutdown, a crash, not accepting
    // yet), a connection exception, or an error libpq made itself with no
    // SQLSTATE ("server closed the connection unexpectedly", said before
    // the connection is marked bad): the connection is gone, not the data.
    if (code.starts_with("08") || code == "57P01" || code == "57P02" || code == "57P03" ||
        (result && code.empty()))
        return SqlError::Kind::ConnectionLost;
    if (code.starts_with("23"))
        return SqlError::Kind::Constraint;
    if (code == "XX001" || code == "XX002") // data_corrupted, index_corrupted
        return SqlError::Kind::Corrupt;
    return SqlError::Kind::Other;
}
} // namespace

namespace {
QByteArray &applicationName()
{
    static QByteArray name = QByteArrayLiteral("gifscan");
    return name;
}

bool &pooledFlag()
{
    static bool pooled = false;
    return pooled;
}

// "SET a = b; SET c TO d" as "SET LOCAL a = b; SET LOCAL c TO d".
std::string localSetup(const std::string &setup)
{
    return std::regex_replace(setup, std::regex(R"(\bSET\s+(?!LOCAL\b))", std::regex::icase),
                              "SET LOCAL ");
}

std::atomic<int> &openConnectionCount()
{
    static std::atomic<int> open{0};
    return open;
}
} // namespace

void PostgresDatabase::setPooled(bool pooled)
{
    pooledFlag() = pooled;
}

void PostgresDatabase::setApplicationName(const QByteArray &name)
{
    applicationName() = name;
}

PostgresDatabase::PostgresDatabase(const QString &url, std::string setup)
    : m_url(url.toUtf8()), m_setup(std::move(setup)), m_pooled(pooledFlag()),
      m_localSetup(localSetup(m_setup))
{
    connectNow();
}

void PostgresDatabase::connectNow()
{
    // A server that does not answer is given up on in seconds, and a
    // connection whose peer vanished is noticed, rather than a request
    // waiting on it for good; what the URL says wins over these.
    const char *keywords[] = {
        "connect_timeout",     "keepalives",       "keepalives_idle",
        "keepalives_interval", "keepalives_count", "fallback_application_name",
        "client_encoding",     "dbname",           nullptr};
    const char *values[] = {
        "5",    "1", "10", "5", "3", applicationName().constData(), "UTF8", m_url.constData(),
        nullptr};
    if (m_conn) {
        PQfinish(m_conn);
        m_conn = nullptr;
        --openConnectionCount();
    }
    m_names.clear();
    m_uses.clear();
    m_preparedBytes = 0;
    m_pipelined = false;
    m_owed = 0;
    m_preparedInPipeline.clear();
    m_conn = PQconnectdbParams(keywords, values, 1);
    if (PQstatus(m_conn) != CONNECTION_OK) {
        const std::string why = PQerrorMessage(m_conn);
        PQfinish(m_conn);
        m_conn = nullptr;
        throw SqlError(SqlError::Kind::ConnectionLost, why);
    }
    ++openConnectionCount();
    // Behind a pooler nothing is the session's: the encoding is the
    // connection's own (client_encoding above, which poolers keep), bytea
    // comes as the server's default, hex, and notices are dropped here.
    if (m_pooled) {
        PQsetNoticeProcessor(
            m_conn, [](void *, const char *) {}, nullptr);
        return;
    }
    // Text the way the store writes it; bytea as hex; notices (a table
    // already there) are not news.
    exec("SET client_encoding = 'UTF8'; SET bytea_output = 'hex'; "
         "SET client_min_messages = 'warning'");
    if (m_keptTimeoutMs > 0)
        exec("SET statement_timeout = " + std::to_string(m_keptTimeoutMs));
    if (!m_setup.empty())
        exec(m_setup);
}

// An idle session that nobody asked anything says nothing, but for a server
// that shut down (a restart, a terminated backend, a failover's fence): it
// sends its goodbye and closes. Whatever is waiting on the socket, read
// without waiting, sends the request the way that checks the connection
// (and makes it again) before its first read, rather than losing it.
bool PostgresDatabase::stillConnected()
{
    if (!m_conn || PQstatus(m_conn) != CONNECTION_OK)
        return false;
    if (PQtransactionStatus(m_conn) != PQTRANS_IDLE)
        return true;
    pollfd waiting{PQsocket(m_conn), POLLIN, 0};
    if (::poll(&waiting, 1, 0) <= 0)
        return true;
    PQconsumeInput(m_conn); // a notice, or the goodbye: read, so it is said once
    return false;
}

void PostgresDatabase::keepStatementTimeout(qint64 ms)
{
    if (m_pooled)
        return;
    m_keptTimeoutMs = std::max<qint64>(0, ms);
    if (m_conn)
        exec("SET statement_timeout = " + std::to_string(m_keptTimeoutMs));
}

bool PostgresDatabase::reconnect()
{
    try {
        connectNow();
        return true;
    } catch (const SqlError &) {
        return false;
    }
}

PostgresDatabase::~PostgresDatabase()
{
    if (m_conn) {
        PQfinish(m_conn);
        --openConnectionCount();
    }
}

int PostgresDatabase::openConnections()
{
    return openConnectionCount().load();
}

QString PostgresDatabase::name() const
{
    return QStringLiteral("PostgreSQL database %1 on %2")
        .arg(QString::fromUtf8(PQdb(m_conn)), QString::fromUtf8(PQhost(m_conn)));
}

std::unique_ptr<SqlCursor> PostgresDatabase::prepare(const std::string &sql)
{
    return std::make_unique<PostgresCursor>(*this, sql);
}

void PostgresDatabase::fail(PGresult *result, const std::string &what)
{
    std::string message = result ? PQresultErrorMessage(result) : "";
    if (message.empty())
        message = PQerrorMessage(m_conn);
    const SqlError::Kind kind = kindOf(m_conn, result);
    if (kind == SqlError::Kind::Interrupted && m_deadlineMs)
        m_cutByServer = true;
    if (result)
        PQclear(result);
    while (!message.empty() && message.back() == '\n')
        message.pop_back();
    throw SqlError(kind, message + " (" + what + ")");
}

void PostgresDatabase::exec(const std::string &sql)
{
    // Not cut at the deadline: COMMIT and ROLLBACK must always be sent.
    if (!m_conn)
        throw SqlError(SqlError::Kind::ConnectionLost, "not connected");
    if (m_pooled && !m_pipelined)
        return execPooled(sql);
    if (m_pipelined) {
        // One statement (BEGIN, COMMIT): every answer owed is read here,
        // but for a BEGIN's, read with the statements after it (nothing is
        // owed before it to wait for), and a COMMIT's, read with the sync
        // that ends the pipeline: a block's writes wait once, not three times.
        if (PQsendQueryParams(m_conn, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0) != 1)
            fail(nullptr, sql.substr(0, 80));
        ++m_owed;
        if (sql == "BEGIN" && m_owed == 1)
            return;
        collect(false, sql == "COMMIT");
        return;
    }
    PGresult *result = PQexec(m_conn, sql.c_str());
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail(result, sql.substr(0, 80));
    PQclear(result);
}

const std::string &PostgresDatabase::preparedName(const std::string &sql, int parameters)
{
    if (!m_conn)
        throw SqlError(SqlError::Kind::ConnectionLost, "not connected");
    if (m_pooled)
        return sql; // run() takes it as the statement itself (runUnnamed)
    auto it = m_names.find(sql);
    if (it != m_names.end()) {
        m_uses.splice(m_uses.begin(), m_uses, it->second.use);
        return it->second.name;
    }
    // Never a name used before on this connection: one a failed pipeline
    // may have made is not made again.
    const std::string name = "s" + std::to_string(m_nextName++);
    if (m_pipelined) {
        if (PQsendPrepare(m_conn, name.c_str(), sql.c_str(), parameters, nullptr) != 1)
            fail(nullptr, sql.substr(0, 80));
        ++m_owed;
        m_preparedInPipeline.push_back(sql);
    } else {
        PGresult *result = PQprepare(m_conn, name.c_str(), sql.c_str(), parameters, nullptr);
        if (PQresultStatus(result) != PGRES_COMMAND_OK)
            fail(result, sql.substr(0, 80));
        PQclear(result);
    }
    m_uses.push_front(sql);
    m_preparedBytes += sql.size();
    const std::string &made =
        m_names.emplace(sql, Prepared{name, m_uses.begin()}).first->second.name;
    if (!m_pipelined)
        deallocateOldest(sql);
    return made;
}

void PostgresDatabase::deallocateOldest(const std::string &keep)
{
    while ((m_names.size() > kMostPrepared || m_preparedBytes > kMostPreparedBytes) &&
           m_uses.back() != keep) {
        const std::string sql = m_uses.back();
        // A failure (an aborted transaction refuses it) leaves the statement
        // on the server, under a name never used again: no harm but its memory.
        PQclear(PQexec(m_conn, ("DEALLOCATE " + m_names.at(sql).name).c_str()));
        forget(sql);
    }
}

void PostgresDatabase::forget(const std::string &sql)
{
    const auto it = m_names.find(sql);
    if (it == m_names.end())
        return;
    m_preparedBytes -= sql.size();
    m_uses.erase(it->second.use);
    m_names.erase(it);
}

PGresult *PostgresDatabase::run(const std::string &name, int count, const char *const *values,
                                const int *lengths, const int *formats)
{
    if (pastDeadline())
        throw SqlError(SqlError::Kind::Interrupted, "the read ran past its deadline");
    if (!m_conn)
        throw SqlError(SqlError::Kind::ConnectionLost, "not connected");
    if (m_pipelined) {
        if (PQsendQueryPrepared(m_conn, name.c_str(), count, values, lengths, formats, 0) != 1)
            fail(nullptr, name);
        ++m_owed;
        return collect(true);
    }
    if (m_pooled)
        return runUnnamed(name, count, values, lengths, formats);
    PGresult *result = PQexecPrepared(m_conn, name.c_str(), count, values, lengths, formats, 0);
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        fail(result, name);
    return result;
}

bool PostgresDatabase::hasTable(const std::string &table)
{
    SqlStatement q(*this, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() "
                          "AND tablename = ?");
    q.bind(1, table);
    return q.executeStep() && q.getColumn(0).getInt64() > 0;
}

void PostgresDatabase::setDeadline(std::optional<qint64> steadyMs)
{
    // The server cuts a statement that runs past the budget left; between
    // statements run() checks the clock. Never throws: it runs in
    // destructors, and in a transaction a cut statement aborted (which
    // refuses every command, this one too, and takes the setting back with
    // it when it ends).
    // Inside a transaction (a read server's request) the setting is LOCAL:
    // its end takes it back, so that lifting it costs no round trip.
    // Outside one, a timeout kept for the session (keepStatementTimeout,
    // a read server's) bounds each statement and run() checks the clock
    // between them: nothing is set a request.
    m_deadlineMs.reset();
    m_cutByServer = false;
    const qint64 budget = steadyMs ? std::max<qint64>(1, *steadyMs - Clock::steady().nowMs()) : 0;
    const bool inTransaction = m_conn && PQtransactionStatus(m_conn) == PQTRANS_INTRANS;
    try {
        if (inTransaction && steadyMs)
            exec("SET LOCAL statement_timeout = " + std::to_string(budget));
        else if (!inTransaction && !m_pooled && m_keptTimeoutMs == 0)
            exec("SET statement_timeout = " + std::to_string(budget));
    } catch (const SqlError &) {
    }
    m_deadlineMs = steadyMs;
}

} // namespace gifscan::chain
