// The user's own node as a child process: started, restarted on the same
// ports when it dies, stopped with the explorer, and a refusal said, not
// retried.
#include "app/localnode.h"

#include "chain/engine/chain.h"
#include "chain/store/blocklog.h"
#include "tests/support/devnetharness.h"
#include "tests/support/outcomeassert.h"
#include "tests/support/testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <signal.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
LocalNode::Options smallNode(const QString &dir)
{
    LocalNode::Options o;
    o.program = gifscan::test::devnetBinary();
    o.dataDir = dir;
    o.blockTime = 0.1;
    o.extraArguments = {QStringLiteral("--objects"), QStringLiteral("10")};
    o.firstRestartDelayMs = 100;
    return o;
}

// The progress a node said, checked as it goes: every line of `task`, and
// never going back.
std::vector<LocalNode::Progress> forwardProgress(const QSignalSpy &progressed,
                                                 LocalNode::Progress::Task task)
{
    std::vector<LocalNode::Progress> steps;
    for (const QList<QVariant> &signal : progressed) {
        const auto p = signal.first().value<LocalNode::Progress>();
        EXPECT_EQ(p.task, task);
        if (!steps.empty()) {
            EXPECT_GE(p.done, steps.back().done) << "progress only goes forward";
        }
        steps.push_back(p);
    }
    return steps;
}

// A block log as nodes before the chain database wrote it: what smallNode()
// would have made in `blocks` blocks of traffic.
QByteArray oldBlockLog(int blocks)
{
    chain::ChainOptions o;
    o.objects = 10;
    o.ephemeral = true;
    chain::Chain chain(o);
    EXPECT_TRUE(holds(chain.open()));
    for (int i = 0; i < blocks; ++i)
        chain.produceBlock();
    QByteArray out = chain::BlockLog::magic();
    for (std::uint64_t h = 0; h <= chain.state().head(); ++h) {
        const auto b = chain.store().block(h).value();
        const Bytes record = chain::BlockLog::encode(
            {h, b.header.timestamp, b.header.proposer, b.header.hash, b.transactions});
        out.append(reinterpret_cast<const char *>(record.data()),
                   static_cast<qsizetype>(record.size()));
    }
    return out;
}

qint64 headOf(const LocalNode::Endpoints &e)
{
    Http http;
    const HttpResult r = http.get(e.rest.toString() + QStringLiteral("/v1/blocks?limit=1"));
    if (r.status != 200)
        return -1;
    return r.json()[QStringLiteral("height")].toInteger();
}
} // namespace

TEST(LocalNode, ANodeThatDiesIsStartedAgainOnTheSamePorts)
{
    QTemporaryDir dir;
    LocalNode node(smallNode(dir.path()));
    QSignalSpy started(&node, &LocalNode::started);
    QSignalSpy died(&node, &LocalNode::died);
    node.start();
    ASSERT_TRUE(started.wait(60000));
    const LocalNode::Endpoints first = started.takeFirst().first().value<LocalNode::Endpoints>();
    EXPECT_EQ(first.rest.host(), QStringLiteral("127.0.0.1"));
    EXPECT_LT(first.rest.port(), 32768)
        << "below the kernel's ephemeral ports, which any outgoing connection may take meanwhile";
    ASSERT_TRUE(QTest::qWaitFor([&] { return headOf(first) >= 2; }, 10000));
    const qint64 before = headOf(first);
    const qint64 pid = node.processId();

    ::kill(static_cast<pid_t>(pid), SIGKILL); // as a crash would
    ASSERT_TRUE(died.wait(10000));
    const auto failure = died.first().first().value<LocalNode::Failure>();
    EXPECT_EQ(failure.kind, LocalNode::Failure::Kind::Died);
    EXPECT_TRUE(failure.crashed);
    ASSERT_TRUE(started.wait(60000));
    EXPECT_EQ(started.first().first().value<LocalNode::Endpoints>(), first)
        << "clients reconnect to where they were";
    EXPECT_NE(node.processId(), pid);
    EXPECT_GE(headOf(first), before) << "the chain was kept";
    EXPECT_EQ(node.state(), LocalNode::State::Running);

    const qint64 running = node.processId();
    node.stop();
    EXPECT_EQ(node.state(), LocalNode::State::Stopped);
    EXPECT_NE(::kill(static_cast<pid_t>(running), 0), 0) << "the node is gone";
    EXPECT_EQ(died.size(), 1) << "a stop is not a death";
}

// A page the person adds in Settings (a dApp they develop elsewhere) may use
// the node once it has started again with it, on the same ports; the
// loopback pages still may, and the restart is no death.
TEST(LocalNode, APageAddedIsAnsweredAfterARestartOnTheSamePorts)
{
    QTemporaryDir dir;
    LocalNode node(smallNode(dir.path()));
    QSignalSpy started(&node, &LocalNode::started);
    QSignalSpy died(&node, &LocalNode::died);
    node.start();
    ASSERT_TRUE(started.wait(60000));
    const auto endpoints = started.takeFirst().first().value<LocalNode::Endpoints>();
    Http http;
    auto statusFor = [&](const QByteArray &origin) {
        return http.get(endpoints.rest.toString() + QStringLiteral("/v1/blocks?limit=1"),
                        {{"Origin", origin}});
    };
    EXPECT_EQ(statusFor("http://mydapp.test:3000").status, 403);
    node.setCorsOrigins({QStringLiteral("http://mydapp.test:3000")});
    ASSERT_TRUE(started.wait(60000));
    EXPECT_EQ(started.first().first().value<LocalNode::Endpoints>(), endpoints);
    const HttpResult page = statusFor("http://mydapp.test:3000");
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.header("Access-Control-Allow-Origin"), "http://mydapp.test:3000");
    EXPECT_EQ(statusFor("http://localhost:5173").status, 200);
    EXPECT_EQ(statusFor("https://evil.example").status, 403);
    EXPECT_EQ(died.size(), 0) << "asked for, not a death";
    // The same list again is no reason to restart.
    node.setCorsOrigins({QStringLiteral("http://mydapp.test:3000")});
    EXPECT_FALSE(started.wait(500));
}

TEST(LocalNode, ARefusalIsSaidAndNotRetried)
{
    QTemporaryDir dir;
    LocalNode first(smallNode(dir.path()));
    QSignalSpy up(&first, &LocalNode::started);
    first.start();
    ASSERT_TRUE(up.wait(60000));

    LocalNode second(smallNode(dir.path())); // the same data folder
    QSignalSpy failed(&second, &LocalNode::startFailed);
    QSignalSpy died(&second, &LocalNode::died);
    second.start();
    ASSERT_TRUE(failed.wait(30000));
    const auto failure = failed.first().first().value<LocalNode::Failure>();
    EXPECT_EQ(failure.kind, LocalNode::Failure::Kind::Refused);
    EXPECT_TRUE(failure.detail.contains(QStringLiteral("in use by another node")))
        << failure.detail.toStdString();
    EXPECT_EQ(second.state(), LocalNode::State::Stopped);
    EXPECT_TRUE(died.isEmpty());

    LocalNode missing([] {
        LocalNode::Options o;
        o.program = QStringLiteral("/nonexistent/gifscan-devnet");
        return o;
    }());
    QSignalSpy notFound(&missing, &LocalNode::startFailed);
    missing.start();
    ASSERT_TRUE(notFound.wait(5000));
    EXPECT_EQ(notFound.first().first().value<LocalNode::Failure>().kind,
              LocalNode::Failure::Kind::NotFound);
}

// Importing an old block log takes a while: the node says how far it is
// before it is ready, from nothing to every block, and the explorer hears it.
TEST(LocalNode, ALongStartSaysHowFarItIs)
{
    QTemporaryDir dir;
    QFile log(dir.filePath(QStringLiteral("blocks.log")));
    ASSERT_TRUE(log.open(QIODevice::WriteOnly));
    log.write(oldBlockLog(40));
    log.close();
    LocalNode node(smallNode(dir.path()));
    QSignalSpy progressed(&node, &LocalNode::progressed);
    QSignalSpy started(&node, &LocalNode::started);
    node.start();
    ASSERT_TRUE(started.wait(60000));
    const auto steps = forwardProgress(progressed, LocalNode::Progress::Task::Import);
    ASSERT_GE(steps.size(), 2u);
    for (const LocalNode::Progress &p : steps)
        EXPECT_EQ(p.total, 41u) << "genesis and 40 blocks";
    EXPECT_EQ(steps.front().done, 0u);
    EXPECT_EQ(steps.back().done, 41u);
    EXPECT_GE(headOf(started.first().first().value<LocalNode::Endpoints>()), 40);
}

// A first start builds the chain's block 0: the node says how far it is,
// from its first transaction to its last applied, and the explorer hears it.
TEST(LocalNode, AFirstStartSaysHowFarItsGenesisIs)
{
    QTemporaryDir dir;
    LocalNode::Options options = smallNode(dir.path());
    options.extraArguments = {QStringLiteral("--objects"), QStringLiteral("400")};
    LocalNode node(options);
    QSignalSpy progressed(&node, &LocalNode::progressed);
    QSignalSpy started(&node, &LocalNode::started);
    node.start();
    ASSERT_TRUE(started.wait(60000));
    const auto steps = forwardProgress(progressed, LocalNode::Progress::Task::Genesis);
    ASSERT_GE(steps.size(), 2u);
    const LocalNode::Progress &last = steps.back();
    EXPECT_EQ(last.done, last.total) << "it ends where it said it would";
}

#include "core/settings/localdevnetfolder.h"

#include <QLockFile>

// The data folder named gifscan once, not twice; a chain kept in the old
// .../gifscan/gifscan/devnet moves to the new one, and only when the new
// one is not there yet.
TEST(LocalDevnetFolder, OneGifscanInThePathAndTheOldFolderMovedOnce)
{
    QTemporaryDir home;
    const QByteArray before = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", home.path().toUtf8());
    EXPECT_EQ(localDevnetFolder(), home.path() + QStringLiteral("/gifscan/devnet"));
    const QString old = home.path() + QStringLiteral("/gifscan/gifscan/devnet");
    ASSERT_TRUE(QDir().mkpath(old));
    QFile chain(old + QStringLiteral("/chain.db"));
    ASSERT_TRUE(chain.open(QIODevice::WriteOnly));
    chain.write("blocks");
    chain.close();
    {
        // Not while a node of before runs in it: its files would go from under it.
        QLockFile running(old + QStringLiteral("/node.lock"));
        ASSERT_TRUE(running.tryLock());
        EXPECT_FALSE(moveOldLocalDevnetFolder());
        EXPECT_TRUE(QFile::exists(old + QStringLiteral("/chain.db")));
        EXPECT_FALSE(QFileInfo::exists(localDevnetFolder()));
    }
    EXPECT_TRUE(moveOldLocalDevnetFolder());
    EXPECT_TRUE(QFile::exists(localDevnetFolder() + QStringLiteral("/chain.db")));
    EXPECT_FALSE(QFileInfo::exists(home.path() + QStringLiteral("/gifscan/gifscan")));
    // Moved once: an old folder that appears again is left where it is.
    ASSERT_TRUE(QDir().mkpath(old));
    EXPECT_TRUE(moveOldLocalDevnetFolder());
    EXPECT_TRUE(QFileInfo(old).isDir());
    EXPECT_TRUE(QFile::exists(localDevnetFolder() + QStringLiteral("/chain.db")));
    if (before.isNull())
        qunsetenv("XDG_DATA_HOME");
    else
        qputenv("XDG_DATA_HOME", before);
}
