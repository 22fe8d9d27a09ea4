#include "session/explorersession.h"

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile, Watchlist *watchlist_)
    : ExplorerSession(profile, std::make_unique<NodeClients>(profile), {}, watchlist_, {})
{
}

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile, NodeSeams seams,
                                 Watchlist *watchlist_,
                                 const gifscan::LiveSync::Options &syncOptions)
    : ExplorerSession(profile, nullptr, seams, watchlist_, syncOptions)
{
}

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile,
                                 std::unique_ptr<NodeClients> clients, NodeSeams seams,
                                 Watchlist *watchlist_,
                                 const gifscan::LiveSync::Options &syncOptions)
    : m_clients(std::move(clients)), node(m_clients ? m_clients->seams() : seams),
      sync(profile, node.index, node.prover, node.stream, syncOptions), blocks(node.index),
      liveBlocks(node.index), liveFigures(&liveBlocks, node.index), collections(node.index),
      activity(node.index), liveActivity(node.index), object(node.index, node.prover),
      thumbnails([this](const QString &slug, std::uint64_t id, QObject *context,
                        std::function<void(QByteArray)> done) {
          node.index->frames(slug, id, std::nullopt, context,
                             [done](const gifscan::Result<QByteArray> &r) {
                                 done(r.ok() ? *r.value : QByteArray());
                             });
      }),
      objects(node.index, &thumbnails), collection(node.index, &objects),
      collectionAnalytics(node.index), block(node.index, node.prover), transaction(node.index),
      holdings(node.index, &thumbnails), addressActivity(node.index),
      address(node.index, &holdings, &addressActivity), broadcast(node.index, node.prover),
      audit(node.index, node.prover), watchlist(watchlist_)
{
    status.follow(&sync, profile.name);
    for (ActivityListModel *feed : {&activity, &liveActivity, &addressActivity})
        feed->showThumbnailsFrom(&thumbnails);
    applyHeaderVerifier(sync.headerVerifier());
    // A learnt genesis, or a set the user chose to trust, is what every
    // model measures "verified" against from then on.
    QObject::connect(&sync, &gifscan::LiveSync::anchorLearnt, &status,
                     [this](const gifscan::TrustAnchor &anchor) {
                         applyHeaderVerifier(gifscan::HeaderVerifier(anchor));
                     });
    // A refused node (another genesis or set) gets nothing verified on any
    // page, not only in the live feed.
    QObject::connect(&sync, &gifscan::LiveSync::wrongNetwork, &status, [this](const QString &) {
        applyHeaderVerifier(gifscan::HeaderVerifier::refusing(sync.headerVerifier().anchor()));
    });
    if (watchlist)
        wireWatchlist();
    wireLiveFeed();
    // An audit waiting for the node's rate limit says so, as it waits.
    if (node.http)
        QObject::connect(node.http, &gifscan::HttpClient::rateLimited, &audit,
                         &AuditModel::nodeAsksToWait);
}

void ExplorerSession::wireWatchlist()
{
    notifier = std::make_unique<WatchNotifier>(watchlist);
    notifier->follow(feed);
    notifications.follow(notifier.get());
    watched = std::make_unique<WatchlistModel>(watchlist, node.index, &collections, &thumbnails);
    watched->follow(feed);
    QObject::connect(&collections, &CollectionListModel::refreshed, notifier.get(), [this] {
        for (int r = 0; r < collections.rowCount(); ++r)
            notifier->floorSeen(collections.collection(r).slug,
                                collections.collection(r).floorPrice);
    });
}

void ExplorerSession::wireLiveFeed()
{
    using gifscan::LiveSync;
    // The one road of a new head: socket -> LiveSync -> feed -> each model.
    feed.follow(&sync);
    for (BlockListModel *list : {&blocks, &liveBlocks})
        list->follow(feed);
    collections.follow(feed);
    for (ActivityListModel *list : {&activity, &liveActivity, &addressActivity})
        list->follow(feed);
    object.follow(feed);
    block.follow(feed);
    transaction.follow(feed);
    address.follow(feed);
    QObject::connect(&blocks, &BlockListModel::firstPageLoaded, &sync, [this](quint64 top) {
        // The second list's first page is asked for now, so it reaches at
        // least the height live heads continue from.
        liveBlocks.fetchMore({});
        // The list shows its top before any live head comes: so do the
        // status bar and the pages that count from the head.
        feed.advance(top);
        status.headSeen(top);
        sync.start(top);
    });
    // A node down at the start: follow it from its head once it is up
    // (LiveSync retries with backoff), and ask again for what failed then.
    QObject::connect(&blocks, &BlockListModel::loadFailed, &sync, [this] {
        if (!blocks.hasFirstPage() && sync.state() == LiveSync::State::Idle)
            sync.start();
    });
    QObject::connect(&feed, &LiveFeed::headArrived, &blocks, [this] { reloadWhatFailed(); });
}

void ExplorerSession::reloadWhatFailed()
{
    // fetchMore asks nothing while a request is in flight, so a burst of
    // heads asks each list once.
    if (!blocks.hasFirstPage())
        blocks.fetchMore({});
    for (ActivityListModel *feed : {&activity, &liveActivity}) {
        if (!feed->hasFirstPage())
            feed->fetchMore({});
    }
    // The collections need nothing here: every head refreshes them.
}

void ExplorerSession::applyHeaderVerifier(const gifscan::HeaderVerifier &headers)
{
    blocks.setHeaderVerifier(headers);
    liveBlocks.setHeaderVerifier(headers);
    block.setHeaderVerifier(headers);
    object.setHeaderVerifier(headers);
    audit.setHeaderVerifier(headers);
}

void ExplorerSession::start()
{
    blocks.fetchMore({});
    activity.fetchMore({});
    liveActivity.fetchMore({});
    collections.reload();
}

void ExplorerSession::setAddressBook(AddressBook *book)
{
    addressBook = book;
    notifications.setAddressBook(book);
}
