#include "chain/store/postgresvacuum.h"

#include "chain/store/postgresdatabase.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlstatement.h"
#include "core/support/clock.h"

#include <QSocketNotifier>
#include <QTimer>
#include <libpq-fe.h>

namespace gifscan::chain {

PostgresVacuum::PostgresVacuum(QObject *parent) : QObject(parent) {}

PostgresVacuum::~PostgresVacuum()
{
    if (m_running && m_db) {
        if (PGcancel *cancel = PQgetCancel(m_db->handle())) {
            char error[256];
            PQcancel(cancel, error, sizeof error);
            PQfreeCancel(cancel);
        }
    }
}

void PostgresVacuum::start(const QString &url)
{
    m_startedMs = Clock::steady().nowMs();
    QString tables;
    try {
        m_db = std::make_unique<PostgresDatabase>(url);
        // Its own tables: VACUUM of a whole database warns of every
        // catalog the role does not own.
        SqlStatement owned(*m_db,
                           "SELECT count(*), coalesce(string_agg(quote_ident(tablename), ', '), "
                           "'') FROM pg_tables WHERE schemaname = current_schema() AND "
                           "tableowner = current_user");
        if (owned.executeStep()) {
            m_tables = static_cast<int>(owned.getColumn(0).getInt64());
            tables = columnText(owned.getColumn(1));
        }
    } catch (const std::exception &e) {
        const QString error = QString::fromUtf8(e.what());
        QTimer::singleShot(0, this, [this, error] { end(error); });
        return;
    }
    if (m_tables == 0) {
        QTimer::singleShot(0, this, [this] { end({}); });
        return;
    }
    PGconn *conn = m_db->handle();
    const QByteArray sql = "VACUUM (ANALYZE) " + tables.toUtf8();
    if (!PQsendQuery(conn, sql.constData())) {
        const QString error = QString::fromUtf8(PQerrorMessage(conn)).trimmed();
        QTimer::singleShot(0, this, [this, error] { end(error); });
        return;
    }
    m_running = true;
    m_notifier = new QSocketNotifier(PQsocket(conn), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &PostgresVacuum::readable);
}

void PostgresVacuum::readable()
{
    PGconn *conn = m_db->handle();
    if (!PQconsumeInput(conn)) {
        end(QString::fromUtf8(PQerrorMessage(conn)).trimmed());
        return;
    }
    // Each result only once it is whole (PQgetResult would wait for the
    // next on this thread); the null result after the last ends it.
    while (!PQisBusy(conn)) {
        PGresult *r = PQgetResult(conn);
        if (!r) {
            end(m_error);
            return;
        }
        if (PQresultStatus(r) != PGRES_COMMAND_OK && m_error.isEmpty())
            m_error = QString::fromUtf8(PQresultErrorMessage(r)).trimmed();
        PQclear(r);
    }
}

void PostgresVacuum::end(const QString &error)
{
    m_running = false;
    if (m_notifier)
        m_notifier->setEnabled(false);
    Q_EMIT finished(error.isEmpty() ? m_tables : 0, error, Clock::steady().nowMs() - m_startedMs);
}

} // namespace gifscan::chain
