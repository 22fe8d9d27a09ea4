// gifscan-cli with no node named: it finds the explorer's local devnet while
// that runs (the node's file in the explorer's data folder), says which node
// it uses, and says why it has none when the devnet is not running.
#include "tests/support/devnetprocess.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan::test;

namespace {

struct NodesRun
{
    int exit = -1;
    QByteArray out;
    QByteArray err;
};

// The CLI as a user of `home` runs it: no GIFSCAN_* variables, no options.
NodesRun cliAs(const QString &home, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"GIFSCAN_REST", "GIFSCAN_RPC", "GIFSCAN_WS"})
        env.remove(QLatin1String(name));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home);
    p.setProcessEnvironment(env);
    p.start(cliBinary(), args);
    p.waitForFinished(30000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace

TEST(CliNodes, TheExplorersLocalDevnetIsFoundWhileItRuns)
{
    QTemporaryDir home;
    // Where the explorer keeps its local devnet for this user.
    const QString folder = home.filePath(QStringLiteral("gifscan/devnet"));
    ASSERT_TRUE(QDir().mkpath(folder));

    NodesRun none = cliAs(home.path(), {QStringLiteral("nodes")});
    EXPECT_EQ(none.exit, 2) << none.out.constData();
    EXPECT_TRUE(QJsonDocument::fromJson(none.out).object()[QStringLiteral("using")].isNull());

    DevnetProcess node(DevnetProcess::smallNodeArgs(0, folder));
    ASSERT_TRUE(node.started());
    NodesRun found = cliAs(home.path(), {QStringLiteral("nodes")});
    ASSERT_EQ(found.exit, 0) << found.out.constData() << found.err.constData();
    const QJsonObject said = QJsonDocument::fromJson(found.out).object();
    EXPECT_EQ(said[QStringLiteral("using")].toString(), QStringLiteral("local devnet"));
    EXPECT_EQ(said[QStringLiteral("rest")].toString(), node.baseUrl());
    // And a command uses it, nothing named.
    NodesRun head = cliAs(home.path(), {QStringLiteral("head")});
    EXPECT_EQ(head.exit, 0) << head.err.constData();
    EXPECT_TRUE(head.out.contains("\"verified\":true")) << head.out.constData();

    // Stopped: its file goes, and the CLI says why it has no node.
    node.stop();
    NodesRun gone = cliAs(home.path(), {QStringLiteral("head")});
    EXPECT_EQ(gone.exit, 2);
    EXPECT_TRUE(gone.err.contains("local devnet")) << gone.err.constData();
}

// A node killed leaves its file behind: the CLI sees that nothing holds the
// folder's lock and does not send a command to a port that may be another's.
TEST(CliNodes, AFileLeftByAKilledNodeIsNotFollowed)
{
    QTemporaryDir home;
    const QString folder = home.filePath(QStringLiteral("gifscan/devnet"));
    ASSERT_TRUE(QDir().mkpath(folder));
    DevnetProcess node(DevnetProcess::smallNodeArgs(0, folder));
    ASSERT_TRUE(node.started());
    node.kill();
    ASSERT_TRUE(QFile::exists(folder + QStringLiteral("/node.json")));
    NodesRun stale = cliAs(home.path(), {QStringLiteral("nodes")});
    EXPECT_EQ(stale.exit, 2);
    EXPECT_TRUE(stale.out.contains("is not running")) << stale.out.constData();
}
