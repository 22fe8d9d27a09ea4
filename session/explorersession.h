#pragma once

#include "core/sync/livesync.h"
#include "models/activitylistmodel.h"
#include "models/addresspagemodel.h"
#include "models/auditmodel.h"
#include "models/blocklistmodel.h"
#include "models/blockpagemodel.h"
#include "models/broadcastmodel.h"
#include "models/collectionanalytics.h"
#include "models/collectionlistmodel.h"
#include "models/collectionpagemodel.h"
#include "models/livefeed.h"
#include "models/livefigures.h"
#include "models/networkstatusmodel.h"
#include "models/notificationlog.h"
#include "models/objectlistmodel.h"
#include "models/objectpagemodel.h"
#include "models/thumbnailcache.h"
#include "models/transactionpagemodel.h"
#include "models/watchlistmodel.h"
#include "models/watchnotifier.h"
#include "session/nodeclients.h"

#include <memory>

class AddressBook;

// Everything that talks to one node, and the models it feeds, wired: the
// sync feeds one LiveFeed and every model follows that feed. Live heads
// continue exactly where the first page of history ends, so the block list
// has neither gap nor repeat. A node that cannot be reached at the start
// is followed once it can, and the first pages that failed are asked again.
// Views never see it: the composition root hands each its models. Lives on
// the GUI thread.
class ExplorerSession
{
public:
    // Over the profile's real node. With a watchlist, its notifier follows
    // the live chain too.
    explicit ExplorerSession(const gifscan::NetworkProfile &profile,
                             Watchlist *watchlist = nullptr);
    // Over seams the caller keeps alive (a test's fakes).
    ExplorerSession(const gifscan::NetworkProfile &profile, NodeSeams seams,
                    Watchlist *watchlist = nullptr, const gifscan::LiveSync::Options &sync = {});

    // Loads the first pages and starts the live sync, which brings the
    // block lists theirs.
    void start();
    void applyHeaderVerifier(const gifscan::HeaderVerifier &headers);

private:
    ExplorerSession(const gifscan::NetworkProfile &profile, std::unique_ptr<NodeClients> clients,
                    NodeSeams seams, Watchlist *watchlist, const gifscan::LiveSync::Options &sync);
    void wireLiveFeed();
    void wireWatchlist();

    std::unique_ptr<NodeClients> m_clients; // none when handed seams

public:
    NodeSeams node;
    gifscan::LiveSync sync;
    LiveFeed feed; // the sync's heads and events, the one road to every model
    BlockListModel blocks;
    BlockListModel liveBlocks; // the Live page's; never held back by a reader of the Blocks page
    LiveFigures liveFigures;   // over liveBlocks
    CollectionListModel collections;
    ActivityListModel activity;
    ActivityListModel liveActivity;
    NetworkStatusModel status;
    ObjectPageModel object;
    ThumbnailCache thumbnails;
    ObjectListModel objects; // the collection page's grid
    CollectionPageModel collection;
    CollectionAnalytics collectionAnalytics; // its market and holders, read when asked
    BlockPageModel block;
    TransactionPageModel transaction;
    ObjectListModel holdings;          // the address page's grid
    ActivityListModel addressActivity; // and its feed
    AddressPageModel address;
    BroadcastModel broadcast;
    AuditModel audit;
    Watchlist *watchlist;
    AddressBook *addressBook = nullptr; // the user's name tags; none: addresses shown bare
    // The name tags, also for the notifications' words.
    void setAddressBook(AddressBook *book);
    std::unique_ptr<WatchNotifier> notifier;
    // With a watchlist: it as a table, and every notification it raised.
    std::unique_ptr<WatchlistModel> watched;
    NotificationLog notifications;
};
