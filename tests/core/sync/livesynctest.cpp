// Live sync against a real node that is killed, restarted, paused, rate
// limited or replaced by another chain: every height exactly once, in order.
#include "core/sync/livesync.h"

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/manualclock.h"
#include "tests/support/scriptedhttpserver.h"
#include "tests/support/syncrecorder.h"
#include "tests/support/syncrig.h"

#include <QTcpServer>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(LiveSync, DeliversEveryHeightOnceWithItsEventsAfterIt)
{
    DevnetHarness d(DevnetHarness::fastConfig(16, 0.05, true));
    ASSERT_TRUE(d.ok());
    ASSERT_TRUE(d.waitForHeight(3));
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, d.endpoints().wsUrl);
    rig.sync.start(0); // everything after genesis
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= 25; }, 20000));
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.unverified, 0);
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
    EXPECT_EQ(rig.recorder.eventsBeforeTheirHead, 0);
    EXPECT_TRUE(rig.recorder.states.contains(LiveSync::State::Live));
    // Exactly the node's activity for the heights delivered.
    const QJsonArray feed =
        d.get(QStringLiteral("/v1/activity?since=1&limit=100")).data().toArray();
    int expected = 0;
    for (const auto &e : feed)
        expected +=
            e[QStringLiteral("height")].toInteger() <= static_cast<qint64>(rig.recorder.last()) ? 1
                                                                                                : 0;
    EXPECT_EQ(rig.recorder.eventIds.size(), expected);
    EXPECT_GT(expected, 0);
}

TEST(LiveSync, SurvivesKillNineAndRestartWithoutGapOrRepeat)
{
    QTemporaryDir dir;
    const quint16 port = DevnetProcess::freePortTriple();
    ASSERT_NE(port, 0);
    DevnetProcess node(DevnetProcess::smallNodeArgs(port, dir.path()));
    ASSERT_TRUE(node.started());
    SyncRig rig(node.baseUrl(), node.rpcUrl(), node.wsUrl());
    rig.sync.start(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= 8; }, 20000));
    const std::uint64_t beforeKill = rig.recorder.last();

    node.kill();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return rig.sync.state() == LiveSync::State::Offline ||
                   rig.sync.state() == LiveSync::State::Reconnecting;
        },
        5000));
    QTest::qWait(800);
    node.start(DevnetProcess::smallNodeArgs(port, dir.path()));
    ASSERT_TRUE(node.started());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return rig.recorder.last() >= beforeKill + 15 &&
                   rig.sync.state() == LiveSync::State::Live;
        },
        30000))
        << "last " << rig.recorder.last() << " state "
        << LiveSync::stateName(rig.sync.state()).toStdString();
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.unverified, 0);
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
    EXPECT_GE(rig.sync.reconnects(), 1);
}

TEST(LiveSync, APausedNodeGoesStaleThenResumes)
{
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(0, dir.path()));
    ASSERT_TRUE(node.started());
    // As with the defaults (stale at 21 s, a silent socket dropped at 90 s),
    // staleness shows before the connection is given up. Time is the test's:
    // while the node runs it goes on with the waiting, and while the node is
    // paused only as the test says.
    ManualClock clock;
    LiveSync::Options options = fastOptions();
    options.clock = &clock;
    options.staleAfterMs = 1000;
    WebSocketStream::Options stream = fastStream();
    stream.clock = &clock;
    stream.pingIntervalMs = 800;
    // Requests in flight when the node stops wait out the transfer timeout,
    // which runs on the real clock (it is QNetworkAccessManager's): short.
    HttpClient::Options http = SyncRig::httpOptions();
    http.timeoutMs = 500;
    SyncRig rig(node.baseUrl(), node.rpcUrl(), node.wsUrl(), options, TrustAnchor::devnet(), http,
                stream);
    auto runFor = [&](const std::function<bool()> &done, int timeoutMs) {
        return QTest::qWaitFor(
            [&] {
                clock.advance(20);
                return done();
            },
            timeoutMs);
    };
    rig.sync.start(0);
    ASSERT_TRUE(runFor([&] { return rig.recorder.last() >= 5; }, 20000));
    node.pause();
    // A head still in the socket from before the pause restarts the stale
    // timer at this same instant of the test's clock: 1 s on, stale either way.
    clock.advance(1000);
    EXPECT_TRUE(rig.recorder.states.contains(LiveSync::State::Stale));
    EXPECT_FALSE(rig.recorder.states.contains(LiveSync::State::Reconnecting))
        << "stale first, the connection still held";
    // Three ping intervals without a pong: the silent socket is dropped.
    clock.advance(3 * 800 + 800);
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return rig.recorder.states.contains(LiveSync::State::Reconnecting) ||
                   rig.recorder.states.contains(LiveSync::State::Offline);
        },
        5000));
    const std::uint64_t paused = rig.recorder.last();
    node.resume();
    ASSERT_TRUE(runFor([&] { return rig.recorder.last() >= paused + 10; }, 30000));
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
}

// A node stopped (SIGSTOP) keeps its socket open and answers nothing: after
// a quiet spell it is asked for its head, and one that does not answer is
// "not answering", before it is stale and long before its socket is given
// up (it read "live", then "stale", never that the node did not answer).
TEST(LiveSync, AStoppedNodeIsNotAnsweringWhileItsSocketIsStillOpen)
{
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(0, dir.path()));
    ASSERT_TRUE(node.started());
    ManualClock clock;
    LiveSync::Options options = fastOptions();
    options.clock = &clock;
    options.quietAfterMs = 500;
    options.staleAfterMs = 60000;
    WebSocketStream::Options stream = fastStream();
    stream.clock = &clock;
    stream.pingIntervalMs = 60000;
    HttpClient::Options http = SyncRig::httpOptions();
    http.timeoutMs = 500;
    SyncRig rig(node.baseUrl(), node.rpcUrl(), node.wsUrl(), options, TrustAnchor::devnet(), http,
                stream);
    rig.sync.start(0);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            clock.advance(20);
            return rig.recorder.last() >= 3 && rig.sync.state() == LiveSync::State::Live;
        },
        20000));
    node.pause();
    // Quiet: the node is asked, on the real clock's timeout. The clock goes
    // on while the test waits: a head the node sent just before it stopped
    // may arrive after a single step, and the quiet spell starts again from
    // it (under ASan, once in CI). In 10 s of waiting it moves far less than
    // the 60 s that would make the node stale.
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            clock.advance(20);
            return rig.sync.state() == LiveSync::State::NotAnswering;
        },
        10000))
        << LiveSync::stateName(rig.sync.state()).toStdString();
    EXPECT_FALSE(rig.recorder.states.contains(LiveSync::State::Stale));
    EXPECT_FALSE(rig.recorder.states.contains(LiveSync::State::Reconnecting));
    const std::uint64_t paused = rig.recorder.last();
    node.resume();
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            clock.advance(20);
            return rig.recorder.last() > paused && rig.sync.state() == LiveSync::State::Live;
        },
        20000))
        << LiveSync::stateName(rig.sync.state()).toStdString();
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
}

TEST(LiveSync, PollsWhileTheSocketIsRefused)
{
    // A node whose websocket cannot be reached: heads still flow, by REST.
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.05, false));
    ASSERT_TRUE(d.ok());
    QTcpServer closed;
    closed.listen(QHostAddress::LocalHost, 0);
    const QString deadWs = QStringLiteral("ws://127.0.0.1:%1").arg(closed.serverPort());
    closed.close();
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, deadWs);
    rig.sync.start(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= 10; }, 20000));
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Polling);
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
}

TEST(LiveSync, RateLimitedNodeStillGivesEveryHeight)
{
    QTemporaryDir dir;
    DevnetProcess node(
        DevnetProcess::smallNodeArgs(0, dir.path(), QStringLiteral("--rate-limit 4:6")));
    ASSERT_TRUE(node.started());
    QTest::qWait(600); // some history (a dozen blocks) to backfill through the limit
    SyncRig rig(node.baseUrl(), node.rpcUrl(), node.wsUrl());
    rig.sync.start(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= 20; }, 40000))
        << rig.recorder.last();
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
}

TEST(LiveSync, RefusesAnotherChain)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.05, false));
    ASSERT_TRUE(d.ok());
    Hash32 otherGenesis{};
    otherGenesis[0] = 1;
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, d.endpoints().wsUrl, fastOptions(),
                TrustAnchor{kChainId, otherGenesis, ValidatorSet::devnet()});
    rig.sync.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return rig.sync.state() == LiveSync::State::WrongNetwork; }, 10000));
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(QStringLiteral("genesis")));
    EXPECT_TRUE(rig.recorder.heights.empty());
}

TEST(LiveSync, ANodeThatComesBackAsAnotherChainIsNotMixedIn)
{
    QTemporaryDir first, second;
    const quint16 port = DevnetProcess::freePortTriple();
    DevnetProcess node(DevnetProcess::smallNodeArgs(port, first.path()));
    ASSERT_TRUE(node.started());
    SyncRig rig(node.baseUrl(), node.rpcUrl(), node.wsUrl());
    rig.sync.start(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= 4; }, 20000));
    node.kill();
    node.start(DevnetProcess::smallNodeArgs(port, second.path(), QStringLiteral("--seed 99")));
    ASSERT_TRUE(node.started());
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return rig.sync.state() == LiveSync::State::WrongNetwork; }, 20000))
        << LiveSync::stateName(rig.sync.state()).toStdString();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.unverified, 0);
}

TEST(LiveSync, RefusesANodeOfAnotherChainId)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.05, false));
    ASSERT_TRUE(d.ok());
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    RpcClient rpc(QUrl(d.endpoints().rpcUrl), &http);
    WebSocketStream stream(QUrl(d.endpoints().wsUrl));
    // A profile for a chain with id 1: the devnet (6464) is not it.
    LiveSync sync(NetworkProfile{QStringLiteral("other"), QUrl(d.endpoints().baseUrl),
                                 QUrl(d.endpoints().rpcUrl), QUrl(d.endpoints().wsUrl), 1,
                                 std::nullopt},
                  &rest, &rpc, &stream, fastOptions());
    SyncRecorder recorder;
    recorder.attach(sync);
    sync.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return sync.state() == LiveSync::State::WrongNetwork; }, 10000));
    EXPECT_TRUE(recorder.wrongNetwork.contains(QStringLiteral("chain id is 6464")))
        << recorder.wrongNetwork.toStdString();
    QTest::qWait(500);
    EXPECT_TRUE(recorder.heights.empty());
}

// PROTOCOL v2 §2.4 and §8: verified means signed by the trusted set.
TEST(LiveSync, ANodeThatForgesHeadersIsRefusedAndNothingVerifies)
{
    auto config = DevnetHarness::fastConfig(8, 0.05, false);
    config.chain.forgeHeaders = true;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, d.endpoints().wsUrl);
    rig.sync.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return rig.sync.state() == LiveSync::State::WrongNetwork; }, 10000));
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(
        QStringLiteral("headers not signed by the trusted validators")))
        << rig.recorder.wrongNetwork.toStdString();
    EXPECT_EQ(rig.sync.trust(), LiveSync::Trust::Untrusted);
    EXPECT_EQ(rig.recorder.heights.size() - static_cast<std::size_t>(rig.recorder.unverified), 0u);
}

TEST(LiveSync, ANodeOfAnotherValidatorSetIsRefusedByFingerprint)
{
    auto config = DevnetHarness::fastConfig(8, 0.05, false);
    config.chain.validators = 5;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, d.endpoints().wsUrl);
    rig.sync.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return rig.sync.state() == LiveSync::State::WrongNetwork; }, 10000));
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(ValidatorSet::devnet(5).fingerprint()))
        << rig.recorder.wrongNetwork.toStdString();
    EXPECT_TRUE(rig.recorder.heights.empty());
}

TEST(LiveSync, FirstUseAsksAndVerifiesOnlyOnceTrusted)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.05, false));
    ASSERT_TRUE(d.ok());
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, d.endpoints().wsUrl, fastOptions(),
                std::nullopt);
    std::optional<TrustAnchor> candidate;
    std::optional<TrustAnchor> learnt;
    QObject::connect(&rig.sync, &LiveSync::trustRequested, &rig.sync,
                     [&](const TrustAnchor &a) { candidate = a; });
    QObject::connect(&rig.sync, &LiveSync::anchorLearnt, &rig.sync,
                     [&](const TrustAnchor &a) { learnt = a; });
    rig.sync.start();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return candidate.has_value() && rig.recorder.heights.size() >= 2; }, 15000));
    // Until the user says yes, nothing is verified.
    EXPECT_EQ(rig.sync.trust(), LiveSync::Trust::AwaitingTrust);
    EXPECT_EQ(static_cast<std::size_t>(rig.recorder.unverified), rig.recorder.heights.size());
    EXPECT_EQ(candidate->validators, ValidatorSet::devnet());
    ASSERT_TRUE(candidate->genesisHash);
    EXPECT_EQ(*candidate->genesisHash,
              *parseHash(d.rpcResult(QStringLiteral("gif_getBlockByHeight"),
                                     {0, false})[QStringLiteral("hash")]
                             .toString()));
    rig.sync.trustAnchor(*candidate);
    ASSERT_TRUE(learnt);
    const int unverifiedBefore = rig.recorder.unverified;
    const std::size_t seen = rig.recorder.heights.size();
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.heights.size() >= seen + 2; }, 15000));
    EXPECT_EQ(rig.recorder.unverified, unverifiedBefore);
    EXPECT_EQ(rig.sync.trust(), LiveSync::Trust::Trusted);
}

TEST(LiveSync, APinnedSetLearnsItsGenesisOnce)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.05, false));
    ASSERT_TRUE(d.ok());
    SyncRig rig(d.endpoints().baseUrl, d.endpoints().rpcUrl, d.endpoints().wsUrl);
    std::optional<TrustAnchor> learnt;
    QObject::connect(&rig.sync, &LiveSync::anchorLearnt, &rig.sync,
                     [&](const TrustAnchor &a) { learnt = a; });
    rig.sync.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return learnt.has_value(); }, 10000));
    EXPECT_EQ(learnt->validators, ValidatorSet::devnet());
    EXPECT_EQ(*learnt->genesisHash, *parseHash(d.rpcResult(QStringLiteral("gif_getBlockByHeight"),
                                                           {0, false})[QStringLiteral("hash")]
                                                   .toString()));
}

// Asked for block 0, a node answers with a signed header of another height:
// pinning it would pin nothing. Refused with the reason.
TEST(LiveSync, ABlockZeroThatIsNoGenesisIsRefused)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.05, false));
    ASSERT_TRUE(d.ok());
    ASSERT_TRUE(d.waitForHeight(2));
    ScriptedHttpServer liar(
        {ScriptedHttpServer::rpcAnswer(6464),
         ScriptedHttpServer::rpcAnswer(d.rpcResult(QStringLiteral("gif_validators"))),
         ScriptedHttpServer::rpcAnswer(
             d.rpcResult(QStringLiteral("gif_getBlockByHeight"), {2, false}))});
    SyncRig rig(d.endpoints().baseUrl, liar.url(), d.endpoints().wsUrl);
    rig.sync.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return rig.sync.state() == LiveSync::State::WrongNetwork; }, 10000));
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(QStringLiteral("not a genesis")))
        << rig.recorder.wrongNetwork.toStdString();
}

// Trust on first use, kept, then the node behind the same URLs is another
// chain (another genesis): refused with the reason.
TEST(LiveSync, AProfileTrustedOnceRefusesAnotherChainLater)
{
    std::optional<TrustAnchor> learnt;
    {
        DevnetHarness first(DevnetHarness::fastConfig(8, 0.05, false));
        ASSERT_TRUE(first.ok());
        SyncRig rig(first.endpoints().baseUrl, first.endpoints().rpcUrl, first.endpoints().wsUrl,
                    fastOptions(), std::nullopt);
        QObject::connect(&rig.sync, &LiveSync::trustRequested, &rig.sync,
                         [&](const TrustAnchor &a) { rig.sync.trustAnchor(a); });
        QObject::connect(&rig.sync, &LiveSync::anchorLearnt, &rig.sync,
                         [&](const TrustAnchor &a) { learnt = a; });
        rig.sync.start();
        ASSERT_TRUE(QTest::qWaitFor([&] { return learnt.has_value(); }, 10000));
    }
    auto config = DevnetHarness::fastConfig(8, 0.05, false);
    config.chain.seed = 99; // another genesis, the same validator set
    DevnetHarness second(config);
    ASSERT_TRUE(second.ok());
    SyncRig rig(second.endpoints().baseUrl, second.endpoints().rpcUrl, second.endpoints().wsUrl,
                fastOptions(), learnt);
    rig.sync.start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return rig.sync.state() == LiveSync::State::WrongNetwork; }, 10000));
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(QStringLiteral("another chain")))
        << rig.recorder.wrongNetwork.toStdString();
    EXPECT_TRUE(rig.recorder.heights.empty());
}
