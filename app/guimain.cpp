// gifscan: the explorer. With no settings it starts the local devnet (its
// data kept in the user's data folder) and follows it; a profile from
// Settings or --rest/--rpc/--ws follows another node instead, and the last
// profile is remembered. Argument parsing only: AppController does the rest.
#include "app/appcontroller.h"
#include "app/instancechannel.h"
#include "core/settings/localdevnetfolder.h"
#include "models/giflink.h"
#include "translations/translations.h"
#include "views/filedialogs.h"
#include "views/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <cstdio>

namespace {
// The context of this file's words in the translations.
struct Gui
{
    Q_DECLARE_TR_FUNCTIONS(Gui)
};
} // namespace

namespace {

void describeCommandLine(QCommandLineParser &parser)
{
    parser.setApplicationDescription(Gui::tr("A block explorer for the GIF chain."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("rest"), Gui::tr("REST base URL of a node."), QStringLiteral("URL")},
        {QStringLiteral("rpc"), Gui::tr("JSON-RPC URL of the node."), QStringLiteral("URL")},
        {QStringLiteral("ws"), Gui::tr("Websocket URL of the node."), QStringLiteral("URL")},
        {QStringLiteral("devnet"),
         Gui::tr("Follow the local devnet, which gifscan runs as a program of its own.")},
        {QStringLiteral("devnet-block-time"), Gui::tr("Seconds between the local devnet's blocks."),
         QStringLiteral("S")},
    });
    parser.addPositionalArgument(
        QStringLiteral("link"),
        Gui::tr("A gif:// link to open (gif://6464/<slug>#<id>[@height], an address, a hash)."),
        QStringLiteral("[link]"));
}

// The node to follow, as the command line names it: into `options`, or why not.
QString readNodeOptions(const QCommandLineParser &parser, AppController::Options *options)
{
    const QString rest = QStringLiteral("rest"), rpc = QStringLiteral("rpc"),
                  ws = QStringLiteral("ws");
    if (parser.isSet(rest) || parser.isSet(rpc) || parser.isSet(ws)) {
        if (!(parser.isSet(rest) && parser.isSet(rpc) && parser.isSet(ws)))
            return Gui::tr("A node is named by all three of --rest, --rpc and --ws.");
        options->commandLine = gifscan::NetworkProfile{
            Gui::tr("command line"), QUrl(parser.value(rest)), QUrl(parser.value(rpc)),
            QUrl(parser.value(ws)),  gifscan::kChainId,        std::nullopt};
        if (const QString why = ProfileStore::problem(*options->commandLine); !why.isEmpty())
            return why;
    }
    options->devnet = parser.isSet(QStringLiteral("devnet"));
    if (!moveOldLocalDevnetFolder())
        std::fprintf(stderr,
                     "gifscan: the local devnet of before stays in its old folder; a "
                     "new one starts in %s\n",
                     localDevnetFolder().toLocal8Bit().constData());
    options->devnetOptions.dataDir = localDevnetFolder();
    if (parser.isSet(QStringLiteral("devnet-block-time")))
        options->devnetOptions.blockTime =
            parser.value(QStringLiteral("devnet-block-time")).toDouble();
    return {};
}

int fail(const QString &why)
{
    QMessageBox::critical(nullptr, Gui::tr("gifscan"), why);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationName(QStringLiteral("gifscan"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));
    QApplication::setWindowIcon(Theme::appIcon());
    QSettings settings;
    FileDialogs::useSettings(&settings); // each dialog opens where the last was left
    // The chosen language already speaks --help and the errors below.
    Translations translations;
    translations.apply(AppSettings(&settings).language());

    QCommandLineParser parser;
    describeCommandLine(parser);
    parser.process(app);

    AppController::Options options;
    if (!parser.positionalArguments().isEmpty()) {
        const gifscan::Outcome<QString> link =
            GifLink::target(parser.positionalArguments().first());
        if (link) {
            options.link = link.value();
        } else {
            const QString why = link.error().message;
            // Said where it was typed, and by the window already open (in
            // its own theme, not a box of another waiting over it); a box
            // only when no gifscan runs to say it.
            std::fprintf(stderr, "gifscan: %s\n", why.toLocal8Bit().constData());
            // One line: the channel reads a message a line, and a link's
            // own line breaks must not make a second one.
            QString line = why;
            line.replace(QLatin1Char('\n'), QLatin1Char(' '))
                .replace(QLatin1Char('\r'), QLatin1Char(' '));
            if (InstanceChannel(InstanceChannel::defaultName())
                    .sendToRunning(QStringLiteral("error ") + line.left(500)))
                return 2;
            return fail(why);
        }
    }
    // A link opens in the gifscan already running, if there is one.
    InstanceChannel channel(InstanceChannel::defaultName());
    if (channel.sendToRunning(options.link.isEmpty() ? QStringLiteral("raise")
                                                     : QStringLiteral("open ") + options.link))
        return 0;
    channel.listen();
    if (const QString why = readNodeOptions(parser, &options); !why.isEmpty())
        return fail(why);

    AppController controller(&settings, &translations, options);
    QObject::connect(&channel, &InstanceChannel::received, &controller,
                     &AppController::handleInstanceMessage);
    QObject::connect(&controller, &AppController::failedToStart, &app, [&](const QString &why) {
        QMessageBox::critical(nullptr, Gui::tr("gifscan"),
                              Gui::tr("The local devnet could not start: %1").arg(why));
        QCoreApplication::exit(1);
    });
    controller.start();
    return QApplication::exec();
}
