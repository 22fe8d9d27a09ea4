#include "models/explorersession.h"

ExplorerSession::ExplorerSession(const gifscan::NetworkProfile &profile, Watchlist *watchlist_)
    : rest(profile.restUrl, &http), rpc(profile.rpcUrl, &http), stream(profile.wsUrl),
      sync(profile, &rest, &rpc, &stream), blocks(&rest), liveBlocks(&rest),
      liveFigures(&liveBlocks, &rest), collections(&rest), activity(&rest), liveActivity(&rest),
      object(&rest, &rpc),
      thumbnails([this](const QString &slug, std::uint64_t id, QObject *context,
                        std::function<void(QByteArray)> done) {
          rest.frames(slug, id, std::nullopt, context,
                      [done](const gifscan::Result<QByteArray> &r) {
                          done(r.ok() ? *r.value : QByteArray());
                      });
      }),
      objects(&rest, &thumbnails), collection(&rest, &objects), block(&rest, &rpc),
      transaction(&rest), holdings(&rest, &thumbnails), addressActivity(&rest),
      address(&rest, &holdings, &addressActivity), broadcast(&rest, &rpc), audit(&rest, &rpc),
      watchlist(watchlist_)
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
    if (watchlist) {
        notifier = std::make_unique<WatchNotifier>(watchlist);
        notifier->follow(&sync);
        notifications.follow(notifier.get());
        watched = std::make_unique<WatchlistModel>(watchlist, &rest, &collections, &thumbnails);
        QObject::connect(&sync, &gifscan::LiveSync::eventDelivered, watched.get(),
                         &WatchlistModel::eventArrived);
        QObject::connect(&collections, &CollectionListModel::refreshed, notifier.get(), [this] {
            for (int r = 0; r < collections.rowCount(); ++r)
                notifier->floorSeen(collections.collection(r).slug,
                                    collections.collection(r).floorPrice);
        });
    }
    QObject::connect(&sync, &gifscan::LiveSync::headDelivered, &blocks, &BlockListModel::addHead);
    QObject::connect(&sync, &gifscan::LiveSync::headDelivered, &collections,
                     [this](const gifscan::BlockHeader &, bool) { collections.blockArrived(); });
    QObject::connect(&sync, &gifscan::LiveSync::eventDelivered, &activity,
                     &ActivityListModel::addEvent);
    QObject::connect(&sync, &gifscan::LiveSync::eventDelivered, &liveActivity,
                     &ActivityListModel::addEvent);
    QObject::connect(&sync, &gifscan::LiveSync::eventDelivered, &addressActivity,
                     &ActivityListModel::addEvent);
    QObject::connect(&sync, &gifscan::LiveSync::headDelivered, &liveBlocks,
                     &BlockListModel::addHead);
    QObject::connect(&sync, &gifscan::LiveSync::headDelivered, &head,
                     [this](const gifscan::BlockHeader &h, bool) { head.advance(h.height); });
    object.followHead(&head);
    block.followHead(&head);
    transaction.followHead(&head);
    QObject::connect(&blocks, &BlockListModel::firstPageLoaded, &sync, [this](quint64 top) {
        // The second list's first page is asked for now, so it reaches at
        // least the height live heads continue from.
        liveBlocks.fetchMore({});
        sync.start(top);
    });
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
