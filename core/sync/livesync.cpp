#include "core/sync/livesync.h"

#include "core/client/nodeindex.h"
#include "core/client/nodeprover.h"
#include "core/client/nodestream.h"

#include <QLoggingCategory>

namespace gifscan {

// States and heads at debug level, off unless asked for
// (QT_LOGGING_RULES="gifscan.sync.debug=true"): one line a block otherwise.
Q_LOGGING_CATEGORY(lcSync, "gifscan.sync", QtInfoMsg)

namespace {
constexpr int kBackfillPage = 100;
constexpr std::size_t kRememberedEvents = 20000;
// Heads that came early over the socket and wait for their turn.
constexpr std::size_t kMaxPendingHeads = 1024;
} // namespace

QString LiveSync::stateName(State state)
{
    switch (state) {
    case State::Idle:
        return QStringLiteral("idle");
    case State::Connecting:
        return QStringLiteral("connecting");
    case State::Live:
        return QStringLiteral("live");
    case State::Reconnecting:
        return QStringLiteral("reconnecting");
    case State::Polling:
        return QStringLiteral("polling");
    case State::Stale:
        return QStringLiteral("stale");
    case State::Offline:
        return QStringLiteral("offline");
    case State::WrongNetwork:
        return QStringLiteral("wrong network");
    case State::NotAnswering:
        return QStringLiteral("not answering");
    }
    return {};
}

LiveSync::LiveSync(const NetworkProfile &profile, NodeIndex *index, NodeProver *prover,
                   NodeStream *stream, QObject *parent)
    : LiveSync(profile, index, prover, stream, Options{}, parent)
{
}

LiveSync::LiveSync(const NetworkProfile &profile, NodeIndex *index, NodeProver *prover,
                   NodeStream *stream, const Options &options, QObject *parent)
    : QObject(parent), m_profile(profile), m_index(index), m_prover(prover), m_stream(stream),
      m_options(options)
{
    if (profile.anchor) {
        m_genesis = profile.anchor->genesisHash;
        m_verifier = HeaderVerifier(*profile.anchor);
    }
    connect(m_stream, &NodeStream::opened, this, &LiveSync::onOpened);
    connect(m_stream, &NodeStream::closed, this, &LiveSync::onClosed);
    connect(m_stream, &NodeStream::headArrived, this, &LiveSync::acceptHead);
    connect(m_stream, &NodeStream::eventArrived, this, &LiveSync::onEvent);
    for (ClockTimer *timer :
         {&m_reconnectTimer, &m_pollTimer, &m_staleTimer, &m_quietTimer, &m_probeTimer})
        timer->setClock(*m_options.clock);
    m_quietTimer.setSingleShot(true);
    connect(&m_quietTimer, &ClockTimer::fired, this, &LiveSync::probe);
    m_probeTimer.setSingleShot(true);
    connect(&m_probeTimer, &ClockTimer::fired, this, [this] {
        ClientError late;
        late.kind = ClientError::Kind::Timeout;
        late.message = QStringLiteral("no answer within %1 ms").arg(m_options.probeAnswerMs);
        notAnswering(late);
    });
    m_reconnectTimer.setSingleShot(true);
    connect(&m_reconnectTimer, &ClockTimer::fired, this, [this] { identify(true); });
    connect(&m_pollTimer, &ClockTimer::fired, this, &LiveSync::poll);
    m_staleTimer.setSingleShot(true);
    connect(&m_staleTimer, &ClockTimer::fired, this, [this] {
        if (m_state == State::Live || m_state == State::Polling)
            setState(State::Stale);
    });
}

LiveSync::~LiveSync()
{
    // The stream is the caller's: what it emits after this is not ours.
    m_stream->disconnect(this);
    m_stream->close();
}

void LiveSync::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    qCDebug(lcSync).noquote() << m_profile.name << stateName(state);
    Q_EMIT stateChanged(state);
}

void LiveSync::start(std::optional<std::uint64_t> after)
{
    if (running())
        return;
    m_startAfter = after;
    m_firstPageRows = 0;
    m_identified = false;
    setState(State::Connecting);
    identify();
}

void LiveSync::startWithFirstPage(int rows)
{
    if (running())
        return;
    // Started again after a page was handed out: the lists seeded with it
    // go on from where delivery stopped, so no second page (its top would
    // leave a gap below it).
    if (m_firstPageDelivered) {
        start(m_last ? std::optional<std::uint64_t>(m_last->height) : m_startAfter);
        return;
    }
    m_identified = false;
    m_startAfter.reset();
    m_firstPageRows = std::max(1, rows);
    setState(State::Connecting);
    askFirstPage();
}

void LiveSync::askFirstPage()
{
    if (m_askingFirstPage)
        return;
    m_askingFirstPage = true;
    using Blocks = Page<BlockHeader>;
    m_index->blocks({}, m_firstPageRows, m_scope.context(), [this](const Result<Blocks> &r) {
        // A listener of what follows may stop the sync, or stop and start it
        // again: then this answer's run is over.
        const std::uint64_t run = m_stops;
        m_askingFirstPage = false;
        if (!r.ok()) {
            m_lastError = r.error;
            // Down at the start is offline, as a failed poll is later.
            setState(State::Offline);
            Q_EMIT firstPageFailed(r.error);
            if (running() && m_stops == run) // a listener may have stopped the sync
                scheduleReconnect();
            return;
        }
        // Heights after the page's pinned top are what live delivery owes.
        m_firstPageRows = 0;
        m_firstPageDelivered = true;
        m_startAfter = r.value->height;
        m_lastError = {};
        // The node answered: it is identified now, not at the next attempt,
        // and nothing is polled from it before that (it may be another
        // network).
        m_reconnectTimer.stop();
        m_pollTimer.stop();
        m_attempt = 0;
        setState(State::Connecting);
        Q_EMIT firstPageArrived(*r.value);
        if (running() && m_stops == run)
            identify();
    });
}

void LiveSync::stop()
{
    setState(State::Idle);
    ++m_stops;
    dropRequestsUnderWay();
    m_reconnectTimer.stop();
    m_pollTimer.stop();
    m_staleTimer.stop();
    m_quietTimer.stop();
    m_stream->close();
    m_identityLost = false;
    m_lastError = {};
}

// The callbacks of every request asked so far are dropped, and with them
// what each one was waiting for: none of those answers will come.
void LiveSync::dropRequestsUnderWay()
{
    m_scope.renew();
    m_probeTimer.stop();
    m_probing = false;
    m_backfilling = false;
    m_backfillAgain = false;
    m_askingFirstPage = false;
    m_identifying = false;
    m_openWhenIdentified = false;
}

std::optional<qint64> LiveSync::nextAttemptInMs() const
{
    if (!running() || !m_reconnectTimer.isActive())
        return std::nullopt;
    return std::max<qint64>(0, m_nextAttemptAtMs - m_options.clock->nowMs());
}

void LiveSync::onOpened()
{
    m_lastError = {};
    m_attempt = 0;
    m_reconnectTimer.stop();
    m_pollTimer.stop();
    setState(State::Live);
    m_staleTimer.start(m_options.staleAfterMs);
    m_quietTimer.start(m_options.quietAfterMs);
    backfill();
}

void LiveSync::onClosed(const QString &reason)
{
    if (!running())
        return;
    qCDebug(lcSync).noquote() << reason;
    if (m_identified)
        forgetIdentity();
    scheduleReconnect();
}

// The connection is gone: whatever answers at this address next may be
// another node, restarted as another chain. Requests still under way (a
// backfill, a probe, with the client's retries) could be answered by it, so
// they are dropped, and the node is identified again before anything more
// is taken from it; the polls ask that first.
void LiveSync::forgetIdentity()
{
    m_identityLost = true;
    dropRequestsUnderWay();
}

void LiveSync::scheduleReconnect()
{
    if (!running() || m_reconnectTimer.isActive())
        return;
    if (m_state != State::Polling && m_state != State::Offline && m_state != State::Stale)
        setState(m_state == State::Connecting && !m_last ? State::Connecting : State::Reconnecting);
    // Exponential backoff with jitter, so that many clients of a restarted
    // node do not all come back in the same instant.
    const double base = std::min<double>(m_options.backoffMaxMs,
                                         m_options.backoffInitialMs *
                                             std::pow(m_options.backoffFactor, m_attempt++));
    const double jittered = base * std::uniform_real_distribution<double>(
                                       1 - m_options.jitter, 1 + m_options.jitter)(m_rng);
    ++m_reconnects;
    m_nextAttemptAtMs = m_options.clock->nowMs() + static_cast<qint64>(jittered);
    m_reconnectTimer.start(static_cast<int>(jittered));
    if (!m_pollTimer.isActive()) {
        m_pollTimer.start(m_options.pollIntervalMs);
        poll();
    }
}

void LiveSync::poll()
{
    // Before the first page there is no height to continue from (the
    // reconnect attempts ask for it, with their backoff), and before the
    // node is identified it may be another network: nothing is polled.
    // Without a stream nothing ties one answer to the node of the last, so
    // each poll asks which network answers before it takes a head: a node
    // restarted as another chain between two polls is caught at the next.
    if (m_stream->isOpen() || m_firstPageRows > 0 || !m_identified)
        return;
    identify(false);
}

void LiveSync::backfill()
{
    if (m_backfilling) {
        m_backfillAgain = true;
        return;
    }
    m_backfilling = true;
    auto heads = std::make_shared<std::vector<BlockHeader>>();
    auto capped = std::make_shared<bool>(false);
    auto lastKnown = m_last ? std::optional<std::uint64_t>(m_last->height) : m_startAfter;
    auto failed = [this](const ClientError &e) { backfillFailed(e); };
    // Newest first, one pinned height, down to the last delivered head.
    m_index->walk<BlockHeader>(
        [this](const QString &cursor, NodeIndex::Done<Page<BlockHeader>> next) {
            m_index->blocks(cursor, kBackfillPage, m_scope.context(), next);
        },
        [heads, lastKnown, capped,
         cap = m_options.maxBackfillHeads](const Page<BlockHeader> &page) {
            for (const auto &h : page.data) {
                if (lastKnown && h.height <= *lastKnown)
                    return false;
                if (heads->size() >= cap) {
                    *capped = true;
                    return false;
                }
                heads->push_back(h);
                if (!lastKnown)
                    return false; // no history wanted: the head alone
            }
            return true;
        },
        [this, heads, failed, capped](const ClientError &e) {
            if (!e.ok())
                return failed(e);
            if (heads->empty())
                return finishBackfill({}, {});
            std::reverse(heads->begin(), heads->end());
            if (*capped) {
                // The gap is skipped, not filled: delivery goes on from the
                // oldest head kept, and what lies between stays history.
                qCWarning(lcSync) << "the node is"
                                  << (heads->back().height - (m_last ? m_last->height : 0))
                                  << "blocks ahead; following its newest" << heads->size()
                                  << "and skipping the rest";
                m_startAfter = heads->front().height - 1;
                m_last.reset();
            }
            const std::uint64_t from = heads->front().height, to = heads->back().height;
            auto events = std::make_shared<QList<ActivityEntry>>();
            NodeIndex::ActivityQuery q;
            q.since = from;
            m_index->walk<ActivityEntry>(
                [this, q](const QString &cursor, NodeIndex::Done<Page<ActivityEntry>> next) {
                    m_index->activity(q, cursor, kBackfillPage, m_scope.context(), next);
                },
                [events, to](const Page<ActivityEntry> &page) {
                    for (const auto &a : page.data) {
                        if (a.height <= to)
                            events->append(a);
                    }
                    return true;
                },
                [this, heads, events, failed](const ClientError &e2) {
                    if (!e2.ok())
                        return failed(e2);
                    std::reverse(events->begin(),
                                 events->end()); // oldest first, in transaction order
                    finishBackfill(std::move(*heads), std::move(*events));
                });
        });
}

void LiveSync::backfillFailed(const ClientError &error)
{
    m_backfilling = false;
    m_lastError = error;
    qCDebug(lcSync) << "backfill failed:" << error.toString();
    if (!m_stream->isOpen() && running())
        setState(State::Offline);
    if (m_backfillAgain) {
        m_backfillAgain = false;
        backfill();
    }
}

void LiveSync::finishBackfill(std::vector<BlockHeader> heads, QList<ActivityEntry> events)
{
    m_backfilling = false;
    m_lastError = {};
    if (!m_stream->isOpen() && running() && m_state != State::Stale)
        setState(State::Polling);
    qsizetype e = 0;
    for (const BlockHeader &h : heads) {
        if (m_last && h.height <= m_last->height)
            continue;
        if (m_last && h.height != m_last->height + 1)
            break; // cannot happen with one pinned walk; never deliver out of order
        deliverHead(h);
        while (e < events.size() && events[e].height < h.height)
            ++e;
        for (; e < events.size() && events[e].height == h.height; ++e)
            deliverEvent(events[e]);
    }
    drainPending();
    if (m_backfillAgain) {
        m_backfillAgain = false;
        backfill();
    }
}

void LiveSync::onEvent(const ActivityEntry &a)
{
    if (m_last && a.height == m_last->height && m_pendingHeads.empty())
        deliverEvent(a);
    else if (!m_last || a.height > m_last->height)
        m_pendingEvents[a.height].append(a);
    // Older: already delivered from the index during a backfill.
}

void LiveSync::acceptHead(const BlockHeader &header)
{
    if (m_last && header.height <= m_last->height)
        return; // seen (a backfill got there first)
    if (!m_last && m_startAfter && header.height <= *m_startAfter)
        return;
    // Bounded: the heads furthest ahead are the first to go (a node that
    // pushes invented heights fills nothing).
    if (m_pendingHeads.size() >= kMaxPendingHeads) {
        if (header.height > m_pendingHeads.rbegin()->first)
            return;
        m_pendingHeads.erase(std::prev(m_pendingHeads.end()));
    }
    m_pendingHeads[header.height] = header;
    if (!m_backfilling) // a running backfill drains the pending heads when it ends
        drainPending();
}

void LiveSync::drainPending()
{
    while (!m_pendingHeads.empty()) {
        auto it = m_pendingHeads.begin();
        if (m_last && it->first <= m_last->height) {
            m_pendingHeads.erase(it);
            continue;
        }
        const bool first = !m_last;
        const bool next = first ? (!m_startAfter || it->first == *m_startAfter + 1)
                                : it->first == m_last->height + 1;
        if (!next) {
            if (!m_backfilling)
                backfill();
            return;
        }
        const BlockHeader h = it->second;
        m_pendingHeads.erase(it);
        deliverHead(h);
        auto events = m_pendingEvents.find(h.height);
        if (events != m_pendingEvents.end()) {
            for (const auto &e : events->second)
                deliverEvent(e);
        }
    }
    while (!m_pendingEvents.empty() && m_last && m_pendingEvents.begin()->first <= m_last->height)
        m_pendingEvents.erase(m_pendingEvents.begin());
}

void LiveSync::deliverHead(const BlockHeader &header)
{
    // Verified is HeaderVerifier's word against the anchor, the link to the
    // head before included; a head that fails is passed on as unverified and
    // the trust state says why.
    // The link is checked against the last head that verified: one forged
    // head must not make the genuine one after it look broken.
    const bool parentHeld = m_lastVerified && m_lastVerified->height + 1 == header.height;
    const HeaderVerdict verdict =
        m_verifier.verify(header, parentHeld ? &*m_lastVerified : nullptr);
    const bool verified = verdict.verified();
    if (verified)
        m_lastVerified = header;
    if (verified && m_trust != Trust::AwaitingTrust)
        setTrust(Trust::Trusted, {});
    else if (!verified && m_verifier.anchor().isSet()) {
        qCWarning(lcSync).noquote()
            << "head" << header.height << "does not verify:" << verdict.detail;
        setTrust(
            Trust::Untrusted,
            QStringLiteral("headers not signed by the trusted validators: %1").arg(verdict.detail));
    }
    m_last = header;
    qCDebug(lcSync) << "head" << header.height << (verified ? "verified" : "unverified");
    Q_EMIT headDelivered(header, verified);
    headArrived();
}

void LiveSync::deliverEvent(const ActivityEntry &entry)
{
    if (m_deliveredEvents.contains(entry.id))
        return;
    m_deliveredEvents.insert(entry.id);
    m_deliveredOrder.push_back(entry.id);
    if (m_deliveredOrder.size() > kRememberedEvents) {
        m_deliveredEvents.remove(m_deliveredOrder.front());
        m_deliveredOrder.pop_front();
    }
    Q_EMIT eventDelivered(entry);
}

void LiveSync::headArrived()
{
    m_staleTimer.start(m_options.staleAfterMs);
    m_quietTimer.start(m_options.quietAfterMs);
    if (m_state == State::Stale || m_state == State::Reconnecting || m_state == State::Offline ||
        m_state == State::Connecting || m_state == State::NotAnswering)
        setState(m_stream->isOpen() ? State::Live : State::Polling);
}

} // namespace gifscan
