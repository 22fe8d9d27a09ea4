#include "core/verify/headerverifier.h"

namespace gifscan {

QString headerCheckName(HeaderCheck check)
{
    switch (check) {
    case HeaderCheck::Verified:
        return QStringLiteral("verified");
    case HeaderCheck::NoAnchor:
        return QStringLiteral("no-anchor");
    case HeaderCheck::HashMismatch:
        return QStringLiteral("hash");
    case HeaderCheck::UntrustedSet:
        return QStringLiteral("untrusted-set");
    case HeaderCheck::Unsigned:
        return QStringLiteral("unsigned");
    case HeaderCheck::CommitIndexes:
        return QStringLiteral("commit-indexes");
    case HeaderCheck::BadSignature:
        return QStringLiteral("bad-signature");
    case HeaderCheck::NoQuorum:
        return QStringLiteral("no-quorum");
    case HeaderCheck::ProposerMissing:
        return QStringLiteral("proposer-missing");
    case HeaderCheck::ParentMismatch:
        return QStringLiteral("parent");
    case HeaderCheck::GenesisMismatch:
        return QStringLiteral("genesis");
    case HeaderCheck::Refused:
        return QStringLiteral("refused");
    }
    return {};
}

HeaderVerdict HeaderVerifier::verifyAt(const BlockHeader &header, std::uint64_t height) const
{
    HeaderVerdict v = verify(header);
    if (v.verified() && header.height != height) {
        v.check = HeaderCheck::HashMismatch;
        v.detail = QStringLiteral("the node answered with the header of height %1, not %2")
                       .arg(header.height)
                       .arg(height);
    }
    return v;
}

HeaderVerdict HeaderVerifier::verify(const BlockHeader &h, const BlockHeader *parent) const
{
    HeaderVerdict v;
    const ValidatorSet &set = m_anchor.validators;
    v.setSize = set.size();
    v.quorum = set.isEmpty() ? 0 : set.quorum();
    auto fail = [&v](HeaderCheck check, QString detail) {
        v.check = check;
        v.detail = std::move(detail);
        return v;
    };
    if (!m_anchor.isSet())
        return fail(HeaderCheck::NoAnchor,
                    QStringLiteral("no validator set is trusted for this network"));
    if (!h.hashIsValid())
        return fail(HeaderCheck::HashMismatch, QStringLiteral("hash does not recompute"));
    if (h.validatorsHash != set.hash())
        return fail(
            HeaderCheck::UntrustedSet,
            QStringLiteral("validatorsHash is not the trusted set (fingerprint %1, trusted %2)")
                .arg(ValidatorSet::fingerprintOf(h.validatorsHash), set.fingerprint()));
    if (h.commit.empty())
        return fail(HeaderCheck::Unsigned,
                    QStringLiteral("the header carries no commit: unsigned"));
    for (std::size_t i = 0; i < h.commit.size(); ++i) {
        if (h.commit[i].index >= set.size() ||
            (i > 0 && h.commit[i].index <= h.commit[i - 1].index))
            return fail(HeaderCheck::CommitIndexes, QStringLiteral("commit indexes"));
    }
    // One bad signature condemns the whole commit (§2.5): a node that serves
    // it is broken or lying, which the user is told.
    const Hash32 message = commitMessage(m_anchor.chainId, h.hash);
    for (const auto &c : h.commit) {
        Address signer{};
        if (recoverSigner(message, c.signature, &signer) != SignatureCheck::Ok ||
            signer != set.members()[c.index]) {
            v.badIndex = c.index;
            v.signers.clear();
            return fail(
                HeaderCheck::BadSignature,
                QStringLiteral("signature %1 does not recover to its validator").arg(c.index));
        }
        v.signers.push_back(c.index);
    }
    if (3 * v.signers.size() <= 2 * set.size())
        return fail(HeaderCheck::NoQuorum,
                    QStringLiteral("no quorum (%1 of %2)").arg(v.signers.size()).arg(set.size()));
    const auto proposer = static_cast<std::uint32_t>(set.proposerIndex(h.height));
    if (std::find(v.signers.begin(), v.signers.end(), proposer) == v.signers.end())
        return fail(HeaderCheck::ProposerMissing, QStringLiteral("proposer did not sign"));
    if (parent && parent->height + 1 == h.height && h.parentHash != parent->hash)
        return fail(HeaderCheck::ParentMismatch,
                    QStringLiteral("parentHash does not link to the header at height %1")
                        .arg(parent->height));
    if (h.height == 0 && m_anchor.genesisHash && h.hash != *m_anchor.genesisHash)
        return fail(HeaderCheck::GenesisMismatch,
                    QStringLiteral("this is not the genesis the network was first trusted with"));
    if (m_refused)
        return fail(
            HeaderCheck::Refused,
            QStringLiteral("the node was refused: it is not the network this profile trusts"));
    v.check = HeaderCheck::Verified;
    v.detail = QStringLiteral("signed by %1 of %2 validators (quorum %3)")
                   .arg(v.signers.size())
                   .arg(set.size())
                   .arg(v.quorum);
    return v;
}

} // namespace gifscan
