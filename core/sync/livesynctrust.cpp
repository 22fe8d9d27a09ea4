// LiveSync, continued: which network the node is, and whether its headers
// can be verified, before any head is taken (PROTOCOL §8). Same thread and
// same object as core/sync/livesync.cpp.
#include "core/client/nodeprover.h"
#include "core/client/nodestream.h"
#include "core/sync/livesync.h"

#include <utility>

namespace gifscan {

// Before any head is taken: the node must be the chain the profile names.
void LiveSync::identify(bool thenOpenStream)
{
    if (m_firstPageRows > 0)
        return askFirstPage(); // a reconnect attempt before the first page came
    // A poll's question and a reconnect attempt's are one: the stream opens
    // when it is answered if either wanted it.
    m_openWhenIdentified = m_openWhenIdentified || thenOpenStream;
    if (m_identifying)
        return;
    m_identifying = true;
    m_prover->chainId(m_scope.context(), [this](const Result<std::uint64_t> &id) {
        if (!id.ok())
            return identifyFailed(id.error);
        if (*id.value != m_profile.expectedChainId) {
            const QString why = QStringLiteral("the node's chain id is %1, %2 expects %3")
                                    .arg(*id.value)
                                    .arg(m_profile.name)
                                    .arg(m_profile.expectedChainId);
            stop();
            setState(State::WrongNetwork);
            Q_EMIT wrongNetwork(why);
            return;
        }
        m_prover->validators(m_scope.context(), [this](const Result<ValidatorSet> &set) {
            if (set.error.kind == ClientError::Kind::Rpc && set.error.rpcCode == -32601)
                return refuse(QStringLiteral("the node does not name its validators (protocol "
                                             "version 1): its headers are unsigned"));
            // A malformed answer is the node's fault, not the network's: said, not retried for
            // ever.
            if (set.error.kind == ClientError::Kind::Decode)
                return refuse(QStringLiteral("the node's validator set is malformed: %1")
                                  .arg(set.error.message));
            if (!set.ok())
                return identifyFailed(set.error);
            m_prover->block(0, false, m_scope.context(),
                            [this, nodeSet = *set.value](const Result<Block> &genesis) {
                                if (!genesis.ok())
                                    return identifyFailed(genesis.error);
                                checkAnchor(nodeSet, genesis.value->header);
                            });
        });
    });
}

void LiveSync::identifyFailed(const ClientError &error)
{
    m_identifying = false;
    m_openWhenIdentified = false; // the next reconnect attempt asks again
    m_lastError = error;
    // Not identified since the connection was lost: nothing is polled from
    // it either (it may be another network), so this is the node being away.
    if ((!m_identified || m_identityLost) && running())
        setState(State::Offline);
    scheduleReconnect();
}

void LiveSync::identified(std::uint64_t run)
{
    // A listener of trustRequested, trustChanged or anchorLearnt stopped the
    // sync, and may have started it again: its own question is under way.
    if (!running() || m_stops != run)
        return;
    m_identified = true;
    m_identityLost = false;
    m_identifying = false;
    if (std::exchange(m_openWhenIdentified, false))
        m_stream->open();
    else
        backfill();
}

void LiveSync::refuse(const QString &why)
{
    stop();
    setState(State::WrongNetwork);
    setTrust(Trust::Untrusted, why);
    Q_EMIT wrongNetwork(why);
}

void LiveSync::setTrust(Trust trust, const QString &problem)
{
    if (m_trust == trust && m_trustProblem == problem)
        return;
    m_trust = trust;
    m_trustProblem = problem;
    Q_EMIT trustChanged(trust, problem);
}

// The node must be the network the anchor pins; a profile that pins nothing
// learns a candidate and asks (trust on first use, PROTOCOL §8).
void LiveSync::checkAnchor(const ValidatorSet &nodeSet, const BlockHeader &genesis)
{
    const std::uint64_t run = m_stops;
    m_offered.reset(); // what an earlier answer offered is not this one's
    // Asked for block 0, a node must answer with a genesis: pinning anything
    // else would pin nothing.
    if (genesis.height != 0 || genesis.parentHash != kZeroHash)
        return refuse(
            QStringLiteral("the node's block 0 is not a genesis (height %1)").arg(genesis.height));
    const TrustAnchor candidate{m_profile.expectedChainId, genesis.hash, nodeSet};
    const HeaderVerdict own = HeaderVerifier(candidate).verify(genesis);
    m_offered = own.verified() ? std::optional(candidate) : std::nullopt;
    if (!m_verifier.anchor().isSet()) {
        if (!own.verified())
            return refuse(
                QStringLiteral("the node's genesis is not signed by the validators it names: %1")
                    .arg(own.detail));
        // Not trusted yet, but followed since its first answer: a node back
        // with another genesis is another chain, not more of the same.
        if (m_genesis && *m_genesis != genesis.hash)
            return refuse(QStringLiteral("the node's genesis is %1, not %2: it is another chain")
                              .arg(toHexString(genesis.hash), toHexString(*m_genesis)));
        // Asked once: the polls that identify the node again do not ask
        // again (the banner's button does).
        const bool asked = m_trust == Trust::AwaitingTrust && m_genesis;
        m_genesis = genesis.hash;
        setTrust(Trust::AwaitingTrust,
                 QStringLiteral("validator set %1 is not trusted yet").arg(nodeSet.fingerprint()));
        if (!asked)
            Q_EMIT trustRequested(candidate);
        return identified(run);
    }
    const TrustAnchor &anchor = m_verifier.anchor();
    if (!(nodeSet == anchor.validators))
        return refuse(QStringLiteral("headers not signed by the trusted validators: the node names "
                                     "set %1, this network's is %2")
                          .arg(nodeSet.fingerprint(), anchor.validators.fingerprint()));
    const HeaderVerdict verdict = m_verifier.verify(genesis);
    if (verdict.check == HeaderCheck::GenesisMismatch)
        return refuse(QStringLiteral("the node's genesis is %1, not %2: it is another chain")
                          .arg(toHexString(genesis.hash), toHexString(*anchor.genesisHash)));
    if (!verdict.verified())
        return refuse(
            QStringLiteral("headers not signed by the trusted validators: %1").arg(verdict.detail));
    m_genesis = genesis.hash;
    if (!anchor.genesisHash) {
        TrustAnchor learnt = anchor;
        learnt.genesisHash = genesis.hash;
        m_verifier = HeaderVerifier(learnt);
        Q_EMIT anchorLearnt(learnt);
    }
    setTrust(Trust::Trusted, {});
    identified(run);
}

void LiveSync::trustAnchor(const TrustAnchor &anchor)
{
    m_verifier = HeaderVerifier(anchor);
    m_genesis = anchor.genesisHash;
    setTrust(Trust::Trusted, {});
    Q_EMIT anchorLearnt(anchor);
}

} // namespace gifscan
