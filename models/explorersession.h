#pragma once

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "core/sync/livesync.h"
#include "models/activitylistmodel.h"
#include "models/addresspagemodel.h"
#include "models/auditmodel.h"
#include "models/blocklistmodel.h"
#include "models/blockpagemodel.h"
#include "models/broadcastmodel.h"
#include "models/chainhead.h"
#include "models/collectionlistmodel.h"
#include "models/collectionpagemodel.h"
#include "models/livefigures.h"
#include "models/networkstatusmodel.h"
#include "models/notificationlog.h"
#include "models/objectlistmodel.h"
#include "models/objectpagemodel.h"
#include "models/thumbnailcache.h"
#include "models/transactionpagemodel.h"
#include "models/watchlistmodel.h"
#include "models/watchnotifier.h"

// Everything that talks to one node, and the models it feeds, wired: live
// heads continue exactly where the first page of history ends, so the block
// list has neither gap nor repeat. Lives on the GUI thread.
class ExplorerSession
{
public:
    // With a watchlist, its notifier follows the live chain too.
    explicit ExplorerSession(const gifscan::NetworkProfile &profile,
                             Watchlist *watchlist = nullptr);

    // Loads the first pages; live sync starts once the block list has its top.
    void start();
    void applyHeaderVerifier(const gifscan::HeaderVerifier &headers);

    gifscan::HttpClient http;
    gifscan::RestClient rest;
    gifscan::RpcClient rpc;
    gifscan::WebSocketStream stream;
    gifscan::LiveSync sync;
    ChainHead head; // advanced by every head the sync delivers
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
    BlockPageModel block;
    TransactionPageModel transaction;
    ObjectListModel holdings;          // the address page's grid
    ActivityListModel addressActivity; // and its feed
    AddressPageModel address;
    BroadcastModel broadcast;
    AuditModel audit;
    Watchlist *watchlist;
    std::unique_ptr<WatchNotifier> notifier;
    // With a watchlist: it as a table, and every notification it raised.
    std::unique_ptr<WatchlistModel> watched;
    NotificationLog notifications;
};
