#include "app/clitable.h"

using Completes = CliCompletes;

const CliCommandEntry *findCliCommand(const QString &name)
{
    for (const CliCommandEntry &c : cliCommands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

const std::vector<CliOptionEntry> &cliOptions()
{
    static const std::vector<CliOptionEntry> table{
        {{QStringLiteral("rest")}, "URL", "REST base URL (or GIFSCAN_REST).", Completes::Nothing},
        {{QStringLiteral("rpc")}, "URL", "JSON-RPC URL (or GIFSCAN_RPC).", Completes::Nothing},
        {{QStringLiteral("ws")}, "URL", "Websocket URL (or GIFSCAN_WS).", Completes::Nothing},
        {{QStringLiteral("height")}, "H", "Answer at this block height.", Completes::Nothing},
        {{QStringLiteral("follow")}, "", "head: keep following new heads.", Completes::Nothing},
        {{QStringLiteral("json")},
         "",
         "verify, check-certificate: print JSON.",
         Completes::Nothing},
        {{QStringLiteral("csv")},
         "FILE",
         "audit: also write the results as CSV.",
         Completes::Files},
        {{QStringLiteral("with-content")},
         "",
         "certificate: include the GIF bytes.",
         Completes::Nothing},
        {{QStringLiteral("o"), QStringLiteral("output")},
         "FILE",
         "certificate, holdings: the certificate file to write.",
         Completes::Files},
        {{QStringLiteral("out")}, "DIR", "decode: the folder for the frames.", Completes::Folders},
        {{QStringLiteral("variables")},
         "JSON",
         "graphql: the query's variables, as JSON.",
         Completes::Nothing},
        {{QStringLiteral("trust")},
         "FILE",
         "Also trust the validator set in FILE (a JSON list of addresses); repeatable.",
         Completes::Files},
    };
    return table;
}

QList<QCommandLineOption> cliParserOptions()
{
    QList<QCommandLineOption> out;
    for (const CliOptionEntry &o : cliOptions())
        out.append(QCommandLineOption(o.names, QString::fromUtf8(o.description),
                                      QString::fromUtf8(o.valueName)));
    return out;
}

namespace {

constexpr int kHelpColumn = 40;
constexpr int kHelpWidth = 79;

// `text` in lines of at most kHelpWidth, the first after `head` (padded to
// the column, or on a line of its own when longer), the others indented.
QString helpEntry(const QString &head, const QString &text, int at = kHelpColumn)
{
    QString out = head.size() + 2 <= at ? head.leftJustified(at)
                                        : head + QLatin1Char('\n') + QString(at, QLatin1Char(' '));
    int column = at;
    bool first = true;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!first && column + 1 + word.size() > kHelpWidth) {
            out += QLatin1Char('\n') + QString(at, QLatin1Char(' '));
            column = at;
            first = true;
        }
        if (!first) {
            out += QLatin1Char(' ');
            ++column;
        }
        out += word;
        column += static_cast<int>(word.size());
        first = false;
    }
    return out + QLatin1Char('\n');
}

// The exit statuses, one table for --help, the man page and the README
// (a test holds the README to it); CliCommands::Exit gives them names.
const std::pair<int, const char *> kExitStatuses[] = {
    {0, "success, or a verdict that held"},
    {1, "a verdict that did not hold: a proof, header, certificate or GIF"},
    {2, "a usage error: an argument, option or URL that is none"},
    {3, "the object is proven not to exist at that height (verify)"},
    {4, "not found: the node has no such block, transaction, object or webhook"},
    {5, "the node refused what was sent: a transaction, a GraphQL query"},
    {6, "no answer: the node could not be reached, did not answer in time, or answered with no "
        "answer (an audit that left objects unchecked)"},
};

// What a reader new to the program tries first.
const char *kExamples[][2] = {
    {"gifscan-cli verify pixel-cats#1", "who owns pixel-cats#1 now, proven"},
    {"gifscan-cli verify pixel-cats#1 --height 50", "the same at height 50"},
    {"gifscan-cli audit 0xADDRESS --csv audit.csv", "an address's complete holdings, proven"},
    {"gifscan-cli holdings 0xADDRESS -o held.json", "a certificate of exactly what it holds"},
    {"gifscan-cli check-certificate held.json", "check a certificate, offline"},
    {"gifscan-cli validators -o set.json --rest URL --rpc URL",
     "a node's validator set, to trust with --trust set.json"},
};

// roff's special characters made plain: the backslash, the hyphen (a minus
// in options) and a leading period or apostrophe (a request).
QString roff(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\e"));
    out.replace(QLatin1Char('-'), QStringLiteral("\\-"));
    if (out.startsWith(QLatin1Char('.')) || out.startsWith(QLatin1Char('\'')))
        out.prepend(QStringLiteral("\\&"));
    return out;
}

// An option's name as it is typed: -o, --output.
QString dashed(const QString &name)
{
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

QString optionNames(const CliOptionEntry &o, bool forRoff)
{
    QStringList names;
    for (const QString &n : o.names)
        names << dashed(n);
    QString out = forRoff ? QStringLiteral("\\fB%1\\fR").arg(roff(names.join(QStringLiteral(", "))))
                          : names.join(QStringLiteral(", "));
    if (*o.valueName)
        out += forRoff ? QStringLiteral(" \\fI%1\\fR").arg(roff(QString::fromUtf8(o.valueName)))
                       : QStringLiteral(" ") + QString::fromUtf8(o.valueName);
    return out;
}

QStringList words(CliCompletes kind)
{
    QStringList out;
    for (const CliOptionEntry &o : cliOptions())
        if (*o.valueName && o.completes == kind)
            for (const QString &n : o.names)
                out << dashed(n);
    return out;
}

} // namespace

QString cliCommandsHelp()
{
    QString out = QStringLiteral("Commands:\n");
    for (const CliCommandEntry &c : cliCommands()) {
        const QString head =
            QStringLiteral("  %1 %2").arg(QLatin1String(c.name), QString::fromUtf8(c.arguments));
        out +=
            helpEntry(head.trimmed().prepend(QStringLiteral("  ")), QString::fromUtf8(c.summary));
    }
    out += QStringLiteral("Exit status:\n");
    for (const auto &[code, meaning] : kExitStatuses)
        out += helpEntry(QStringLiteral("  %1").arg(code), QString::fromUtf8(meaning), 5);
    return out.trimmed();
}

QList<QPair<int, QString>> cliExitStatuses()
{
    QList<QPair<int, QString>> out;
    for (const auto &[code, meaning] : kExitStatuses)
        out.append({code, QString::fromUtf8(meaning)});
    return out;
}

QByteArray cliManPage(const QString &version)
{
    QString out = QStringLiteral(".TH GIFSCAN\\-CLI 1 \"\" \"gifscan\\-cli %1\" \"User Commands\"\n"
                                 ".SH NAME\n"
                                 "gifscan\\-cli \\- query, verify and audit the GIF chain from "
                                 "the command line\n"
                                 ".SH SYNOPSIS\n"
                                 ".B gifscan\\-cli\n"
                                 "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n"
                                 ".SH DESCRIPTION\n"
                                 "Reads a GIF chain node, proves owners and holdings against "
                                 "headers signed by the validators trusted, and checks "
                                 "certificates offline. With no node named, the explorer's "
                                 "running local devnet is used.\n"
                                 ".SH COMMANDS\n")
                      .arg(roff(version).remove(QLatin1Char('"'))); // inside .TH's quotes
    for (const CliCommandEntry &c : cliCommands()) {
        out += QStringLiteral(".TP\n\\fB%1\\fR").arg(roff(QLatin1String(c.name)));
        if (*c.arguments)
            out += QStringLiteral(" %1").arg(roff(QString::fromUtf8(c.arguments)));
        out += QStringLiteral("\n%1.\n").arg(roff(QString::fromUtf8(c.summary)));
    }
    out += QStringLiteral(".SH OPTIONS\n");
    for (const CliOptionEntry &o : cliOptions())
        out += QStringLiteral(".TP\n%1\n%2\n")
                   .arg(optionNames(o, true), roff(QString::fromUtf8(o.description)));
    out += QStringLiteral(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nThe commands and options.\n"
                          ".TP\n\\fB\\-\\-help\\-all\\fR\nThe same, and Qt's own options.\n"
                          ".TP\n\\fB\\-v\\fR, \\fB\\-\\-version\\fR\nThe version.\n");
    out += QStringLiteral(".SH \"EXIT STATUS\"\n");
    for (const auto &[code, meaning] : kExitStatuses)
        out += QStringLiteral(".TP\n.B %1\n%2.\n").arg(code).arg(roff(QString::fromUtf8(meaning)));
    out += QStringLiteral(".SH ENVIRONMENT\n"
                          ".TP\n.B GIFSCAN_REST\nThe REST base URL, when \\-\\-rest is not given.\n"
                          ".TP\n.B GIFSCAN_RPC\nThe JSON\\-RPC URL, when \\-\\-rpc is not given.\n"
                          ".TP\n.B GIFSCAN_WS\nThe websocket URL, when \\-\\-ws is not given.\n");
    out += QStringLiteral(".SH EXAMPLES\n");
    for (const auto &[command, what] : kExamples)
        out += QStringLiteral(".TP\n.B %1\n%2.\n")
                   .arg(roff(QString::fromUtf8(command)), roff(QString::fromUtf8(what)));
    out += QStringLiteral(".SH \"SEE ALSO\"\n"
                          ".BR gifscan (1),\n.BR gifscan\\-devnet (1),\n"
                          ".BR gifscan\\-indexer (1)\n");
    return out.toUtf8();
}

QByteArray cliBashCompletion()
{
    QStringList commands, fileCommands,
        options{QStringLiteral("-h"), QStringLiteral("--help"), QStringLiteral("--help-all"),
                QStringLiteral("-v"), QStringLiteral("--version")};
    QString subcommands;
    for (const CliCommandEntry &c : cliCommands()) {
        commands << QLatin1String(c.name);
        if (c.completes == Completes::Files)
            fileCommands << QLatin1String(c.name);
        if (c.completes == Completes::Subcommands)
            subcommands += QStringLiteral("    elif [[ $command == %1 && ${words[cword - 1]} == %1 "
                                          "]]; then\n        COMPREPLY=($(compgen -W \"%2\" -- "
                                          "\"$cur\"))\n")
                               .arg(QLatin1String(c.name), QLatin1String(c.subcommands));
    }
    for (const CliOptionEntry &o : cliOptions())
        for (const QString &n : o.names)
            options << dashed(n);
    const QStringList valued =
        words(Completes::Files) + words(Completes::Folders) + words(Completes::Nothing);
    QString script = QStringLiteral(
        "# bash completion for gifscan-cli, made by `gifscan-cli --bash-completion` from its\n"
        "# command table: its commands, then its options, and files where an option or a\n"
        "# command takes one.\n"
        "_gifscan_cli()\n{\n"
        "    local cur prev words cword\n"
        "    # URLs hold ':' (not a word break here); --opt=value is split.\n"
        "    _init_completion -s -n : || return\n\n"
        "    local commands=\"%1\"\n"
        "    local options=\"%2\"\n\n"
        "    case $prev in\n"
        "%3"
        "    esac\n\n"
        "    # The first word that is not an option or an option's value is the command.\n"
        "    local i command=\"\"\n"
        "    for ((i = 1; i < cword; i++)); do\n"
        "        if [[ ${words[i]} != -* && ${words[i - 1]} != @(%4) ]]; then\n"
        "            command=${words[i]}\n            break\n        fi\n    done\n\n"
        "    if [[ $cur == -* ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        "    elif [[ -z $command ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\"))\n"
        "%5"
        "%6"
        "    fi\n}\ncomplete -F _gifscan_cli gifscan-cli\n");
    // A branch only for a list that has words: an empty pattern is no bash.
    QString cases;
    const auto branch = [&cases](const QStringList &names, const char *action) {
        if (!names.isEmpty())
            cases += QStringLiteral("        %1)\n            %2\n            ;;\n")
                         .arg(names.join(QStringLiteral(" | ")), QLatin1String(action));
    };
    branch(words(Completes::Files), "_filedir\n            return");
    branch(words(Completes::Folders), "_filedir -d\n            return");
    branch(words(Completes::Nothing), "return");
    const QString files =
        fileCommands.isEmpty()
            ? QString()
            : QStringLiteral("    elif [[ $command == @(%1) ]]; then\n        _filedir\n")
                  .arg(fileCommands.join(QLatin1Char('|')));
    script = script.arg(commands.join(QLatin1Char(' ')), options.join(QLatin1Char(' ')), cases,
                        valued.isEmpty() ? QStringLiteral("-") : valued.join(QLatin1Char('|')),
                        files, subcommands);
    return script.toUtf8();
}
