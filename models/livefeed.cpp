#include "models/livefeed.h"

#include "core/sync/livesync.h"

namespace {

using gifscan::LiveSync;

LiveFeed::Connection connectionOf(LiveSync::State state)
{
    using C = LiveFeed::Connection;
    switch (state) {
    case LiveSync::State::Idle:
        return C::Idle;
    case LiveSync::State::Connecting:
        return C::Connecting;
    case LiveSync::State::Live:
        return C::Live;
    case LiveSync::State::Reconnecting:
        return C::Reconnecting;
    case LiveSync::State::Polling:
        return C::Polling;
    case LiveSync::State::Stale:
        return C::Stale;
    case LiveSync::State::Offline:
        return C::Offline;
    case LiveSync::State::WrongNetwork:
        return C::WrongNetwork;
    case LiveSync::State::NotAnswering:
        return C::NotAnswering;
    }
    return C::Idle;
}

LiveFeed::Trust trustOf(LiveSync::Trust trust)
{
    switch (trust) {
    case LiveSync::Trust::Unknown:
        return LiveFeed::Trust::Unknown;
    case LiveSync::Trust::Trusted:
        return LiveFeed::Trust::Trusted;
    case LiveSync::Trust::AwaitingTrust:
        return LiveFeed::Trust::AwaitingTrust;
    case LiveSync::Trust::Untrusted:
        return LiveFeed::Trust::Untrusted;
    }
    return LiveFeed::Trust::Unknown;
}

} // namespace

void LiveFeed::follow(gifscan::LiveSync *sync)
{
    m_sync = sync;
    connect(sync, &LiveSync::firstPageArrived, this, &LiveFeed::deliverFirstPage);
    connect(sync, &LiveSync::firstPageFailed, this, &LiveFeed::deliverFirstPageFailure);
    connect(sync, &LiveSync::headDelivered, this, &LiveFeed::deliverHead);
    connect(sync, &LiveSync::eventDelivered, this, &LiveFeed::deliverEvent);
    connect(sync, &LiveSync::stateChanged, this,
            [this](LiveSync::State state) { setConnection(connectionOf(state)); });
    connect(sync, &LiveSync::trustChanged, this,
            [this](LiveSync::Trust trust, const QString &problem) {
                m_trust = trustOf(trust);
                Q_EMIT trustChanged(m_trust, problem);
            });
    connect(sync, &LiveSync::wrongNetwork, this, &LiveFeed::wrongNetwork);
    m_connection = connectionOf(sync->state());
    m_trust = trustOf(sync->trust());
}

void LiveFeed::setConnection(Connection connection)
{
    m_connection = connection;
    Q_EMIT connectionChanged(connection);
    if (connection == Connection::Offline || connection == Connection::Reconnecting ||
        connection == Connection::Stale || connection == Connection::NotAnswering)
        Q_EMIT interrupted();
}

gifscan::ClientError LiveFeed::lastError() const
{
    return m_sync ? m_sync->lastError() : gifscan::ClientError();
}

std::optional<qint64> LiveFeed::nextAttemptInMs() const
{
    return m_sync ? m_sync->nextAttemptInMs() : std::nullopt;
}

bool LiveFeed::trustOffered() const
{
    return m_sync && m_sync->offeredAnchor().has_value();
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
