#pragma once

#include "models/livefeed.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <optional>

// What the status bar shows: which network, its connection state, the head
// and how long ago it came; ticks once a second. It follows the LiveFeed,
// the one road of heads, connection and trust. Lives on the GUI thread.
class NetworkStatusModel : public QObject
{
    Q_OBJECT
    Q_PROPERTY(QString networkName READ networkName NOTIFY changed)
    Q_PROPERTY(QString stateText READ stateText NOTIFY changed)
    Q_PROPERTY(qulonglong headHeight READ headHeight NOTIFY changed)
public:
    explicit NetworkStatusModel(QObject *parent = nullptr);

    void follow(LiveFeed *feed, const QString &networkName);
    // The newest height the first page of history showed, before any live
    // head: the head is known (genesis alone is height 0), its age is not.
    void headSeen(std::uint64_t height);
    // The user's own devnet process (the app's LocalNode): while it is
    // down, that is the state. `crashed`: killed by a signal, not exited.
    void localNodeDied(bool crashed, int exitCode, const QString &detail);
    void localNodeStarted();
    // Empty while the local node runs (or none is followed).
    QString localNodeText() const;
    // Whether the node followed is the local devnet (then there is nothing
    // else to offer when it cannot be reached).
    void setLocalDevnet(bool on) { m_localDevnet = on; }
    // The node has never answered and cannot be reached now: the window
    // offers the local devnet instead.
    bool unreachable() const;
    bool offersLocalDevnet() const { return !m_localDevnet && unreachable(); }

    QString networkName() const { return m_network; }
    // The feed's, read where it is kept: Idle before follow().
    LiveFeed::Connection state() const
    {
        return m_feed ? m_feed->connection() : LiveFeed::Connection::Idle;
    }
    QString stateText() const;
    // How the state reads at a glance: the colour a view gives it.
    enum class Tone { Good, Waiting, Late, Bad };
    Tone tone() const;
    qulonglong headHeight() const { return m_head; }
    // A head of a refused node is not the chain's: none is shown then.
    bool hasHead() const { return m_hasHead && !refused(); }
    // The node is not the network trusted for this profile (another chain,
    // set or genesis, or headers its set did not sign), or its set is not
    // trusted yet: no page shows its data as the chain's, and every page
    // says so across its top (views/networkbanner).
    bool refused() const;
    // That, in the reader's words, for the banner.
    QString refusalText() const;
    // The refused node signs its own genesis with the set it names: that set
    // may be trusted (the banner's Trust…); otherwise there is nothing to trust.
    bool trustOffered() const { return m_feed && m_feed->trustOffered(); }
    qint64 secondsSinceHead() const
    {
        return hasHead() && m_sinceHead.isValid() ? m_sinceHead.elapsed() / 1000 : -1;
    }
    QString problem() const { return m_problem; }
    LiveFeed::Trust trust() const { return m_feed ? m_feed->trust() : LiveFeed::Trust::Unknown; }
    // Empty while heads verify; otherwise why they do not, in words.
    QString trustText() const;
    // "trying again in 4 s" while a reconnect waits; empty otherwise.
    QString retryText() const;

Q_SIGNALS:
    void changed();

private:
    QPointer<LiveFeed> m_feed;
    bool m_localDevnet = false;
    QString m_network;
    qulonglong m_head = 0;
    bool m_hasHead = false;
    QElapsedTimer m_sinceHead;
    QTimer m_tick;
    QString m_problem;
    struct NodeDown
    {
        bool crashed = false;
        int exitCode = 0;
    };
    std::optional<NodeDown> m_nodeDown;
};
