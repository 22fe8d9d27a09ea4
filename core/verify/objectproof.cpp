#include "core/verify/objectproof.h"

#include "core/protocol/commitments.h"

namespace gifscan {

std::optional<ProofWalk> walkProof(const ObjectProof &proof)
{
    const std::size_t depth = proof.siblings.size();
    if (depth > 256 || (proof.leaf && proof.otherLeaf))
        return std::nullopt;
    ProofWalk walk;
    if (proof.leaf)
        walk.start = leafHash(proof.key, valueHash(proof.leaf->owner, proof.leaf->contentHash,
                                                   proof.leaf->traitsHash));
    else if (proof.otherLeaf)
        walk.start = leafHash(proof.otherLeaf->key, proof.otherLeaf->valueHash);
    Hash32 h = walk.start;
    for (std::size_t i = 0; i < depth; ++i) {
        const int k = static_cast<int>(depth - 1 - i);
        const Hash32 &s = proof.siblings[i];
        const bool right = keyBit(proof.key, k) == 1;
        h = right ? innerHash(s, h) : innerHash(h, s);
        walk.steps.push_back({k, right, s, h});
    }
    return walk;
}

std::optional<Hash32> computeProofRoot(const ObjectProof &proof)
{
    const std::size_t depth = proof.siblings.size();
    if (depth > 256 || (proof.leaf && proof.otherLeaf))
        return std::nullopt;
    Hash32 h = kZeroHash;
    if (proof.leaf) {
        h = leafHash(proof.key,
                     valueHash(proof.leaf->owner, proof.leaf->contentHash, proof.leaf->traitsHash));
    } else if (proof.otherLeaf) {
        h = leafHash(proof.otherLeaf->key, proof.otherLeaf->valueHash);
    }
    for (std::size_t i = 0; i < depth; ++i) {
        const int k = static_cast<int>(depth - 1 - i);
        const Hash32 &s = proof.siblings[i];
        h = keyBit(proof.key, k) == 0 ? innerHash(h, s) : innerHash(s, h);
    }
    return h;
}

ProofVerdict verifyProof(const ObjectProof &proof, const QString &displayKey,
                         const Hash32 &headerObjectRoot)
{
    ProofVerdict verdict;
    const Hash32 expectedKey = objectKey(displayKey);
    if (proof.key != expectedKey ||
        (!proof.displayKey.isEmpty() && proof.displayKey != displayKey)) {
        verdict.kind = ProofVerdictKind::KeyMismatch;
        verdict.detail = QStringLiteral("the proof is for key %1, not for %2")
                             .arg(toHexString(proof.key), displayKey);
        return verdict;
    }
    if (proof.siblings.size() > 256) {
        verdict.kind = ProofVerdictKind::Malformed;
        verdict.detail =
            QStringLiteral("%1 siblings: a path is at most 256 deep").arg(proof.siblings.size());
        return verdict;
    }
    if (proof.leaf && proof.otherLeaf) {
        verdict.kind = ProofVerdictKind::Malformed;
        verdict.detail = QStringLiteral("a proof carries a leaf or another leaf, not both");
        return verdict;
    }
    if (proof.otherLeaf) {
        const int depth = static_cast<int>(proof.siblings.size());
        if (proof.otherLeaf->key == proof.key) {
            verdict.kind = ProofVerdictKind::OffPath;
            verdict.detail =
                QStringLiteral("the other leaf has the very key that is said to be absent");
            return verdict;
        }
        for (int i = 0; i < depth; ++i) {
            if (keyBit(proof.key, i) != keyBit(proof.otherLeaf->key, i)) {
                verdict.kind = ProofVerdictKind::OffPath;
                verdict.detail =
                    QStringLiteral("the other leaf leaves the key's path at depth %1").arg(i);
                return verdict;
            }
        }
    }
    verdict.computedRoot = *computeProofRoot(proof);
    if (verdict.computedRoot != headerObjectRoot) {
        verdict.kind = ProofVerdictKind::RootMismatch;
        verdict.detail = QStringLiteral("the proof leads to %1, the header commits to %2")
                             .arg(toHexString(verdict.computedRoot), toHexString(headerObjectRoot));
        return verdict;
    }
    if (proof.leaf) {
        verdict.kind = ProofVerdictKind::VerifiedOwner;
        verdict.owner = proof.leaf->owner;
        verdict.detail = QStringLiteral("owned by %1").arg(toHexString(proof.leaf->owner));
    } else {
        verdict.kind = ProofVerdictKind::VerifiedAbsent;
        verdict.detail = QStringLiteral("%1 does not exist at this height").arg(displayKey);
    }
    return verdict;
}

QString proofVerdictName(ProofVerdictKind kind)
{
    switch (kind) {
    case ProofVerdictKind::VerifiedOwner:
        return QStringLiteral("verified-owner");
    case ProofVerdictKind::VerifiedAbsent:
        return QStringLiteral("verified-absent");
    case ProofVerdictKind::RootMismatch:
        return QStringLiteral("root-mismatch");
    case ProofVerdictKind::Malformed:
        return QStringLiteral("malformed");
    case ProofVerdictKind::KeyMismatch:
        return QStringLiteral("key-mismatch");
    case ProofVerdictKind::OffPath:
        return QStringLiteral("off-path");
    }
    return {};
}

} // namespace gifscan
