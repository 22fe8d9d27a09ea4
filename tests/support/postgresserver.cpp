#include "tests/support/postgresserver.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QVersionNumber>
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
    if (m_asPostgres) {
        const passwd *pw = ::getpwnam("postgres");
        if (!pw || ::chown(m_dir->path().toLocal8Bit().constData(), pw->pw_uid, pw->pw_gid) != 0) {
            m_error = QStringLiteral("running as root, and the postgres user cannot own %1")
                          .arg(m_dir->path());
            return false;
        }
    }
    return true;
}

PostgresServer::PostgresServer(const QString &options) : m_options(options)
{
    if (!makeFolder())
        return;
    const QString initdb = binary(QStringLiteral("initdb"));
    const QString data = m_dir->filePath(QStringLiteral("data"));
    // C locale: text sorts by its bytes, as the store's tables expect anyway.
    if (!run(initdb, {QStringLiteral("-D"), data, QStringLiteral("-U"), kUser,
                      QStringLiteral("--auth=trust"), QStringLiteral("--locale=C"),
                      QStringLiteral("--encoding=UTF8"), QStringLiteral("--no-sync")}))
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
