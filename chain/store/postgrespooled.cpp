// PostgresDatabase, continued: behind a pooler in transaction mode
// (PostgresDatabase::setPooled). Same object and thread as
// chain/store/postgresdatabase.cpp; apart for that file's length.
#include "chain/store/postgresdatabase.h"

#include <libpq-fe.h>

namespace gifscan::chain {

namespace {
bool startsWith(const std::string &sql, const char *word)
{
    const std::size_t n = std::char_traits<char>::length(word);
    return sql.size() >= n && strncasecmp(sql.c_str(), word, n) == 0;
}
} // namespace

// A statement that needs the setup (a search_path) and finds no
// transaction begun: one of its own, or the pooler may hand it a server
// connection where the setup never ran.
bool PostgresDatabase::needsOwnTransaction() const
{
    return !m_localSetup.empty() && PQtransactionStatus(m_conn) == PQTRANS_IDLE;
}

void PostgresDatabase::execPooled(const std::string &sql)
{
    const bool begins = startsWith(sql, "BEGIN") || startsWith(sql, "START TRANSACTION");
    const bool ends = startsWith(sql, "COMMIT") || startsWith(sql, "ROLLBACK");
    std::string text = sql;
    if (begins && !m_localSetup.empty())
        text = sql + "; " + m_localSetup;
    else if (!begins && !ends && needsOwnTransaction())
        text = "BEGIN; " + m_localSetup + "; " + sql + "; COMMIT";
    PGresult *result = PQexec(m_conn, text.c_str());
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        // A statement of several that failed leaves its transaction
        // aborted, which only this connection's own ROLLBACK ends.
        if (text != sql)
            PQclear(PQexec(m_conn, "ROLLBACK"));
        fail(result, sql.substr(0, 80));
    }
    PQclear(result);
}

PGresult *PostgresDatabase::runUnnamed(const std::string &sql, int count, const char *const *values,
                                       const int *lengths, const int *formats)
{
    const bool own = needsOwnTransaction();
    if (own)
        execPooled("BEGIN");
    PGresult *result =
        PQexecParams(m_conn, sql.c_str(), count, nullptr, values, lengths, formats, 0);
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        if (own)
            PQclear(PQexec(m_conn, "ROLLBACK"));
        fail(result, sql.substr(0, 80));
    }
    if (own) {
        try {
            execPooled("COMMIT");
        } catch (...) {
            PQclear(result);
            throw;
        }
    }
    return result;
}

} // namespace gifscan::chain
