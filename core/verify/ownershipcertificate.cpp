#include "core/verify/ownershipcertificate.h"

#include "core/crypto/sha256.h"
#include "core/protocol/recordcodec.h"
#include "core/protocol/transaction.h"
#include "core/verify/headerverifier.h"

#include <QHash>

namespace gifscan {

namespace {
QJsonValue otherLeafJson(const std::optional<ProofOtherLeaf> &l)
{
    if (!l)
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("key"), toHexString(l->key)},
                       {QStringLiteral("valueHash"), toHexString(l->valueHash)}};
}

QJsonArray siblingsJson(const std::vector<Hash32> &siblings)
{
    QJsonArray out;
    for (const auto &s : siblings)
        out.append(toHexString(s));
    return out;
}
} // namespace

QJsonArray commitToJson(const std::vector<CommitSignature> &commit)
{
    QJsonArray out;
    for (const auto &c : commit)
        out.append(QJsonObject{{QStringLiteral("index"), static_cast<qint64>(c.index)},
                               {QStringLiteral("signature"), toHexString(c.signature)}});
    return out;
}

QJsonObject headerToJson(const BlockHeader &h)
{
    return {{QStringLiteral("height"), static_cast<qint64>(h.height)},
            {QStringLiteral("hash"), toHexString(h.hash)},
            {QStringLiteral("parentHash"), toHexString(h.parentHash)},
            {QStringLiteral("timestamp"), static_cast<qint64>(h.timestamp)},
            {QStringLiteral("proposer"), toHexString(h.proposer)},
            {QStringLiteral("objectRoot"), toHexString(h.objectRoot)},
            {QStringLiteral("txRoot"), toHexString(h.txRoot)},
            {QStringLiteral("txCount"), static_cast<qint64>(h.txCount)},
            {QStringLiteral("validatorsHash"), toHexString(h.validatorsHash)},
            {QStringLiteral("holdingsRoot"), toHexString(h.holdingsRoot)},
            {QStringLiteral("commit"), commitToJson(h.commit)}};
}

QJsonObject proofToJson(const ObjectProof &p)
{
    QJsonValue leaf;
    if (p.leaf)
        leaf = QJsonObject{{QStringLiteral("owner"), toHexString(p.leaf->owner)},
                           {QStringLiteral("contentHash"), toHexString(p.leaf->contentHash)},
                           {QStringLiteral("traitsHash"), toHexString(p.leaf->traitsHash)}};
    return {{QStringLiteral("key"), toHexString(p.key)},
            {QStringLiteral("displayKey"), p.displayKey},
            {QStringLiteral("height"), static_cast<qint64>(p.height)},
            {QStringLiteral("objectRoot"), toHexString(p.objectRoot)},
            {QStringLiteral("leaf"), leaf},
            {QStringLiteral("otherLeaf"), otherLeafJson(p.otherLeaf)},
            {QStringLiteral("siblings"), siblingsJson(p.siblings)}};
}

QJsonObject holdingsToJson(const HoldingsProof &p)
{
    return {{QStringLiteral("owner"), toHexString(p.owner)},
            {QStringLiteral("height"), static_cast<qint64>(p.height)},
            {QStringLiteral("holdingsRoot"), toHexString(p.holdingsRoot)},
            {QStringLiteral("objects"), QJsonArray::fromStringList(p.objects)},
            {QStringLiteral("otherLeaf"), otherLeafJson(p.otherLeaf)},
            {QStringLiteral("siblings"), siblingsJson(p.siblings)}};
}

OwnershipCertificate OwnershipCertificate::forHoldings(const BlockHeader &header,
                                                       const ValidatorSet &validators,
                                                       const HoldingsProof &holdings)
{
    OwnershipCertificate c;
    c.kind = Kind::Holdings;
    c.header = header;
    c.validators = validators;
    c.holdings = holdings;
    return c;
}

QJsonObject OwnershipCertificate::toJson() const
{
    QJsonObject o{{QStringLiteral("version"), version},
                  {QStringLiteral("kind"),
                   kind == Kind::Holdings ? QStringLiteral("holdings") : QStringLiteral("object")},
                  {QStringLiteral("chainId"), static_cast<qint64>(chainId)},
                  {QStringLiteral("header"), headerToJson(header)},
                  {QStringLiteral("validators"), validators.toJson()}};
    if (!network.isEmpty())
        o.insert(QStringLiteral("network"), network);
    if (kind == Kind::Holdings) {
        if (holdings)
            o.insert(QStringLiteral("holdings"), holdingsToJson(*holdings));
    } else {
        o.insert(QStringLiteral("displayKey"), displayKey);
        if (proof)
            o.insert(QStringLiteral("proof"), proofToJson(*proof));
        if (content)
            o.insert(QStringLiteral("content"), toHexString(asBytes(*content)));
    }
    return o;
}

std::optional<OwnershipCertificate> OwnershipCertificate::fromJson(const QJsonDocument &doc,
                                                                   DecodeError *error)
{
    OwnershipCertificate c;
    *error = {};
    JsonFields f(doc.object(), QString(), error);
    if (!doc.isObject())
        f.fail(nullptr, QStringLiteral("not an object"));
    c.version = f.integer("version");
    if (f.ok() && c.version != 2)
        return c; // checked, and refused in words, by checkCertificate
    c.chainId = f.uint("chainId");
    if (f.has("network"))
        c.network = f.string("network");
    c.kindGiven = f.has("kind");
    if (c.kindGiven)
        c.kindName = f.string("kind");
    c.kind = !c.kindGiven || c.kindName == QLatin1String("object") ? Kind::Object
             : c.kindName == QLatin1String("holdings")             ? Kind::Holdings
                                                                   : Kind::Unknown;
    const QJsonValue header = f.value("header");
    const QJsonValue validators = f.value("validators");
    if (!f.ok() || !RecordCodec::decode(header, QStringLiteral("header"), &c.header, error))
        return std::nullopt;
    QString why;
    auto set = ValidatorSet::fromJson(validators, &why);
    if (!set) {
        *error = {QStringLiteral("validators"), why};
        return std::nullopt;
    }
    c.validators = std::move(*set);
    // Every part that is there is decoded, whatever the kind: a holdings
    // certificate that also carries a proof must be seen, and refused.
    c.displayKeyGiven = f.has("displayKey");
    if (c.displayKeyGiven)
        c.displayKey = f.string("displayKey");
    if (f.ok() && f.has("proof")) {
        ObjectProof p;
        if (!RecordCodec::decode(f.value("proof"), QStringLiteral("proof"), &p, error))
            return std::nullopt;
        c.proof = std::move(p);
    }
    if (f.ok() && f.has("holdings")) {
        HoldingsProof p;
        if (!RecordCodec::decode(f.value("holdings"), QStringLiteral("holdings"), &p, error))
            return std::nullopt;
        c.holdings = std::move(p);
    }
    if (f.ok() && f.has("content")) {
        auto bytes = parseHex(f.string("content"));
        if (f.ok() && !bytes)
            f.fail("content", QStringLiteral("not hex bytes"));
        if (f.ok())
            c.content = toByteArray(*bytes);
    }
    if (!f.ok())
        return std::nullopt;
    return c;
}

QString CertificateCheck::title(const QString &check)
{
    static const QHash<QString, QString> titles{
        {QStringLiteral("header-hash"), QStringLiteral("header hash")},
        {QStringLiteral("key"), QStringLiteral("object key")},
        {QStringLiteral("validators"), QStringLiteral("validator set")},
        {QStringLiteral("commit"), QStringLiteral("signatures")},
        {QStringLiteral("trusted"), QStringLiteral("trusted set")},
    };
    return titles.value(check, check);
}

QString CertificateCheck::summary() const
{
    if (!valid)
        return QStringLiteral("invalid: %1 failed: %2").arg(failedCheck, detail);
    if (kind == OwnershipCertificate::Kind::Holdings)
        return objects.isEmpty() ? QStringLiteral("%1 held no objects").arg(toHexString(owner))
                                 : QStringLiteral("%1 held exactly %2 objects")
                                       .arg(toHexString(owner))
                                       .arg(objects.size());
    return exists ? QStringLiteral("owned by %1").arg(toHexString(owner))
                  : QStringLiteral("did not exist");
}

namespace {
// The object part of §10, after the header and its signers have passed.
CertificateCheck &
checkObject(const OwnershipCertificate &c, CertificateCheck &r,
            const std::function<CertificateCheck &(const char *, const QString &)> &fail)
{
    if (c.holdings || !c.proof)
        return fail("kind", c.proof ? QStringLiteral("an object certificate carries holdings")
                                    : QStringLiteral("an object certificate without a proof"));
    const ObjectProof &proof = *c.proof;
    if (proof.height != c.header.height)
        return fail("height", QStringLiteral("the proof is at height %1, the header at %2")
                                  .arg(proof.height)
                                  .arg(c.header.height));
    r.passed << QStringLiteral("height");
    // A look-alike key ("#042", a trailing space) names no object anyone can
    // own: proving its absence proves nothing worth saying.
    QString slug;
    std::uint64_t id = 0;
    if (!parseDisplayKey(c.displayKey, &slug, &id))
        return fail(
            "key",
            QStringLiteral("\"%1\" is not a well-formed display key").arg(c.displayKey.left(80)));
    if (proof.displayKey != c.displayKey)
        return fail("key", QStringLiteral("the proof is for %1, the certificate for %2")
                               .arg(proof.displayKey, c.displayKey));
    // Both name one object (an edited file renames both), yet the proof's
    // key is another's: say which keys, not one name twice.
    if (proof.key != objectKey(c.displayKey))
        return fail("key", QStringLiteral("the proof's key %1 is not the key of %2 (%3): it proves "
                                          "another object")
                               .arg(toHexString(proof.key), c.displayKey,
                                    toHexString(objectKey(c.displayKey))));
    r.passed << QStringLiteral("key");
    const ProofVerdict verdict = verifyProof(proof, c.displayKey, c.header.objectRoot);
    if (!verdict.holds())
        return fail("proof", verdict.detail);
    r.passed << QStringLiteral("proof");
    r.exists = verdict.kind == ProofVerdictKind::VerifiedOwner;
    r.owner = verdict.owner;
    if (c.content) {
        if (!r.exists)
            return fail("content",
                        QStringLiteral("content is given for an object that did not exist"));
        const Hash32 h = sha256(*c.content);
        if (h != proof.leaf->contentHash)
            return fail("content",
                        QStringLiteral("the content hashes to %1, the leaf commits to %2")
                            .arg(toHexString(h), toHexString(proof.leaf->contentHash)));
        r.passed << QStringLiteral("content");
    }
    r.valid = true;
    return r;
}

CertificateCheck &
checkHoldings(const OwnershipCertificate &c, CertificateCheck &r,
              const std::function<CertificateCheck &(const char *, const QString &)> &fail)
{
    if (!c.holdings || c.proof || c.content || c.displayKeyGiven || !c.displayKey.isEmpty())
        return fail(
            "kind",
            c.holdings
                ? QStringLiteral(
                      "a holdings certificate also carries an object's proof, key or content")
                : QStringLiteral("a holdings certificate without holdings"));
    const HoldingsProof &h = *c.holdings;
    if (h.height != c.header.height)
        return fail("height", QStringLiteral("the holdings are at height %1, the header at %2")
                                  .arg(h.height)
                                  .arg(c.header.height));
    r.passed << QStringLiteral("height");
    const HoldingsVerdict verdict = verifyHoldings(h, c.header.holdingsRoot);
    if (!verdict.holds())
        return fail("holdings", verdict.detail);
    r.passed << QStringLiteral("holdings");
    r.owner = h.owner;
    r.objects = h.objects;
    r.exists = !h.objects.isEmpty();
    r.valid = true;
    return r;
}
} // namespace

CertificateCheck checkCertificate(const OwnershipCertificate &c, const TrustedSets &trusted)
{
    CertificateCheck r;
    r.kind = c.kind;
    std::function<CertificateCheck &(const char *, const QString &)> fail =
        [&r](const char *check, const QString &detail) -> CertificateCheck & {
        r.failedCheck = QLatin1String(check);
        r.detail = detail;
        return r;
    };
    if (c.version == 1)
        return fail("version",
                    QStringLiteral(
                        "a version 1 certificate is unsigned: it proves nothing about the chain"));
    if (c.version != 2)
        return fail("version", QStringLiteral("version %1 is not 2").arg(c.version));
    r.passed << QStringLiteral("version");
    if (c.chainId != kChainId)
        return fail("chain", QStringLiteral("chain id %1 is not %2").arg(c.chainId).arg(kChainId));
    r.passed << QStringLiteral("chain");
    // The set the certificate names is checked first as if it were trusted:
    // its signatures must be sound before trust is asked at all.
    const HeaderVerdict header =
        HeaderVerifier(TrustAnchor{kChainId, std::nullopt, c.validators}).verify(c.header);
    r.fingerprint = c.validators.fingerprint();
    switch (header.check) {
    case HeaderCheck::HashMismatch:
        return fail("header-hash",
                    QStringLiteral("the header recomputes to %1, not %2")
                        .arg(toHexString(c.header.computeHash()), toHexString(c.header.hash)));
    case HeaderCheck::UntrustedSet:
        r.passed << QStringLiteral("header-hash");
        return fail("validators",
                    QStringLiteral("the validators listed are not the set the header names"));
    case HeaderCheck::Verified:
        r.passed << QStringLiteral("header-hash") << QStringLiteral("validators")
                 << QStringLiteral("commit");
        break;
    default:
        r.passed << QStringLiteral("header-hash") << QStringLiteral("validators");
        return fail("commit", header.detail);
    }
    if (std::find(trusted.begin(), trusted.end(), c.validators) == trusted.end())
        return fail(
            "trusted",
            QStringLiteral("signed by an unknown validator set, fingerprint %1: not trusted")
                .arg(r.fingerprint));
    r.passed << QStringLiteral("trusted");
    r.devnetKeys = c.validators == ValidatorSet::devnet(c.validators.size());
    switch (c.kind) {
    case OwnershipCertificate::Kind::Object:
        return checkObject(c, r, fail);
    case OwnershipCertificate::Kind::Holdings:
        return checkHoldings(c, r, fail);
    case OwnershipCertificate::Kind::Unknown:
        break;
    }
    return fail("kind", QStringLiteral("\"%1\" is not a kind of certificate").arg(c.kindName));
}

} // namespace gifscan
