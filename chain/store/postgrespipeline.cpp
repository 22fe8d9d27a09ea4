// PostgresDatabase, continued: pipeline mode. A block's writes are a few
// hundred statements; answered one at a time each costs a round trip to
// the server (the follower spent most of its time waiting for them).
// Pipelined, they go without waiting; a read or the COMMIT reads every
// answer owed, in order, and the first error fails the transaction.
#include "chain/store/postgresdatabase.h"

#include <libpq-fe.h>

namespace gifscan::chain {

namespace {
// Answers read at least this often while writing: a server whose answers
// went unread would stop reading statements, and the two would wait on
// each other once the socket buffers fill (a genesis block's thousands of rows).
constexpr int kMostOwed = 512;
} // namespace

void PostgresDatabase::beginPipeline()
{
    if (!m_conn || m_pipelined)
        return;
    if (PQenterPipelineMode(m_conn) != 1)
        fail(nullptr, "enter pipeline mode");
    m_pipelined = true;
}

void PostgresDatabase::endPipeline()
{
    // Runs in destructors: never throws. An error not read yet belongs to a
    // transaction that was not committed (COMMIT reads every answer).
    if (!m_pipelined)
        return;
    try {
        if (m_owed > 0)
            collect(false);
    } catch (const SqlError &) {
    }
    if (m_pipelined)
        leavePipeline();
}

void PostgresDatabase::send(const std::string &name, int count, const char *const *values,
                            const int *lengths, const int *formats)
{
    if (PQsendQueryPrepared(m_conn, name.c_str(), count, values, lengths, formats, 0) != 1)
        fail(nullptr, name);
    if (++m_owed >= kMostOwed)
        collect(false);
}

PGresult *PostgresDatabase::collect(bool keepLast, bool last)
{
    // The last answers (a COMMIT's) are asked with the sync that ends the
    // pipeline, so that both come in one round trip, not two.
    if ((last ? PQpipelineSync(m_conn) : PQsendFlushRequest(m_conn)) != 1 ||
        (!last && PQflush(m_conn) != 0)) {
        leavePipeline();
        fail(nullptr, "send pipelined statements");
    }
    PGresult *kept = nullptr;
    PGresult *failed = nullptr;
    while (m_owed > 0) {
        PGresult *r = PQgetResult(m_conn);
        if (!r) {
            if (PQstatus(m_conn) == CONNECTION_BAD)
                break;
            continue; // the end of an answer read before
        }
        --m_owed;
        const ExecStatusType status = PQresultStatus(r);
        const bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
        // After an error the server skips the rest (PGRES_PIPELINE_ABORTED):
        // the first one is the one to tell.
        if (!ok && !failed)
            failed = r;
        else if (ok && keepLast && m_owed == 0 && !failed)
            kept = r;
        else
            PQclear(r);
        // Each answer ends with a null result.
        if (PGresult *end = PQgetResult(m_conn))
            PQclear(end);
    }
    if (failed || m_owed > 0) {
        if (kept)
            PQclear(kept);
        if (last)
            endSynced();
        else
            leavePipeline();
        fail(failed, "a pipelined statement");
    }
    // Every statement prepared so far was made.
    m_preparedInPipeline.clear();
    if (last)
        endSynced();
    return kept;
}

void PostgresDatabase::leavePipeline()
{
    if (PQstatus(m_conn) == CONNECTION_OK && PQpipelineSync(m_conn) == 1)
        endSynced();
    else
        forgetPipeline();
}

void PostgresDatabase::endSynced()
{
    // Whatever is still owed, then the sync's own answer.
    while (PQstatus(m_conn) == CONNECTION_OK) {
        PGresult *r = PQgetResult(m_conn);
        if (!r)
            continue;
        const bool sync = PQresultStatus(r) == PGRES_PIPELINE_SYNC;
        PQclear(r);
        if (sync) {
            PQexitPipelineMode(m_conn);
            // A ROLLBACK skipped after an error leaves the session in a
            // failed transaction, refusing everything after: ended here.
            if (PQtransactionStatus(m_conn) == PQTRANS_INERROR)
                PQclear(PQexec(m_conn, "ROLLBACK"));
            break;
        }
    }
    forgetPipeline();
}

void PostgresDatabase::forgetPipeline()
{
    // Statements prepared in a pipeline that did not end well may not exist.
    for (const std::string &sql : m_preparedInPipeline)
        forget(sql);
    m_preparedInPipeline.clear();
    m_pipelined = false;
    m_owed = 0;
}

} // namespace gifscan::chain
