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
#include "models/pagemodels.h"
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
// Views never see it: it hands out one PageModels, which the composition
// root gives the window and its pages. Lives on the GUI thread.
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
    // The user's name tags, for the pages and the notifications' words;
    // none: addresses shown bare. Set before a window is made over pages().
    void setAddressBook(AddressBook *book);

    // Every model a window and its pages show: what the session hands out.
    const PageModels &pages() const { return m_pages; }
    // The node's live chain: its state, trust and the anchor it learns.
    gifscan::LiveSync &sync() { return m_sync; }
    // The one road of a new head to the models.
    const LiveFeed &feed() const { return m_feed; }
    // The decoded frames every grid and feed shares; its budget is the user's.
    ThumbnailCache &thumbnails() { return m_thumbnails; }
    // With a watchlist: what raises its notifications; none otherwise.
    WatchNotifier *notifier() const { return m_notifier.get(); }

private:
    ExplorerSession(const gifscan::NetworkProfile &profile, std::unique_ptr<NodeClients> clients,
                    NodeSeams seams, Watchlist *watchlist, const gifscan::LiveSync::Options &sync);
    void wireLiveFeed();
    void wireWatchlist();
    void fillPages();

    std::unique_ptr<NodeClients> m_clients; // none when handed seams
    NodeSeams m_node;
    gifscan::LiveSync m_sync;
    LiveFeed m_feed; // the sync's heads and events, the one road to every model
    BlockListModel m_blocks;
    BlockListModel m_liveBlocks; // the Live page's; never held back by a reader of the Blocks page
    LiveFigures m_liveFigures;   // over m_liveBlocks
    CollectionListModel m_collections;
    ActivityListModel m_activity;
    ActivityListModel m_liveActivity;
    NetworkStatusModel m_status;
    ObjectPageModel m_object;
    ThumbnailCache m_thumbnails;
    ObjectListModel m_objects; // the collection page's grid
    CollectionPageModel m_collection;
    CollectionAnalytics m_collectionAnalytics; // its market and holders, read when asked
    BlockPageModel m_block;
    TransactionPageModel m_transaction;
    ObjectListModel m_holdings;          // the address page's grid
    ActivityListModel m_addressActivity; // and its feed
    AddressPageModel m_address;
    BroadcastModel m_broadcast;
    AuditModel m_audit;
    gifscan::EventProver m_eventProver; // proves the node's events before they are told
    Watchlist *m_watchlist;
    std::unique_ptr<WatchNotifier> m_notifier;
    // With a watchlist: it as a table, and every notification it raised.
    std::unique_ptr<WatchlistModel> m_watched;
    NotificationLog m_notifications;
    PageModels m_pages; // pointers to the above
};
