#pragma once

#include "core/protocol/proofs.h"

#include <QString>

namespace gifscan {

enum class ProofVerdictKind {
    VerifiedOwner,  // membership holds: owner is proven
    VerifiedAbsent, // non-membership holds
    RootMismatch,   // well-formed, but the computed root is not the header's
    Malformed,      // both leaves, too many siblings
    KeyMismatch,    // the proof is about another key than the one asked for
    OffPath,        // non-membership witness that does not share the path
};

struct ProofVerdict
{
    ProofVerdictKind kind = ProofVerdictKind::Malformed;
    Address owner{};       // for VerifiedOwner
    Hash32 computedRoot{}; // the root the proof leads to, when it leads anywhere
    QString detail;        // why, for people (untranslated: core has no tr context)

    bool holds() const
    {
        return kind == ProofVerdictKind::VerifiedOwner || kind == ProofVerdictKind::VerifiedAbsent;
    }
};

// Walks the proof up from the leaf; nullopt when it cannot be walked.
std::optional<Hash32> computeProofRoot(const ObjectProof &proof);

// The same walk, step by step, for people to inspect: where it starts, and at
// each depth (deepest first) the sibling, the side the path takes, and the
// hash so far. The last step's hash is the computed root.
struct ProofStep
{
    int depth = 0;
    bool pathGoesRight = false; // the key's bit at this depth
    Hash32 sibling{};
    Hash32 hash{};
};
struct ProofWalk
{
    Hash32 start{}; // the leaf hash, another leaf's hash, or zero
    std::vector<ProofStep> steps;
};
std::optional<ProofWalk> walkProof(const ObjectProof &proof);

ProofVerdict verifyProof(const ObjectProof &proof, const QString &displayKey,
                         const Hash32 &headerObjectRoot);

QString proofVerdictName(ProofVerdictKind kind);

} // namespace gifscan
