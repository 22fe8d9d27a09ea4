#pragma once

#include <QByteArray>
#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

class CliCommands;

// What a word after a command or an option completes to in bash.
enum class CliCompletes { Nothing, Files, Folders, Subcommands };

// One command of gifscan-cli, written once: --help lists it, the man page
// (gifscan-cli --man) gives it an entry of its own, the bash completion
// (gifscan-cli --bash-completion) completes it, and CliCommands::run calls
// its handler. Before, the list was written three times and the man page,
// made by help2man from --help, ran five commands into one paragraph.
struct CliCommandEntry
{
    const char *name;
    const char *arguments; // as the synopsis shows them, "<slug#id> [--height H]"
    const char *summary;   // a sentence, no trailing period
    CliCompletes completes;
    const char *subcommands; // space-separated, for CliCompletes::Subcommands
    int (CliCommands::*run)(const QStringList &args);
};

// One option: its names (the long one last), the value it takes (empty: a
// flag), what it does, and what its value completes to.
struct CliOptionEntry
{
    QStringList names;
    const char *valueName;
    const char *description;
    CliCompletes completes;
};

const std::vector<CliCommandEntry> &cliCommands();
const CliCommandEntry *findCliCommand(const QString &name);
const std::vector<CliOptionEntry> &cliOptions();
QList<QCommandLineOption> cliParserOptions();

// --help's description: the commands, one a line, and the exit statuses.
QString cliCommandsHelp();
// The exit statuses and what each means, as --help and the man page say them.
QList<QPair<int, QString>> cliExitStatuses();
// The man page, in roff (man(7)): name, synopsis, one entry a command and
// an option, exit status, environment.
QByteArray cliManPage(const QString &version);
// A bash completion script for the commands and options above.
QByteArray cliBashCompletion();
