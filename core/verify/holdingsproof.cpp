#include "core/verify/holdingsproof.h"

#include "core/protocol/commitments.h"

namespace gifscan {

QString holdingsVerdictName(HoldingsVerdictKind kind)
{
    switch (kind) {
    case HoldingsVerdictKind::Holds:
        return QStringLiteral("holds");
    case HoldingsVerdictKind::MalformedKey:
        return QStringLiteral("malformed-key");
    case HoldingsVerdictKind::KeyOrder:
        return QStringLiteral("key-order");
    case HoldingsVerdictKind::OtherBeside:
        return QStringLiteral("other-leaf-beside-objects");
    case HoldingsVerdictKind::OtherSameKey:
        return QStringLiteral("other-leaf-same-key");
    case HoldingsVerdictKind::OffPath:
        return QStringLiteral("off-path");
    case HoldingsVerdictKind::TooDeep:
        return QStringLiteral("too-deep");
    case HoldingsVerdictKind::RootMismatch:
        return QStringLiteral("root-mismatch");
    }
    return {};
}

HoldingsVerdict verifyHoldings(const HoldingsProof &proof, const Hash32 &headerHoldingsRoot)
{
    HoldingsVerdict v;
    auto fail = [&v](HoldingsVerdictKind kind, QString detail) {
        v.kind = kind;
        v.detail = std::move(detail);
        return v;
    };
    std::vector<Hash32> keys;
    keys.reserve(static_cast<std::size_t>(proof.objects.size()));
    for (const QString &k : proof.objects) {
        QString slug;
        std::uint64_t id = 0;
        if (!parseDisplayKey(k, &slug, &id))
            return fail(HoldingsVerdictKind::MalformedKey,
                        QStringLiteral("malformed display key \"%1\"").arg(k.left(80)));
        keys.push_back(objectKey(k));
        if (keys.size() > 1 && !(keys[keys.size() - 2] < keys.back()))
            return fail(HoldingsVerdictKind::KeyOrder,
                        // The vectors' reason first, then what it means to a reader.
                        QStringLiteral("keys not strictly ascending at \"%1\": the object list "
                                       "is not as proven (a proven list runs in the order of "
                                       "its keys' hashes)")
                            .arg(k.left(80)));
    }
    if (proof.siblings.size() > 256)
        return fail(
            HoldingsVerdictKind::TooDeep,
            QStringLiteral("%1 siblings: a path is at most 256 deep").arg(proof.siblings.size()));
    const Hash32 hk = holdingsKey(proof.owner);
    const std::size_t depth = proof.siblings.size();
    Hash32 h = kZeroHash;
    if (!keys.empty()) {
        if (proof.otherLeaf)
            return fail(HoldingsVerdictKind::OtherBeside,
                        QStringLiteral("otherLeaf beside objects"));
        h = leafHash(hk, holdingsValueHash(keys.size(), holdingsSubRoot(keys)));
    } else if (proof.otherLeaf) {
        if (proof.otherLeaf->key == hk)
            return fail(HoldingsVerdictKind::OtherSameKey,
                        QStringLiteral("otherLeaf has the same key"));
        for (std::size_t i = 0; i < depth; ++i) {
            if (keyBit(hk, static_cast<int>(i)) !=
                keyBit(proof.otherLeaf->key, static_cast<int>(i)))
                return fail(
                    HoldingsVerdictKind::OffPath,
                    QStringLiteral("the other leaf leaves the address's path at depth %1").arg(i));
        }
        h = leafHash(proof.otherLeaf->key, proof.otherLeaf->valueHash);
    }
    for (std::size_t i = 0; i < depth; ++i) {
        const int k = static_cast<int>(depth - 1 - i);
        const Hash32 &s = proof.siblings[i];
        h = keyBit(hk, k) == 0 ? innerHash(h, s) : innerHash(s, h);
    }
    v.computedRoot = h;
    if (h != headerHoldingsRoot)
        return fail(HoldingsVerdictKind::RootMismatch,
                    QStringLiteral("root mismatch: the proof leads to %1, the header commits to %2")
                        .arg(toHexString(h), toHexString(headerHoldingsRoot)));
    v.kind = HoldingsVerdictKind::Holds;
    v.count = keys.size();
    v.detail = keys.empty() ? QStringLiteral("held no objects")
                            : QStringLiteral("held exactly %1 objects").arg(keys.size());
    return v;
}

} // namespace gifscan
