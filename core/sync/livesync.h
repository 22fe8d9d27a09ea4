#pragma once

#include "core/client/clienterror.h"
#include "core/client/requestscope.h"
#include "core/protocol/networkprofile.h"
#include "core/protocol/records.h"
#include "core/support/clocktimer.h"
#include "core/verify/headerverifier.h"

#include <QObject>
#include <QSet>
#include <deque>
#include <map>
#include <memory>
#include <random>

namespace gifscan {

class NodeIndex;
class NodeProver;
class NodeStream;

// Follows a node's heads and object events. Every height after the start is
// delivered exactly once and in order, each head before its block's events:
// heads come over the stream, jumps are filled from the index, and while the
// stream is down the index is polled every block time. Reconnects back off
// exponentially with jitter and resubscribe. A node that comes back with
// another chain id, genesis or validator set than its profile pins is
// reported as a different network and not followed. A head is delivered as
// verified only when HeaderVerifier says so against the profile's anchor. Lives on the thread that
// created it (the GUI thread, or the CLI's main thread); all signals are emitted there.
class LiveSync : public QObject
{
    Q_OBJECT
public:
    enum class State {
        Idle,
        Connecting,
        Live,
        Reconnecting,
        Polling,
        Stale,
        Offline,
        WrongNetwork,
        // Connected (its socket open), but it answers nothing: a node
        // stopped, or a network that drops without closing.
        NotAnswering
    };
    Q_ENUM(State)
    // Whether the heads delivered can be verified, apart from connectivity.
    enum class Trust { Unknown, Trusted, AwaitingTrust, Untrusted };
    Q_ENUM(Trust)

    struct Options
    {
        int pollIntervalMs = 5000; // one block time
        int staleAfterMs = 21000;  // no head for this long: stale
        // No head for this long: the node is asked for its head, and one
        // that does not answer is "not answering" (a node that answers
        // with no new block is only stale). Again as long as it is quiet.
        int quietAfterMs = 8000;
        // How long the node has to answer that question before it is "not
        // answering" (the request itself may go on, with the client's
        // retries, and its answer still ends that state).
        int probeAnswerMs = 5000;
        int backoffInitialMs = 1000;
        double backoffFactor = 1.6;
        int backoffMaxMs = 30000;
        double jitter = 0.2;
        // A gap is filled with at most this many heads, the newest (83
        // minutes at 5 s): a node that claims a head far beyond what it
        // served is not followed into memory, and a watcher back after a
        // week sees the present at once (the lists page the rest in from
        // history).
        std::size_t maxBackfillHeads = 1000;
        // What every wait above is measured on; a test's clock moves them by hand.
        const Clock *clock = &Clock::steady();
    };

    // The index, prover and stream are the caller's and must outlive it.
    LiveSync(const NetworkProfile &profile, NodeIndex *index, NodeProver *prover,
             NodeStream *stream, QObject *parent = nullptr);
    LiveSync(const NetworkProfile &profile, NodeIndex *index, NodeProver *prover,
             NodeStream *stream, const Options &options, QObject *parent = nullptr);
    ~LiveSync() override;

    // Heights after `after` are delivered; without it, from the node's head on.
    void start(std::optional<std::uint64_t> after = std::nullopt);
    // Asks the node's newest `rows` blocks first and hands them out
    // (firstPageArrived), then delivers every height after that page's top:
    // a list seeded with the page and fed the heads has neither gap nor
    // repeat. Until the page comes it is asked again on every attempt,
    // backing off as reconnects do (firstPageFailed says why each time).
    // Started again after a page came, it goes on from where it stopped.
    void startWithFirstPage(int rows);
    void stop();

    State state() const { return m_state; }
    std::optional<BlockHeader> lastHeader() const { return m_last; }
    std::optional<Hash32> genesisHash() const { return m_genesis; }
    Trust trust() const { return m_trust; }
    QString trustProblem() const { return m_trustProblem; } // core's English; empty when trusted
    const HeaderVerifier &headerVerifier() const { return m_verifier; }
    // The user trusts the candidate that trustRequested offered.
    void trustAnchor(const TrustAnchor &anchor);
    // What the node is, when its genesis is signed by the set it names: what
    // a user may choose to trust (again, after saying no; or in place of the
    // set a refused node is not signed by). None before the node is
    // identified, or when it does not sign its own genesis.
    const std::optional<TrustAnchor> &offeredAnchor() const { return m_offered; }
    int reconnects() const { return m_reconnects; }
    // While the node cannot be reached: why the last attempt failed (ok
    // once it answers), and how long until the next one (none while
    // connected or stopped), on the options' clock.
    const ClientError &lastError() const { return m_lastError; }
    std::optional<qint64> nextAttemptInMs() const;
    static QString stateName(State state);

Q_SIGNALS:
    void firstPageArrived(const gifscan::Page<gifscan::BlockHeader> &page);
    void firstPageFailed(const gifscan::ClientError &error);
    void headDelivered(const gifscan::BlockHeader &header, bool verified);
    void eventDelivered(const gifscan::ActivityEntry &entry);
    void stateChanged(gifscan::LiveSync::State state);
    void wrongNetwork(const QString &reason);
    void trustChanged(gifscan::LiveSync::Trust trust, const QString &problem);
    // First contact with a profile that pins nothing: what the node names,
    // its genesis signed by that set. Heads stay unverified until trusted.
    void trustRequested(const gifscan::TrustAnchor &candidate);
    // The anchor grew (a genesis learnt) or was accepted: save it.
    void anchorLearnt(const gifscan::TrustAnchor &anchor);

private:
    void setState(State state);
    // Asks the node which network it is. Once it is this one: opens the
    // stream (a reconnect attempt) or only polls (the stream is down, and
    // what answers may be another node since it went).
    void identify(bool thenOpenStream = true);
    void identifyFailed(const ClientError &error);
    // The node is this network, as run `run` asked (an answer of a run a
    // listener stopped meanwhile is dropped).
    void identified(std::uint64_t run);
    void forgetIdentity();
    void dropRequestsUnderWay();
    void askFirstPage();
    void checkAnchor(const ValidatorSet &nodeSet, const BlockHeader &genesis);
    void refuse(const QString &why);
    void setTrust(Trust trust, const QString &problem);
    void onOpened();
    void onClosed(const QString &reason);
    void onEvent(const ActivityEntry &entry);
    void scheduleReconnect();
    void poll();
    void backfill();
    void backfillFailed(const ClientError &error);
    void finishBackfill(std::vector<BlockHeader> heads, QList<ActivityEntry> events);
    void acceptHead(const BlockHeader &header);
    void deliverHead(const BlockHeader &header);
    void deliverEvent(const ActivityEntry &entry);
    void drainPending();
    void headArrived();
    // No head for a while: whether the node still answers (livesyncprobe.cpp).
    void probe();
    void probeAnswered(const Result<Page<BlockHeader>> &r);
    void notAnswering(const ClientError &why);
    bool running() const { return m_state != State::Idle && m_state != State::WrongNetwork; }

    NetworkProfile m_profile;
    NodeIndex *m_index;
    NodeProver *m_prover;
    NodeStream *m_stream;
    Options m_options;
    State m_state = State::Idle;
    std::optional<Hash32> m_genesis;
    std::optional<TrustAnchor> m_offered;
    HeaderVerifier m_verifier;
    Trust m_trust = Trust::Unknown;
    QString m_trustProblem;
    std::optional<BlockHeader> m_last;
    std::optional<BlockHeader> m_lastVerified;
    std::optional<std::uint64_t> m_startAfter;
    int m_firstPageRows = 0; // while a first page is wanted: its size
    bool m_askingFirstPage = false;
    // Once per LiveSync: the session makes a new one for each node it follows.
    bool m_firstPageDelivered = false;
    bool m_identified = false; // the node named this network, this run
    // The stream was lost: the node may have come back as another chain, so
    // nothing is polled or probed from it before it is identified again.
    bool m_identityLost = false;
    bool m_identifying = false;
    bool m_openWhenIdentified = false;
    std::uint64_t m_stops = 0; // a run ends at stop(): an answer of an earlier one is dropped
    std::map<std::uint64_t, BlockHeader> m_pendingHeads;
    std::map<std::uint64_t, QList<ActivityEntry>> m_pendingEvents;
    QSet<QString> m_deliveredEvents; // ids, for deduplication across socket and REST
    std::deque<QString> m_deliveredOrder;
    ClientError m_lastError;
    qint64 m_nextAttemptAtMs = 0;
    bool m_backfilling = false;
    bool m_backfillAgain = false;
    int m_attempt = 0;
    int m_reconnects = 0;
    ClockTimer m_reconnectTimer;
    ClockTimer m_pollTimer;
    ClockTimer m_staleTimer;
    ClockTimer m_quietTimer;
    ClockTimer m_probeTimer; // the probe's answer is late: not answering
    bool m_probing = false;
    std::mt19937 m_rng{std::random_device{}()};
    RequestScope m_scope; // of REST/RPC calls: renewed on stop, which drops their callbacks
};

} // namespace gifscan
