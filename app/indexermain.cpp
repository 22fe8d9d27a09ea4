// gifscan-indexer: a node followed into PostgreSQL, every block proven
// before it is stored; `serve`, a read server on that database, any number
// of them. Logs go to stderr; a block that does not match its signed header
// ends the follower with status 1 and the height and both roots; a read
// server's first stdout line is the devnet's ready line.
#include "app/logformat.h"
#include "app/operatorendpoint.h"
#include "chain/store/postgresdatabase.h"
#include "core/base/outcome.h"
#include "core/protocol/validatorset.h"
#include "core/support/quitonsignal.h"
#include "devnet/node/devnet.h"
#include "devnet/node/devnetoptions.h"
#include "devnet/node/webhookworker.h"
#include "indexer/follower/follower.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>

namespace {

Q_LOGGING_CATEGORY(lcIndexer, "gifscan.indexer")
[[noreturn]] void usage(const QString &message)
{
    std::fprintf(stderr, "gifscan-indexer: %s\n", qPrintable(message));
    std::exit(2);
}

std::optional<gifscan::ValidatorSet> trustedSet(const QString &path)
{
    if (path.isEmpty())
        return std::nullopt;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        usage(QStringLiteral("--trust: cannot read %1: %2").arg(path, file.errorString()));
    QString why;
    auto set =
        gifscan::ValidatorSet::fromJson(QJsonDocument::fromJson(file.readAll()).array(), &why);
    if (!set)
        usage(QStringLiteral("--trust: %1 is not a JSON list of validator addresses: %2")
                  .arg(path, why));
    return set;
}

QUrl nodeUrl(const QCommandLineParser &parser, const char *option, const char *schemes)
{
    const QUrl url(parser.value(QLatin1String(option)), QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() ||
        !QString::fromLatin1(schemes).split(QLatin1Char(',')).contains(url.scheme()))
        usage(QStringLiteral("--%1: a %2 URL, such as the node's ready line names")
                  .arg(QLatin1String(option), QLatin1String(schemes)));
    return url;
}

// --notify-db, required behind a pooler: a LISTEN through one hears nothing
// once its transaction's server connection is handed to another client.
QString notifyDatabase(const QCommandLineParser &parser)
{
    const QString notify = parser.value(QStringLiteral("notify-db"));
    if (parser.isSet(QStringLiteral("pooled")) && notify.isEmpty())
        usage(QStringLiteral("--pooled: the follower's news needs a direct connection: give "
                             "--notify-db"));
    return notify;
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

// The rows every command shares with the node (address, limits, policies,
// webhook hosts, budgets), checked as the node checks its own: a typo is
// said, never dropped.
gifscan::devnet::DevnetConfig sharedConfig(const QCommandLineParser &parser)
{
    gifscan::devnet::DevnetConfig config;
    if (const QString wrong = gifscan::devnet::applyServerOptions(parser, config); !wrong.isEmpty())
        usage(wrong);
    return config;
}

// --metrics-port: the follower's or a worker's /health, /ready and
// /metrics, on --host; none without it.
std::unique_ptr<gifscan::OperatorEndpoint>
operatorEndpoint(const QCommandLineParser &parser,
                 const std::function<std::unique_ptr<gifscan::OperatorEndpoint>(qint64)> &make)
{
    if (!parser.isSet(QStringLiteral("metrics-port")))
        return nullptr;
    bool ok = false;
    const uint port = parser.value(QStringLiteral("metrics-port")).toUInt(&ok);
    if (!ok || port > 65535)
        usage(QStringLiteral("--metrics-port: a number from 0 to 65535"));
    const gifscan::devnet::DevnetConfig shared = sharedConfig(parser); // --host, --ready-lag
    auto endpoint = make(shared.readyLagMs);
    const quint16 bound = endpoint->listen(shared.host, static_cast<quint16>(port),
                                           shared.allowedHosts, shared.corsOrigins);
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

int follow(QCoreApplication &app, const QCommandLineParser &parser, gifscan::QuitOnSignal &onSignal)
{
    gifscan::indexer::FollowerOptions options;
    options.database = parser.value(QStringLiteral("db"));
    options.rpc = nodeUrl(parser, "rpc", "http,https");
    options.ws = nodeUrl(parser, "ws", "ws,wss");
    options.trusted = trustedSet(parser.value(QStringLiteral("trust")));
    if (parser.isSet(QStringLiteral("rpc-rate"))) {
        const QString rate = parser.value(QStringLiteral("rpc-rate"));
        const QStringList rb = rate.split(u':');
        bool okRate = false, okBurst = false;
        if (rate == QLatin1String("off")) {
            options.rpcRate = options.rpcBurst = std::numeric_limits<double>::infinity();
        } else if (rb.size() == 2) {
            options.rpcRate = rb[0].toDouble(&okRate);
            options.rpcBurst = rb[1].toDouble(&okBurst);
            if (!okRate || !okBurst || options.rpcRate <= 0 || options.rpcBurst < 1)
                usage(QStringLiteral("--rpc-rate: R:B (e.g. 50:200) or off"));
        } else {
            usage(QStringLiteral("--rpc-rate: R:B (e.g. 50:200) or off"));
        }
    }

    gifscan::indexer::Follower follower(options);
    quint64 stored = 0;
    QObject::connect(&follower, &gifscan::indexer::Follower::blockStored, &app,
                     [&stored] { ++stored; });
    const auto endpoint = operatorEndpoint(parser, [&](qint64 readyLagMs) {
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
// follower's tables (devnet/node/devnetnode.h, read mode).
int serve(QCoreApplication &app, const QCommandLineParser &parser, gifscan::QuitOnSignal &onSignal)
{
    gifscan::devnet::DevnetConfig config = sharedConfig(parser);
    config.chain.database = parser.value(QStringLiteral("db"));
    config.chain.readsOnly = true;
    config.chain.traffic = false;
    config.chain.trusted = trustedSet(parser.value(QStringLiteral("trust")));
    if (!config.chain.trusted)
        config.chain.trusted = gifscan::ValidatorSet::devnet();
    config.forwardTransactionsTo = nodeUrl(parser, "rpc", "http");
    config.notifyDatabase = notifyDatabase(parser);
    if (parser.isSet(QStringLiteral("poll-ms"))) {
        bool ok = false;
        config.pollMs = parser.value(QStringLiteral("poll-ms")).toInt(&ok);
        if (!ok || config.pollMs < 10 || config.pollMs > 60000)
            usage(QStringLiteral("--poll-ms: milliseconds, from 10 to 60000"));
    }
    gifscan::devnet::Devnet server;
    QObject::connect(&server, &gifscan::devnet::Devnet::failed, &app, [](const QString &why) {
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
    // SIGTERM: no new connection, what is owed answered (10 s at most), then exit 0.
    onSignal.onFirstSignal([&server] {
        server.drain(10000); // no connection is taken from here on
        qCInfo(lcIndexer).noquote()
            << QStringLiteral("stopping: answering what is on its way (10 s at most)");
    });
    QObject::connect(&server, &gifscan::devnet::Devnet::drained, &app, &QCoreApplication::quit);
    const int code = app.exec();
    server.stop();
    return code;
}
// A webhook worker on that database: as many as the receivers need.
int deliver(QCoreApplication &app, const QCommandLineParser &parser)
{
    gifscan::devnet::WebhookWorker::Options options;
    options.database = parser.value(QStringLiteral("db"));
    options.notifyDatabase = notifyDatabase(parser);
    options.trusted = trustedSet(parser.value(QStringLiteral("trust")));
    options.hosts = sharedConfig(parser).webhookHosts;
    bool ok = true;
    if (parser.isSet(QStringLiteral("webhook-retry-scale"))) {
        options.retryScale = parser.value(QStringLiteral("webhook-retry-scale")).toDouble(&ok);
        if (!ok || options.retryScale <= 0 || options.retryScale > 1)
            usage(QStringLiteral("--webhook-retry-scale: a number above 0, at most 1"));
    }
    if (parser.isSet(QStringLiteral("webhook-timeout"))) {
        options.timeoutMs = parser.value(QStringLiteral("webhook-timeout")).toInt(&ok);
        if (!ok || options.timeoutMs < 100 || options.timeoutMs > 60000)
            usage(QStringLiteral("--webhook-timeout: milliseconds, from 100 to 60000"));
    }
    gifscan::devnet::WebhookWorker worker(options);
    const auto endpoint = operatorEndpoint(parser, [&](qint64 readyLagMs) {
        return gifscan::OperatorEndpoint::forWorker(worker, readyLagMs);
    });
    startWhenReady(app, [&]() -> gifscan::Outcome<> {
        if (auto started = worker.start(); !started)
            return started;
        qCInfo(lcIndexer).noquote()
            << QStringLiteral("delivering webhooks from %1")
                   .arg(gifscan::devnet::PostgresDatabase::redacted(options.database));
        return gifscan::success();
    });
    return app.exec();
}
} // namespace

namespace {
// Every option of the three commands, each saying which it is for.
QList<QCommandLineOption> options()
{
    return {
        {QStringLiteral("db"),
         QStringLiteral("The PostgreSQL database, as libpq takes it (e.g. "
                        "postgresql://user@/gifscan?host=/run/postgresql)."),
         QStringLiteral("URL")},
        {QStringLiteral("rpc"), QStringLiteral("The node's JSON-RPC URL."), QStringLiteral("URL")},
        {QStringLiteral("ws"), QStringLiteral("The node's websocket URL (following)."),
         QStringLiteral("URL")},
        {QStringLiteral("trust"),
         QStringLiteral("A JSON list of the validator addresses to trust, for the follower, "
                        "servers and webhook workers alike (default: the devnet's set)."),
         QStringLiteral("FILE")},
        {QStringLiteral("log-format"),
         QStringLiteral("Log lines as text (time, level, category, message) or json, one object "
                        "a line."),
         QStringLiteral("text|json"), QStringLiteral("text")},
        {QStringLiteral("rpc-rate"),
         QStringLiteral("following: requests a second and burst to the node (50:200, under a "
                        "node's default limit), or off for a node run with --rate-limit off."),
         QStringLiteral("R:B|off")},
        {QStringLiteral("notify-db"),
         QStringLiteral("serve, webhooks: the database whose follower's news of each block to "
                        "listen to, directly: a standby's primary, or the database behind "
                        "--pooled's pooler (default: --db)."),
         QStringLiteral("URL")},
        {QStringLiteral("pooled"),
         QStringLiteral("serve, webhooks: --db is a pooler in transaction mode (pgbouncer): no "
                        "statement or setting outlives its transaction; needs --notify-db.")},
        {QStringLiteral("poll-ms"),
         QStringLiteral("serve: how often the database is asked for new blocks besides (1000)."),
         QStringLiteral("MS")},
        {QStringLiteral("metrics-port"),
         QStringLiteral("following, webhooks: /health, /ready and /metrics on this port of --host "
                        "(0: any free; a read server answers them on its REST port)."),
         QStringLiteral("P")},
        {QStringLiteral("webhook-retry-scale"),
         QStringLiteral("webhooks: testing receivers, the retry schedule times F, as the "
                        "node's."),
         QStringLiteral("F")},
        {QStringLiteral("webhook-timeout"),
         QStringLiteral("webhooks: how long a receiver has to answer (15000)."),
         QStringLiteral("MS")},
    };
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan-indexer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "gifscan-indexer --db URL --rpc URL --ws URL [--trust FILE]: follows a GIF chain node "
        "into PostgreSQL, executing every block and checking it against the header its "
        "validators signed before storing it.\n"
        "gifscan-indexer serve --db URL --rpc URL [--port P] [--trust FILE]: a read server on "
        "that database (REST, GraphQL, JSON-RPC, websocket), any number of them; transactions "
        "go to the node at --rpc.\n"
        "gifscan-indexer webhooks --db URL: a webhook worker on that database, delivering what "
        "the read servers registered, any number of them."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("command"),
        QStringLiteral("Nothing to follow a node; serve for a read server; webhooks for a "
                       "webhook worker."),
        QStringLiteral("[serve|webhooks]"));
    parser.addOptions(options());
    // serve's address, limits and policies are the node's own rows.
    parser.addOptions(gifscan::devnet::serverOptions());
    parser.process(app);
    if (!gifscan::installLogFormat(parser.value(QStringLiteral("log-format"))))
        usage(QStringLiteral("--log-format: text or json"));
    const QStringList commands = parser.positionalArguments();
    const QString command = commands.value(0);
    if (commands.size() > 1 || (!command.isEmpty() && command != QLatin1String("serve") &&
                                command != QLatin1String("webhooks")))
        usage(QStringLiteral("unexpected %1 (commands: serve, webhooks)").arg(commands.join(u' ')));
    if (parser.value(QStringLiteral("db")).isEmpty())
        usage(QStringLiteral("--db: the PostgreSQL database"));
    // The follower holds a session lock and pipelines its writes: never pooled.
    if (parser.isSet(QStringLiteral("pooled")) && command.isEmpty())
        usage(QStringLiteral("--pooled: for serve and webhooks; the follower connects directly"));
    gifscan::devnet::PostgresDatabase::setPooled(parser.isSet(QStringLiteral("pooled")));
    // Each role by its name in pg_stat_activity, unless --db names one.
    gifscan::devnet::PostgresDatabase::setApplicationName(
        command.isEmpty() ? QByteArrayLiteral("gifscan-follower")
                          : QByteArrayLiteral("gifscan-") + command.toLatin1());
    gifscan::QuitOnSignal quitOnSignal;
    if (command == QLatin1String("serve"))
        return serve(app, parser, quitOnSignal);
    if (command == QLatin1String("webhooks"))
        return deliver(app, parser);
    return follow(app, parser, quitOnSignal);
}
