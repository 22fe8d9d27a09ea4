#pragma once

#include "models/explorersession.h"
#include "models/viewpreferences.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetharness.h"
#include "views/explorerpages.h"
#include "views/mainwindow.h"

namespace gifscan::test {

// The app's own session and a window on it, against a devnet, trusting the
// devnet's validator set as the built-in profile does.
struct Explorer
{
    explicit Explorer(DevnetHarness &d, Watchlist *watchlist = nullptr)
        : session({QStringLiteral("chain-devnet-1"), QUrl(d.endpoints().baseUrl),
                   QUrl(d.endpoints().rpcUrl), QUrl(d.endpoints().wsUrl), kChainId,
                   TrustAnchor::devnet()},
                  watchlist),
          window(MainWindow::Models::of(session, &preferences), explorerPages(session))
    {
        window.show();
    }
    ExplorerSession session;
    // Every model that takes live traffic, checked while the window shows it.
    ModelTester testers{&session.blocks,       &session.liveBlocks,     &session.activity,
                        &session.liveActivity, &session.collections,    &session.objects,
                        &session.holdings,     &session.addressActivity};
    ViewPreferences preferences; // what Settings would set: the window follows it
    MainWindow window;
};

} // namespace gifscan::test
