#include "models/objectpagemodel.h"

#include "core/client/nodeindex.h"
#include "core/client/nodeprover.h"
#include "models/chainwords.h"
#include "models/displayformat.h"

ObjectPageModel::ObjectPageModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
                                 QObject *parent)
    : QObject(parent), m_index(nodeIndex), m_prover(prover),
      m_verifier(nodeIndex, prover, gifscan::HeaderVerifier())
{
    connect(&m_decoder, &FrameDecoder::decoded, this,
            [this](quint64 ticket, const QList<QImage> &frames, const QList<int> &delays) {
                if (!m_scope.isCurrent(ticket))
                    return; // another object's, or another height's
                m_frames = frames;
                m_delays = delays;
                Q_EMIT framesReady();
            });
}

ObjectPageModel::~ObjectPageModel()
{
    m_scope.renew();
}

void ObjectPageModel::follow(const LiveFeed &feed)
{
    m_feed = &feed;
    connect(&feed, &LiveFeed::advanced, this, &ObjectPageModel::headChanged);
}

void ObjectPageModel::load(const QString &slug, std::uint64_t tokenId,
                           std::optional<std::uint64_t> height)
{
    if (height && head() && *height > *head()) {
        const QString why =
            tr("Height %L1 is beyond the head (%L2).")
                .arg(DisplayFormat::height(*height), DisplayFormat::height(*head()));
        const bool shown = m_record && slug == m_slug && tokenId == m_tokenId;
        if (!shown)
            load(slug, tokenId, std::nullopt);
        m_refusal = why;
        Q_EMIT heightRefused(why);
        return;
    }
    QObject *context = m_scope.renew();
    m_refusal.clear();
    m_slug = slug;
    m_tokenId = tokenId;
    m_requestedHeight = height;
    m_record.reset();
    m_report.reset();
    m_proofWalk.reset();
    m_frames.clear();
    m_delays.clear();
    m_verifying = false;
    m_traitCounts.reset();
    m_history.clear();
    m_historyComplete = true;
    // The node answers at any height; its answer is what the page shows:
    // the object, its collection's trait counts and its history together
    // (one GraphQL request where the node has it).
    m_index->objectPage(
        slug, tokenId, height, context,
        [this, context,
         ticket = m_scope.ticket()](const gifscan::Result<gifscan::ObjectPageRecords> &r) {
            if (!r.ok()) {
                if (r.error.isNotFound() && m_requestedHeight)
                    return explainAbsence(context, *m_requestedHeight);
                Q_EMIT loadFailed(r.error.isNotFound()
                                      ? tr("There is no %1 on this chain.").arg(displayKey())
                                      : ChainWords::clientError(r.error));
                return;
            }
            m_record = r.value->object;
            m_height = m_requestedHeight.value_or(r.height);
            Q_EMIT loaded();
            if (!m_scope.isCurrent(ticket))
                return; // a slot of loaded() asked for another object
            m_traitCounts = r.value->traitCounts;
            m_history = r.value->history;
            m_historyComplete = r.value->historyComplete;
            if (m_traitCounts)
                Q_EMIT traitCountsLoaded();
            if (!m_scope.isCurrent(ticket))
                return;
            Q_EMIT historyLoaded();
            if (!m_scope.isCurrent(ticket))
                return;
            // The content never changes after the mint: the ETag-cached REST
            // bytes serve every height.
            m_index->frames(m_slug, m_tokenId, std::nullopt, context,
                            [this](const gifscan::Result<QByteArray> &bytes) {
                                if (bytes.ok())
                                    decode(*bytes.value);
                            });
        });
}

// Not found at a past height: minted later, or never at all? The record at
// the head says which (a burnt object is absent there too).
void ObjectPageModel::explainAbsence(QObject *context, std::uint64_t height)
{
    m_prover->object(
        m_slug, m_tokenId, std::nullopt, context,
        [this, height](const gifscan::Result<gifscan::ObjectRecord> &now) {
            if (now.ok() && now.height > 0 && height > now.height) // a head not delivered yet
                Q_EMIT loadFailed(
                    tr("Height %L1 is beyond the head (%L2).")
                        .arg(DisplayFormat::height(height), DisplayFormat::height(now.height)));
            else if (now.ok() && now.value->mintedAt > height)
                Q_EMIT loadFailed(tr("%1 was minted at height %L2: at height %L3 it did not "
                                     "exist yet.")
                                      .arg(displayKey(), DisplayFormat::height(now.value->mintedAt),
                                           DisplayFormat::height(height)));
            else if (now.ok() || now.error.isNotFound())
                Q_EMIT loadFailed(tr("There was no %1 at height %L2.")
                                      .arg(displayKey(), DisplayFormat::height(height)));
            else
                Q_EMIT loadFailed(ChainWords::clientError(now.error));
        });
}

void ObjectPageModel::decode(const QByteArray &gif)
{
    // What comes back carries the question's ticket.
    m_decoder.decode(gif, m_scope.ticket());
}

void ObjectPageModel::verify()
{
    if (!m_record || m_verifying)
        return;
    m_verifying = true;
    m_verifier.verify(displayKey(), m_height, true, m_scope.context(),
                      [this](const gifscan::VerificationReport &report) {
                          m_verifying = false;
                          m_report = report;
                          m_proofWalk = gifscan::walkProof(report.proof);
                          // What plays from now on is the content the proof commits to, not
                          // the bytes REST served before.
                          if (report.contentOk.value_or(false))
                              decode(report.content);
                          Q_EMIT verified();
                      });
}

std::optional<double> ObjectPageModel::traitShare(const gifscan::Trait &trait) const
{
    if (!m_traitCounts || m_traitCounts->items == 0)
        return std::nullopt;
    for (const auto &v : m_traitCounts->values) {
        if (v.trait == trait)
            return static_cast<double>(v.count) / static_cast<double>(m_traitCounts->items);
    }
    return std::nullopt;
}

std::optional<gifscan::Address> ObjectPageModel::provenOwner() const
{
    if (m_report && m_report->proven() &&
        m_report->verdict.kind == gifscan::ProofVerdictKind::VerifiedOwner)
        return m_report->verdict.owner;
    return std::nullopt;
}
