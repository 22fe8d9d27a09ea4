#include "indexer/options/indexercommand.h"

#include "chain/store/chainstore.h"
#include "core/protocol/validatorset.h"
#include "core/support/optiontable.h"
#include "server/node/devnetoptions.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <limits>

namespace gifscan::indexer {

namespace {

using Row = OptionRow<IndexerCommand>;

QString databaseOption(const QString &v, IndexerCommand &c)
{
    c.follower.database = c.worker.database = c.server.chain.database = v;
    return {};
}

// The URLs are checked once the command is known: each wants its schemes.
QString rpcOption(const QString &v, IndexerCommand &c)
{
    c.follower.rpc = c.server.forwardTransactionsTo = QUrl(v, QUrl::StrictMode);
    return {};
}

QString wsOption(const QString &v, IndexerCommand &c)
{
    c.follower.ws = QUrl(v, QUrl::StrictMode);
    return {};
}

QString trustOption(const QString &path, IndexerCommand &c)
{
    if (path.isEmpty()) // --trust "": the devnet's set, as no --trust
        return {};
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("--trust: cannot read %1: %2").arg(path, file.errorString());
    QString why;
    const auto set = ValidatorSet::fromJson(QJsonDocument::fromJson(file.readAll()).array(), &why);
    if (!set)
        return QStringLiteral("--trust: %1 is not a JSON list of validator addresses: %2")
            .arg(path, why);
    c.follower.trusted = c.worker.trusted = c.server.chain.trusted = set;
    return {};
}

QString logFormatOption(const QString &v, IndexerCommand &c)
{
    c.logFormat = v;
    return v == QLatin1String("text") || v == QLatin1String("json")
               ? QString()
               : QStringLiteral("--log-format: text or json");
}

QString rpcRateOption(const QString &v, IndexerCommand &c)
{
    const std::optional<RateValue> rate = readRate(v);
    if (!rate)
        return QStringLiteral("--rpc-rate: R:B (e.g. 50:200) or off");
    constexpr double kUnpaced = std::numeric_limits<double>::infinity();
    c.follower.rpcRate = rate->off ? kUnpaced : rate->rate;
    c.follower.rpcBurst = rate->off ? kUnpaced : rate->burst;
    return {};
}

QString notifyOption(const QString &v, IndexerCommand &c)
{
    c.server.notifyDatabase = c.worker.notifyDatabase = v;
    return {};
}

QString pooledOption(const QString &, IndexerCommand &c)
{
    c.pooled = true;
    return {};
}

// The indexer's own options: where its database and node are, and each
// command's own settings.
std::vector<Row> ownRows()
{
    return {
        {"db",
         "The PostgreSQL database, as libpq takes it (e.g. "
         "postgresql://user@/gifscan?host=/run/postgresql); for serve, also a node's chain.db, "
         "read beside the node that writes it.",
         "URL", nullptr, databaseOption},
        {"rpc", "The node's JSON-RPC URL.", "URL", nullptr, rpcOption},
        {"ws", "The node's websocket URL (following).", "URL", nullptr, wsOption},
        {"trust",
         "A JSON list of the validator addresses to trust, for the follower, servers and webhook "
         "workers alike (default: the devnet's set).",
         "FILE", nullptr, trustOption},
        {"log-format",
         "Log lines as text (time, level, category, message) or json, one object a line.",
         "text|json", "text", logFormatOption},
        {"rpc-rate",
         "following: requests a second and burst to the node (50:200, under a node's default "
         "limit), or off for a node run with --rate-limit off.",
         "R:B|off", nullptr, rpcRateOption},
        {"trie-cache-nodes",
         "following: trie nodes kept in memory, about 350 bytes each (524288); fewer read again "
         "from the database, a round trip each.",
         "N", nullptr,
         integerOption<IndexerCommand>(4096, std::int64_t{1} << 26,
                                       "--trie-cache-nodes: a number from 4096 to 67108864",
                                       [](IndexerCommand &c, qint64 n) {
                                           c.follower.trieCacheNodes = static_cast<std::size_t>(n);
                                       })},
        {"vacuum-after",
         "following: at the node's head with this many blocks stored since the last time (a "
         "catch-up), VACUUM (ANALYZE) the chain's tables (1000; 0: leave it to autovacuum).",
         "N", nullptr,
         integerOption<IndexerCommand>(
             0, 1000000000, "--vacuum-after: a number from 0 to 1000000000",
             [](IndexerCommand &c, qint64 n) { c.follower.vacuumAfter = static_cast<int>(n); })},
        {"notify-db",
         "serve, webhooks: the database whose follower's news of each block to listen to, "
         "directly: a standby's primary, or the database behind --pooled's pooler (default: "
         "--db).",
         "URL", nullptr, notifyOption},
        {"pooled",
         "serve, webhooks: --db is a pooler in transaction mode (pgbouncer): no statement or "
         "setting outlives its transaction; needs --notify-db.",
         nullptr, nullptr, pooledOption},
        {"poll-ms", "serve: how often the database is asked for new blocks besides (1000).", "MS",
         nullptr,
         integerOption<IndexerCommand>(
             10, 60000, "--poll-ms: milliseconds, from 10 to 60000",
             [](IndexerCommand &c, qint64 ms) { c.server.pollMs = static_cast<int>(ms); })},
        {"reader-threads",
         "serve: threads that answer REST reads beside the node thread, each on a database "
         "connection of its own (2; 0: all on the node thread).",
         "N", nullptr,
         integerOption<IndexerCommand>(
             0, 64, "--reader-threads: a number from 0 to 64",
             [](IndexerCommand &c, qint64 n) { c.server.readerThreads = static_cast<int>(n); })},
        {"metrics-port",
         "following, webhooks: /health, /ready and /metrics on this port of --host (0: any free; "
         "a read server answers them on its REST port).",
         "P", nullptr,
         integerOption<IndexerCommand>(
             0, 65535, "--metrics-port: a number from 0 to 65535",
             [](IndexerCommand &c, qint64 port) { c.metricsPort = static_cast<quint16>(port); })},
        {"webhook-retry-scale",
         "webhooks: testing receivers, the retry schedule times F, as the node's.", "F", nullptr,
         numberOption<IndexerCommand>(
             0, 1, "--webhook-retry-scale: a number above 0, at most 1",
             [](IndexerCommand &c, double f) { c.worker.retryScale = f; })},
        {"webhook-timeout", "webhooks: how long a receiver has to answer (15000).", "MS", nullptr,
         integerOption<IndexerCommand>(
             100, 60000, "--webhook-timeout: milliseconds, from 100 to 60000",
             [](IndexerCommand &c, qint64 ms) { c.worker.timeoutMs = static_cast<int>(ms); })},
    };
}

const std::vector<Row> &rows()
{
    static const std::vector<Row> table = [] {
        std::vector<Row> all = ownRows();
        for (Row &row : liftedRows(server::serverOptionRows(), &IndexerCommand::server))
            all.push_back(std::move(row));
        return all;
    }();
    return table;
}

// A node URL the command needs: given, with a host and one of `schemes`.
QString checkUrl(const QUrl &url, const char *option, const char *schemes)
{
    const bool fits = url.isValid() && !url.host().isEmpty() &&
                      QString::fromLatin1(schemes).split(u',').contains(url.scheme());
    return fits ? QString()
                : QStringLiteral("--%1: a %2 URL, such as the node's ready line names")
                      .arg(QLatin1String(option), QLatin1String(schemes));
}

// What each command needs beyond its options' own checks, and what it
// implies: a read server reads only and makes no traffic, a worker calls
// the hosts a server would (--webhook-hosts).
QString finishCommand(IndexerCommand &c)
{
    using Action = IndexerCommand::Action;
    if (c.follower.database.isEmpty())
        return QStringLiteral("--db: the PostgreSQL database");
    // A node's file is its node's to write: only read beside it.
    if (!chain::ChainStore::namesServer(c.follower.database) && c.action != Action::Serve)
        return QStringLiteral("--db: a node's chain.db is read by serve alone; the follower and "
                              "webhook workers take a PostgreSQL database");
    // The follower holds a session lock and pipelines its writes: never pooled.
    if (c.pooled && c.action == Action::Follow)
        return QStringLiteral("--pooled: for serve and webhooks; the follower connects directly");
    // A LISTEN through a pooler hears nothing once its transaction's server
    // connection is handed to another client.
    if (c.pooled && c.worker.notifyDatabase.isEmpty())
        return QStringLiteral(
            "--pooled: the follower's news needs a direct connection: give --notify-db");
    c.worker.hosts = c.server.webhookHosts;
    if (c.action == Action::Follow) {
        if (QString wrong = checkUrl(c.follower.rpc, "rpc", "http,https"); !wrong.isEmpty())
            return wrong;
        return checkUrl(c.follower.ws, "ws", "ws,wss");
    }
    if (c.action == Action::Serve) {
        c.server.chain.readsOnly = true;
        c.server.chain.traffic = false;
        if (!c.server.chain.trusted)
            c.server.chain.trusted = ValidatorSet::devnet();
        return checkUrl(c.server.forwardTransactionsTo, "rpc", "http");
    }
    return {};
}

IndexerCommand::Action actionNamed(const QStringList &positional, QString *error)
{
    const QString command = positional.value(0);
    if (positional.size() <= 1 && command.isEmpty())
        return IndexerCommand::Action::Follow;
    if (positional.size() == 1 && command == QLatin1String("serve"))
        return IndexerCommand::Action::Serve;
    if (positional.size() == 1 && command == QLatin1String("webhooks"))
        return IndexerCommand::Action::Webhooks;
    *error = QStringLiteral("unexpected %1 (commands: serve, webhooks)").arg(positional.join(u' '));
    return IndexerCommand::Action::Follow;
}

} // namespace

IndexerCommand parseIndexerArguments(const QStringList &arguments)
{
    IndexerCommand command;
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
    parser.addOptions(commandLineOptions(rows()));
    if (!parser.parse(arguments)) {
        command.error = parser.errorText();
        return command;
    }
    if (const AskedFor asked = askedFor(parser); asked != AskedFor::Nothing) {
        command.action = asked == AskedFor::Version ? IndexerCommand::Action::Version
                                                    : IndexerCommand::Action::Help;
        command.helpText = parser.helpText();
        return command;
    }
    command.action = actionNamed(parser.positionalArguments(), &command.error);
    if (command.ok())
        command.error = applyOptionRows(parser, rows(), command);
    if (command.ok())
        command.error = finishCommand(command);
    return command;
}

} // namespace gifscan::indexer
