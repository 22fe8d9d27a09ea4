#pragma once

#include "core/protocol/proofs.h"

#include <QStringList>

namespace gifscan {

enum class HoldingsVerdictKind {
    Holds,        // the address held exactly `objects` (maybe none)
    MalformedKey, // a display key is not well formed
    KeyOrder,     // keys not strictly ascending
    OtherBeside,  // otherLeaf beside a non-empty object list
    OtherSameKey, // the other leaf is the address's own
    OffPath,      // the other leaf leaves the address's path
    TooDeep,      // more than 256 siblings
    RootMismatch, // well formed, but it does not lead to the header's root
};

struct HoldingsVerdict
{
    HoldingsVerdictKind kind = HoldingsVerdictKind::RootMismatch;
    std::size_t count = 0;
    Hash32 computedRoot{};
    QString detail; // core's English; views translate the kind

    bool holds() const { return kind == HoldingsVerdictKind::Holds; }
};

QString holdingsVerdictName(HoldingsVerdictKind kind);

// Verifies against the holdingsRoot of a header the caller has verified.
HoldingsVerdict verifyHoldings(const HoldingsProof &proof, const Hash32 &headerHoldingsRoot);

} // namespace gifscan
