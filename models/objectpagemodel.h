#pragma once

#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "core/verify/objectverifier.h"
#include "models/framedecoder.h"
#include "models/livefeed.h"

#include <QImage>
#include <QObject>

namespace gifscan {
class NodeIndex;
class NodeProver;
} // namespace gifscan

// One object as its page shows it: the record (at the head, or at a past
// height), its frames decoded off the GUI thread, and the verification of its
// owner. Lives on the GUI thread; decoding runs on its own pool thread.
class ObjectPageModel : public QObject
{
    Q_OBJECT
public:
    ObjectPageModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
                    QObject *parent = nullptr);
    // What "verified" is measured against: the session's trusted anchor.
    void setHeaderVerifier(const gifscan::HeaderVerifier &headers)
    {
        m_verifier.setHeaderVerifier(headers);
    }
    ~ObjectPageModel() override;

    // A height beyond the head is refused (heightRefused) and the object
    // is shown at the head instead, or kept as it is when it is the one
    // shown already.
    void load(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height);
    void verify();
    // The chain's head as the live feed delivers it: the highest height
    // there is to travel to. Before the first head, nothing is refused. The
    // feed is read later, so it must outlive the model.
    void follow(const LiveFeed &feed);
    std::optional<std::uint64_t> head() const { return m_feed ? m_feed->height() : std::nullopt; }
    // Why the last height asked for was not shown ("beyond the head"); empty
    // when it was.
    const QString &refusal() const { return m_refusal; }

    QString displayKey() const { return gifscan::displayKey(m_slug, m_tokenId); }
    // Whether it holds the record of this object at this height (the head
    // for none): a page made again over it (another language) shows it as
    // it is, its verdict included, rather than asking again.
    bool holds(const QString &slug, std::uint64_t tokenId,
               std::optional<std::uint64_t> height) const
    {
        return m_record && m_slug == slug && m_tokenId == tokenId && m_requestedHeight == height;
    }
    const std::optional<gifscan::ObjectRecord> &record() const { return m_record; }
    std::uint64_t height() const { return m_height; }
    bool atPastHeight() const { return m_requestedHeight.has_value(); }
    const QList<QImage> &frames() const { return m_frames; }
    const QList<int> &delaysMs() const { return m_delays; }
    const std::optional<gifscan::VerificationReport> &report() const { return m_report; }
    // The owner the proof proved (its leaf's owner, an escrow for a listed
    // object), once the report holds and names one; none before Verify, for
    // a verdict that failed, or for an object proven absent. The page says
    // "proven" on this alone.
    std::optional<gifscan::Address> provenOwner() const;
    // The report's proof walked from the leaf up, each step's hash: what the
    // inspector lists. Nothing before Verify, or for a proof that does not walk.
    const std::optional<gifscan::ProofWalk> &proofWalk() const { return m_proofWalk; }
    // Of the objects in its collection, how many share each of its trait values.
    std::optional<double> traitShare(const gifscan::Trait &trait) const;
    // How many objects its collection has, once the trait counts say.
    std::optional<std::uint64_t> collectionSize() const
    {
        return m_traitCounts ? std::optional<std::uint64_t>(m_traitCounts->items) : std::nullopt;
    }
    // The object's own entries in the activity feed, newest first.
    const QList<gifscan::ActivityEntry> &history() const { return m_history; }
    // False when older entries than the history holds were left out.
    bool historyComplete() const { return m_historyComplete; }
    bool verifying() const { return m_verifying; }
    const gifscan::ValidatorSet &trustedValidators() const
    {
        return m_verifier.headerVerifier().anchor().validators;
    }

Q_SIGNALS:
    void loaded();
    void loadFailed(const QString &message);
    void heightRefused(const QString &message);
    void headChanged(std::uint64_t head);
    void framesReady();
    void verified();
    void traitCountsLoaded();
    void historyLoaded();

private:
    void decode(const QByteArray &gif);
    void explainAbsence(QObject *context, std::uint64_t height);

    gifscan::NodeIndex *m_index;
    gifscan::NodeProver *m_prover;
    gifscan::ObjectVerifier m_verifier;
    FrameDecoder m_decoder; // the frames, off the GUI thread
    QString m_slug;
    std::uint64_t m_tokenId = 0;
    std::optional<std::uint64_t> m_requestedHeight;
    std::uint64_t m_height = 0;
    const LiveFeed *m_feed = nullptr;
    QString m_refusal;
    std::optional<gifscan::ObjectRecord> m_record;
    QList<QImage> m_frames;
    QList<int> m_delays;
    std::optional<gifscan::VerificationReport> m_report;
    std::optional<gifscan::ProofWalk> m_proofWalk;
    std::optional<gifscan::TraitCounts> m_traitCounts;
    QList<gifscan::ActivityEntry> m_history;
    bool m_historyComplete = true;
    bool m_verifying = false;
    gifscan::RequestScope m_scope; // one object at one height at a time
};
