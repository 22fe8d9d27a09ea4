#pragma once

#include <QObject>
#include <QString>
#include <memory>

class QSocketNotifier;

namespace gifscan::chain {

class PostgresDatabase;

// VACUUM (ANALYZE) of the tables the connecting role owns, on a connection
// of its own and without waiting for it: the statement is sent, its socket
// watched by the event loop, and finished() says how it ended. The first
// after a catch-up reads every table, and the follower that asks for it
// goes on storing blocks meanwhile. Destroyed before it ends, it cancels
// the statement (a VACUUM cut short leaves the tables as they were).
// Lives on the thread that created it.
class PostgresVacuum : public QObject
{
    Q_OBJECT
public:
    explicit PostgresVacuum(QObject *parent = nullptr);
    ~PostgresVacuum() override;

    // Connects, names the tables and sends the statement; finished()
    // follows, also for a failure here (emitted from the event loop).
    void start(const QString &url);

Q_SIGNALS:
    // `tables` vacuumed, or why not (`error` not empty); `ms` since start().
    void finished(int tables, const QString &error, qint64 ms);

private:
    void readable();
    void end(const QString &error);

    std::unique_ptr<PostgresDatabase> m_db;
    QSocketNotifier *m_notifier = nullptr;
    QString m_error; // the first result's that was not COMMAND_OK
    int m_tables = 0;
    qint64 m_startedMs = 0;
    bool m_running = false;
};

} // namespace gifscan::chain
