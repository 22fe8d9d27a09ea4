#include "models/chainwords.h"

#include <span>

namespace {

struct Word
{
    const char *name; // the protocol's
    struct
    {
        const char *source; // the reader's, before translation
        const char *comment;
    } text;
};

// One word can be an event, a transaction kind or a check: the comment tells
// the translator which.
const Word kEventTypes[] = {
    {"mint", QT_TRANSLATE_NOOP3("ChainWords", "mint", "event")},
    {"transfer", QT_TRANSLATE_NOOP3("ChainWords", "transfer", "event")},
    {"list", QT_TRANSLATE_NOOP3("ChainWords", "list", "event")},
    {"delist", QT_TRANSLATE_NOOP3("ChainWords", "delist", "event")},
    {"sale", QT_TRANSLATE_NOOP3("ChainWords", "sale", "event")},
    {"payment", QT_TRANSLATE_NOOP3("ChainWords", "payment", "event")},
};
const Word kTxKinds[] = {
    {"transfer", QT_TRANSLATE_NOOP3("ChainWords", "transfer", "transaction kind")},
    {"createCollection", QT_TRANSLATE_NOOP3("ChainWords", "create collection", "transaction kind")},
    {"mint", QT_TRANSLATE_NOOP3("ChainWords", "mint", "transaction kind")},
    {"transferObject", QT_TRANSLATE_NOOP3("ChainWords", "transfer object", "transaction kind")},
    {"list", QT_TRANSLATE_NOOP3("ChainWords", "list", "transaction kind")},
    {"delist", QT_TRANSLATE_NOOP3("ChainWords", "delist", "transaction kind")},
    {"buy", QT_TRANSLATE_NOOP3("ChainWords", "buy", "transaction kind")},
};
const Word kCertificateChecks[] = {
    {"version", QT_TRANSLATE_NOOP3("ChainWords", "version", "certificate check")},
    {"chain", QT_TRANSLATE_NOOP3("ChainWords", "chain", "certificate check")},
    {"header-hash", QT_TRANSLATE_NOOP3("ChainWords", "header hash", "certificate check")},
    {"key", QT_TRANSLATE_NOOP3("ChainWords", "object key", "certificate check")},
    {"height", QT_TRANSLATE_NOOP3("ChainWords", "height", "certificate check")},
    {"proof", QT_TRANSLATE_NOOP3("ChainWords", "proof", "certificate check")},
    {"content", QT_TRANSLATE_NOOP3("ChainWords", "content", "certificate check")},
};

QString lookUp(std::span<const Word> words, const QString &name)
{
    for (const Word &w : words) {
        if (name == QLatin1String(w.name))
            return ChainWords::tr(w.text.source, w.text.comment);
    }
    return name;
}

} // namespace

QString ChainWords::eventType(const QString &type)
{
    return lookUp(kEventTypes, type);
}

QString ChainWords::txKind(const QString &kind)
{
    return lookUp(kTxKinds, kind);
}

QString ChainWords::certificateCheck(const QString &name)
{
    return lookUp(kCertificateChecks, name);
}

QString ChainWords::proofVerdict(const gifscan::ProofVerdict &verdict, const QString &displayKey)
{
    using K = gifscan::ProofVerdictKind;
    switch (verdict.kind) {
    case K::VerifiedOwner: return tr("owned by %1").arg(gifscan::toHexString(verdict.owner));
    case K::VerifiedAbsent: return tr("%1 does not exist at this height").arg(displayKey);
    case K::RootMismatch: return tr("the proof leads to another root than the header's");
    case K::Malformed: return tr("the proof is malformed");
    case K::KeyMismatch: return tr("the proof is for another object");
    case K::OffPath: return tr("the neighbouring leaf is off the object's path");
    }
    return verdict.detail;
}

QString ChainWords::indexerVerdict(gifscan::VerificationReport::Indexer indexer)
{
    using I = gifscan::VerificationReport::Indexer;
    switch (indexer) {
    case I::NotChecked: return tr("not checked", "indexer");
    case I::Match: return tr("agrees", "indexer");
    case I::Mismatch: return tr("disagrees", "indexer");
    case I::Unavailable: return tr("unavailable", "indexer");
    }
    return {};
}

QString ChainWords::auditOutcome(gifscan::AuditEntry::Outcome outcome)
{
    using O = gifscan::AuditEntry::Outcome;
    switch (outcome) {
    case O::Verified: return tr("verified", "audit");
    case O::Absent: return tr("absent", "audit");
    case O::Mismatch: return tr("mismatch", "audit");
    case O::Failed: return tr("failed", "audit");
    }
    return {};
}

QString ChainWords::auditReason(const gifscan::AuditEntry &entry, const gifscan::Address &audited)
{
    using O = gifscan::AuditEntry::Outcome;
    switch (entry.outcome) {
    case O::Verified: return {};
    case O::Absent: return tr("the node lists it, the proof says it does not exist");
    case O::Mismatch:
        if (entry.provenOwner && *entry.provenOwner != audited)
            return tr("the node lists it, the proof says %1 owns it").arg(gifscan::toHexString(*entry.provenOwner));
        if (!entry.nodeLists)
            return tr("the indexer lists it, the node does not");
        return tr("proven here, but the indexer does not list it");
    case O::Failed: return entry.detail; // the error as it came
    }
    return entry.detail;
}
