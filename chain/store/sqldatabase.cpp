#include "chain/store/sqldatabase.h"

#include "core/base/bytes.h"
#include "core/support/clock.h"

namespace gifscan::chain {

int SqlColumn::getBytes() const
{
    // A NULL has no bytes; text and blobs say their own length.
    if (m_cursor.isNull(m_index))
        return 0;
    return static_cast<int>(m_cursor.blobAt(m_index).size());
}

SqlStatement::SqlStatement(SqlDatabase &db, const std::string &sql) : m_cursor(db.prepare(sql)) {}
SqlStatement::~SqlStatement() = default;

void SqlStatement::bind(int index, const QString &text)
{
    m_cursor->bindText(index, text.toStdString());
}

void SqlStatement::tryReset() noexcept
{
    try {
        m_cursor->reset();
    } catch (...) {
        // The error is already on its way out through whoever stepped it.
    }
}

bool SqlDatabase::pastDeadline() const
{
    return m_deadlineMs && (m_cutByServer || Clock::steady().nowMs() > *m_deadlineMs);
}

std::string SqlDatabase::numbersTable(Engine engine, int parameter)
{
    const std::string p = "?" + std::to_string(parameter);
    // Text goes to PostgreSQL as bytes (PostgresDatabase): decoded, then cast.
    return engine == Engine::Postgres
               ? "(SELECT unnest(CAST(convert_from(" + p + ", 'UTF8') AS BIGINT[])) AS id)"
               : "(SELECT value AS id FROM json_each(" + p + "))";
}

std::string SqlDatabase::numberList(Engine engine, const std::vector<std::int64_t> &numbers)
{
    const bool postgres = engine == Engine::Postgres;
    std::string list(1, postgres ? '{' : '[');
    for (std::size_t i = 0; i < numbers.size(); ++i)
        list += (i ? "," : "") + std::to_string(numbers[i]);
    list += postgres ? '}' : ']';
    return list;
}

std::string SqlDatabase::byteaList(const std::vector<std::span<const std::uint8_t>> &values)
{
    std::string list = "{";
    for (std::size_t i = 0; i < values.size(); ++i)
        list += (i ? ",\"\\\\x" : "\"\\\\x") + toHex(values[i]).substr(2) + '"';
    list += '}';
    return list;
}

std::int64_t SqlDatabase::queryInt(const std::string &sql)
{
    SqlStatement q(*this, sql);
    if (!q.executeStep())
        throw SqlError(SqlError::Kind::Other, "no row: " + sql);
    return q.getColumn(0).getInt64();
}

SqlTransaction::SqlTransaction(SqlDatabase &db) : m_db(db)
{
    m_db.exec("BEGIN");
}

SqlTransaction::~SqlTransaction()
{
    if (!m_open)
        return;
    try {
        m_db.exec("ROLLBACK");
    } catch (...) {
        // A connection gone takes its transaction with it.
    }
}

void SqlTransaction::commit()
{
    m_db.exec("COMMIT");
    m_open = false;
}

} // namespace gifscan::chain
