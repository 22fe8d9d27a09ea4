// The user's own node as a child process: started, restarted on the same
// ports when it dies, stopped with the explorer, and a refusal said, not
// retried.
#include "core/localnode.h"

#include "tests/support/devnetharness.h"

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
    o.program = QStringLiteral(GIFSCAN_DEVNET_BINARY);
    o.dataDir = dir;
    o.blockTime = 0.2;
    o.extraArguments = {QStringLiteral("--objects"), QStringLiteral("10")};
    o.firstRestartDelayMs = 100;
    return o;
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
