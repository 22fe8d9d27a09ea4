#include "tests/support/postgresserver.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QVersionNumber>
#include <cstdio>
#include <pwd.h>
#include <unistd.h>

namespace gifscan::test {

namespace {
// The database user the tests connect as: a superuser of this server only.
const QString kUser = QStringLiteral("gifscan");
} // namespace

QString PostgresServer::binary(const QString &name)
{
    // Debian keeps the server's programs out of PATH, by major version.
    const QDir lib(QStringLiteral("/usr/lib/postgresql"));
    QString best;
    QVersionNumber newest;
    for (const QString &v : lib.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QVersionNumber n = QVersionNumber::fromString(v);
        if (QFile::exists(lib.filePath(v + QStringLiteral("/bin/") + name)) && n > newest) {
            newest = n;
            best = lib.filePath(v + QStringLiteral("/bin/") + name);
        }
    }
    return best;
}

bool PostgresServer::run(const QString &program, const QStringList &args, int timeoutMs)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (m_asPostgres) {
        // initdb refuses root; the server's files and process are postgres's.
        p.setProgram(QStringLiteral("runuser"));
        p.setArguments(QStringList{QStringLiteral("-u"), QStringLiteral("postgres"),
                                   QStringLiteral("--"), program} +
                       args);
    } else {
        p.setProgram(program);
        p.setArguments(args);
    }
    p.start();
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit ||
        p.exitCode() != 0) {
        p.kill();
        m_error =
            QStringLiteral("%1 %2 failed: %3")
                .arg(program, args.join(QLatin1Char(' ')), QString::fromLocal8Bit(p.readAll()));
        return false;
    }
    return true;
}

bool PostgresServer::makeFolder()
{
    m_dir =
        std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/gifscan-pg-XXXXXX"));
    if (!m_dir->isValid() || binary(QStringLiteral("initdb")).isEmpty()) {
        m_error = QStringLiteral("no scratch folder, or no initdb under /usr/lib/postgresql "
                                 "(scripts/setup.sh installs postgresql)");
        return false;
    }
    m_asPostgres = ::geteuid() == 0;
    return ownedByServer(m_dir->path());
}

bool PostgresServer::ownedByServer(const QString &folder)
{
    if (!m_asPostgres)
        return true;
    const passwd *pw = ::getpwnam("postgres");
    if (!pw || ::chown(QFile::encodeName(folder).constData(), pw->pw_uid, pw->pw_gid) != 0) {
        m_error =
            QStringLiteral("running as root, and the postgres user cannot own %1").arg(folder);
        return false;
    }
    return true;
}

// initdb's cluster is made once a machine and copied for each server:
// initdb took some 3 s of wall time and 1 s of processor time (its
// bootstrap and single-user backends, as many processes), a copy of its
// 39 MB under 0.2 s, and the release suite made some 40 servers.
// The template's name says what made it (the initdb program, its size and
// time, its arguments, the user), so that another PostgreSQL or other
// arguments make another; it is made under a name of its own and renamed
// into place whole, so that a test running beside sees it complete or not
// at all, and a loser of that race keeps the winner's.
QString PostgresServer::templateCluster()
{
    const QString initdb = binary(QStringLiteral("initdb"));
    // C locale: text sorts by its bytes, as the store's tables expect anyway.
    const QStringList args{QStringLiteral("-U"),
                           kUser,
                           QStringLiteral("--auth=trust"),
                           QStringLiteral("--locale=C"),
                           QStringLiteral("--encoding=UTF8"),
                           QStringLiteral("--no-sync")};
    const QFileInfo program(initdb);
    QCryptographicHash key(QCryptographicHash::Sha256);
    key.addData(QStringLiteral("%1 %2 %3 %4 %5")
                    .arg(initdb)
                    .arg(program.size())
                    .arg(program.lastModified().toMSecsSinceEpoch())
                    .arg(args.join(u' '))
                    .arg(::geteuid())
                    .toUtf8());
    const QString made = QDir::tempPath() + QStringLiteral("/gifscan-pg-template-") +
                         QString::fromLatin1(key.result().toHex().left(16));
    const QString data = made + QStringLiteral("/data");
    if (QFile::exists(data + QStringLiteral("/global/pg_control")))
        return data;
    QTemporaryDir staging(made + QStringLiteral(".XXXXXX"));
    if (!staging.isValid() || !ownedByServer(staging.path()) ||
        !run(initdb,
             QStringList{QStringLiteral("-D"), staging.filePath(QStringLiteral("data"))} + args))
        return {};
    // Taken whole; if another test's is there first, ours goes with staging.
    if (::rename(QFile::encodeName(staging.path()).constData(),
                 QFile::encodeName(made).constData()) == 0)
        staging.setAutoRemove(false);
    return QFile::exists(data + QStringLiteral("/global/pg_control")) ? data : QString();
}

PostgresServer::PostgresServer(const QString &options) : m_options(options)
{
    if (!makeFolder())
        return;
    const QString made = templateCluster();
    if (made.isEmpty()) {
        if (m_error.isEmpty())
            m_error = QStringLiteral("initdb's cluster was not made");
        return;
    }
    if (!run(QStringLiteral("cp"),
             {QStringLiteral("-a"), made, m_dir->filePath(QStringLiteral("data"))}))
        return;
    m_started = start();
}

PostgresServer::PostgresServer(Standby, const PostgresServer &primary)
{
    if (!makeFolder())
        return;
    // -R: standby.signal and primary_conninfo (the primary's socket), so
    // that it starts as the primary's hot standby.
    if (!run(binary(QStringLiteral("pg_basebackup")),
             {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-h"),
              primary.socketDir(), QStringLiteral("-U"), kUser, QStringLiteral("-R"),
              QStringLiteral("-X"), QStringLiteral("stream"), QStringLiteral("-c"),
              QStringLiteral("fast"), QStringLiteral("--no-sync")}))
        return;
    m_started = start();
}

std::unique_ptr<PostgresServer> PostgresServer::standbyOf(const PostgresServer &primary)
{
    return std::unique_ptr<PostgresServer>(new PostgresServer(Standby{}, primary));
}

bool PostgresServer::promote()
{
    return run(binary(QStringLiteral("pg_ctl")),
               {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-w"),
                QStringLiteral("promote")});
}

PostgresServer::~PostgresServer()
{
    if (m_started)
        run(binary(QStringLiteral("pg_ctl")),
            {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-m"),
             QStringLiteral("immediate"), QStringLiteral("-w"), QStringLiteral("stop")});
}

bool PostgresServer::restart()
{
    return run(binary(QStringLiteral("pg_ctl")),
               {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-m"),
                QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("restart")});
}

bool PostgresServer::stop()
{
    return run(binary(QStringLiteral("pg_ctl")),
               {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-m"),
                QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("stop")});
}

bool PostgresServer::start()
{
    // The options of the first start are kept in postmaster.opts, which a
    // start reads only through restart; they are given again.
    const QString options =
        QStringLiteral("-c listen_addresses='' -k %1 -c fsync=off -c synchronous_commit=off "
                       "-c full_page_writes=off -c max_connections=60 -c shared_buffers=32MB %2")
            .arg(m_dir->path(), m_options);
    return run(binary(QStringLiteral("pg_ctl")),
               {QStringLiteral("-D"), m_dir->filePath(QStringLiteral("data")), QStringLiteral("-o"),
                options, QStringLiteral("-l"), m_dir->filePath(QStringLiteral("server.log")),
                QStringLiteral("-w"), QStringLiteral("start")});
}

QString PostgresServer::socketDir() const
{
    return m_dir->path();
}

QString PostgresServer::url(const QString &database) const
{
    return QStringLiteral("postgresql:///%1?host=%2&user=%3").arg(database, socketDir(), kUser);
}

QString PostgresServer::createDatabase(const QString &name)
{
    if (!running())
        return {};
    static const QRegularExpression plain(QStringLiteral("^[a-z_][a-z0-9_]*$"));
    if (!plain.match(name).hasMatch()) {
        m_error = QStringLiteral("%1 is not a plain database name").arg(name);
        return {};
    }
    const QString psql = binary(QStringLiteral("psql"));
    if (!run(psql.isEmpty() ? QStringLiteral("psql") : psql,
             {QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
              url(QStringLiteral("postgres")), QStringLiteral("-c"),
              QStringLiteral("CREATE DATABASE %1").arg(name)}))
        return {};
    return url(name);
}

} // namespace gifscan::test
