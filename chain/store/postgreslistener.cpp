#include "chain/store/postgreslistener.h"

#include "chain/store/postgresdatabase.h"

#include <QLoggingCategory>
#include <QSocketNotifier>
#include <libpq-fe.h>

namespace gifscan::chain {

Q_LOGGING_CATEGORY(lcListener, "gifscan.devnet.listener")

PostgresListener::PostgresListener(QString url, QString channel, QObject *parent)
    : QObject(parent), m_url(std::move(url)), m_channel(std::move(channel))
{
    m_reconnect.setInterval(1000);
    connect(&m_reconnect, &QTimer::timeout, this, [this] {
        if (connectNow()) {
            m_reconnect.stop();
            m_reconnect.setInterval(1000);
            Q_EMIT notified(QString()); // what came meanwhile is lost: look again
        } else {
            // Each attempt may wait out connect_timeout on this thread: a
            // server away for long is asked less and less often.
            m_reconnect.setInterval(std::min(30000, m_reconnect.interval() * 2));
        }
    });
}

PostgresListener::~PostgresListener() = default;

Outcome<> PostgresListener::start()
{
    return connectNow();
}

Outcome<> PostgresListener::connectNow()
{
    delete m_notifier;
    m_notifier = nullptr;
    try {
        m_db = std::make_unique<PostgresDatabase>(m_url);
        m_db->exec("LISTEN " + m_channel.toStdString());
    } catch (const std::exception &e) {
        m_db.reset();
        return Failure::unavailable(QString::fromUtf8(e.what()));
    }
    m_notifier = new QSocketNotifier(PQsocket(m_db->handle()), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &PostgresListener::readable);
    return success();
}

void PostgresListener::readable()
{
    PGconn *conn = m_db->handle();
    if (!PQconsumeInput(conn) || PQstatus(conn) != CONNECTION_OK) {
        qCWarning(lcListener).noquote()
            << "lost the database's notifications:" << PQerrorMessage(conn);
        m_notifier->setEnabled(false);
        m_reconnect.start();
        return;
    }
    while (PGnotify *n = PQnotifies(conn)) {
        const QString payload = QString::fromUtf8(n->extra);
        PQfreemem(n);
        Q_EMIT notified(payload);
    }
}

} // namespace gifscan::chain
