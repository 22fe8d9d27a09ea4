#include "core/verify/objectverifier.h"

#include "core/client/nodeindex.h"
#include "core/client/nodeprover.h"
#include "core/crypto/sha256.h"

namespace gifscan {

VerificationReport::Badge VerificationReport::badge() const
{
    if (!proven())
        return Badge::IndexedOnly;
    return indexer == IndexCheck::Mismatch ? Badge::Mismatch : Badge::Verified;
}

QString VerificationReport::indexerName() const
{
    switch (indexer) {
    case IndexCheck::NotChecked:
        return QStringLiteral("not checked");
    case IndexCheck::Match:
        return QStringLiteral("match");
    case IndexCheck::Mismatch:
        return QStringLiteral("mismatch");
    case IndexCheck::Unavailable:
        return QStringLiteral("unavailable");
    }
    return {};
}

OwnershipCertificate VerificationReport::certificate(const ValidatorSet &validators,
                                                     bool withContent) const
{
    OwnershipCertificate c;
    c.kind = OwnershipCertificate::Kind::Object;
    c.displayKey = displayKey;
    c.header = header;
    c.validators = validators;
    c.proof = proof;
    if (withContent && verdict.kind == ProofVerdictKind::VerifiedOwner)
        c.content = content;
    return c;
}

ObjectVerifier::ObjectVerifier(NodeIndex *rest, NodeProver *rpc, HeaderVerifier headers,
                               QObject *parent)
    : QObject(parent), m_rest(rest), m_rpc(rpc), m_headers(std::move(headers))
{
    m_pool.setMaxThreadCount(1);
}

ObjectVerifier::~ObjectVerifier()
{
    m_pool.waitForDone(); // a worker posts back to this object
}

void ObjectVerifier::compute(std::shared_ptr<VerificationReport> report, QObject *context,
                             std::function<void(const VerificationReport &)> done)
{
    QPointer<QObject> guard(context);
    m_pool.start([this, report, guard, done, headers = m_headers] {
        report->headerVerdict = headers.verifyAt(report->header, report->height);
        // The root comes from the header we checked, never from the proof.
        report->verdict = verifyProof(report->proof, report->displayKey, report->header.objectRoot);
        if (report->indexer == VerificationReport::IndexCheck::Match) {
            const bool provenOwner = report->verdict.kind == ProofVerdictKind::VerifiedOwner;
            const bool agree =
                provenOwner ? report->indexerOwner == report->verdict.owner : !report->indexerOwner;
            report->indexer = agree ? VerificationReport::IndexCheck::Match
                                    : VerificationReport::IndexCheck::Mismatch;
        }
        // Asked-for content is checked even when empty: an empty answer is
        // not the GIF the leaf commits to.
        if (report->contentAsked && report->proof.leaf) {
            report->computedContentHash = sha256(report->content);
            report->contentOk = report->computedContentHash == report->proof.leaf->contentHash;
        }
        // OpenSSL's state for this pool thread goes with the task: a thread
        // still idle in the pool when the program exits would otherwise hold
        // it past OpenSSL's own cleanup (LeakSanitizer's 904 bytes).
        releaseThreadCryptoState();
        // Back on the verifier's thread; the caller's context is checked there.
        QMetaObject::invokeMethod(
            this,
            [report, guard, done] {
                if (guard)
                    done(*report);
            },
            Qt::QueuedConnection);
    });
}

void ObjectVerifier::verify(const QString &displayKey, std::optional<std::uint64_t> height,
                            bool withContent, QObject *context,
                            std::function<void(const VerificationReport &)> done)
{
    auto report = std::make_shared<VerificationReport>();
    report->displayKey = displayKey;
    QString slug;
    std::uint64_t tokenId = 0;
    if (!parseDisplayKey(displayKey, &slug, &tokenId)) {
        report->error = {ClientError::Kind::Decode,
                         0,
                         {},
                         0,
                         {},
                         QStringLiteral("\"%1\" is not slug#id").arg(displayKey),
                         0,
                         {}};
        done(*report);
        return;
    }
    // The indexer is asked at the height asked for; with none, its head
    // becomes ours, so the two are always compared at the same height. (An
    // indexer that cannot answer at a past height is "unavailable", never
    // compared with another height's owner.)
    m_rest->object(slug, tokenId, height, context, [=, this](const Result<ObjectRecord> &indexed) {
        if (indexed.ok() || indexed.error.isNotFound()) {
            // "Match" until the proof says otherwise; an answer of another
            // height is not the indexer's word about this one.
            report->height = height.value_or(indexed.height);
            const bool sameHeight = indexed.height == report->height;
            report->indexer = sameHeight ? VerificationReport::IndexCheck::Match
                                         : VerificationReport::IndexCheck::Unavailable;
            if (sameHeight && indexed.ok())
                report->indexerOwner = indexed.value->owner;
        } else {
            report->indexer = VerificationReport::IndexCheck::Unavailable;
            if (!height) { // without the indexer's height, ask the node for its head
                m_rpc->blockNumber(context, [=, this](const Result<std::uint64_t> &head) {
                    if (!head.ok()) {
                        report->error = head.error;
                        return done(*report);
                    }
                    report->height = *head.value;
                    atHeight(report, withContent, context, done);
                });
                return;
            }
            report->height = *height;
        }
        atHeight(report, withContent, context, done);
    });
}

void ObjectVerifier::atHeight(std::shared_ptr<VerificationReport> report, bool withContent,
                              QObject *context,
                              std::function<void(const VerificationReport &)> done)
{
    QString slug;
    std::uint64_t tokenId = 0;
    parseDisplayKey(report->displayKey, &slug, &tokenId);
    m_rpc->block(report->height, false, context, [=, this](const Result<Block> &block) {
        if (!block.ok()) {
            report->error = block.error;
            return done(*report);
        }
        report->header = block.value->header;
        m_rpc->proof(slug, tokenId, report->height, context,
                     [=, this](const Result<ObjectProof> &proof) {
                         if (!proof.ok()) {
                             report->error = proof.error;
                             return done(*report);
                         }
                         report->proof = *proof.value;
                         report->contentAsked = withContent;
                         if (!withContent || !report->proof.leaf)
                             return compute(report, context, done);
                         m_rpc->objectBytes(slug, tokenId, report->height, context,
                                            [=, this](const Result<QByteArray> &bytes) {
                                                if (!bytes.ok()) {
                                                    report->error = bytes.error;
                                                    return done(*report);
                                                }
                                                report->content = *bytes.value;
                                                compute(report, context, done);
                                            });
                     });
    });
}

} // namespace gifscan
