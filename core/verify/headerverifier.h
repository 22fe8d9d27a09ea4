#pragma once

#include "core/protocol/blockheader.h"
#include "core/protocol/trustanchor.h"

namespace gifscan {

// The checks of PROTOCOL §2.4 in the order they are made; the first that
// fails names the verdict.
enum class HeaderCheck {
    Verified,
    NoAnchor,        // the client trusts no set for this network
    HashMismatch,    // 1: hash does not recompute
    UntrustedSet,    // 2: validatorsHash is not the trusted set's
    Unsigned,        // 3: no commit at all
    CommitIndexes,   // 3: indexes not strictly ascending, or out of the set
    BadSignature,    // 3: a signature does not recover to its index's validator
    NoQuorum,        // 3: too few signatures
    ProposerMissing, // 3: the proposer of the height did not sign
    ParentMismatch,  // 4: parentHash does not link to the header held below
    GenesisMismatch, // a height-0 header that is not the pinned genesis
    Refused, // every check holds, but the node was refused (another chain signed by the same set)
};

struct HeaderVerdict
{
    HeaderCheck check = HeaderCheck::NoAnchor;
    QString detail;                     // in words (core's English; views translate the check)
    std::vector<std::uint32_t> signers; // validator indexes whose signatures recovered
    std::size_t quorum = 0;
    std::size_t setSize = 0;
    std::int64_t badIndex = -1; // BadSignature: the commit entry's index

    bool verified() const { return check == HeaderCheck::Verified; }
};

QString headerCheckName(HeaderCheck check); // stable machine names, for the CLI and CSV

// The one place that decides whether a header is verified: every other part
// of core asks it. Stateless and cheap to copy; any thread.
class HeaderVerifier
{
public:
    HeaderVerifier() = default;
    explicit HeaderVerifier(TrustAnchor anchor) : m_anchor(std::move(anchor)) {}
    // For a node refused at connection: headers are still checked, so the
    // first failing check is named, but none is ever verified.
    static HeaderVerifier refusing(TrustAnchor anchor)
    {
        HeaderVerifier v(std::move(anchor));
        v.m_refused = true;
        return v;
    }

    const TrustAnchor &anchor() const { return m_anchor; }
    // `parent`: the verified header at height - 1 when the caller holds one.
    HeaderVerdict verify(const BlockHeader &header, const BlockHeader *parent = nullptr) const;
    // The same for a header asked for by height: a node that answers with
    // another height's header, however well signed, has not answered.
    HeaderVerdict verifyAt(const BlockHeader &header, std::uint64_t height) const;

private:
    TrustAnchor m_anchor;
    bool m_refused = false;
};

} // namespace gifscan
