// Every vector of shared/vectors/commitments.json, computed by an independent
// implementation of PROTOCOL.md, reproduced here.
#include "core/crypto/privatekey.h"
#include "core/crypto/sha256.h"
#include "core/protocol/blockheader.h"
#include "core/protocol/commitments.h"
#include "core/protocol/transaction.h"
#include "core/verify/objectproof.h"
#include "tests/support/vectorfile.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace gifscan;

namespace {

using test::vectors;
Hash32 hash(const QJsonValue &v)
{
    return test::vectorHash(v);
}
Address address(const QJsonValue &v)
{
    return test::vectorAddress(v);
}

QList<Trait> traits(const QJsonArray &array)
{
    QList<Trait> out;
    for (const auto &t : array)
        out.append({t[QStringLiteral("trait")].toString(), t[QStringLiteral("value")].toString()});
    return out;
}

ObjectProof proofFrom(const QJsonObject &o)
{
    ObjectProof p;
    p.key = hash(o[QStringLiteral("key")]);
    p.displayKey = o[QStringLiteral("displayKey")].toString();
    p.objectRoot = hash(o[QStringLiteral("objectRoot")]);
    if (o[QStringLiteral("leaf")].isObject()) {
        const auto l = o[QStringLiteral("leaf")].toObject();
        p.leaf =
            ProofLeaf{address(l[QStringLiteral("owner")]), hash(l[QStringLiteral("contentHash")]),
                      hash(l[QStringLiteral("traitsHash")])};
    }
    if (o[QStringLiteral("otherLeaf")].isObject()) {
        const auto l = o[QStringLiteral("otherLeaf")].toObject();
        p.otherLeaf =
            ProofOtherLeaf{hash(l[QStringLiteral("key")]), hash(l[QStringLiteral("valueHash")])};
    }
    for (const auto &s : o[QStringLiteral("siblings")].toArray())
        p.siblings.push_back(hash(s));
    return p;
}

} // namespace

TEST(Vectors, FileIsThere)
{
    ASSERT_FALSE(vectors().isEmpty());
    EXPECT_GE(vectors()[QStringLiteral("objects")].toArray().size(), 1);
}

TEST(Vectors, DevAccounts)
{
    for (const auto &v : vectors()[QStringLiteral("devAccounts")].toArray()) {
        const auto key =
            PrivateKey::devAccount(static_cast<std::uint32_t>(v[QStringLiteral("index")].toInt()));
        EXPECT_EQ(key.secret(), hash(v[QStringLiteral("privateKey")]));
        EXPECT_EQ(key.address(), address(v[QStringLiteral("address")]));
    }
}

TEST(Vectors, ObjectCommitments)
{
    for (const auto &v : vectors()[QStringLiteral("objects")].toArray()) {
        const auto o = v.toObject();
        SCOPED_TRACE(o[QStringLiteral("displayKey")].toString().toStdString());
        const Hash32 key = objectKey(o[QStringLiteral("displayKey")].toString());
        EXPECT_EQ(key, hash(o[QStringLiteral("key")]));
        const Hash32 th = traitsHash(traits(o[QStringLiteral("traits")].toArray()));
        EXPECT_EQ(th, hash(o[QStringLiteral("traitsHash")]));
        const Hash32 vh = valueHash(address(o[QStringLiteral("owner")]),
                                    hash(o[QStringLiteral("contentHash")]), th);
        EXPECT_EQ(vh, hash(o[QStringLiteral("valueHash")]));
        EXPECT_EQ(leafHash(key, vh), hash(o[QStringLiteral("leafHash")]));
        EXPECT_EQ(escrowAddress(key), address(o[QStringLiteral("escrow")]));
    }
}

TEST(Vectors, MembershipProofsVerify)
{
    const auto proofs = vectors()[QStringLiteral("membershipProofs")].toArray();
    ASSERT_FALSE(proofs.isEmpty());
    for (const auto &v : proofs) {
        const ObjectProof p = proofFrom(v.toObject());
        const auto verdict = verifyProof(p, p.displayKey, p.objectRoot);
        EXPECT_EQ(verdict.kind, ProofVerdictKind::VerifiedOwner) << verdict.detail.toStdString();
        EXPECT_EQ(verdict.owner, p.leaf->owner);
    }
}

TEST(Vectors, NonMembershipProofsVerify)
{
    const auto proofs = vectors()[QStringLiteral("nonMembershipProofs")].toArray();
    ASSERT_FALSE(proofs.isEmpty());
    for (const auto &v : proofs) {
        const ObjectProof p = proofFrom(v.toObject());
        const auto verdict = verifyProof(p, p.displayKey, p.objectRoot);
        EXPECT_EQ(verdict.kind, ProofVerdictKind::VerifiedAbsent) << verdict.detail.toStdString();
    }
}

TEST(Vectors, MutatedProofsFail)
{
    for (const auto &v : vectors()[QStringLiteral("membershipProofs")].toArray()) {
        const ObjectProof good = proofFrom(v.toObject());
        ObjectProof p = good;
        p.leaf->owner[0] ^= 1;
        EXPECT_EQ(verifyProof(p, p.displayKey, p.objectRoot).kind, ProofVerdictKind::RootMismatch);
        p = good;
        p.siblings.front()[5] ^= 0x80;
        EXPECT_EQ(verifyProof(p, p.displayKey, p.objectRoot).kind, ProofVerdictKind::RootMismatch);
        p = good;
        EXPECT_EQ(verifyProof(p, p.displayKey + u'0', p.objectRoot).kind,
                  ProofVerdictKind::KeyMismatch);
        p = good;
        p.otherLeaf = ProofOtherLeaf{};
        EXPECT_EQ(verifyProof(p, p.displayKey, p.objectRoot).kind, ProofVerdictKind::Malformed);
    }
}

TEST(Vectors, EmptyAndSingleLeafRoots)
{
    EXPECT_EQ(hash(vectors()[QStringLiteral("emptyRoot")]), kZeroHash);
    // A tree holding one leaf is that leaf's hash, at depth 0.
    const auto first = vectors()[QStringLiteral("objects")].toArray().first().toObject();
    EXPECT_EQ(hash(vectors()[QStringLiteral("singleLeafRoot")]),
              hash(first[QStringLiteral("leafHash")]));
}

TEST(Vectors, HeadersHashAndLink)
{
    const auto headers = vectors()[QStringLiteral("headers")].toArray();
    ASSERT_FALSE(headers.isEmpty());
    Hash32 previous = kZeroHash;
    for (const auto &v : headers) {
        const BlockHeader h = test::vectorHeader(v);
        std::vector<Hash32> txs;
        for (const auto &t : v[QStringLiteral("txHashes")].toArray())
            txs.push_back(hash(t));
        EXPECT_EQ(transactionRoot(txs), h.txRoot);
        EXPECT_EQ(h.txCount, txs.size());
        // Version 2: validatorsHash and holdingsRoot are hashed too.
        EXPECT_EQ(h.computeHash(), h.hash) << "height " << h.height;
        EXPECT_EQ(h.parentHash, previous);
        EXPECT_EQ(commitMessage(6464, h.hash), hash(v[QStringLiteral("commitMessage")]));
        previous = h.hash;
    }
}

TEST(Vectors, TransactionsEncodeSignAndRecover)
{
    const auto txs = vectors()[QStringLiteral("transactions")].toArray();
    ASSERT_EQ(txs.size(), 7);
    for (const auto &v : txs) {
        const auto o = v.toObject();
        SCOPED_TRACE(o[QStringLiteral("kind")].toString().toStdString());
        Transaction tx;
        tx.chainId = static_cast<std::uint64_t>(o[QStringLiteral("chainId")].toInteger());
        tx.nonce = static_cast<std::uint64_t>(o[QStringLiteral("nonce")].toInteger());
        tx.gasPrice = *parseAmount(o[QStringLiteral("gasPrice")].toString());
        tx.gasLimit = static_cast<std::uint64_t>(o[QStringLiteral("gasLimit")].toInteger());
        tx.kind = *txKindFromName(o[QStringLiteral("kind")].toString());
        if (o.contains(QStringLiteral("to")))
            tx.to = address(o[QStringLiteral("to")]);
        if (o.contains(QStringLiteral("amount")))
            tx.amount = *parseAmount(o[QStringLiteral("amount")].toString());
        tx.slug = o[QStringLiteral("slug")].toString();
        tx.tokenId = static_cast<std::uint64_t>(o[QStringLiteral("tokenId")].toInteger());
        tx.name = o[QStringLiteral("name")].toString();
        tx.category = o[QStringLiteral("category")].toString();
        tx.traits = traits(o[QStringLiteral("traits")].toArray());
        if (o.contains(QStringLiteral("content")))
            tx.content = toByteArray(*parseHex(o[QStringLiteral("content")].toString()));
        if (o.contains(QStringLiteral("price")))
            tx.price = *parseAmount(o[QStringLiteral("price")].toString());
        if (o.contains(QStringLiteral("maxPrice")))
            tx.maxPrice = *parseAmount(o[QStringLiteral("maxPrice")].toString());

        EXPECT_EQ(tx.signingHash(), hash(o[QStringLiteral("signingHash")]));
        const auto key = PrivateKey::devAccount(
            static_cast<std::uint32_t>(o[QStringLiteral("signerIndex")].toInt()));
        tx.signature = key.sign(tx.signingHash());
        const Bytes raw = *parseHex(o[QStringLiteral("raw")].toString());
        EXPECT_EQ(tx.encode(), raw);
        EXPECT_EQ(tx.hash(), hash(o[QStringLiteral("hash")]));

        QString error;
        const auto decoded = decodeTransaction(raw, &error);
        ASSERT_TRUE(decoded.has_value()) << error.toStdString();
        EXPECT_EQ(decoded->encode(), raw);
        EXPECT_EQ(decoded->hash(), hash(o[QStringLiteral("hash")]));
        Address signer{};
        ASSERT_EQ(recoverSigner(decoded->signingHash(), decoded->signature, &signer),
                  SignatureCheck::Ok);
        EXPECT_EQ(signer, address(o[QStringLiteral("from")]));

        // Every truncation is an error, never a crash or a different transaction.
        for (std::size_t cut = 0; cut < raw.size(); cut += 7)
            EXPECT_FALSE(decodeTransaction(std::span(raw.data(), cut), &error).has_value());
    }
}

TEST(Signatures, HighSAndZeroAreRejected)
{
    const auto key = PrivateKey::devAccount(0);
    Hash32 digest = sha256(QByteArrayLiteral("x"));
    Signature sig = key.sign(digest);
    Address signer{};
    ASSERT_EQ(recoverSigner(digest, sig, &signer), SignatureCheck::Ok);
    EXPECT_EQ(signer, key.address());
    EXPECT_EQ(recoverSigner(digest, Signature{}, &signer), SignatureCheck::Unsigned);
    Signature badV = sig;
    badV[64] = 2;
    EXPECT_EQ(recoverSigner(digest, badV, &signer), SignatureCheck::Bad);
    // s' = n - s has the same r and verifies mathematically, but is high.
    static const std::array<std::uint8_t, 32> n = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
                                                   0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
                                                   0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
    Signature high = sig;
    int borrow = 0;
    for (int i = 31; i >= 0; --i) {
        int d = n[static_cast<std::size_t>(i)] - sig[static_cast<std::size_t>(32 + i)] - borrow;
        borrow = d < 0;
        high[static_cast<std::size_t>(32 + i)] = static_cast<std::uint8_t>(d + (borrow ? 256 : 0));
    }
    high[64] ^= 1;
    EXPECT_EQ(recoverSigner(digest, high, &signer), SignatureCheck::Bad);
}

TEST(Vectors, ProofWalkEndsAtTheRoot)
{
    for (const auto &v : vectors()[QStringLiteral("membershipProofs")].toArray()) {
        const ObjectProof p = proofFrom(v.toObject());
        const auto walk = walkProof(p);
        ASSERT_TRUE(walk);
        ASSERT_EQ(walk->steps.size(), p.siblings.size());
        EXPECT_EQ(walk->steps.back().hash, p.objectRoot);
        EXPECT_EQ(walk->steps.front().depth, static_cast<int>(p.siblings.size()) - 1);
        EXPECT_EQ(walk->steps.back().depth, 0);
    }
}
