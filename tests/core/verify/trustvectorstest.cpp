// PROTOCOL version 2 vectors: the validator set, signed headers (and every
// forged or under-signed one, with the reason the independent implementation
// gives), the holdings trie and its proofs, tampered ones included.
#include "core/crypto/privatekey.h"
#include "core/protocol/commitments.h"
#include "core/verify/headerverifier.h"
#include "core/verify/holdingsproof.h"
#include "tests/support/vectorfile.h"

#include <gtest/gtest.h>

using namespace gifscan;
using test::vectorAddress;
using test::vectorHash;
using test::vectors;

namespace {

ValidatorSet vectorSet()
{
    std::vector<Address> members;
    for (const auto &m :
         vectors()[QStringLiteral("validators")][QStringLiteral("members")].toArray())
        members.push_back(vectorAddress(m[QStringLiteral("address")]));
    return ValidatorSet::fromAddresses(members).value_or(ValidatorSet{});
}

HeaderVerifier trusting(const ValidatorSet &set)
{
    return HeaderVerifier(TrustAnchor{6464, std::nullopt, set});
}

Hash32 vectorHoldingsRoot()
{
    return vectorHash(vectors()[QStringLiteral("holdings")][QStringLiteral("holdingsRoot")]);
}

} // namespace

TEST(TrustVectors, DevnetValidatorSet)
{
    const QJsonObject v = vectors()[QStringLiteral("validators")].toObject();
    const ValidatorSet devnet = ValidatorSet::devnet(4);
    ASSERT_EQ(devnet.size(), 4u);
    for (const auto &m : v[QStringLiteral("members")].toArray()) {
        const auto i = static_cast<std::uint32_t>(m[QStringLiteral("index")].toInt());
        const PrivateKey key = PrivateKey::devValidator(i);
        EXPECT_EQ(key.secret(), vectorHash(m[QStringLiteral("privateKey")]));
        EXPECT_EQ(key.address(), vectorAddress(m[QStringLiteral("address")]));
        EXPECT_EQ(devnet.members()[i], key.address());
    }
    EXPECT_EQ(devnet, vectorSet());
    EXPECT_EQ(devnet.hash(), vectorHash(v[QStringLiteral("validatorsHash")]));
    EXPECT_EQ(devnet.quorum(), static_cast<std::size_t>(v[QStringLiteral("quorum")].toInt()));
    // The fingerprint is the hash's first 8 bytes, grouped by two.
    EXPECT_EQ(devnet.fingerprint(), QStringLiteral("29b0:5fef:2346:bfe9"));
}

TEST(TrustVectors, QuorumIsMoreThanTwoThirds)
{
    const std::pair<std::size_t, std::size_t> cases[] = {{1, 1}, {2, 2}, {3, 3}, {4, 3},
                                                         {5, 4}, {6, 5}, {7, 5}, {100, 67}};
    for (auto [n, c] : cases)
        EXPECT_EQ(ValidatorSet::devnet(n).quorum(), c) << n;
    EXPECT_FALSE(ValidatorSet::fromAddresses({}));
    const Address a{};
    EXPECT_FALSE(ValidatorSet::fromAddresses({a, a}));
}

TEST(TrustVectors, SignedHeadersVerifyAndLink)
{
    const ValidatorSet set = vectorSet();
    const HeaderVerifier verifier = trusting(set);
    std::optional<BlockHeader> parent;
    const auto headers = vectors()[QStringLiteral("headers")].toArray();
    ASSERT_EQ(headers.size(), 4);
    for (const auto &v : headers) {
        const BlockHeader h = test::vectorHeader(v);
        EXPECT_EQ(h.proposer, set.members()[set.proposerIndex(h.height)]);
        const HeaderVerdict verdict = verifier.verify(h, parent ? &*parent : nullptr);
        EXPECT_TRUE(verdict.verified()) << h.height << ": " << verdict.detail.toStdString();
        EXPECT_EQ(verdict.signers.size(), h.commit.size());
        // Our own signatures are the same bytes (RFC 6979).
        for (const auto &c : h.commit)
            EXPECT_EQ(PrivateKey::devValidator(c.index).sign(commitMessage(6464, h.hash)),
                      c.signature);
        parent = h;
    }
}

TEST(TrustVectors, InvalidHeadersFailForTheirReason)
{
    const HeaderVerifier verifier = trusting(vectorSet());
    const auto cases = vectors()[QStringLiteral("invalidHeaders")].toArray();
    ASSERT_EQ(cases.size(), 9);
    for (const auto &v : cases) {
        SCOPED_TRACE(v[QStringLiteral("why")].toString().toStdString());
        const BlockHeader h = test::vectorHeader(v[QStringLiteral("header")]);
        const HeaderVerdict verdict = verifier.verify(h);
        EXPECT_FALSE(verdict.verified());
        const QString reason = v[QStringLiteral("refimplReason")].toString();
        EXPECT_TRUE(verdict.detail.startsWith(reason))
            << verdict.detail.toStdString() << " / " << reason.toStdString();
    }
}

TEST(TrustVectors, AnotherSetSignsSoundlyButIsNotTrusted)
{
    std::vector<Address> others;
    for (const auto &a :
         vectors()[QStringLiteral("otherValidators")][QStringLiteral("addresses")].toArray())
        others.push_back(vectorAddress(a));
    const auto otherSet = ValidatorSet::fromAddresses(others);
    ASSERT_TRUE(otherSet);
    for (const auto &v : vectors()[QStringLiteral("invalidHeaders")].toArray()) {
        const BlockHeader h = test::vectorHeader(v[QStringLiteral("header")]);
        if (h.validatorsHash != otherSet->hash())
            continue;
        // Its own set vouches for it: signatures, quorum and proposer hold...
        EXPECT_TRUE(trusting(*otherSet).verify(h).verified());
        // ...but a client trusting the devnet set names the set instead.
        const HeaderVerdict verdict = trusting(vectorSet()).verify(h);
        EXPECT_EQ(verdict.check, HeaderCheck::UntrustedSet);
        EXPECT_TRUE(verdict.detail.contains(otherSet->fingerprint()));
        return;
    }
    FAIL() << "no header signed by the other set";
}

TEST(TrustVectors, NoAnchorNoCommitNoVerdict)
{
    BlockHeader h = test::vectorHeader(vectors()[QStringLiteral("headers")].toArray().first());
    EXPECT_EQ(HeaderVerifier().verify(h).check, HeaderCheck::NoAnchor);
    h.commit.clear();
    EXPECT_EQ(trusting(vectorSet()).verify(h).check, HeaderCheck::Unsigned);
}

TEST(TrustVectors, PinnedGenesisAndParentLinks)
{
    const auto headers = vectors()[QStringLiteral("headers")].toArray();
    const BlockHeader genesis = test::vectorHeader(headers.at(0));
    const BlockHeader one = test::vectorHeader(headers.at(1));
    TrustAnchor anchor{6464, genesis.hash, vectorSet()};
    EXPECT_TRUE(HeaderVerifier(anchor).verify(genesis).verified());
    anchor.genesisHash = one.hash;
    EXPECT_EQ(HeaderVerifier(anchor).verify(genesis).check, HeaderCheck::GenesisMismatch);
    // A signed header that does not link to the one held below it.
    const BlockHeader three = test::vectorHeader(headers.at(3));
    EXPECT_EQ(trusting(vectorSet()).verify(three, &one).check, HeaderCheck::Verified)
        << "heights 1 and 3 do not touch: no link to check";
    BlockHeader fakeParent = test::vectorHeader(headers.at(2));
    fakeParent.hash[0] ^= 1;
    EXPECT_EQ(trusting(vectorSet()).verify(three, &fakeParent).check, HeaderCheck::ParentMismatch);
}

TEST(TrustVectors, HoldingsLeavesAndRoot)
{
    const QJsonObject holdings = vectors()[QStringLiteral("holdings")].toObject();
    std::vector<std::pair<Hash32, Hash32>> leaves;
    for (const auto &v : holdings[QStringLiteral("leaves")].toArray()) {
        const Address owner = vectorAddress(v[QStringLiteral("owner")]);
        const Hash32 key = holdingsKey(owner);
        EXPECT_EQ(key, vectorHash(v[QStringLiteral("key")]));
        const Hash32 value =
            holdingsValueHash(static_cast<std::uint64_t>(v[QStringLiteral("count")].toInt()),
                              vectorHash(v[QStringLiteral("subRoot")]));
        EXPECT_EQ(value, vectorHash(v[QStringLiteral("valueHash")]));
        EXPECT_EQ(leafHash(key, value), vectorHash(v[QStringLiteral("leafHash")]));
        leaves.emplace_back(key, value);
    }
    EXPECT_EQ(sparseMerkleRoot(leaves), vectorHoldingsRoot());
    EXPECT_EQ(vectorHash(holdings[QStringLiteral("emptyRoot")]), kZeroHash);
    // A header of the chain commits to it.
    const auto headers = vectors()[QStringLiteral("headers")].toArray();
    EXPECT_EQ(
        test::vectorHeader(headers.at(holdings[QStringLiteral("height")].toInt())).holdingsRoot,
        vectorHoldingsRoot());
}

TEST(TrustVectors, HoldingsProofsVerify)
{
    const auto proofs = vectors()[QStringLiteral("holdings")][QStringLiteral("proofs")].toArray();
    ASSERT_EQ(proofs.size(), 7);
    for (const auto &v : proofs) {
        SCOPED_TRACE(v[QStringLiteral("case")].toString().toStdString());
        const HoldingsProof proof = test::vectorHoldings(v[QStringLiteral("proof")]);
        const HoldingsVerdict verdict = verifyHoldings(proof, vectorHoldingsRoot());
        EXPECT_EQ(verdict.holds(), v[QStringLiteral("result")][QStringLiteral("ok")].toBool())
            << verdict.detail.toStdString();
        EXPECT_EQ(verdict.count, static_cast<std::size_t>(
                                     v[QStringLiteral("result")][QStringLiteral("count")].toInt()));
        // The subRoot of an address that holds something is the vectors' too.
        for (const auto &leaf :
             vectors()[QStringLiteral("holdings")][QStringLiteral("leaves")].toArray()) {
            if (vectorAddress(leaf[QStringLiteral("owner")]) != proof.owner)
                continue;
            std::vector<Hash32> keys;
            for (const auto &k : proof.objects)
                keys.push_back(objectKey(k));
            EXPECT_EQ(holdingsSubRoot(keys), vectorHash(leaf[QStringLiteral("subRoot")]));
        }
    }
}

TEST(TrustVectors, TamperedHoldingsFailForTheirReason)
{
    const auto cases = vectors()[QStringLiteral("invalidHoldings")].toArray();
    ASSERT_EQ(cases.size(), 10);
    for (const auto &v : cases) {
        SCOPED_TRACE(v[QStringLiteral("why")].toString().toStdString());
        const HoldingsProof proof = test::vectorHoldings(v[QStringLiteral("proof")]);
        const HoldingsVerdict verdict = verifyHoldings(proof, vectorHoldingsRoot());
        EXPECT_FALSE(verdict.holds());
        const QString reason = v[QStringLiteral("refimplReason")].toString();
        EXPECT_TRUE(verdict.detail.startsWith(reason))
            << verdict.detail.toStdString() << " / " << reason.toStdString();
        // The decoy root in the proof itself changes nothing.
        EXPECT_FALSE(verifyHoldings(proof, proof.holdingsRoot).holds() &&
                     proof.holdingsRoot == vectorHoldingsRoot());
    }
}

TEST(TrustVectors, ATamperedHoldingsRootNeedsTheValidators)
{
    // The last invalid header commits to the root of a tampered holdings
    // proof: the proof walks to it, but the header's signatures do not hold.
    for (const auto &v : vectors()[QStringLiteral("invalidHeaders")].toArray()) {
        if (!v.toObject().contains(QStringLiteral("holdings")))
            continue;
        const BlockHeader h = test::vectorHeader(v[QStringLiteral("header")]);
        const HoldingsProof proof = test::vectorHoldings(v[QStringLiteral("holdings")]);
        EXPECT_TRUE(verifyHoldings(proof, h.holdingsRoot).holds());
        EXPECT_EQ(trusting(vectorSet()).verify(h).check, HeaderCheck::BadSignature);
        return;
    }
    FAIL() << "no invalid header carries holdings";
}

TEST(TrustVectors, ARefusingVerifierNamesTheFirstFailureAndNeverVerifies)
{
    const auto headers = vectors()[QStringLiteral("headers")].toArray();
    const BlockHeader good = test::vectorHeader(headers.at(1));
    const HeaderVerifier refusing =
        HeaderVerifier::refusing(TrustAnchor{6464, std::nullopt, vectorSet()});
    EXPECT_EQ(refusing.verify(good).check, HeaderCheck::Refused);
    BlockHeader bad = good;
    bad.timestamp += 1;
    EXPECT_EQ(refusing.verify(bad).check, HeaderCheck::HashMismatch);
}

TEST(TrustVectors, AHeaderOfAnotherHeightDoesNotAnswerForThisOne)
{
    const BlockHeader two =
        test::vectorHeader(vectors()[QStringLiteral("headers")].toArray().at(2));
    const HeaderVerifier verifier = trusting(vectorSet());
    EXPECT_TRUE(verifier.verifyAt(two, 2).verified());
    const HeaderVerdict other = verifier.verifyAt(two, 3);
    EXPECT_FALSE(other.verified());
    EXPECT_TRUE(other.detail.contains(QStringLiteral("height 2, not 3")))
        << other.detail.toStdString();
}
