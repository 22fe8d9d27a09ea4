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
    {"validators", QT_TRANSLATE_NOOP3("ChainWords", "validator set", "certificate check")},
    {"commit", QT_TRANSLATE_NOOP3("ChainWords", "signatures", "certificate check")},
    {"trusted", QT_TRANSLATE_NOOP3("ChainWords", "trusted set", "certificate check")},
    {"kind", QT_TRANSLATE_NOOP3("ChainWords", "kind", "certificate check")},
    {"holdings", QT_TRANSLATE_NOOP3("ChainWords", "holdings", "certificate check")},
};

// The categories the chain's collections use; others show as they are.
const Word kCategories[] = {
    {"art", QT_TRANSLATE_NOOP3("ChainWords", "art", "collection category")},
    {"pfp", QT_TRANSLATE_NOOP3("ChainWords", "profile pictures", "collection category")},
    {"gaming", QT_TRANSLATE_NOOP3("ChainWords", "gaming", "collection category")},
    {"music", QT_TRANSLATE_NOOP3("ChainWords", "music", "collection category")},
    {"memes", QT_TRANSLATE_NOOP3("ChainWords", "memes", "collection category")},
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

QString ChainWords::clientError(const gifscan::ClientError &e)
{
    using Kind = gifscan::ClientError::Kind;
    switch (e.kind) {
    case Kind::None:
        return tr("no error");
    case Kind::Network:
        return tr("the node cannot be reached (%1)").arg(e.message);
    case Kind::Timeout:
        return tr("the node did not answer in time (%1)").arg(e.message);
    case Kind::Http:
        return e.isNotFound() ? tr("the node has no such thing (%1)").arg(e.message)
                              : tr("the node refused the request: HTTP %1 %2 (%3)")
                                    .arg(e.httpStatus)
                                    .arg(e.code, e.message);
    case Kind::RateLimited:
        return tr("the node is limiting requests: try again in %Ln second(s)", nullptr,
                  e.retryAfter);
    case Kind::Decode:
        return tr("the node's answer is not what the protocol says (%1)").arg(e.message);
    case Kind::TooLarge:
        return tr("the node's answer is larger than any honest one (%1)").arg(e.message);
    case Kind::Rpc:
        return e.isNotFound() ? tr("the node has no such thing (%1)").arg(e.message)
                              : tr("the node refused the request: error %1 (%2)")
                                    .arg(e.rpcCode)
                                    .arg(e.message);
    }
    return e.message;
}

QString ChainWords::category(const QString &category)
{
    return lookUp(kCategories, category);
}

QStringList ChainWords::knownCategories()
{
    QStringList out;
    for (const Word &w : kCategories)
        out.append(QLatin1String(w.name));
    return out;
}

QString ChainWords::eventType(const QString &type)
{
    return lookUp(kEventTypes, type);
}

QString ChainWords::txDecodeError(const gifscan::TxDecodeError &error)
{
    using K = gifscan::TxDecodeError::Kind;
    // The field keeps its protocol name: it is what the encoding calls it.
    switch (error.kind) {
    case K::Truncated:
        return tr("it ends before its field \"%1\"").arg(error.field);
    case K::NotUtf8:
        return tr("its field \"%1\" is not UTF-8 text").arg(error.field);
    case K::UnknownVersion:
        return tr("version %1 is not one this explorer knows (it reads version 1)")
            .arg(error.value);
    case K::UnknownKind:
        return tr("kind %1 is not a transaction kind (1 to 7)").arg(error.value);
    case K::TrailingBytes:
        return tr("%Ln byte(s) follow its signature", nullptr,
                  static_cast<int>(std::min<std::uint64_t>(error.value, 1'000'000'000)));
    }
    return error.toString();
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
    case K::VerifiedOwner:
        return tr("owned by %1").arg(gifscan::toHexString(verdict.owner));
    case K::VerifiedAbsent:
        return tr("%1 does not exist at this height").arg(displayKey);
    case K::RootMismatch:
        return tr("the proof leads to another root than the header's");
    case K::Malformed:
        return tr("the proof is malformed");
    case K::KeyMismatch:
        return tr("the proof is for another object");
    case K::OffPath:
        return tr("the neighbouring leaf is off the object's path");
    }
    return verdict.detail;
}

QString ChainWords::headerVerdict(const gifscan::HeaderVerdict &v,
                                  const gifscan::BlockHeader &header)
{
    using C = gifscan::HeaderCheck;
    switch (v.check) {
    case C::Verified:
        return tr("signed by %1 of %2 validators (quorum %3)")
            .arg(v.signers.size())
            .arg(v.setSize)
            .arg(v.quorum);
    case C::NoAnchor:
        return tr("no validator set is trusted for this network");
    case C::HashMismatch:
        return tr("the header's hash does not recompute");
    case C::UntrustedSet:
        return tr("signed for validator set %1, which is not trusted")
            .arg(gifscan::ValidatorSet::fingerprintOf(header.validatorsHash));
    case C::Unsigned:
        return tr("the header carries no signatures");
    case C::CommitIndexes:
        return tr("the signatures' indexes are malformed");
    case C::BadSignature:
        return tr("signature %1 does not come from its validator").arg(v.badIndex);
    case C::NoQuorum:
        return tr("only %1 of %2 validators signed, %3 are needed")
            .arg(v.signers.size())
            .arg(v.setSize)
            .arg(v.quorum);
    case C::ProposerMissing:
        return tr("the block's proposer did not sign");
    case C::ParentMismatch:
        return tr("the header does not link to its parent");
    case C::GenesisMismatch:
        return tr("this is not the genesis the network was first trusted with");
    case C::Refused:
        return tr("this node was refused: it is not the network this profile trusts");
    }
    return v.detail;
}

QString ChainWords::holdingsVerdict(const gifscan::HoldingsVerdict &v)
{
    using K = gifscan::HoldingsVerdictKind;
    switch (v.kind) {
    case K::Holds:
        return tr("held exactly %Ln object(s)", nullptr, static_cast<int>(v.count));
    case K::MalformedKey:
        return tr("the holdings name a malformed object key");
    case K::KeyOrder:
        return tr("the holdings are not in key order");
    case K::OtherBeside:
    case K::OtherSameKey:
    case K::OffPath:
    case K::TooDeep:
        return tr("the holdings proof is malformed");
    case K::RootMismatch:
        return tr("the holdings proof leads to another root than the header's");
    }
    return v.detail;
}

QString ChainWords::indexerVerdict(gifscan::VerificationReport::IndexCheck indexer)
{
    using I = gifscan::VerificationReport::IndexCheck;
    switch (indexer) {
    case I::NotChecked:
        return tr("not checked", "indexer");
    case I::Match:
        return tr("agrees", "indexer");
    case I::Mismatch:
        return tr("disagrees", "indexer");
    case I::Unavailable:
        return tr("unavailable", "indexer");
    }
    return {};
}

QString ChainWords::auditOutcome(gifscan::AuditEntry::Outcome outcome)
{
    using O = gifscan::AuditEntry::Outcome;
    switch (outcome) {
    case O::Verified:
        return tr("verified", "audit");
    case O::Absent:
        return tr("absent", "audit");
    case O::Mismatch:
        return tr("mismatch", "audit");
    case O::Failed:
        return tr("failed", "audit");
    case O::Unchecked:
        return tr("unchecked", "audit");
    }
    return {};
}

QString ChainWords::auditReason(const gifscan::AuditEntry &entry, const gifscan::Address &audited)
{
    using O = gifscan::AuditEntry::Outcome;
    switch (entry.outcome) {
    case O::Verified:
        return {};
    case O::Absent:
        return tr("the holdings name it, the proof says it does not exist");
    case O::Mismatch:
        if (entry.provenOwner && *entry.provenOwner != audited)
            return tr("the holdings name it, the proof says %1 owns it")
                .arg(gifscan::toHexString(*entry.provenOwner));
        if (!entry.inHoldings)
            return tr("the indexer lists it, the proven holdings do not");
        return tr("proven here, but the indexer does not list it");
    case O::Failed:
        return entry.detail; // the error as it came
    case O::Unchecked:
        return tr("the node did not answer for it (%1); audit again to check it").arg(entry.detail);
    }
    return entry.detail;
}
