#pragma once

#include "models/viewpreferences.h"
#include "session/explorersession.h"
#include "tests/models/modeltester.h"
#include "tests/support/fakeindex.h"
#include "tests/support/fakeprover.h"
#include "tests/support/fakestream.h"
#include "tests/support/manualclock.h"
#include "views/mainwindow.h"

#include <functional>

namespace gifscan::test {

// The app's own session and a window on it over fakes of a node, for a
// page's behaviour: a signed chain, collections, an activity feed of mints,
// listings, sales and transfers, a small GIF for every object. Answers come
// when settle() runs them and heads when pushHead() announces one, so no
// test waits for a node. The lists' intervals and ages run on the test's
// clocks. A test whose point is the real node (its proofs, its process, its
// limits) uses Explorer over a devnet instead.
struct FakeExplorer
{
    // `blocks` headers; `collections` of four objects each, minted, listed
    // and sold across the chain.
    // With a watchlist and name tags, as the app's session and window have.
    explicit FakeExplorer(std::uint64_t blocks, int collections = 4, Watchlist *watchlist = nullptr,
                          AddressBook *addressBook = nullptr);

    // Starts the session as the app does and settles until it is live.
    void startLive();
    // Runs every answer waiting and whatever they ask in turn, then the
    // lists' coalescing interval, then the events the window posted.
    void settle();
    // Settles until `done` holds, for what also takes real time (pictures
    // are decoded on a thread pool); false after `ms`.
    bool settleUntil(const std::function<bool()> &done, int ms = 5000);
    // The node makes a block, with a mint in it, and announces both.
    BlockHeader pushHead();
    // The node makes a block (events are added to it with addEvent), then
    // announces it with its events and settles.
    BlockHeader grow();
    void announce();
    // An object of the test's own, with a GIF; and an event of an object in
    // a block of the chain, kept in the feed's order (newest first).
    ObjectRecord &addObject(const QString &slug, std::uint64_t tokenId);
    ActivityEntry &addEvent(std::uint64_t height, const QString &type, const QString &slug,
                            std::uint64_t tokenId, std::optional<Amount> price = std::nullopt);

    ManualClock syncClock; // the live sync's backoff and stale limit: the test's to move
    ManualClock clock;     // the lists' coalescing intervals: settle() moves it
    ManualClock wall;      // the lists' ages: the chain's newest block is "now"
    FakeIndex index;
    FakeProver prover{index};
    FakeStream stream;
    // Made before the session: its testers ask for rows at once.
    bool chainMade;
    ExplorerSession session;
    ModelTester testers;
    ViewPreferences preferences;
    PageModels pages; // the session's, with the name tags, before the window is made
    MainWindow window;
};

} // namespace gifscan::test
