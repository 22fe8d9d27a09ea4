// gifscan-devnet: the local node on its own. Its first line on stdout is the
// JSON of its endpoints; logs go to stderr.
#include "core/quitonsignal.h"
#include "devnet/devnet.h"
#include "devnet/webhookadmin.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QStandardPaths>
#include <cstdio>

namespace {
[[noreturn]] void usage(const QString &message)
{
    std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(message));
    std::exit(2);
}

// --list-webhooks and --remove-webhook: the operator's hand on the node's
// webhooks.db, and then exit (0, or 1 with the reason).
int webhookCommand(const QString &dataDir, const QString &removeId)
{
    const QString path = QDir(dataDir).filePath(QStringLiteral("webhooks.db"));
    QString error;
    QByteArrayList lines;
    const bool ok = removeId.isEmpty()
                        ? gifscan::devnet::WebhookAdmin::list(path, &lines, &error)
                        : gifscan::devnet::WebhookAdmin::remove(path, removeId, &error);
    for (const QByteArray &line : lines)
        std::printf("%s\n", line.constData());
    if (!ok)
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(error));
    return ok ? 0 : 1;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("A local GIF chain node (chain id 6464, chain-devnet-1)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption host(QStringLiteral("host"), QStringLiteral("Address to listen on."),
                                  QStringLiteral("address"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption port(
        QStringLiteral("port"),
        QStringLiteral("REST on P, JSON-RPC on P+1, websocket on P+2; 0 picks free ports."),
        QStringLiteral("P"), QStringLiteral("0"));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Genesis and traffic seed."), QStringLiteral("N"),
                                  QStringLiteral("1"));
    const QCommandLineOption objects(QStringLiteral("objects"),
                                     QStringLiteral("Objects minted at genesis."),
                                     QStringLiteral("N"), QStringLiteral("2000"));
    const QCommandLineOption blockTime(
        QStringLiteral("block-time"),
        QStringLiteral("Seconds between blocks (fractions allowed); default 3 to 7 s at random."),
        QStringLiteral("S"));
    const QCommandLineOption traffic(QStringLiteral("traffic"),
                                     QStringLiteral("Generate traffic: on or off."),
                                     QStringLiteral("on|off"), QStringLiteral("on"));
    const QCommandLineOption rateLimit(
        QStringLiteral("rate-limit"),
        QStringLiteral("Requests per second and burst per client, or off."),
        QStringLiteral("R:B|off"), QStringLiteral("60:200"));
    const QCommandLineOption dataDir(
        QStringLiteral("data-dir"),
        QStringLiteral(
            "Where the chain database (chain.db) is kept, and an old blocks.log is imported from."),
        QStringLiteral("DIR"));
    const QCommandLineOption ephemeral(QStringLiteral("ephemeral"),
                                       QStringLiteral("Keep everything in memory."));
    const QCommandLineOption lie(
        QStringLiteral("lie-owners"),
        QStringLiteral("Testing audits: the indexer reports a wrong owner for every Nth object."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption validators(
        QStringLiteral("validators"),
        QStringLiteral("Size of the devnet's validator set, 1 to 100 (4)."), QStringLiteral("N"),
        QStringLiteral("4"));
    const QCommandLineOption forge(
        QStringLiteral("forge-headers"),
        QStringLiteral("Testing clients: sign headers with keys outside the validator set; no "
                       "client may call them verified."));
    const QCommandLineOption webhookHosts(
        QStringLiteral("webhook-hosts"),
        QStringLiteral("Hosts webhook receivers may be on, comma-separated, besides loopback "
                       "(the only ones allowed without this)."),
        QStringLiteral("H1,H2"));
    const QCommandLineOption webhookRetryScale(
        QStringLiteral("webhook-retry-scale"),
        QStringLiteral("Testing receivers: multiply the webhook retry schedule and the 5-day "
                       "disable rule by F (e.g. 0.001)."),
        QStringLiteral("F"), QStringLiteral("1"));
    const QCommandLineOption listWebhooks(
        QStringLiteral("list-webhooks"),
        QStringLiteral("Print the webhooks of --data-dir's node, one JSON line each, and exit."));
    const QCommandLineOption removeWebhook(
        QStringLiteral("remove-webhook"),
        QStringLiteral("Remove webhook ID from --data-dir's node, running or not, and exit."),
        QStringLiteral("ID"));
    parser.addOptions({host, port, seed, objects, blockTime, traffic, rateLimit, dataDir, ephemeral,
                       lie, validators, forge, webhookHosts, webhookRetryScale, listWebhooks,
                       removeWebhook});
    parser.process(app);

    gifscan::devnet::DevnetConfig config;
    bool ok = true;
    if (!config.host.setAddress(parser.value(host)))
        usage(QStringLiteral("--host: not an IP address: %1").arg(parser.value(host)));
    const uint p = parser.value(port).toUInt(&ok);
    if (!ok || p > 65533)
        usage(QStringLiteral("--port: a number from 0 to 65533"));
    config.port = static_cast<quint16>(p);
    config.chain.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        usage(QStringLiteral("--seed: a non-negative integer"));
    config.chain.objects = parser.value(objects).toInt(&ok);
    if (!ok || config.chain.objects < 0 || config.chain.objects > 1000000)
        usage(QStringLiteral("--objects: a number from 0 to 1000000"));
    if (parser.isSet(blockTime)) {
        config.chain.blockTime = parser.value(blockTime).toDouble(&ok);
        if (!ok || config.chain.blockTime < 0.05 || config.chain.blockTime > 3600)
            usage(QStringLiteral("--block-time: seconds from 0.05 to 3600"));
    }
    if (parser.value(traffic) != QLatin1String("on") &&
        parser.value(traffic) != QLatin1String("off"))
        usage(QStringLiteral("--traffic: on or off"));
    config.chain.traffic = parser.value(traffic) == QLatin1String("on");
    if (parser.value(rateLimit) == QLatin1String("off")) {
        config.rateLimit = false;
    } else {
        const QStringList rb = parser.value(rateLimit).split(u':');
        bool okRate = false, okBurst = false;
        if (rb.size() == 2) {
            config.rate = rb[0].toDouble(&okRate);
            config.burst = rb[1].toDouble(&okBurst);
        }
        if (!okRate || !okBurst || config.rate <= 0 || config.burst < 1)
            usage(QStringLiteral("--rate-limit: R:B (e.g. 60:200) or off"));
    }
    config.lieEvery = parser.value(lie).toInt(&ok);
    if (!ok || config.lieEvery < 0)
        usage(QStringLiteral("--lie-owners: a non-negative integer"));
    config.chain.validators = parser.value(validators).toInt(&ok);
    if (!ok || config.chain.validators < 1 || config.chain.validators > 100)
        usage(QStringLiteral("--validators: an integer from 1 to 100"));
    config.chain.forgeHeaders = parser.isSet(forge);
    for (const QString &h : parser.value(webhookHosts).split(u',', Qt::SkipEmptyParts))
        config.webhookHosts.append(h.trimmed().toLower());
    config.webhookRetryScale = parser.value(webhookRetryScale).toDouble(&ok);
    if (!ok || config.webhookRetryScale <= 0 || config.webhookRetryScale > 1)
        usage(QStringLiteral("--webhook-retry-scale: a number above 0, at most 1"));
    config.chain.ephemeral = parser.isSet(ephemeral);
    config.chain.dataDir = parser.isSet(dataDir)
                               ? parser.value(dataDir)
                               : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                                     QStringLiteral("/devnet");
    if (parser.isSet(listWebhooks) || parser.isSet(removeWebhook))
        return webhookCommand(config.chain.dataDir, parser.value(removeWebhook));

    // The chain database is closed in order on SIGINT/SIGTERM too.
    const gifscan::QuitOnSignal quitOnSignal;
    if (!quitOnSignal.installed())
        usage(QStringLiteral("cannot create the signal pipe"));

    // A long start says how it goes, on stdout before the ready line: one
    // JSON object a line, which the explorer shows while it waits. Written
    // from the node thread while this one waits in start().
    config.chain.progress = [](const QString &task, std::uint64_t done, std::uint64_t total) {
        const gifscan::NodeProgress progress{task == QLatin1String("rebuild")
                                                 ? gifscan::NodeProgress::Task::Rebuild
                                                 : gifscan::NodeProgress::Task::Import,
                                             done, total};
        std::printf("%s\n", gifscan::announcementLine(progress).constData());
        std::fflush(stdout);
    };
    gifscan::devnet::Devnet devnet;
    QString error;
    if (!devnet.start(config, &error)) {
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(error));
        return 1;
    }
    QObject::connect(&devnet, &gifscan::devnet::Devnet::failed, &app, [](const QString &why) {
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(why));
        QCoreApplication::exit(1);
    });
    std::printf("%s\n", gifscan::announcementLine(devnet.endpoints().announcement()).constData());
    std::fflush(stdout);
    const int rc = app.exec();
    devnet.stop();
    return rc;
}
