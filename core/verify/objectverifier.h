#pragma once

#include "core/client/clienterror.h"
#include "core/protocol/records.h"
#include "core/verify/headerverifier.h"
#include "core/verify/objectproof.h"
#include "core/verify/ownershipcertificate.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>

namespace gifscan {

class NodeIndex;
class NodeProver;

// Everything one verification found, check by check.
struct VerificationReport
{
    enum class IndexCheck { NotChecked, Match, Mismatch, Unavailable };
    enum class Badge { Verified, IndexedOnly, Mismatch };

    QString displayKey;
    std::uint64_t height = 0;
    BlockHeader header;
    HeaderVerdict headerVerdict; // PROTOCOL §2.4 against the trusted anchor
    ObjectProof proof;
    ProofVerdict verdict;
    std::optional<bool> contentOk; // unset when not asked for or the object does not exist
    QByteArray content;
    bool contentAsked = false;
    Hash32 computedContentHash{};
    IndexCheck indexer = IndexCheck::NotChecked;
    std::optional<Address> indexerOwner;
    ClientError error; // a fetch that failed: the report is then incomplete

    bool proven() const
    {
        return error.ok() && headerVerdict.verified() && verdict.holds() &&
               contentOk.value_or(true);
    }
    // Verified: proven and the indexer agrees (or could not be asked);
    // Mismatch: proven and the indexer disagrees; IndexedOnly: not proven.
    Badge badge() const;
    QString indexerName() const;
    // The portable form of what was verified (PROTOCOL §10).
    OwnershipCertificate certificate(const ValidatorSet &validators, bool withContent) const;
};

// Verifies an object at a height against a header it has HeaderVerifier
// check (signed by the trusted set), the proof against that header's root,
// the content against the leaf, and the indexer's owner against the proven
// one at the same height. Lives
// on the thread of its clients, where the requests and the callback run; the
// hashing runs on the verifier's own pool thread, so a GUI never hashes.
class ObjectVerifier : public QObject
{
    Q_OBJECT
public:
    ObjectVerifier(NodeIndex *rest, NodeProver *rpc, HeaderVerifier headers,
                   QObject *parent = nullptr);
    void setHeaderVerifier(HeaderVerifier headers) { m_headers = std::move(headers); }
    const HeaderVerifier &headerVerifier() const { return m_headers; }
    ~ObjectVerifier() override;

    void verify(const QString &displayKey, std::optional<std::uint64_t> height, bool withContent,
                QObject *context, std::function<void(const VerificationReport &)> done);

private:
    void atHeight(std::shared_ptr<VerificationReport> report, bool withContent, QObject *context,
                  std::function<void(const VerificationReport &)> done);
    void compute(std::shared_ptr<VerificationReport> report, QObject *context,
                 std::function<void(const VerificationReport &)> done);

    NodeIndex *m_rest;
    NodeProver *m_rpc;
    HeaderVerifier m_headers;
    QThreadPool m_pool;
};

} // namespace gifscan
