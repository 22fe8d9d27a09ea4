#pragma once

#include "models/viewpreferences.h"
#include "session/explorersession.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "views/collectionpage.h"
#include "views/explorerpages.h"
#include "views/mainwindow.h"

#include <QListWidget>
#include <QTest>

namespace gifscan::test {

// The app's own session and a window on it, against a devnet, trusting the
// devnet's validator set as the built-in profile does; its JSON-RPC through
// `rpc` where given (a proxy in front of the devnet's).
struct Explorer
{
    explicit Explorer(DevnetHarness &d, Watchlist *watchlist = nullptr,
                      AddressBook *addressBook = nullptr, const QUrl &rpc = {})
        : Explorer(QUrl(d.endpoints().baseUrl), rpc.isEmpty() ? QUrl(d.endpoints().rpcUrl) : rpc,
                   QUrl(d.endpoints().wsUrl), watchlist, addressBook)
    {
    }
    // Against any server that speaks the node's protocol (an indexer's read server).
    Explorer(const QUrl &rest, const QUrl &rpc, const QUrl &ws, Watchlist *watchlist = nullptr,
             AddressBook *addressBook = nullptr)
        : session(
              {QStringLiteral("chain-devnet-1"), rest, rpc, ws, kChainId, TrustAnchor::devnet()},
              watchlist),
          pages(tagged(session, addressBook).pages()),
          window(pages, &preferences, explorerPages(pages))
    {
        window.show();
    }
    // The session with the reader's name tags, before the window is made over it.
    static ExplorerSession &tagged(ExplorerSession &s, AddressBook *book)
    {
        s.setAddressBook(book);
        return s;
    }
    // Opens `slug`'s page once the collection list has it, and waits for its
    // panel of `trait`'s values: that panel, or null when the collection, its
    // page or the panel did not come within 5 s each.
    QListWidget *openTraitFilter(const QString &slug, const QString &trait)
    {
        if (!QTest::qWaitFor([&] { return session.pages().collections->rowOf(slug) >= 0; }, 5000) ||
            !window.search(slug))
            return nullptr;
        auto *page = window.page<CollectionPage>();
        if (!page || !QTest::qWaitFor([&] { return page->traitFilter(trait) != nullptr; }, 5000))
            return nullptr;
        return page->traitFilter(trait);
    }

    ExplorerSession session;
    // The models the Live page and the collection list show, which take live
    // traffic in every views test, checked while the window shows them. (The
    // tester asks for more rows as a view would; the lists whose paging a
    // test examines, and those with no question yet, stay without one.)
    ModelTester testers{session.pages().liveBlocks, session.pages().liveActivity,
                        session.pages().collections};
    ViewPreferences preferences; // what Settings would set: the window follows it
    PageModels pages;            // the session's, with the name tags, before the window is made
    MainWindow window;
};

} // namespace gifscan::test
