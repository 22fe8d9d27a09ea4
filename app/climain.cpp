// gifscan-cli: the explorer's checks for auditors and scripts, no display needed.
#include "app/clicommands.h"
#include "app/clitable.h"
#include "core/support/quitonsignal.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    // No GUI application object, nor QtGui: the CLI runs where no display is.
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gifscan-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GIFSCAN_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(cliCommandsHelp());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(cliParserOptions());
    // What packaging makes from the command table (cmake/Packaging.cmake):
    // not for a person, so not in --help.
    QCommandLineOption man(QStringLiteral("man"), QStringLiteral("Print the man page (roff)."));
    QCommandLineOption completion(QStringLiteral("bash-completion"),
                                  QStringLiteral("Print the bash completion script."));
    man.setFlags(QCommandLineOption::HiddenFromHelp);
    completion.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({man, completion});
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("What to do (see above)."));
    if (!parser.parse(QCoreApplication::arguments())) {
        // `block -5` is a negative number, not the option "5" Qt would name.
        for (const QString &name : parser.unknownOptionNames()) {
            bool number = false;
            name.toULongLong(&number);
            if (number) {
                printError(
                    QStringLiteral("\"-%1\" is not a height or id: they are 0 or more").arg(name));
                return 2;
            }
        }
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (parser.isSet(man) || parser.isSet(completion)) {
        const QByteArray text = parser.isSet(man)
                                    ? cliManPage(QCoreApplication::applicationVersion())
                                    : cliBashCompletion();
        std::fwrite(text.constData(), 1, static_cast<std::size_t>(text.size()), stdout);
        return 0;
    }
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
