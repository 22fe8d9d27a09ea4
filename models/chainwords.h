#pragma once

#include "core/client/clienterror.h"
#include "core/protocol/transaction.h"
#include "core/verify/objectproof.h"
#include "core/verify/objectverifier.h"
#include "core/verify/walletaudit.h"

#include <QCoreApplication>
#include <QString>

// The chain's vocabulary (event types, transaction kinds, certificate
// checks, proof and audit verdicts) in the reader's
// language. The protocol's own words stay in exports, filters and links;
// an unknown word is shown as it came.
class ChainWords
{
    Q_DECLARE_TR_FUNCTIONS(ChainWords)
public:
    // Why a request to the node failed, in the reader's words; what the node
    // itself said (its message, in English) stays as the detail.
    static QString clientError(const gifscan::ClientError &error);
    static QString eventType(const QString &type);
    // A collection's category in the reader's words; the protocol's word for
    // one this explorer does not know.
    static QString category(const QString &category);
    static QStringList knownCategories(); // the protocol's words, in menu order
    static QString txKind(const QString &kind);
    static QString txDecodeError(const gifscan::TxDecodeError &error);
    // A check of an ownership certificate (core's names: "header-hash", …).
    static QString certificateCheck(const QString &name);
    // What a proof shows, in words (core's detail is for logs and the CLI).
    static QString proofVerdict(const gifscan::ProofVerdict &verdict, const QString &displayKey);
    // Whether the indexer's owner agrees with the proven one.
    static QString headerVerdict(const gifscan::HeaderVerdict &verdict,
                                 const gifscan::BlockHeader &header);
    static QString holdingsVerdict(const gifscan::HoldingsVerdict &verdict);
    static QString indexerVerdict(gifscan::VerificationReport::IndexCheck indexer);
    // An audit entry's outcome, and why, for the audit of `audited`.
    static QString auditOutcome(gifscan::AuditEntry::Outcome outcome);
    static QString auditReason(const gifscan::AuditEntry &entry, const gifscan::Address &audited);
};
