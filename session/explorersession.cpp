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
    for (ActivityListModel *list : {&activity, &liveActivity, &addressActivity})
        list->showThumbnailsFrom(&thumbnails);
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
    // The sync asks for the block lists' first page itself, and follows
    // the chain from its top (asking again while the node is down).
    sync.startWithFirstPage(blocks.pageSize());
    activity.fetchMore({});
    liveActivity.fetchMore({});
    collections.reload();
}

void ExplorerSession::setAddressBook(AddressBook *book)
{
    addressBook = book;
    notifications.setAddressBook(book);
}
