// The session over fakes of a node: what the explorer does when the node is
// down as it starts, and how the lists fill once it is up, with no node and
// no waiting (the test's clock and the fakes' queues say when).
#include "session/explorersession.h"
#include "tests/models/modeltester.h"
#include "tests/support/fakeindex.h"
#include "tests/support/fakeprover.h"
#include "tests/support/fakestream.h"
#include "tests/support/manualclock.h"

#include <QSet>
#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

struct FakeSession
{
    explicit FakeSession(std::uint64_t blocks)
        : session(NetworkProfile{QStringLiteral("fake"), QUrl(), QUrl(), QUrl(), kChainId,
                                 TrustAnchor::devnet()},
                  NodeSeams{&index, &prover, &stream}, nullptr, syncOptions())
    {
        index.headers() = FakeIndex::chain(blocks);
        for (BlockListModel *list : {session.pages().blocks, session.pages().liveBlocks})
            list->setClock(clock);
    }
    LiveSync::Options syncOptions()
    {
        LiveSync::Options o;
        o.clock = &clock;
        o.jitter = 0;
        return o;
    }
    void settle()
    {
        while (index.deliver() > 0) {
        }
        clock.advance(0);
    }
    std::vector<std::uint64_t> heightsShown(const BlockListModel &list) const
    {
        std::vector<std::uint64_t> out;
        for (int r = 0; r < list.rowCount(); ++r)
            out.push_back(list.row(r).header.height);
        return out;
    }

    ManualClock clock;
    FakeIndex index;
    FakeProver prover{index};
    FakeStream stream;
    ExplorerSession session;
};

} // namespace

TEST(ExplorerSession, ANodeDownAtStartIsFollowedOnceUpAndTheListsFill)
{
    FakeSession f(6);
    f.index.setReachable(false); // before the tester, whose checks already ask for rows
    ModelTester tester(
        {f.session.pages().blocks, f.session.pages().liveBlocks, f.session.pages().activity});
    f.session.start();
    f.settle();
    EXPECT_EQ(f.session.pages().blocks->rowCount(), 0);
    EXPECT_NE(f.session.sync().state(), LiveSync::State::Idle)
        << "the live feed starts although the first page failed";
    // The node comes up; the sync's next attempt finds it.
    f.index.setReachable(true);
    f.clock.advance(1000);
    f.settle();
    ASSERT_TRUE(f.stream.pending());
    f.stream.accept();
    f.settle();
    EXPECT_EQ(f.session.sync().state(), LiveSync::State::Live);
    EXPECT_TRUE(f.session.pages().blocks->hasFirstPage()) << "the failed first page is asked again";
    EXPECT_TRUE(f.session.pages().activity->hasFirstPage());
    EXPECT_EQ(f.heightsShown(*f.session.pages().blocks),
              (std::vector<std::uint64_t>{5, 4, 3, 2, 1, 0}));
    // Then heads come over the stream, each shown once.
    f.index.headers().push_back(FakeIndex::next(f.index.headers().back()));
    f.stream.push(f.index.headers().back());
    f.clock.advance(1000);
    f.settle();
    EXPECT_EQ(f.heightsShown(*f.session.pages().blocks),
              (std::vector<std::uint64_t>{6, 5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(f.session.feed().height(), std::optional<std::uint64_t>(6));
}

// One road: a node lost is the feed interrupted, which is what a watcher's
// notifier hears (it no longer reads the sync's states itself).
TEST(ExplorerSession, ANodeLostIsTheFeedInterrupted)
{
    FakeSession f(3);
    QSignalSpy interrupted(&f.session.feed(), &LiveFeed::interrupted);
    f.session.start();
    f.settle();
    ASSERT_TRUE(f.stream.pending());
    f.stream.accept();
    f.settle();
    ASSERT_EQ(f.session.sync().state(), LiveSync::State::Live);
    EXPECT_EQ(interrupted.count(), 0);
    f.stream.drop();
    f.settle();
    EXPECT_EQ(interrupted.count(), 1);
}

TEST(ExplorerSession, LiveHeadsContinueWhereTheFirstPageEnds)
{
    FakeSession f(4);
    ModelTester tester({f.session.pages().blocks, f.session.pages().liveBlocks});
    f.session.start();
    f.settle(); // the first page, then the sync identifies the node
    ASSERT_TRUE(f.stream.pending());
    // Two blocks made between the first page and the stream: backfilled.
    for (int i = 0; i < 2; ++i)
        f.index.headers().push_back(FakeIndex::next(f.index.headers().back()));
    f.stream.accept();
    f.settle();
    f.clock.advance(1000);
    EXPECT_EQ(f.heightsShown(*f.session.pages().blocks),
              (std::vector<std::uint64_t>{5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(f.heightsShown(*f.session.pages().liveBlocks).front(), 5u);
    const auto live = f.heightsShown(*f.session.pages().liveBlocks);
    EXPECT_EQ(QSet<std::uint64_t>(live.begin(), live.end()).size(), live.size()) << "no repeats";
}

// A chain of genesis alone: the first page shows block 0, and so does the
// status bar, before any live head.
TEST(ExplorerSession, GenesisAloneIsAHeadBeforeAnyLiveOne)
{
    FakeSession f(1);
    f.session.start();
    f.settle();
    EXPECT_TRUE(f.session.pages().status->hasHead());
    EXPECT_EQ(f.session.pages().status->headHeight(), 0u);
    EXPECT_EQ(f.session.feed().height(), std::optional<std::uint64_t>(0));
    EXPECT_EQ(f.session.pages().status->secondsSinceHead(), -1) << "its age is not known yet";
}
