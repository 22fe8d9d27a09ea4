#include "session/explorersession.h"

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile, Watchlist *watchlist)
    : ExplorerSession(profile, std::make_unique<NodeClients>(profile), {}, watchlist, {})
{
}

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile, NodeSeams seams,
                                 Watchlist *watchlist,
                                 const gifscan::LiveSync::Options &syncOptions)
    : ExplorerSession(profile, nullptr, seams, watchlist, syncOptions)
{
}

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile,
                                 std::unique_ptr<NodeClients> clients, NodeSeams seams,
                                 Watchlist *watchlist,
                                 const gifscan::LiveSync::Options &syncOptions)
    : m_clients(std::move(clients)), m_node(m_clients ? m_clients->seams() : seams),
      m_sync(profile, m_node.index, m_node.prover, m_node.stream, syncOptions),
      m_blocks(m_node.index), m_liveBlocks(m_node.index),
      m_liveFigures(&m_liveBlocks, m_node.index), m_collections(m_node.index),
      m_activity(m_node.index), m_liveActivity(m_node.index), m_object(m_node.index, m_node.prover),
      m_thumbnails([this](const QString &slug, std::uint64_t id, QObject *context,
                          std::function<void(QByteArray)> done) {
          m_node.index->frames(slug, id, std::nullopt, context,
                               [done](const gifscan::Result<QByteArray> &r) {
                                   done(r.ok() ? *r.value : QByteArray());
                               });
      }),
      m_objects(m_node.index, &m_thumbnails), m_collection(m_node.index, &m_objects),
      m_collectionAnalytics(m_node.index), m_block(m_node.index, m_node.prover),
      m_transaction(m_node.index), m_holdings(m_node.index, &m_thumbnails),
      m_addressActivity(m_node.index), m_address(m_node.index, &m_holdings, &m_addressActivity),
      m_broadcast(m_node.index, m_node.prover), m_audit(m_node.index, m_node.prover),
      m_eventProver(m_node.prover, m_sync.headerVerifier()), m_watchlist(watchlist)
{
    for (ActivityListModel *list : {&m_activity, &m_liveActivity, &m_addressActivity})
        list->showThumbnailsFrom(&m_thumbnails);
    m_collections.showThumbnailsFrom(&m_thumbnails);
    applyHeaderVerifier(m_sync.headerVerifier());
    // A learnt genesis, or a set the user chose to trust, is what every
    // model measures "verified" against from then on.
    QObject::connect(&m_sync, &gifscan::LiveSync::anchorLearnt, &m_status,
                     [this](const gifscan::TrustAnchor &anchor) {
                         applyHeaderVerifier(gifscan::HeaderVerifier(anchor));
                     });
    // A refused node (another genesis or set) gets nothing verified on any
    // page, not only in the live feed.
    QObject::connect(&m_sync, &gifscan::LiveSync::wrongNetwork, &m_status, [this](const QString &) {
        applyHeaderVerifier(gifscan::HeaderVerifier::refusing(m_sync.headerVerifier().anchor()));
    });
    if (m_watchlist)
        wireWatchlist();
    wireLiveFeed();
    m_status.follow(&m_feed, profile.name);
    // An audit waiting for the node's rate limit says so, as it waits.
    if (m_node.http)
        QObject::connect(m_node.http, &gifscan::HttpClient::rateLimited, &m_audit,
                         &AuditModel::nodeAsksToWait);
    fillPages();
}

void ExplorerSession::fillPages()
{
    PageModels &m = m_pages;
    m.status = &m_status;
    m.broadcast = &m_broadcast;
    m.liveFigures = &m_liveFigures;
    m.liveBlocks = &m_liveBlocks;
    m.liveActivity = &m_liveActivity;
    m.blocks = &m_blocks;
    m.collections = &m_collections;
    m.activity = &m_activity;
    m.watchlist = m_watchlist;
    m.watched = m_watched.get();
    m.notifications = m_watchlist ? &m_notifications : nullptr;
    m.object = &m_object;
    m.collection = &m_collection;
    m.collectionAnalytics = &m_collectionAnalytics;
    m.block = &m_block;
    m.transaction = &m_transaction;
    m.address = &m_address;
    m.audit = &m_audit;
}

void ExplorerSession::wireWatchlist()
{
    m_notifier = std::make_unique<WatchNotifier>(m_watchlist);
    m_notifier->setEventCheck([this](const gifscan::ActivityEntry &event,
                                     const gifscan::BlockHeader &header, QObject *context,
                                     std::function<void(const gifscan::EventVerdict &)> done) {
        m_eventProver.prove(event, header, context, std::move(done));
    });
    m_notifier->follow(m_feed);
    m_notifications.follow(m_notifier.get());
    m_watched =
        std::make_unique<WatchlistModel>(m_watchlist, m_node.index, &m_collections, &m_thumbnails);
    m_watched->follow(m_feed);
    QObject::connect(&m_collections, &CollectionListModel::refreshed, m_notifier.get(), [this] {
        for (int r = 0; r < m_collections.rowCount(); ++r)
            m_notifier->floorSeen(m_collections.collection(r).slug,
                                  m_collections.collection(r).floorPrice);
    });
}

void ExplorerSession::wireLiveFeed()
{
    // The one road of a new head: socket -> LiveSync -> feed -> each model.
    m_feed.follow(&m_sync);
    for (BlockListModel *list : {&m_blocks, &m_liveBlocks})
        list->follow(m_feed);
    m_collections.follow(m_feed);
    for (ActivityListModel *list : {&m_activity, &m_liveActivity, &m_addressActivity})
        list->follow(m_feed);
    m_object.follow(m_feed);
    m_block.follow(m_feed);
    m_transaction.follow(m_feed);
    m_address.follow(m_feed);
}

void ExplorerSession::applyHeaderVerifier(const gifscan::HeaderVerifier &headers)
{
    m_blocks.setHeaderVerifier(headers);
    m_liveBlocks.setHeaderVerifier(headers);
    m_block.setHeaderVerifier(headers);
    m_object.setHeaderVerifier(headers);
    m_audit.setHeaderVerifier(headers);
    m_eventProver.setHeaderVerifier(headers);
}

void ExplorerSession::start()
{
    // The sync asks for the block lists' first page itself, and follows
    // the chain from its top (asking again while the node is down).
    m_sync.startWithFirstPage(m_blocks.pageSize());
    m_activity.fetchMore({});
    m_liveActivity.fetchMore({});
    m_collections.reload();
}

void ExplorerSession::setAddressBook(AddressBook *book)
{
    m_pages.addressBook = book;
    m_notifications.setAddressBook(book);
}
