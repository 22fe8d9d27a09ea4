#include "models/livefeed.h"

#include "core/sync/livesync.h"

void LiveFeed::follow(gifscan::LiveSync *sync)
{
    using gifscan::LiveSync;
    connect(sync, &LiveSync::firstPageArrived, this, &LiveFeed::deliverFirstPage);
    connect(sync, &LiveSync::firstPageFailed, this, &LiveFeed::deliverFirstPageFailure);
    connect(sync, &LiveSync::headDelivered, this, &LiveFeed::deliverHead);
    connect(sync, &LiveSync::eventDelivered, this, &LiveFeed::deliverEvent);
    connect(sync, &LiveSync::stateChanged, this, [this](LiveSync::State state) {
        if (state == LiveSync::State::Offline || state == LiveSync::State::Reconnecting ||
            state == LiveSync::State::Stale || state == LiveSync::State::NotAnswering)
            Q_EMIT interrupted();
    });
}

void LiveFeed::advance(std::uint64_t height)
{
    if (m_height && height <= *m_height)
        return;
    m_height = height;
    Q_EMIT advanced(height);
}

void LiveFeed::deliverFirstPage(const gifscan::Page<gifscan::BlockHeader> &page)
{
    // The lists first, then the height: a page that counts confirmations
    // when the feed advances finds the rows already there.
    m_firstPage = true;
    Q_EMIT firstPageArrived(page);
    advance(page.height);
}

void LiveFeed::deliverFirstPageFailure(const gifscan::ClientError &error)
{
    Q_EMIT firstPageFailed(error);
}

void LiveFeed::deliverHead(const gifscan::BlockHeader &header, bool verified)
{
    // The lists first, then the height: the order the session's
    // connections to the sync had before the feed.
    Q_EMIT headArrived(header, verified);
    advance(header.height);
}

void LiveFeed::deliverEvent(const gifscan::ActivityEntry &entry)
{
    Q_EMIT eventArrived(entry);
}
