#pragma once

#include "tests/support/postgresserver.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <pwd.h>
#include <signal.h>
#include <unistd.h>

namespace gifscan::test {

// Debian's pgbouncer in front of a test's PostgresServer, in transaction
// mode with `poolSize` server connections for every client (so clients
// take turns on them, transaction by transaction), on a unix socket in a
// scratch folder. Run as the postgres user when the tests run as root (it
// refuses root); stopped with the object. Lives on the test's thread.
class Pgbouncer
{
public:
    explicit Pgbouncer(const PostgresServer &server, int poolSize = 2)
        : m_port(static_cast<quint16>(30000 + QCoreApplication::applicationPid() % 20000))
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        const QString dir = m_dir.path();
        QFile users(dir + QStringLiteral("/users.txt"));
        QFile ini(dir + QStringLiteral("/pgbouncer.ini"));
        if (!users.open(QIODevice::WriteOnly) || !ini.open(QIODevice::WriteOnly)) {
            m_error = QStringLiteral("cannot write pgbouncer's files in %1").arg(dir);
            return;
        }
        users.write("\"gifscan\" \"\"\n");
        ini.write(QStringLiteral("[databases]\n* = host=%1 user=gifscan\n"
                                 "[pgbouncer]\nlisten_addr =\nlisten_port = %2\n"
                                 "unix_socket_dir = %3\nauth_type = trust\n"
                                 "auth_file = %3/users.txt\npool_mode = transaction\n"
                                 "default_pool_size = %4\nmax_client_conn = 200\n"
                                 "pidfile = %3/pgbouncer.pid\nlogfile = %3/pgbouncer.log\n")
                      .arg(server.socketDir())
                      .arg(m_port)
                      .arg(dir)
                      .arg(poolSize)
                      .toUtf8());
        users.close();
        ini.close();
        QStringList command{QStringLiteral("/usr/sbin/pgbouncer"), ini.fileName()};
        if (::geteuid() == 0) {
            const passwd *pw = ::getpwnam("postgres");
            if (!pw || ::chown(dir.toLocal8Bit().constData(), pw->pw_uid, pw->pw_gid) != 0) {
                m_error = QStringLiteral("the postgres user cannot own %1").arg(dir);
                return;
            }
            command = QStringList{QStringLiteral("-u"), QStringLiteral("postgres"),
                                  QStringLiteral("--")} +
                      command;
            m_process.start(QStringLiteral("runuser"), command);
        } else {
            m_process.start(command.takeFirst(), command);
        }
        if (!QTest::qWaitFor([&] { return QFile::exists(socketFile()); }, 10000))
            m_error = QStringLiteral("pgbouncer did not start: %1")
                          .arg(QString::fromLocal8Bit(m_process.readAll()) + log());
    }
    ~Pgbouncer()
    {
        // Its own pid: a signal to runuser is not always passed on.
        QFile pid(m_dir.path() + QStringLiteral("/pgbouncer.pid"));
        if (pid.open(QIODevice::ReadOnly))
            ::kill(static_cast<pid_t>(pid.readAll().trimmed().toLongLong()), SIGTERM);
        m_process.waitForFinished(5000);
    }
    Pgbouncer(const Pgbouncer &) = delete;
    Pgbouncer &operator=(const Pgbouncer &) = delete;

    bool running() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    QString url(const QString &database) const
    {
        return QStringLiteral("postgresql:///%1?host=%2&port=%3&user=gifscan")
            .arg(database, m_dir.path())
            .arg(m_port);
    }
    QString log() const
    {
        QFile f(m_dir.path() + QStringLiteral("/pgbouncer.log"));
        return f.open(QIODevice::ReadOnly) ? QString::fromLocal8Bit(f.readAll()) : QString();
    }

private:
    QString socketFile() const { return m_dir.path() + QStringLiteral("/.s.PGSQL.%1").arg(m_port); }

    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port;
    QString m_error;
};

} // namespace gifscan::test
