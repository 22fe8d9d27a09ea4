// gifscan-cli's --help, man page and bash completion, all made from one
// command table (app/clitable.cpp): each command on a line or an entry of
// its own, the man page rendered by groff without a warning, the completion
// valid bash that knows every command and option, and every command in the
// table answered by a handler, not "unknown command".
#include "tests/support/testpaths.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

struct Ran
{
    int exit = -1;
    QString out;
    QString err;
};

// A program run to its end with `input` on its standard input, from an
// empty home: no local devnet is found, no saved profile read.
Ran run(const QString &program, const QStringList &args, const QByteArray &input = {})
{
    static QTemporaryDir home;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"GIFSCAN_REST", "GIFSCAN_RPC", "GIFSCAN_WS"})
        env.remove(QLatin1String(name));
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path() + QStringLiteral("/config"));
    p.setProcessEnvironment(env);
    p.start(program, args);
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000))
        return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

Ran cli(const QStringList &args)
{
    return run(gifscan::test::cliBinary(), args);
}

// The command names, from the Commands section of --help: a line that
// starts with two spaces and a lowercase word.
QStringList helpCommands(const QString &help)
{
    QStringList names;
    bool inCommands = false;
    for (const QString &line : help.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("Commands:")))
            inCommands = true;
        else if (line.startsWith(QLatin1String("Exit status")))
            break;
        else if (inCommands &&
                 QRegularExpression(QStringLiteral("^  [a-z]")).match(line).hasMatch())
            names << line.trimmed().section(QLatin1Char(' '), 0, 0);
    }
    return names;
}

// The table's commands, as --help lists them: the man page and the
// completion must name the same, in the same order.
QStringList tableCommands()
{
    static const QStringList names = helpCommands(cli({QStringLiteral("--help")}).out);
    return names;
}

} // namespace

TEST(CliHelp, HelpListsEachCommandOnItsOwnLineWithinEightyColumns)
{
    const Ran help = cli({QStringLiteral("--help")});
    ASSERT_EQ(help.exit, 0) << help.err.toStdString();
    const QStringList names = helpCommands(help.out);
    EXPECT_GE(names.size(), 15) << help.out.toStdString();
    for (const char *known : {"nodes", "verify", "check-certificate", "holdings", "webhooks"})
        EXPECT_TRUE(names.contains(QLatin1String(known))) << known;
    const QString commands = help.out.section(QStringLiteral("Commands:"), 1)
                                 .section(QStringLiteral("Exit status"), 0, 0);
    for (const QString &line : commands.split(QLatin1Char('\n')))
        EXPECT_LE(line.size(), 79) << line.toStdString();
    // -o writes a certificate for two commands, and says so.
    EXPECT_TRUE(help.out.contains(QStringLiteral("certificate, holdings: the certificate file")))
        << help.out.toStdString();
}

TEST(CliHelp, ManPageRendersWithoutWarningsAndEachCommandIsAnEntry)
{
    const Ran man = cli({QStringLiteral("--man")});
    ASSERT_EQ(man.exit, 0) << man.err.toStdString();
    ASSERT_TRUE(man.out.startsWith(QStringLiteral(".TH GIFSCAN\\-CLI 1")));
    // groff as man(1) runs it, every warning on: none may be said.
    const Ran groff = run(QStringLiteral("groff"),
                          {QStringLiteral("-man"), QStringLiteral("-Tutf8"), QStringLiteral("-ww"),
                           QStringLiteral("-rLL=80n")},
                          man.out.toUtf8());
    ASSERT_EQ(groff.exit, 0) << "groff (groff-base, scripts/setup.sh): " << groff.err.toStdString();
    EXPECT_TRUE(groff.err.isEmpty()) << groff.err.toStdString();
    // Rendered, each command starts a line of its own at the entries'
    // indent, once; the text between two commands names no third.
    const QString text = QString(groff.out).remove(QRegularExpression(QStringLiteral(".\b")));
    const QString section =
        text.section(QStringLiteral("COMMANDS"), 1).section(QStringLiteral("OPTIONS"), 0, 0);
    QStringList starts;
    for (const QString &line : section.split(QLatin1Char('\n')))
        if (QRegularExpression(QStringLiteral("^       [a-z]")).match(line).hasMatch())
            starts << line.trimmed().section(QLatin1Char(' '), 0, 0);
    EXPECT_EQ(starts, tableCommands()) << section.toStdString();
    for (const QString &option :
         {QStringLiteral("--rest"), QStringLiteral("--height"), QStringLiteral("--trust")})
        EXPECT_TRUE(text.section(QStringLiteral("OPTIONS"), 1).contains(option))
            << option.toStdString();
}

TEST(CliHelp, CompletionIsBashThatKnowsEveryCommandAndOption)
{
    const Ran script = cli({QStringLiteral("--bash-completion")});
    ASSERT_EQ(script.exit, 0) << script.err.toStdString();
    const Ran syntax = run(QStringLiteral("bash"), {QStringLiteral("-n")}, script.out.toUtf8());
    EXPECT_EQ(syntax.exit, 0) << syntax.err.toStdString();
    const QString commands =
        script.out.section(QStringLiteral("local commands=\""), 1).section(QLatin1Char('"'), 0, 0);
    EXPECT_EQ(commands.split(QLatin1Char(' ')), tableCommands());
    const Ran help = cli({QStringLiteral("--help")});
    const QString options =
        script.out.section(QStringLiteral("local options=\""), 1).section(QLatin1Char('"'), 0, 0);
    const QStringList completed = options.split(QLatin1Char(' '));
    const QRegularExpression named(QStringLiteral("(?:^  |, )(--?[a-z][a-z-]*)"),
                                   QRegularExpression::MultilineOption);
    int seen = 0;
    for (auto m = named.globalMatch(help.out.section(QStringLiteral("Options:"), 1));
         m.hasNext();) {
        const QString option = m.next().captured(1);
        EXPECT_TRUE(completed.contains(option)) << option.toStdString();
        ++seen;
    }
    EXPECT_GT(seen, 12);
    // The hidden options packaging uses are not offered.
    EXPECT_FALSE(completed.contains(QStringLiteral("--man")));
}

TEST(CliHelp, EveryCommandOfTheTableHasAHandler)
{
    for (const QString &command : tableCommands()) {
        const Ran r = cli({command, QStringLiteral("one"), QStringLiteral("two"),
                           QStringLiteral("three"), QStringLiteral("four")});
        EXPECT_NE(r.exit, 0) << command.toStdString();
        EXPECT_FALSE(r.err.contains(QStringLiteral("unknown command"))) << command.toStdString();
    }
    const Ran unknown = cli({QStringLiteral("frobnicate")});
    EXPECT_EQ(unknown.exit, 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("unknown command \"frobnicate\"")));
}

TEST(CliMessages, WhatIsWrongWithAnArgumentIsSaidOnOneLine)
{
    const struct
    {
        QStringList args;
        const char *says;
    } cases[] = {
        {{QStringLiteral("object"), QStringLiteral("garbage")}, "\"garbage\" is not an object id"},
        {{QStringLiteral("verify"), QStringLiteral("pixel-cats#abc")},
         "\"abc\" is not a token number"},
        {{QStringLiteral("object"), QStringLiteral("pixel-cats#1@5")},
         "the height goes in --height H"},
        {{QStringLiteral("object"), QStringLiteral("Pixel Cats#1")}, "is not a collection"},
        {{QStringLiteral("object"), QStringLiteral("pixel-cats#1"), QStringLiteral("--height"),
          QStringLiteral("-5")},
         "--height takes a block height (0 or more), not \"-5\""},
        {{QStringLiteral("wallet"), QStringLiteral("0x12")}, "\"0x12\" is not an address"},
        {{QStringLiteral("block"), QStringLiteral("tip")}, "\"tip\" is not a block height"},
        {{QStringLiteral("certificate"), QStringLiteral("pixel-cats#1")}, "-o FILE"},
        // As "#01" is refused, and as a hash that is none: usage (2) alike.
        {{QStringLiteral("block"), QStringLiteral("01")}, "\"01\" is not a block height"},
        {{QStringLiteral("tx"), QStringLiteral("0x1234")}, "\"0x1234\" is not a transaction hash"},
        {{QStringLiteral("send"), QStringLiteral("hello")}, "\"hello\" is not a transaction"},
    };
    for (const auto &c : cases) {
        const Ran r = cli(c.args);
        const std::string what = c.args.join(QLatin1Char(' ')).toStdString();
        EXPECT_EQ(r.exit, 2) << what;
        EXPECT_TRUE(r.err.contains(QLatin1String(c.says))) << what << ": " << r.err.toStdString();
        EXPECT_TRUE(r.err.contains(QStringLiteral("usage: gifscan-cli ") + c.args[0]))
            << r.err.toStdString();
        EXPECT_EQ(r.err.trimmed().count(QLatin1Char('\n')), 0)
            << "one line: " << r.err.toStdString();
    }
}

TEST(CliMessages, AMissingUrlIsNamed)
{
    const Ran r = cli({QStringLiteral("--rest"), QStringLiteral("http://127.0.0.1:1"),
                       QStringLiteral("object"), QStringLiteral("pixel-cats#1")});
    EXPECT_EQ(r.exit, 2);
    EXPECT_TRUE(r.err.contains(QStringLiteral("the node needs --rpc URL (or GIFSCAN_RPC)")))
        << r.err.toStdString();
    EXPECT_FALSE(r.err.contains(QStringLiteral("local devnet"))) << r.err.toStdString();
    const Ran none = cli({QStringLiteral("object"), QStringLiteral("pixel-cats#1")});
    EXPECT_EQ(none.exit, 2);
    // With no node named at all: both, and why the local devnet is not used.
    EXPECT_TRUE(none.err.contains(QStringLiteral("no local devnet has run in")))
        << none.err.toStdString();
}

TEST(CliMessages, ANegativeNumberAndAUrlThatIsNoneAreSaidAsSuch)
{
    // Qt's parser takes "-5" for an option named 5.
    const Ran negative = cli({QStringLiteral("block"), QStringLiteral("-5")});
    EXPECT_EQ(negative.exit, 2);
    EXPECT_TRUE(negative.err.contains(QStringLiteral("\"-5\" is not a height or id")))
        << negative.err.toStdString();
    EXPECT_FALSE(negative.err.contains(QStringLiteral("Unknown option")))
        << negative.err.toStdString();
    const Ran url =
        cli({QStringLiteral("--rest"), QStringLiteral("notaurl"), QStringLiteral("--rpc"),
             QStringLiteral("http://127.0.0.1:1"), QStringLiteral("head")});
    EXPECT_EQ(url.exit, 2);
    EXPECT_TRUE(url.err.contains(QStringLiteral("--rest takes a URL (http:// or https://, with a "
                                                "host), not \"notaurl\"")))
        << url.err.toStdString();
    EXPECT_FALSE(url.err.contains(QStringLiteral("Protocol"))) << url.err.toStdString();
    // A websocket URL is judged only by a command that opens one.
    const Ran unused =
        cli({QStringLiteral("--ws"), QStringLiteral("notaurl"), QStringLiteral("--rest"),
             QStringLiteral("http://127.0.0.1:1"), QStringLiteral("--rpc"),
             QStringLiteral("http://127.0.0.1:1"), QStringLiteral("block"), QStringLiteral("1")});
    EXPECT_EQ(unused.exit, 6) << unused.err.toStdString();
    EXPECT_FALSE(unused.err.contains(QStringLiteral("--ws"))) << unused.err.toStdString();
}

// One table of exit statuses: --help's, the man page's and the README's
// are the same, entry for entry.
TEST(CliHelp, TheExitStatusesAreOneTableInHelpManPageAndReadme)
{
    const Ran help = cli({QStringLiteral("--help")});
    ASSERT_EQ(help.exit, 0);
    // --help's entries, each joined from its wrapped lines.
    QList<QPair<QString, QString>> entries;
    for (const QString &line : help.out.section(QStringLiteral("Exit status:\n"), 1)
                                   .section(QStringLiteral("\n\n"), 0, 0)
                                   .split(QLatin1Char('\n'))) {
        const auto m = QRegularExpression(QStringLiteral("^  (\\d)  (.*)$")).match(line);
        if (m.hasMatch())
            entries.append({m.captured(1), m.captured(2)});
        else if (!entries.isEmpty())
            entries.last().second += QLatin1Char(' ') + line.trimmed();
    }
    ASSERT_EQ(entries.size(), 7) << help.out.toStdString();
    QFile readme(gifscan::test::testsPath(QStringLiteral("../README.md")));
    ASSERT_TRUE(readme.open(QIODevice::ReadOnly)) << readme.fileName().toStdString();
    const QString readmeText = QString::fromUtf8(readme.readAll()).simplified();
    const Ran man = cli({QStringLiteral("--man")});
    const Ran groff =
        run(QStringLiteral("groff"),
            {QStringLiteral("-man"), QStringLiteral("-Tutf8"), QStringLiteral("-rLL=200n")},
            man.out.toUtf8());
    const QString manText =
        QString(groff.out).remove(QRegularExpression(QStringLiteral(".\b"))).simplified();
    for (const auto &[code, meaning] : entries) {
        EXPECT_TRUE(readmeText.contains(QStringLiteral("- %1 %2").arg(code, meaning)))
            << "README: " << code.toStdString() << " " << meaning.toStdString();
        EXPECT_TRUE(manText.contains(QStringLiteral("%1 %2.").arg(code, meaning)))
            << "man: " << code.toStdString() << " " << meaning.toStdString();
    }
    // And what a man page has besides: examples, and where to read on.
    EXPECT_TRUE(manText.contains(QStringLiteral("EXAMPLES gifscan-cli verify pixel-cats#1")))
        << manText.toStdString();
    EXPECT_TRUE(manText.contains(QStringLiteral("SEE ALSO gifscan(1), gifscan-devnet(1), "
                                                "gifscan-indexer(1)")))
        << manText.toStdString();
}
