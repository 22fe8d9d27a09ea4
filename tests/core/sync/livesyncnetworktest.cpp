// Which network LiveSync follows, over the clock rig's fakes: a node that
// comes back as another chain, by stream or by poll, trusted or not yet,
// and a block 0 that is no genesis. The clock tests' other half is
// livesyncclocktest.cpp.
#include "tests/core/sync/clockrig.h"

#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

// A node that comes back at the same address as another chain (restarted
// with another seed): the same validators sign its heads, so only its
// genesis tells. Neither the poll that follows the lost stream nor a
// backfill asked before it takes a head of the other chain.
TEST(LiveSyncClock, AStreamLostToAnotherChainTakesNoHeadOfIt)
{
    ClockRig rig(4);
    rig.sync.start(0);
    rig.connect();
    rig.grow(2);
    rig.stream.push(rig.top()); // 5 after 3: 4 is asked of the index
    ASSERT_GT(rig.index.waiting(), 0);
    rig.index.headers() = FakeIndex::otherChain(8);
    rig.stream.drop();
    rig.settle();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::WrongNetwork);
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(QStringLiteral("another chain")))
        << rig.recorder.wrongNetwork.toStdString();
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{1, 2, 3}));
    EXPECT_EQ(rig.recorder.unverified, 0);
    EXPECT_EQ(rig.stream.opens(), 1);
}

// Without a stream (its websocket refused), nothing ties one REST answer to
// the node of the last: each poll identifies the node before it takes a
// head, so a restart as another chain between two polls is caught.
TEST(LiveSyncClock, APolledNodeBackAsAnotherChainBetweenPollsIsNotFollowed)
{
    ClockRig rig(4);
    rig.sync.start(0);
    rig.settle();
    ASSERT_TRUE(rig.stream.pending());
    rig.stream.refuse();
    rig.settle();
    ASSERT_EQ(rig.sync.state(), LiveSync::State::Polling);
    ASSERT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{1, 2, 3}));
    rig.index.headers() = FakeIndex::otherChain(8);
    rig.pass(5000); // the next poll
    EXPECT_EQ(rig.sync.state(), LiveSync::State::WrongNetwork);
    EXPECT_EQ(rig.recorder.heights, (std::vector<std::uint64_t>{1, 2, 3}));
    EXPECT_EQ(rig.recorder.unverified, 0);
}

// A node not trusted yet is followed from its first answer: back after a
// lost stream with another genesis, it is another chain, not more of the
// same, and it is asked about once, not at every poll.
TEST(LiveSyncClock, ANodeAwaitingTrustBackAsAnotherChainIsRefused)
{
    ClockRig rig(4, {}, std::nullopt);
    int asked = 0;
    QObject::connect(&rig.sync, &LiveSync::trustRequested, [&] { ++asked; });
    rig.sync.start(0);
    rig.settle();
    rig.stream.refuse(); // polled: identified again at every poll
    rig.pass(5000);
    rig.pass(5000);
    ASSERT_EQ(rig.sync.trust(), LiveSync::Trust::AwaitingTrust);
    EXPECT_EQ(asked, 1);
    const std::size_t followed = rig.recorder.heights.size();
    rig.index.headers() = FakeIndex::otherChain(8);
    rig.pass(5000);
    EXPECT_EQ(rig.sync.state(), LiveSync::State::WrongNetwork);
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(QStringLiteral("another chain")))
        << rig.recorder.wrongNetwork.toStdString();
    EXPECT_EQ(rig.recorder.heights.size(), followed);
}

TEST(LiveSyncClock, ABlockZeroThatIsNoGenesisIsRefusedBeforeAnyStream)
{
    ClockRig rig(4);
    rig.prover.genesisInstead = 2;
    rig.sync.start();
    rig.settle();
    EXPECT_EQ(rig.sync.state(), LiveSync::State::WrongNetwork);
    EXPECT_TRUE(rig.recorder.wrongNetwork.contains(QStringLiteral("not a genesis")))
        << rig.recorder.wrongNetwork.toStdString();
    EXPECT_EQ(rig.stream.opens(), 0);
}
