// LiveSync, continued: a node gone quiet is asked whether it still answers.
// Its websocket may stay open while it answers nothing (a node stopped, a
// network that drops packets without closing): the heads only stop, which
// read "live", then "stale", and never said that the node does not answer.
// Same thread and same object as core/sync/livesync.cpp.
#include "core/client/nodeindex.h"
#include "core/sync/livesync.h"

#include <QLoggingCategory>

namespace gifscan {

Q_DECLARE_LOGGING_CATEGORY(lcSync)

void LiveSync::probe()
{
    const bool following = m_state == State::Live || m_state == State::Polling ||
                           m_state == State::Stale || m_state == State::NotAnswering;
    if (!following || m_probing || !m_identified || m_identityLost)
        return;
    m_probing = true;
    // Late is not answering, whatever the client's own retries make of it.
    m_probeTimer.start(m_options.probeAnswerMs);
    m_index->blocks(QString(), 1, m_scope.context(),
                    [this](const Result<Page<BlockHeader>> &r) { probeAnswered(r); });
}

void LiveSync::notAnswering(const ClientError &why)
{
    // Only while following: a socket closed meanwhile is reconnecting (or
    // offline), which says more.
    if (m_state != State::Live && m_state != State::Polling && m_state != State::Stale)
        return;
    m_lastError = why;
    qCDebug(lcSync) << "the node does not answer:" << why.toString();
    setState(State::NotAnswering);
}

void LiveSync::probeAnswered(const Result<Page<BlockHeader>> &r)
{
    m_probing = false;
    m_probeTimer.stop();
    // Asked again while it stays quiet: a node back from a pause is seen
    // at its next answer, whichever comes first.
    m_quietTimer.start(m_options.quietAfterMs);
    if (!r.ok()) {
        if (r.error.kind == ClientError::Kind::Timeout ||
            r.error.kind == ClientError::Kind::Network)
            notAnswering(r.error);
        return;
    }
    // It answers: stale at most (the stale timer says when), and what it
    // made meanwhile is taken up.
    if (m_state == State::NotAnswering) {
        m_lastError = {};
        const State following = m_stream->isOpen() ? State::Live : State::Polling;
        setState(m_staleTimer.isActive() ? following : State::Stale);
    }
    const bool newer =
        !r.value->data.empty() && m_last && r.value->data.front().height > m_last->height;
    // Without a stream, the poll's way: the node is identified again first.
    if (newer)
        m_stream->isOpen() ? backfill() : poll();
}

} // namespace gifscan
