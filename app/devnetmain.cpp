// gifscan-devnet: the local node on its own. Its first line on stdout is the
// JSON of its endpoints; logs go to stderr.
#include "chain/engine/prebuiltgenesis.h"
#include "core/base/outcome.h"
#include "core/settings/localdevnetfolder.h"
#include "core/support/quitonsignal.h"
#include "server/node/devnetoptions.h"
#include "server/node/nodeserver.h"
#include "server/webhooks/webhookadmin.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSaveFile>
#include <cstdio>

namespace {

// main's own lines (a stop); the node's parts log as gifscan.devnet.*.
Q_LOGGING_CATEGORY(lcDevnetMain, "gifscan.devnet")

[[noreturn]] void usage(const QString &message)
{
    std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(message));
    std::exit(2);
}

// --list-webhooks and --remove-webhook: the operator's hand on the node's
// webhooks.db, and then exit (0, or 1 with the reason).
int webhookCommand(const QString &dataDir, const QString &removeId)
{
    using gifscan::server::WebhookAdmin;
    const QString path = QDir(dataDir).filePath(QStringLiteral("webhooks.db"));
    // A list that cannot be read whole prints nothing: half a list would
    // read as all of it.
    gifscan::Outcome<> done = gifscan::success();
    if (!removeId.isEmpty()) {
        done = WebhookAdmin::remove(path, removeId);
    } else if (const auto lines = WebhookAdmin::list(path); !lines) {
        done = lines.error();
    } else {
        for (const QByteArray &line : lines.value())
            std::printf("%s\n", line.constData());
    }
    if (!done)
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(done.error().message));
    return done ? 0 : 1;
}
// --prepare-genesis: what a build runs once, so that a first start copies
// its block 0 rather than building it (chain/engine/prebuiltgenesis.h).
int prepareGenesis(const gifscan::chain::ChainOptions &options, const QString &dir)
{
    if (const auto prepared = gifscan::chain::PrebuiltGenesis::prepare(options, dir); !prepared) {
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(prepared.error().message));
        return 1;
    }
    std::printf("%s\n",
                qPrintable(QDir(dir).filePath(gifscan::chain::PrebuiltGenesis::fileName(options))));
    return 0;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));

    using gifscan::server::DevnetCommand;
    DevnetCommand command = gifscan::server::parseDevnetArguments(QCoreApplication::arguments());
    if (!command.ok())
        usage(command.error);
    switch (command.action) {
    case DevnetCommand::Action::Help:
        std::printf("%s", qPrintable(command.helpText));
        return 0;
    case DevnetCommand::Action::Version:
        std::printf("gifscan-devnet %s\n", GIFSCAN_VERSION);
        return 0;
    case DevnetCommand::Action::ListWebhooks:
    case DevnetCommand::Action::RemoveWebhook:
        return webhookCommand(command.config.chain.dataDir, command.webhookId);
    case DevnetCommand::Action::PrepareGenesis:
        return prepareGenesis(command.config.chain, command.genesisTarget);
    case DevnetCommand::Action::Run:
        break;
    }
    gifscan::server::ServerConfig &config = command.config;

    // The chain database is closed in order on SIGINT/SIGTERM too.
    gifscan::QuitOnSignal quitOnSignal;
    if (!quitOnSignal.installed())
        usage(QStringLiteral("cannot create the signal pipe"));

    // A long start says how it goes, on stdout before the ready line: one
    // JSON object a line, which the explorer shows while it waits. Written
    // from the node thread while this one waits in start().
    config.chain.progress = [](const QString &task, std::uint64_t done, std::uint64_t total) {
        const gifscan::NodeProgress progress{
            gifscan::progressTask(task).value_or(gifscan::NodeProgress::Task::Import), done, total};
        std::printf("%s\n", gifscan::announcementLine(progress).constData());
        std::fflush(stdout);
    };
    gifscan::server::NodeServer devnet;
    if (const auto started = devnet.start(config); !started) {
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(started.error().message));
        return 1;
    }
    QObject::connect(&devnet, &gifscan::server::NodeServer::failed, &app, [](const QString &why) {
        std::fprintf(stderr, "gifscan-devnet: %s\n", qPrintable(why));
        QCoreApplication::exit(1);
    });
    const QByteArray ready = gifscan::announcementLine(devnet.endpoints().announcement());
    // A kept chain says where it listens in its folder too: gifscan-cli,
    // given no node, finds the explorer's local devnet there. Written before
    // the ready line, so whoever read that line finds the file.
    const QString nodeFile = config.chain.dataDir.isEmpty() || config.chain.ephemeral
                                 ? QString()
                                 : nodeFileIn(config.chain.dataDir);
    if (!nodeFile.isEmpty()) {
        QSaveFile file(nodeFile);
        if (file.open(QIODevice::WriteOnly)) {
            file.write(ready + '\n');
            file.commit();
        }
    }
    std::printf("%s\n", ready.constData());
    std::fflush(stdout);
    // SIGTERM: no new connection, what is owed answered (ServerConfig::drainMs), then exit 0.
    quitOnSignal.onFirstSignal([&devnet, drainMs = config.drainMs] {
        devnet.drain(drainMs); // no connection is taken from here on
        qCInfo(lcDevnetMain).noquote()
            << QStringLiteral("stopping: answering what is on its way (%1 s at most)")
                   .arg(drainMs / 1000);
    });
    QObject::connect(&devnet, &gifscan::server::NodeServer::drained, &app, &QCoreApplication::quit);
    const int rc = app.exec();
    devnet.stop();
    if (!nodeFile.isEmpty())
        QFile::remove(nodeFile);
    return rc;
}
