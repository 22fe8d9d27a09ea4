// Live sync over fakes of a node's index, prover and stream, on the test's
// clock: backfill, staleness, backoff, reconnects and a node down at start,
// each step said by the test. The wire itself is livesynctest.cpp's.
#include "tests/core/sync/clockrig.h"

#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(LiveSyncClock, BackfillsFromTheStartThenFollowsTheStreamEventsAfterTheirHeads)
{
    ClockRig rig(6);
    rig.sync.start(0);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Connecting);
    rig.connect();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{1, 2, 3, 4, 5}));
    // Pushed over the stream: a head, its event, and an event the stream
    // repeats (the index may have given it too).
    rig.grow(1);
    rig.stream.push(rig.top());
    rig.stream.push(ClockRig::eventAt(6));
    rig.stream.push(ClockRig::eventAt(6));
    EXPECT_EQ(rig.recorder.last(), 6u);
    EXPECT_EQ(rig.recorder.eventIds.size(), 1u);
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
    EXPECT_EQ(rig.recorder.eventsBeforeTheirHead, 0);
    EXPECT_EQ(rig.recorder.unverified, 0);
}

TEST(LiveSyncClock, AHeadAheadOfTheLastWaitsWhileTheGapIsFilled)
{
    ClockRig rig(4);
    rig.sync.start(0);
    rig.connect();
    rig.grow(4); // 4..7; the stream skips to 7
    rig.stream.push(rig.top());
    EXPECT_EQ(rig.recorder.last(), 3u) << "7 is not delivered before 4, 5 and 6";
    rig.settle();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.last(), 7u);
    EXPECT_EQ(rig.recorder.eventsBeforeTheirHead, 0);
}

TEST(LiveSyncClock, SilenceIsStaleOnTheClockAndTheNextHeadIsLiveAgain)
{
    ClockRig rig(3);
    rig.sync.start();
    rig.connect();
    // Quiet, the node is asked for its head twice (at 8 and 16 s), and
    // answers with nothing new: only stale, in time.
    rig.pass(8000);
    rig.pass(8000);
    rig.clock.advance(4999);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live) << "a millisecond short of stale";
    rig.clock.advance(1);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Stale);
    rig.grow(1);
    rig.stream.push(rig.top());
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
}

// Quiet, the node is asked for its head: one that answers is only quiet
// (stale in time), one that does not is "not answering", until it answers.
TEST(LiveSyncClock, AQuietNodeIsAskedAndOneThatDoesNotAnswerIsSaid)
{
    ClockRig rig(3);
    rig.sync.start();
    rig.connect();
    rig.pass(8000);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live) << "asked, and it answered";
    rig.index.setReachable(false);
    rig.pass(8000);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::NotAnswering);
    EXPECT_EQ(LiveSync::stateName(rig.sync.state()), QStringLiteral("not answering"));
    // Back, with nothing new, past the stale time: stale, not live.
    rig.index.setReachable(true);
    rig.pass(8000);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Stale);
    rig.grow(1);
    rig.stream.push(rig.top());
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
}

// A probe whose answer is late is "not answering" on its own clock, not
// after the client's retries have run out; its answer, when it comes, ends it.
TEST(LiveSyncClock, AProbeAnsweredLateIsNotAnsweringUntilTheAnswer)
{
    ClockRig rig(3);
    rig.sync.start();
    rig.connect();
    rig.clock.advance(8000); // quiet: asked, the answer held back
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
    rig.clock.advance(4999);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live) << "a millisecond short of late";
    rig.clock.advance(1);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::NotAnswering);
    rig.settle(); // the answer, at last: nothing new, and not yet stale
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
}

TEST(LiveSyncClock, ALostStreamIsPolledThenReconnectedWithoutGapOrRepeat)
{
    ClockRig rig(4);
    rig.sync.start(0);
    rig.connect();
    rig.grow(2); // blocks the stream lost with the connection
    rig.stream.drop();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Reconnecting);
    // The index is asked at once, and every block time while the stream is down.
    rig.settle();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Polling);
    EXPECT_EQ(rig.recorder.last(), 5u);
    // The first reconnect waits the initial backoff, 1 s: not a moment before.
    rig.clock.advance(999);
    rig.settle();
    EXPECT_FALSE(rig.stream.pending());
    rig.clock.advance(1);
    rig.grow(1);
    rig.connect();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
    rig.grow(1);
    rig.stream.push(rig.top());
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.last(), 7u);
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
    EXPECT_EQ(rig.stream.opens(), 2);
}

TEST(LiveSyncClock, ReconnectsBackOffByTheFactorUpToTheCap)
{
    ClockRig rig(2, [](LiveSync::Options &o) {
        o.backoffInitialMs = 1000;
        o.backoffFactor = 2;
        o.backoffMaxMs = 5000;
        o.pollIntervalMs = 3600000; // polling is not what this test is about
    });
    rig.sync.start();
    rig.settle();
    std::vector<qint64> waits;
    for (int i = 0; i < 5; ++i) {
        ASSERT_TRUE(rig.stream.pending());
        rig.stream.refuse();
        const int opens = rig.stream.opens();
        qint64 waited = 0;
        while (rig.stream.opens() == opens && waited < 60000) {
            rig.clock.advance(100);
            waited += 100;
            rig.settle();
        }
        waits.push_back(waited);
    }
    EXPECT_EQ(waits, (std::vector<qint64>{1000, 2000, 4000, 5000, 5000}));
    EXPECT_EQ(rig.sync.reconnects(), 5);
    // Connected, the next loss starts from the initial wait again.
    rig.stream.accept();
    rig.settle();
    rig.stream.drop();
    rig.clock.advance(999);
    rig.settle();
    EXPECT_FALSE(rig.stream.pending());
    rig.clock.advance(1);
    rig.settle();
    EXPECT_TRUE(rig.stream.pending());
}

TEST(LiveSyncClock, ANodeDownAtStartIsTriedAgainAndFollowedOnceUp)
{
    ClockRig rig(5);
    rig.index.setReachable(false);
    rig.sync.start(0);
    rig.settle();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Offline);
    EXPECT_EQ(rig.stream.opens(), 0) << "no stream before the node is identified";
    rig.clock.advance(1000); // the second attempt, refused
    rig.settle();
    rig.clock.advance(1600); // the third, after a longer wait
    rig.settle();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Offline);
    EXPECT_TRUE(rig.recorder.heights.empty());
    EXPECT_GE(rig.index.asked(QStringLiteral("chainId")), 3);
    rig.index.setReachable(true);
    rig.clock.advance(2560);
    rig.connect();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
    EXPECT_TRUE(rig.recorder.consecutiveFrom(1));
    EXPECT_EQ(rig.recorder.last(), 4u);
    EXPECT_EQ(rig.recorder.unverified, 0);
}

TEST(LiveSyncClock, AGapPastTheCapFollowsTheNewestAndSkipsTheRest)
{
    ClockRig rig(30, [](LiveSync::Options &o) { o.maxBackfillHeads = 10; });
    rig.sync.start(0);
    rig.connect();
    EXPECT_EQ(rig.recorder.heights.size(), 10u);
    EXPECT_TRUE(rig.recorder.consecutiveFrom(20));
    rig.grow(1);
    rig.stream.push(rig.top());
    EXPECT_EQ(rig.recorder.last(), 30u);
}

TEST(LiveSyncClock, AForgedHeadIsDeliveredUnverifiedAndTheNextGenuineOneVerifies)
{
    ClockRig rig(3);
    rig.sync.start();
    rig.connect();
    ASSERT_EQ(rig.sync.trust(), LiveSync::Trust::Trusted);
    rig.grow(2);
    BlockHeader forged = rig.index.headers()[3];
    forged.commit.front().signature[5] ^= 1;
    rig.stream.push(forged);
    EXPECT_EQ(rig.sync.trust(), LiveSync::Trust::Untrusted) << "the trust state says why";
    EXPECT_TRUE(rig.sync.trustProblem().contains(QStringLiteral("signature")));
    // Checked against the last head that verified (2), the genuine 4 still does.
    rig.stream.push(rig.index.headers()[4]);
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{2, 3, 4}));
    EXPECT_EQ(rig.recorder.unverified, 1);
    EXPECT_EQ(rig.sync.trust(), LiveSync::Trust::Trusted);
}

TEST(LiveSyncClock, StopDropsAnswersInFlightAndTheStream)
{
    ClockRig rig(5);
    rig.sync.start(0);
    rig.settle();
    rig.stream.accept(); // the backfill's first question is now in flight
    rig.sync.stop();
    rig.settle();
    EXPECT_TRUE(rig.recorder.heights.empty());
    EXPECT_FALSE(rig.stream.isOpen());
    rig.clock.advance(60000);
    rig.settle();
    EXPECT_EQ(rig.stream.opens(), 1) << "a stopped sync reconnects to nothing";
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Idle);
}

// The sync asks the first page of history itself and continues from its
// top: the page's rows and the heads after it meet with neither gap nor
// repeat, even with blocks made between the page and the stream.
TEST(LiveSyncClock, AFirstPageOfItsOwnThenEveryHeightAfterItsTop)
{
    ClockRig rig(8);
    std::vector<std::uint64_t> page;
    std::optional<std::uint64_t> top;
    QObject::connect(&rig.sync, &LiveSync::firstPageArrived, [&](const Page<BlockHeader> &p) {
        EXPECT_TRUE(rig.recorder.heights.empty()) << "the page comes before any head";
        top = p.height;
        for (const BlockHeader &h : p.data)
            page.push_back(h.height);
    });
    rig.sync.startWithFirstPage(5);
    rig.settle(); // the page, then the node identified
    EXPECT_EQ(page, (std::vector<std::uint64_t>{7, 6, 5, 4, 3}));
    EXPECT_EQ(top, std::optional<std::uint64_t>(7));
    EXPECT_EQ(rig.stream.opens(), 1);
    rig.grow(2); // made before the stream opens: backfilled
    rig.connect();
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{8, 9}));
    EXPECT_EQ(rig.recorder.eventsBeforeTheirHead, 0);
}

// A node down at the start: the page's failure is said, the state is
// offline, and the page is asked again on the reconnect's backoff (not on
// every poll), then the sync goes on as above.
TEST(LiveSyncClock, AFirstPageThatFailsIsAskedAgainOnTheBackoff)
{
    ClockRig rig(4);
    int failures = 0;
    std::optional<std::uint64_t> top;
    QObject::connect(&rig.sync, &LiveSync::firstPageFailed,
                     [&](const ClientError &e) { failures += e.ok() ? 0 : 1; });
    QObject::connect(&rig.sync, &LiveSync::firstPageArrived,
                     [&](const Page<BlockHeader> &p) { top = p.height; });
    rig.index.setReachable(false);
    rig.sync.startWithFirstPage(50);
    rig.settle();
    EXPECT_EQ(failures, 1);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Offline);
    EXPECT_EQ(rig.index.asked(QStringLiteral("chainId")), 0) << "nothing before the page";
    rig.clock.advance(999);
    rig.settle();
    EXPECT_EQ(rig.index.asked(QStringLiteral("blocks")), 1) << "a millisecond short of the retry";
    rig.clock.advance(1);
    rig.settle();
    EXPECT_EQ(failures, 2);
    rig.index.setReachable(true);
    rig.clock.advance(1600);
    rig.connect();
    EXPECT_EQ(top, std::optional<std::uint64_t>(3));
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
    EXPECT_TRUE(rig.recorder.heights.empty()) << "nothing after the page's top yet";
    rig.grow(1);
    rig.stream.push(rig.top());
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{4}));
}

// The page comes while the poll timer of the failed attempts still runs:
// nothing is polled from the node before it is identified (it may be
// another network), and the state says it is being connected to.
TEST(LiveSyncClock, NothingIsPolledBetweenTheFirstPageAndTheNodeIdentified)
{
    ClockRig rig(4);
    rig.index.setReachable(false);
    rig.sync.startWithFirstPage(50);
    rig.settle(); // failed: the reconnect and poll timers run
    rig.index.setReachable(true);
    rig.clock.advance(1000); // the reconnect attempt asks the page again
    ASSERT_EQ(rig.index.deliver(), 1) << "the page, and only it";
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Connecting);
    const int pages = rig.index.asked(QStringLiteral("blocks"));
    rig.clock.advance(10000); // two poll intervals while the chain id is unanswered
    EXPECT_EQ(rig.index.asked(QStringLiteral("blocks")), pages) << "no backfill before identify";
    EXPECT_TRUE(rig.recorder.heights.empty());
    rig.connect();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
}

// Stopped and started again after its page came, the sync goes on from the
// last head it delivered: a second page would leave a gap in the lists
// seeded with the first.
TEST(LiveSyncClock, StartedAgainItGoesOnFromWhereItStopped)
{
    ClockRig rig(4);
    int pages = 0;
    QObject::connect(&rig.sync, &LiveSync::firstPageArrived, [&] { ++pages; });
    rig.sync.startWithFirstPage(50);
    rig.connect();
    rig.grow(1);
    rig.stream.push(rig.top());
    ASSERT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{4}));
    rig.sync.stop();
    rig.grow(3); // 5, 6, 7 while stopped
    rig.sync.startWithFirstPage(50);
    rig.connect();
    EXPECT_EQ(pages, 1);
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{4, 5, 6, 7}));
}

// The page came, then the node failed to name itself: it is offline and
// nothing is polled from it until it does (it may be another network).
TEST(LiveSyncClock, ANodeThatFailsToNameItselfIsNotPolled)
{
    ClockRig rig(4);
    ClientError broken;
    broken.kind = ClientError::Kind::Http;
    broken.httpStatus = 500;
    rig.index.failNext(QStringLiteral("chainId"), broken);
    rig.sync.startWithFirstPage(50);
    rig.settle();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Offline);
    const int pages = rig.index.asked(QStringLiteral("blocks"));
    rig.grow(2); // 4 and 5, after the page's top
    rig.clock.advance(999);
    rig.settle();
    EXPECT_EQ(rig.index.asked(QStringLiteral("blocks")), pages) << "no poll of an unnamed node";
    EXPECT_TRUE(rig.recorder.heights.empty());
    rig.clock.advance(1); // the next attempt names it
    rig.connect();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::Live);
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{4, 5}));
}
