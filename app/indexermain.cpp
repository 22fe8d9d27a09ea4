// gifscan-indexer: a node followed into PostgreSQL, every block proven
// before it is stored; `serve`, a read server on that database, any number
// of them. Logs go to stderr; a block that does not match its signed header
// ends the follower with status 1 and the height and both roots; a read
// server's first stdout line is the devnet's ready line.
#include "app/logformat.h"
#include "app/operatorendpoint.h"
#include "chain/store/postgresdatabase.h"
#include "core/base/outcome.h"
#include "core/support/quitonsignal.h"
#include "indexer/follower/follower.h"
#include "indexer/options/indexercommand.h"
#include "indexer/webhooks/webhookworker.h"
#include "server/node/nodeserver.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTimer>
#include <cstdio>
#include <functional>
#include <memory>

namespace {

using gifscan::indexer::IndexerCommand;

Q_LOGGING_CATEGORY(lcIndexer, "gifscan.indexer")
[[noreturn]] void usage(const QString &message)
{
    std::fprintf(stderr, "gifscan-indexer: %s\n", qPrintable(message));
    std::exit(2);
}

// Started before the follower made its tables, `start` is tried each
// second until they are there, in the event loop (so that SIGTERM still
// ends the wait); any other failure ends the process.
void startWhenReady(QCoreApplication &app, std::function<gifscan::Outcome<>()> start)
{
    auto said = std::make_shared<bool>(false);
    auto waitMs = std::make_shared<int>(500); // doubled before each wait: 1 s, 2 s, … 30 s
    auto attempt = std::make_shared<std::function<void()>>();
    *attempt = [&app, start = std::move(start), said, waitMs, weak = std::weak_ptr(attempt)] {
        const gifscan::Outcome<> started = start();
        if (started)
            return;
        const QString error = started.error().message;
        // No tables yet, or no genesis (the follower has not begun), or the
        // database away (not started yet, restarting): waited for. Anything
        // else a restart would not mend.
        const auto kind = started.error().kind;
        if (kind != gifscan::Failure::Kind::NotYet && kind != gifscan::Failure::Kind::Unavailable) {
            qCCritical(lcIndexer).noquote() << error;
            QCoreApplication::exit(1);
            return;
        }
        if (!std::exchange(*said, true))
            qCWarning(lcIndexer).noquote() << error + QStringLiteral("; waiting for it");
        *waitMs = std::min(*waitMs * 2, 30000);
        if (auto again = weak.lock())
            QTimer::singleShot(*waitMs, &app, [again] { (*again)(); });
    };
    QTimer::singleShot(0, &app, [attempt] { (*attempt)(); });
}

// --metrics-port: the follower's or a worker's /health, /ready and
// /metrics, on --host; none without it.
std::unique_ptr<gifscan::OperatorEndpoint>
operatorEndpoint(const IndexerCommand &command,
                 const std::function<std::unique_ptr<gifscan::OperatorEndpoint>(qint64)> &make)
{
    if (!command.metricsPort)
        return nullptr;
    const quint16 port = *command.metricsPort;
    const gifscan::server::ServerConfig &shared = command.server; // --host, --ready-lag
    auto endpoint = make(shared.readyLagMs);
    const quint16 bound =
        endpoint->listen(shared.host, port, shared.allowedHosts, shared.corsOrigins);
    if (!bound) {
        qCCritical(lcIndexer).noquote()
            << QStringLiteral("cannot listen on %1 port %2").arg(shared.host.toString()).arg(port);
        std::exit(1);
    }
    qCInfo(lcIndexer).noquote() << QStringLiteral("answering /health, /ready and /metrics on %1:%2")
                                       .arg(shared.host.toString())
                                       .arg(bound);
    return endpoint;
}

int follow(QCoreApplication &app, const IndexerCommand &command, gifscan::QuitOnSignal &onSignal)
{
    const gifscan::indexer::FollowerOptions &options = command.follower;
    gifscan::indexer::Follower follower(options);
    quint64 stored = 0;
    QObject::connect(&follower, &gifscan::indexer::Follower::blockStored, &app,
                     [&stored] { ++stored; });
    const auto endpoint = operatorEndpoint(command, [&](qint64 readyLagMs) {
        return gifscan::OperatorEndpoint::forFollower(follower, stored, readyLagMs);
    });
    int status = 0;
    QObject::connect(&follower, &gifscan::indexer::Follower::waitingForLock, &app,
                     [](const QString &db) {
                         qCInfo(lcIndexer).noquote()
                             << QStringLiteral("another follower is writing %1; waiting for it "
                                               "to stop")
                                    .arg(db);
                     });
    QObject::connect(&follower, &gifscan::indexer::Follower::waitingForDatabase, &app,
                     [](const QString &why) {
                         qCWarning(lcIndexer).noquote()
                             << why + QStringLiteral("; connecting again until it answers");
                     });
    QObject::connect(&follower, &gifscan::indexer::Follower::migrated, &app, [](int from, int to) {
        qCInfo(lcIndexer).noquote()
            << QStringLiteral("migrated the database from schema version %1 to "
                              "%2")
                   .arg(from)
                   .arg(to);
    });
    QObject::connect(
        &follower, &gifscan::indexer::Follower::started, &app, [](std::optional<quint64> head) {
            qCInfo(lcIndexer).noquote() << QStringLiteral("following from %1")
                                               .arg(head ? QStringLiteral("block %1").arg(*head + 1)
                                                         : QStringLiteral("genesis"));
        });
    QObject::connect(&follower, &gifscan::indexer::Follower::failed, &app,
                     [&status](const QString &error) {
                         qCCritical(lcIndexer).noquote() << error;
                         status = 1;
                         QCoreApplication::exit(1);
                     });
    // A block is stored whole or not at all: a stop needs no draining, only saying.
    onSignal.onFirstSignal([] {
        qCInfo(lcIndexer).noquote() << QStringLiteral("stopping: asked to by a signal");
        QCoreApplication::quit();
    });
    // Started inside the event loop: a failure at once must end it, which
    // exit() before exec() would not (the process hung).
    QTimer::singleShot(0, &follower, [&follower] { follower.start(); });
    const int code = app.exec();
    return status ? status : code;
}

// The same servers, limits and browser policy as the node's, over the
// follower's tables (server/node/serverparts.h, read mode).
int serve(QCoreApplication &app, const IndexerCommand &command, gifscan::QuitOnSignal &onSignal)
{
    const gifscan::server::ServerConfig &config = command.server;
    gifscan::server::NodeServer server;
    QObject::connect(&server, &gifscan::server::NodeServer::failed, &app, [](const QString &why) {
        qCCritical(lcIndexer).noquote() << why;
        QCoreApplication::exit(1);
    });
    startWhenReady(app, [&]() -> gifscan::Outcome<> {
        if (auto started = server.start(config); !started)
            return started;
        std::printf("%s\n",
                    gifscan::announcementLine(server.endpoints().announcement()).constData());
        std::fflush(stdout);
        return gifscan::success();
    });
    // SIGTERM: no new connection, what is owed answered (ServerConfig::drainMs), then exit 0.
    onSignal.onFirstSignal([&server, drainMs = config.drainMs] {
        server.drain(drainMs); // no connection is taken from here on
        qCInfo(lcIndexer).noquote()
            << QStringLiteral("stopping: answering what is on its way (%1 s at most)")
                   .arg(drainMs / 1000);
    });
    QObject::connect(&server, &gifscan::server::NodeServer::drained, &app, &QCoreApplication::quit);
    const int code = app.exec();
    server.stop();
    return code;
}
// A webhook worker on that database: as many as the receivers need.
int deliver(QCoreApplication &app, const IndexerCommand &command, gifscan::QuitOnSignal &onSignal)
{
    const gifscan::indexer::WebhookWorker::Options &options = command.worker;
    gifscan::indexer::WebhookWorker worker(options);
    const auto endpoint = operatorEndpoint(command, [&](qint64 readyLagMs) {
        return gifscan::OperatorEndpoint::forWorker(worker, readyLagMs);
    });
    startWhenReady(app, [&]() -> gifscan::Outcome<> {
        if (auto started = worker.start(); !started)
            return started;
        qCInfo(lcIndexer).noquote()
            << QStringLiteral("delivering webhooks from %1")
                   .arg(gifscan::chain::PostgresDatabase::redacted(options.database));
        return gifscan::success();
    });
    // A delivery cut short is made again by the next worker (at least once,
    // in order): a stop needs no draining, only saying.
    onSignal.onFirstSignal([] {
        qCInfo(lcIndexer).noquote() << QStringLiteral("stopping: asked to by a signal");
        QCoreApplication::quit();
    });
    return app.exec();
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan-indexer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));
    const IndexerCommand command = gifscan::indexer::parseIndexerArguments(app.arguments());
    if (!command.ok())
        usage(command.error);
    switch (command.action) {
    case IndexerCommand::Action::Help:
        std::printf("%s", qPrintable(command.helpText));
        return 0;
    case IndexerCommand::Action::Version:
        std::printf("gifscan-indexer %s\n", GIFSCAN_VERSION);
        return 0;
    default:
        break;
    }
    gifscan::installLogFormat(command.logFormat);
    gifscan::chain::PostgresDatabase::setPooled(command.pooled);
    // Each role by its name in pg_stat_activity, unless --db names one.
    gifscan::chain::PostgresDatabase::setApplicationName(
        command.action == IndexerCommand::Action::Serve ? QByteArrayLiteral("gifscan-serve")
        : command.action == IndexerCommand::Action::Webhooks
            ? QByteArrayLiteral("gifscan-webhooks")
            : QByteArrayLiteral("gifscan-follower"));
    gifscan::QuitOnSignal quitOnSignal;
    if (command.action == IndexerCommand::Action::Serve)
        return serve(app, command, quitOnSignal);
    if (command.action == IndexerCommand::Action::Webhooks)
        return deliver(app, command, quitOnSignal);
    return follow(app, command, quitOnSignal);
}
