#pragma once

#include "core/client/clienterror.h"
#include "core/protocol/records.h"

#include <QObject>
#include <QPointer>
#include <cstdint>
#include <optional>

namespace gifscan {
class LiveSync;
}

// The one road a new head takes to the models. The session's LiveSync
// feeds it (follow), and every model that changes with the chain follows
// it: the block lists are seeded with its first page and take its heads,
// the activity lists its events, the pages count confirmations and bound
// travel by its height, the watch notifier hears when it is interrupted.
// The first page's top advances it too, since pages count from the head
// before any live one comes. Heights only go up. The node's connection and
// whether its heads verify travel the same road, named in the models' own
// words (Connection, Trust): the status bar's model reads them here, and no
// view sees the sync. Lives on the GUI thread.
class LiveFeed : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // The node's connection, as LiveSync has it (translated here, once).
    enum class Connection {
        Idle,
        Connecting,
        Live,
        Reconnecting,
        Polling,
        Stale,
        Offline,
        WrongNetwork,
        // Its socket open, but it answers nothing.
        NotAnswering
    };
    Q_ENUM(Connection)
    // Whether the heads delivered can be verified, apart from connectivity.
    enum class Trust { Unknown, Trusted, AwaitingTrust, Untrusted };
    Q_ENUM(Trust)

    // Relays the sync's first page, heads and events, its connection and
    // trust, and its losing the node.
    void follow(gifscan::LiveSync *sync);

    Connection connection() const { return m_connection; }
    Trust trust() const { return m_trust; }
    // Why the node could not be reached the last time; ok() while it answers.
    gifscan::ClientError lastError() const;
    // While a reconnect waits: how long until the next attempt.
    std::optional<qint64> nextAttemptInMs() const;
    // A refused node that signs its own genesis offers its set to be trusted.
    bool trustOffered() const;

    // Whether the sync's first page came (a list that follows later asks
    // for its own: heads after it are the feed's, older ones are repeats).
    bool hasFirstPage() const { return m_firstPage; }
    // None until the first head: a chain of genesis alone has height 0.
    std::optional<std::uint64_t> height() const { return m_height; }
    // Heads only go up: a late or repeated height changes nothing.
    void advance(std::uint64_t height);
    // The blocks from `height` to the head, both counted: 1 in the head
    // block itself; 0 before the first head or for a height beyond it.
    std::uint64_t confirmations(std::uint64_t height) const
    {
        return m_height && height <= *m_height ? *m_height - height + 1 : 0;
    }

    // What the sync delivers, passed on (follow's relay; a test's hand).
    void deliverFirstPage(const gifscan::Page<gifscan::BlockHeader> &page);
    void deliverFirstPageFailure(const gifscan::ClientError &error);
    void deliverHead(const gifscan::BlockHeader &header, bool verified);
    void deliverEvent(const gifscan::ActivityEntry &entry);

Q_SIGNALS:
    // The newest blocks, from which live heads continue: what a block list
    // shows before any head (asked again by the sync while it fails).
    void firstPageArrived(const gifscan::Page<gifscan::BlockHeader> &page);
    void firstPageFailed(const gifscan::ClientError &error);
    void headArrived(const gifscan::BlockHeader &header, bool verified);
    void eventArrived(const gifscan::ActivityEntry &entry);
    void advanced(std::uint64_t height);
    // The node was lost (offline, reconnecting, or silent too long).
    void interrupted();
    void connectionChanged(LiveFeed::Connection connection);
    // `problem`, when not empty, says why in words.
    void trustChanged(LiveFeed::Trust trust, const QString &problem);
    // The node is another chain, set or genesis than the profile's.
    void wrongNetwork(const QString &why);

private:
    void setConnection(Connection connection);

    QPointer<gifscan::LiveSync> m_sync;
    std::optional<std::uint64_t> m_height;
    bool m_firstPage = false;
    Connection m_connection = Connection::Idle;
    Trust m_trust = Trust::Unknown;
};
