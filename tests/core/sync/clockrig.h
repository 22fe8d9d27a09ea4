#pragma once

// LiveSync over fakes of a node's index, prover and stream, on the test's
// clock: the rig the clock tests share (livesyncclocktest.cpp,
// livesyncnetworktest.cpp). Lives on the test's thread.
#include "core/sync/livesync.h"
#include "tests/support/fakeindex.h"
#include "tests/support/fakeprover.h"
#include "tests/support/fakestream.h"
#include "tests/support/manualclock.h"
#include "tests/support/syncrecorder.h"

#include <functional>
#include <gtest/gtest.h>
#include <optional>

namespace gifscan::test {

inline LiveSync::Options clockOptions(const Clock &clock)
{
    LiveSync::Options o;
    o.clock = &clock;
    o.jitter = 0; // the backoff's steps exactly, so a test can name them
    return o;
}

struct ClockRig
{
    explicit ClockRig(std::uint64_t blocks,
                      const std::function<void(LiveSync::Options &)> &tweak = {},
                      std::optional<TrustAnchor> anchor = TrustAnchor::devnet())
        : sync(NetworkProfile{QStringLiteral("fake"), QUrl(), QUrl(), QUrl(), kChainId, anchor},
               &index, &prover, &stream, options(tweak))
    {
        index.headers() = FakeIndex::chain(blocks);
        recorder.attach(sync);
    }
    LiveSync::Options options(const std::function<void(LiveSync::Options &)> &tweak)
    {
        LiveSync::Options o = clockOptions(clock);
        if (tweak)
            tweak(o);
        return o;
    }
    // Runs every answer and what those cause, until nothing waits.
    void settle()
    {
        while (index.deliver() > 0) {
        }
    }
    // The test's time goes on by `ms`, and what it asked of the index is answered.
    void pass(qint64 ms)
    {
        clock.advance(ms);
        settle();
    }
    // Settles, then lets the stream connect and settles what that asks.
    void connect()
    {
        settle();
        EXPECT_TRUE(stream.pending()) << "LiveSync asked for no connection";
        stream.accept();
        settle();
    }
    // The node makes `n` more blocks (an event in each), not yet pushed.
    void grow(std::uint64_t n)
    {
        for (std::uint64_t i = 0; i < n; ++i) {
            index.headers().push_back(FakeIndex::next(index.headers().back()));
            index.feed().insert(index.feed().begin(), eventAt(index.headers().back().height));
        }
    }
    static ActivityEntry eventAt(std::uint64_t height)
    {
        ActivityEntry e;
        e.id = QStringLiteral("ev-%1").arg(height);
        e.type = QStringLiteral("mint");
        e.height = height;
        return e;
    }
    const BlockHeader &top() const { return const_cast<ClockRig *>(this)->index.headers().back(); }

    ManualClock clock;
    FakeIndex index;
    FakeProver prover{index};
    FakeStream stream;
    LiveSync sync;
    SyncRecorder recorder;
};

} // namespace gifscan::test
