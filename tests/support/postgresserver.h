#pragma once

#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace gifscan::test {

// A PostgreSQL server of the test's own: Debian's postgresql (15), a copy of
// a cluster initdb made once (templateCluster), in a scratch folder, started
// by pg_ctl and listening on a unix socket in that folder only (no TCP
// port). When the tests run as root the server runs as the `postgres` user,
// as initdb requires. Made for speed (fsync off: nothing here must survive
// the machine), stopped and removed when destroyed. Lives on the test's
// thread.
class PostgresServer
{
public:
    // `options`: more of the server's settings (-c name=value …), after
    // and so over the test defaults (a benchmark's synchronous_commit=on).
    explicit PostgresServer(const QString &options = {});
    // A hot standby of `primary`, streaming its WAL (pg_basebackup -R), in
    // a folder and on a socket of its own: its databases are the
    // primary's, read only until promote().
    static std::unique_ptr<PostgresServer> standbyOf(const PostgresServer &primary);
    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    // Empty when it runs; otherwise what failed, with its output.
    QString error() const { return m_error; }
    bool running() const { return m_error.isEmpty(); }

    // A new empty database; its libpq URL. Empty (and error() says why) on failure.
    QString createDatabase(const QString &name);
    // The URL of a database made by createDatabase.
    QString url(const QString &database) const;
    QString socketDir() const;

    // Stopped (fast: its sessions cut) and started again on the same
    // folder, as a database restarted under its clients.
    bool restart();
    // Stopped, its clients' sessions cut, until start(): a database away.
    bool stop();
    bool start();
    // A standby made the primary (pg_ctl promote), as a failover does.
    bool promote();

    // The server's own programs (initdb, pg_ctl, psql's neighbours).
    static QString binary(const QString &name);

private:
    struct Standby
    {
    };
    PostgresServer(Standby, const PostgresServer &primary);
    // The scratch folder, the postgres user's when the tests run as root.
    bool makeFolder();
    // `folder` the postgres user's when the tests run as root.
    bool ownedByServer(const QString &folder);
    // The data folder of the cluster initdb made for every server of this
    // machine, made when there is none; empty (error() says why) on failure.
    QString templateCluster();
    bool run(const QString &program, const QStringList &args, int timeoutMs = 60000);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_error;
    bool m_asPostgres = false;
    bool m_started = false;
    QString m_options;
};

} // namespace gifscan::test
