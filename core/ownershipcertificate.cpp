#include "core/ownershipcertificate.h"

#include "core/recordcodec.h"
#include "core/sha256.h"
#include "core/transaction.h"

namespace gifscan {

QJsonObject headerToJson(const BlockHeader &h)
{
    return {{QStringLiteral("height"), static_cast<qint64>(h.height)},
            {QStringLiteral("hash"), toHexString(h.hash)},
            {QStringLiteral("parentHash"), toHexString(h.parentHash)},
            {QStringLiteral("timestamp"), static_cast<qint64>(h.timestamp)},
            {QStringLiteral("proposer"), toHexString(h.proposer)},
            {QStringLiteral("objectRoot"), toHexString(h.objectRoot)},
            {QStringLiteral("txRoot"), toHexString(h.txRoot)},
            {QStringLiteral("txCount"), static_cast<qint64>(h.txCount)}};
}

QJsonObject proofToJson(const ObjectProof &p)
{
    QJsonArray siblings;
    for (const auto &s : p.siblings)
        siblings.append(toHexString(s));
    QJsonValue leaf, other;
    if (p.leaf)
        leaf = QJsonObject{{QStringLiteral("owner"), toHexString(p.leaf->owner)},
                           {QStringLiteral("contentHash"), toHexString(p.leaf->contentHash)},
                           {QStringLiteral("traitsHash"), toHexString(p.leaf->traitsHash)}};
    if (p.otherLeaf)
        other = QJsonObject{{QStringLiteral("key"), toHexString(p.otherLeaf->key)},
                            {QStringLiteral("valueHash"), toHexString(p.otherLeaf->valueHash)}};
    return {{QStringLiteral("key"), toHexString(p.key)},
            {QStringLiteral("displayKey"), p.displayKey},
            {QStringLiteral("height"), static_cast<qint64>(p.height)},
            {QStringLiteral("objectRoot"), toHexString(p.objectRoot)},
            {QStringLiteral("leaf"), leaf},
            {QStringLiteral("otherLeaf"), other},
            {QStringLiteral("siblings"), siblings}};
}

QJsonObject OwnershipCertificate::toJson() const
{
    QJsonObject o{{QStringLiteral("version"), version},
                  {QStringLiteral("chainId"), static_cast<qint64>(chainId)},
                  {QStringLiteral("displayKey"), displayKey},
                  {QStringLiteral("header"), headerToJson(header)},
                  {QStringLiteral("proof"), proofToJson(proof)}};
    if (content)
        o.insert(QStringLiteral("content"), toHexString(asBytes(*content)));
    return o;
}

std::optional<OwnershipCertificate> OwnershipCertificate::fromJson(const QJsonDocument &doc, DecodeError *error)
{
    OwnershipCertificate c;
    JsonFields f(doc.object(), QString(), error);
    if (!doc.isObject())
        f.fail(nullptr, QStringLiteral("not an object"));
    c.version = f.integer("version");
    c.chainId = f.uint("chainId");
    c.displayKey = f.string("displayKey");
    const QJsonValue header = f.value("header");
    const QJsonValue proof = f.value("proof");
    if (!f.ok() || !RecordCodec::decode(header, QStringLiteral("header"), &c.header, error)
        || !RecordCodec::decode(proof, QStringLiteral("proof"), &c.proof, error))
        return std::nullopt;
    if (f.has("content")) {
        auto bytes = parseHex(f.string("content"));
        if (f.ok() && !bytes)
            f.fail("content", QStringLiteral("not hex bytes"));
        if (!f.ok())
            return std::nullopt;
        c.content = toByteArray(*bytes);
    }
    return c;
}

QString CertificateCheck::summary() const
{
    if (!valid)
        return QStringLiteral("invalid: %1 failed: %2").arg(failedCheck, detail);
    return exists ? QStringLiteral("owned by %1").arg(toHexString(owner)) : QStringLiteral("did not exist");
}

CertificateCheck checkCertificate(const OwnershipCertificate &c)
{
    CertificateCheck r;
    auto fail = [&r](const char *check, const QString &detail) {
        r.failedCheck = QLatin1String(check);
        r.detail = detail;
        return r;
    };
    if (c.version != 1)
        return fail("version", QStringLiteral("version %1 is not 1").arg(c.version));
    r.passed << QStringLiteral("version");
    if (c.chainId != kChainId)
        return fail("chain", QStringLiteral("chain id %1 is not %2").arg(c.chainId).arg(kChainId));
    r.passed << QStringLiteral("chain");
    if (!c.header.hashIsValid())
        return fail("header-hash", QStringLiteral("the header recomputes to %1, not %2")
                                       .arg(toHexString(c.header.computeHash()), toHexString(c.header.hash)));
    r.passed << QStringLiteral("header-hash");
    if (c.proof.displayKey != c.displayKey || c.proof.key != objectKey(c.displayKey))
        return fail("key", QStringLiteral("the proof is for %1, the certificate for %2").arg(c.proof.displayKey, c.displayKey));
    r.passed << QStringLiteral("key");
    if (c.proof.height != c.header.height)
        return fail("height", QStringLiteral("the proof is at height %1, the header at %2").arg(c.proof.height).arg(c.header.height));
    r.passed << QStringLiteral("height");
    const ProofVerdict verdict = verifyProof(c.proof, c.displayKey, c.header.objectRoot);
    if (!verdict.holds())
        return fail("proof", verdict.detail);
    r.passed << QStringLiteral("proof");
    r.exists = verdict.kind == ProofVerdictKind::VerifiedOwner;
    r.owner = verdict.owner;
    if (c.content) {
        if (!r.exists)
            return fail("content", QStringLiteral("content is given for an object that did not exist"));
        const Hash32 h = sha256(*c.content);
        if (h != c.proof.leaf->contentHash)
            return fail("content", QStringLiteral("the content hashes to %1, the leaf commits to %2")
                                       .arg(toHexString(h), toHexString(c.proof.leaf->contentHash)));
        r.passed << QStringLiteral("content");
    }
    r.valid = true;
    return r;
}

} // namespace gifscan
