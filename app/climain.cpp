// gifscan-cli: the explorer's checks for auditors and scripts, no display needed.
#include "app/clicommands.h"
#include "core/support/quitonsignal.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace {
// The commands, as --help (and the man page made from it) lists them.
QString commandsHelp()
{
    return QStringLiteral(
        "Commands:\n"
        "  nodes                                 which node the others use (with no node\n"
        "                                        named: the explorer's running local devnet)\n"
        "  head [--follow]                       heads as JSON lines (height, hash, verified)\n"
        "  object <slug#id> [--height H]         an object record\n"
        "  block <height>                        a block with its transactions\n"
        "  tx <hash>                             a transaction and its receipt\n"
        "  wallet <address>                      balance, holdings, counters\n"
        "  verify <slug#id> [--height H] [--json]  prove the owner against a header\n"
        "  audit <address> [--height H] [--csv FILE]  prove every object an address holds\n"
        "  certificate <slug#id> [--height H] [--with-content] -o FILE\n"
        "  check-certificate FILE                check a certificate offline\n"
        "  decode FILE.gif --out DIR             composited frames as PNG, and frames.json\n"
        "  send 0xRAW                            broadcast a signed transaction\n"
        "  graphql QUERY [--variables JSON]      ask the node's GraphQL interface; exit 1 on "
        "errors\n"
        "  holdings ADDRESS [--height H] [-o F]  prove everything an address holds; write a "
        "holdings certificate\n"
        "  webhooks [list]                       the node's webhooks, a JSON line each (all of "
        "them when run on the node's machine)\n"
        "  webhooks delete ID [SECRET]           remove one (no secret needed on the node's "
        "machine)\n"
        "Exit status: 0 success, 1 failing verdict or rejected input, 2 usage or connection "
        "error, or the node would not answer in time (an audit left objects unchecked), 3 the "
        "object is proven not to exist.");
}
} // namespace

int main(int argc, char **argv)
{
    // QImage writes the decoded frames without any GUI application object.
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(commandsHelp());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("rest"), QStringLiteral("REST base URL (or GIFSCAN_REST)."),
         QStringLiteral("URL")},
        {QStringLiteral("rpc"), QStringLiteral("JSON-RPC URL (or GIFSCAN_RPC)."),
         QStringLiteral("URL")},
        {QStringLiteral("ws"), QStringLiteral("Websocket URL (or GIFSCAN_WS)."),
         QStringLiteral("URL")},
        {QStringLiteral("height"), QStringLiteral("Answer at this block height."),
         QStringLiteral("H")},
        {QStringLiteral("follow"), QStringLiteral("head: keep following new heads.")},
        {QStringLiteral("json"), QStringLiteral("verify: print JSON.")},
        {QStringLiteral("csv"), QStringLiteral("audit: also write the results as CSV."),
         QStringLiteral("FILE")},
        {QStringLiteral("with-content"), QStringLiteral("certificate: include the GIF bytes.")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("certificate: the file to write."),
         QStringLiteral("FILE")},
        {QStringLiteral("out"), QStringLiteral("decode: the folder for the frames."),
         QStringLiteral("DIR")},
        {QStringLiteral("variables"), QStringLiteral("graphql: the query's variables, as JSON."),
         QStringLiteral("JSON")},
        {QStringLiteral("trust"),
         QStringLiteral(
             "Also trust the validator set in FILE (a JSON list of addresses); repeatable."),
         QStringLiteral("FILE")},
    });
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("What to do (see above)."));
    if (!parser.parse(QCoreApplication::arguments())) {
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        printError(QStringLiteral("no command; see --help"));
        return 2;
    }

    const gifscan::QuitOnSignal quitOnSignal; // a long audit stops cleanly on Ctrl+C

    CliCommands commands(parser);
    const QString command = positional.takeFirst();
    return commands.run(command, positional);
}
