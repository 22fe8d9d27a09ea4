#include "server/node/devnetoptions.h"

#include "core/support/optiontable.h"
#include "server/net/browserpolicy.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QHostAddress>
#include <QStandardPaths>
#include <QUrl>
#include <functional>

namespace gifscan::server {

namespace {

using OptionRow = gifscan::OptionRow<ServerConfig>;

QString number(const QString &value, double low, double high, double *out, const char *words)
{
    bool ok = false;
    *out = value.toDouble(&ok);
    return ok && *out >= low && *out <= high ? QString() : QString::fromUtf8(words);
}

QString rateLimit(const QString &value, ServerConfig &c)
{
    const std::optional<RateValue> rate = readRate(value);
    if (!rate)
        return QStringLiteral("--rate-limit: R:B (e.g. 60:200) or off");
    c.rateLimit = !rate->off;
    if (!rate->off) {
        c.rate = rate->rate;
        c.burst = rate->burst;
    }
    return {};
}

// Integers: the value must be all digits within the range. (The shared
// template, its Settings named once here: a lambda cannot deduce it.)
OptionRow::Apply integerOption(qint64 low, qint64 high, const char *words,
                               std::function<void(ServerConfig &, qint64)> set)
{
    return gifscan::integerOption<ServerConfig>(low, high, words, std::move(set));
}

QString hostOption(const QString &v, ServerConfig &c)
{
    return c.host.setAddress(v) ? QString()
                                : QStringLiteral("--host: not an IP address: %1").arg(v);
}

QString blockTimeOption(const QString &v, ServerConfig &c)
{
    return number(v, 0.05, 3600, &c.chain.blockTime, "--block-time: seconds from 0.05 to 3600");
}

QString trafficOption(const QString &v, ServerConfig &c)
{
    c.chain.traffic = v == QLatin1String("on");
    return v == QLatin1String("on") || v == QLatin1String("off")
               ? QString()
               : QStringLiteral("--traffic: on or off");
}

QString dataDirOption(const QString &v, ServerConfig &c)
{
    c.chain.dataDir = v;
    return QString();
}

QString genesisDirOption(const QString &v, ServerConfig &c)
{
    c.chain.genesisDir = v;
    return QString();
}

QString ephemeralOption(const QString &, ServerConfig &c)
{
    c.chain.ephemeral = true;
    return QString();
}

QString forgeHeadersOption(const QString &, ServerConfig &c)
{
    c.chain.forgeHeaders = true;
    return QString();
}

QString loopbackClientsApartOption(const QString &, ServerConfig &c)
{
    c.loopbackClientsApart = true;
    return QString();
}

QString webhookHostsOption(const QString &v, ServerConfig &c)
{
    c.webhookHosts.clear();
    for (const QString &h : v.split(u',', Qt::SkipEmptyParts)) {
        if (QUrl(QStringLiteral("http://") + h.trimmed()).host().isEmpty())
            return QStringLiteral("--webhook-hosts: \"%1\" is not a host name").arg(h.trimmed());
        c.webhookHosts.append(h.trimmed().toLower());
    }
    return QString();
}

// A comma-separated list, each entry checked by `check` (an error in words, or empty).
QString listOption(const QString &v, QStringList &into, const char *option,
                   QString (*check)(const QString &))
{
    into.clear();
    for (const QString &entry : v.split(u',', Qt::SkipEmptyParts)) {
        const QString e = entry.trimmed();
        if (const QString wrong = check(e); !wrong.isEmpty())
            return QStringLiteral("--%1: %2").arg(QLatin1String(option), wrong);
        into.append(e);
    }
    return into.isEmpty()
               ? QStringLiteral("--%1: a comma-separated list, or *").arg(QLatin1String(option))
               : QString();
}

QString accessLogOption(const QString &, ServerConfig &c)
{
    c.accessLog = true;
    return QString();
}

QString trustedProxiesOption(const QString &v, ServerConfig &c)
{
    return c.trustedProxies.parse(v);
}

QString allowedHostsOption(const QString &v, ServerConfig &c)
{
    return listOption(v, c.allowedHosts, "allowed-hosts", BrowserPolicy::checkHost);
}

QString corsOriginsOption(const QString &v, ServerConfig &c)
{
    return listOption(v, c.corsOrigins, "cors-origins", BrowserPolicy::checkOrigin);
}

// The chain's options and the testing ones: each its name, its help, the
// value's name, its default, and what it sets (or why its value is refused).
std::vector<OptionRow> chainRows()
{
    return {
        {"host", "Address to listen on.", "address", "127.0.0.1", hostOption},
        {"port", "REST on P, JSON-RPC on P+1, websocket on P+2; 0 picks free ports.", "P", "0",
         integerOption(0, 65533, "--port: a number from 0 to 65533",
                       [](ServerConfig &c, qint64 n) { c.port = static_cast<quint16>(n); })},
        {"seed", "Genesis and traffic seed.", "N", "1",
         integerOption(
             0, std::numeric_limits<qint64>::max(), "--seed: a non-negative integer",
             [](ServerConfig &c, qint64 n) { c.chain.seed = static_cast<std::uint64_t>(n); })},
        {"objects", "Objects minted at genesis.", "N", "2000",
         integerOption(0, 1000000, "--objects: a number from 0 to 1000000",
                       [](ServerConfig &c, qint64 n) { c.chain.objects = static_cast<int>(n); })},
        {"block-time", "Seconds between blocks (fractions allowed); default 3 to 7 s at random.",
         "S", nullptr, blockTimeOption},
        {"traffic", "Generate traffic: on or off.", "on|off", "on", trafficOption},
        {"rate-limit", "Requests per second and burst per client, or off.", "R:B|off", "60:200",
         rateLimit},
        {"data-dir",
         "Where the chain database (chain.db) is kept, and an old blocks.log is imported from.",
         "DIR", nullptr, dataDirOption},
        {"genesis-dir",
         "Where prebuilt genesis files are: a new chain whose --seed, --objects and --validators "
         "one was made for starts from a copy of it (default: share/gifscan/genesis beside the "
         "program's folder; empty: always build it).",
         "DIR", nullptr, genesisDirOption},
        {"ephemeral", "Keep everything in memory.", nullptr, nullptr, ephemeralOption},
        {"lie-owners", "Testing audits: the indexer reports a wrong owner for every Nth object.",
         "N", "0",
         integerOption(0, std::numeric_limits<int>::max(), "--lie-owners: a non-negative integer",
                       [](ServerConfig &c, qint64 n) { c.lieEvery = static_cast<int>(n); })},
        {"validators", "Size of the devnet's validator set, 1 to 100 (4).", "N", "4",
         integerOption(
             1, 100, "--validators: an integer from 1 to 100",
             [](ServerConfig &c, qint64 n) { c.chain.validators = static_cast<int>(n); })},
        {"sign-wrong-roots-at",
         "Testing indexers: block H's header names object and holdings roots its state does not "
         "have, signed by the validators; a follower must refuse it.",
         "H", "0",
         integerOption(0, std::numeric_limits<qint64>::max(),
                       "--sign-wrong-roots-at: a height (0: none)",
                       [](ServerConfig &c, qint64 h) {
                           c.chain.wrongRootsAt = static_cast<std::uint64_t>(h);
                       })},
        {"forge-headers",
         "Testing clients: sign headers with keys outside the validator set; no client may call "
         "them verified.",
         nullptr, nullptr, forgeHeadersOption},
    };
}

// Who may ask and whose word is taken: hosts, pages, proxies, webhooks.
std::vector<OptionRow> accessRows()
{
    return {
        {"allowed-hosts",
         "Host names requests may be addressed to, comma-separated, any port; * for any (a public "
         "node). Default: localhost, 127.0.0.1, [::1] and the --host address. Others are refused "
         "(403): a page that rebinds its own name to this address gets nothing.",
         "H1,H2", nullptr, allowedHostsOption},
        {"cors-origins",
         "Web pages that may use the node, comma-separated, as scheme://host:port (port * for "
         "any); "
         "* for any page (a public node). Default: pages served from this machine's loopback "
         "(http://localhost:*, http://127.0.0.1:*, http://[::1]:*). Requests of other pages are "
         "refused (403).",
         "O1,O2", nullptr, corsOriginsOption},
        {"ready-lag",
         "/ready answers 503 once this read server has been behind its node's head this long.", "S",
         "10",
         integerOption(1, 86400, "--ready-lag: seconds, from 1 to 86400",
                       [](ServerConfig &c, qint64 s) { c.readyLagMs = s * 1000; })},
        {"request-budget-ms",
         "How long one request (REST, GraphQL, JSON-RPC) may read before its reads are cut and it "
         "is answered 503 (JSON-RPC: -32603, reason time-limit).",
         "MS", "250",
         integerOption(1, 600000, "--request-budget-ms: milliseconds, from 1 to 600000",
                       [](ServerConfig &c, qint64 ms) { c.requestBudgetMs = ms; })},
        {"access-log",
         "Log a line a REST or JSON-RPC request: client, method and target, status, bytes and "
         "time (category gifscan.access).",
         nullptr, nullptr, accessLogOption},
        {"trusted-proxies",
         "Proxies and read servers whose X-Forwarded-For names the client, comma-separated "
         "addresses or subnets (10.0.0.0/8): each client it names has its own rate limit and "
         "webhook slots. Default: none; every request is its connection's peer's.",
         "A1,A2", nullptr, trustedProxiesOption},
        {"loopback-clients-apart",
         "Testing: count each loopback address (127.0.0.2, ...) as a client of its own for rate "
         "limits, connections, subscriptions and webhook slots, to play several clients on one "
         "machine. Without it, all of loopback is one client.",
         nullptr, nullptr, loopbackClientsApartOption},
        {"webhook-hosts",
         "Hosts webhook receivers may be on, comma-separated, besides loopback (the only ones "
         "allowed without this).",
         "H1,H2", nullptr, webhookHostsOption},
        {"webhook-retry-scale",
         "Testing receivers: multiply the webhook retry schedule and the 5-day disable rule by F "
         "(e.g. 0.001).",
         "F", "1",
         numberOption<ServerConfig>(0, 1, "--webhook-retry-scale: a number above 0, at most 1",
                                    [](ServerConfig &c, double f) { c.webhookRetryScale = f; })},
    };
}

const std::vector<OptionRow> &rows()
{
    static const std::vector<OptionRow> table = [] {
        std::vector<OptionRow> all = chainRows();
        for (OptionRow &row : accessRows())
            all.push_back(std::move(row));
        return all;
    }();
    return table;
}

// What a read server (gifscan-indexer serve) takes as the node does.
bool servesToo(const OptionRow &row)
{
    static const QStringList kServer{QStringLiteral("host"),
                                     QStringLiteral("port"),
                                     QStringLiteral("rate-limit"),
                                     QStringLiteral("allowed-hosts"),
                                     QStringLiteral("cors-origins"),
                                     QStringLiteral("ready-lag"),
                                     QStringLiteral("trusted-proxies"),
                                     QStringLiteral("webhook-hosts"),
                                     QStringLiteral("request-budget-ms"),
                                     QStringLiteral("access-log")};
    return kServer.contains(QLatin1String(row.name));
}

} // namespace

std::vector<gifscan::OptionRow<ServerConfig>> serverOptionRows()
{
    std::vector<OptionRow> out;
    for (const OptionRow &row : rows())
        if (servesToo(row))
            out.push_back(row);
    return out;
}

DevnetCommand parseDevnetArguments(const QStringList &arguments)
{
    DevnetCommand command;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A local GIF chain node (chain id 6464, chain-devnet-1)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(commandLineOptions(rows()));
    const QCommandLineOption list(
        QStringLiteral("list-webhooks"),
        QStringLiteral("Print the webhooks of --data-dir's node, one JSON line each, and exit."));
    const QCommandLineOption remove(
        QStringLiteral("remove-webhook"),
        QStringLiteral("Remove webhook ID from --data-dir's node, running or not, and exit."),
        QStringLiteral("ID"));
    const QCommandLineOption prepare(
        QStringLiteral("prepare-genesis"),
        QStringLiteral("Build the genesis of --seed, --objects and --validators into DIR, as the "
                       "file --genesis-dir looks for, and exit."),
        QStringLiteral("DIR"));
    parser.addOptions({list, remove, prepare});
    if (!parser.parse(arguments)) {
        command.error = parser.errorText();
        return command;
    }
    if (!parser.positionalArguments().isEmpty()) {
        command.error = QStringLiteral("unexpected argument: %1")
                            .arg(parser.positionalArguments().constFirst());
        return command;
    }
    if (const AskedFor asked = askedFor(parser); asked != AskedFor::Nothing) {
        command.action = asked == AskedFor::Version ? DevnetCommand::Action::Version
                                                    : DevnetCommand::Action::Help;
        command.helpText = parser.helpText();
        return command;
    }
    command.error = applyOptionRows(parser, rows(), command.config);
    if (!command.ok())
        return command;
    if (command.config.chain.dataDir.isEmpty())
        command.config.chain.dataDir =
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
            QStringLiteral("/devnet");
    // Installed in <prefix>/bin, the genesis is in <prefix>/share; in a
    // build tree, app/ and share/ are siblings the same way.
    if (!parser.isSet(QStringLiteral("genesis-dir")) && QCoreApplication::instance())
        command.config.chain.genesisDir = QDir::cleanPath(
            QCoreApplication::applicationDirPath() + QStringLiteral("/../share/gifscan/genesis"));
    if (parser.isSet(list))
        command.action = DevnetCommand::Action::ListWebhooks;
    if (parser.isSet(prepare)) {
        command.action = DevnetCommand::Action::PrepareGenesis;
        command.genesisTarget = parser.value(prepare);
    }
    if (parser.isSet(remove)) {
        command.action = DevnetCommand::Action::RemoveWebhook;
        command.webhookId = parser.value(remove);
    }
    return command;
}

} // namespace gifscan::server
