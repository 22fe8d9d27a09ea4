// Ownership certificates against a real devnet: made from a verification,
// read back whole, every tampering caught, one forged from scratch refused,
// and a holdings certificate that says exactly what is held.
#include "core/protocol/commitments.h"
#include "tests/core/verify/verificationrig.h"
#include "tests/support/txfactory.h"

#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(Certificates, RoundTripAndEveryTamperingIsCaught)
{
    Rig rig(DevnetHarness::fastConfig(20, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    const TrustedSets trusted{ValidatorSet::devnet()};
    const std::uint64_t height = rig.d.head();
    const OwnershipCertificate good = rig.certificate(QStringLiteral("pixel-cats#1"), height, true);
    CertificateCheck check = checkCertificate(good, trusted);
    ASSERT_TRUE(check.valid) << check.summary().toStdString();
    EXPECT_TRUE(check.exists);
    EXPECT_TRUE(check.summary().startsWith(QStringLiteral("owned by 0x")));
    EXPECT_EQ(
        check.passed,
        QStringList({QStringLiteral("version"), QStringLiteral("chain"),
                     QStringLiteral("header-hash"), QStringLiteral("validators"),
                     QStringLiteral("commit"), QStringLiteral("trusted"), QStringLiteral("height"),
                     QStringLiteral("key"), QStringLiteral("proof"), QStringLiteral("content")}));

    // Through a file's JSON and back.
    DecodeError error;
    const auto reread = OwnershipCertificate::fromJson(QJsonDocument(good.toJson()), &error);
    ASSERT_TRUE(reread) << error.toString().toStdString();
    EXPECT_TRUE(checkCertificate(*reread, trusted).valid);
    EXPECT_EQ(good.toJson()[QStringLiteral("version")].toInt(), 2);

    auto failedCheck = [&](OwnershipCertificate c) {
        return checkCertificate(c, trusted).failedCheck;
    };
    OwnershipCertificate bad = good;
    bad.version = 3;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("version"));
    bad = good;
    bad.chainId = 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("chain"));
    bad = good;
    bad.header.timestamp += 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("header-hash"));
    bad = good;
    bad.validators = ValidatorSet::devnet(5);
    EXPECT_EQ(failedCheck(bad), QStringLiteral("validators"));
    bad = good;
    bad.header.commit.resize(2); // two of four: no quorum
    EXPECT_EQ(failedCheck(bad), QStringLiteral("commit"));
    bad = good;
    bad.header.commit[1].signature[5] ^= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("commit"));
    // Sound signatures of a set the checker does not know: not trusted.
    check = checkCertificate(good, {ValidatorSet::devnet(5)});
    EXPECT_EQ(check.failedCheck, QStringLiteral("trusted"));
    EXPECT_TRUE(check.detail.contains(ValidatorSet::devnet().fingerprint()))
        << check.detail.toStdString();
    bad = good;
    bad.displayKey = QStringLiteral("pixel-cats#2");
    EXPECT_EQ(failedCheck(bad), QStringLiteral("key"));
    // Renamed in both places, as an edited file is: the keys are told apart,
    // not one name twice.
    bad.proof->displayKey = QStringLiteral("pixel-cats#2");
    check = checkCertificate(bad, trusted);
    EXPECT_EQ(check.failedCheck, QStringLiteral("key"));
    EXPECT_FALSE(check.detail.contains(QStringLiteral("the certificate for pixel-cats#2")))
        << check.detail.toStdString();
    EXPECT_TRUE(check.detail.contains(QStringLiteral("is not the key of pixel-cats#2")))
        << check.detail.toStdString();
    bad = good;
    bad.proof->height -= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("height"));
    bad = good;
    bad.proof->leaf->owner[3] ^= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("proof"));
    bad = good;
    bad.proof->siblings.front()[0] ^= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("proof"));
    bad = good;
    (*bad.content)[10] = static_cast<char>((*bad.content)[10] ^ 1);
    EXPECT_EQ(failedCheck(bad), QStringLiteral("content"));
    bad = good;
    bad.holdings = HoldingsProof{};
    EXPECT_EQ(failedCheck(bad), QStringLiteral("kind"));
    // A look-alike key whose absence is easy to prove is refused as a key.
    const OwnershipCertificate lookAlike =
        rig.certificate(QStringLiteral("pixel-cats#1"), height, false);
    bad = lookAlike;
    bad.displayKey = QStringLiteral("pixel-cats#01");
    bad.proof->displayKey = bad.displayKey;
    bad.proof->key = objectKey(bad.displayKey);
    EXPECT_EQ(failedCheck(bad), QStringLiteral("key"));
    // "kind": "" is not "object".
    QJsonObject emptyKind = good.toJson();
    emptyKind[QStringLiteral("kind")] = QString();
    EXPECT_EQ(failedCheck(*OwnershipCertificate::fromJson(QJsonDocument(emptyKind), &error)),
              QStringLiteral("kind"));
    QJsonObject noKind = good.toJson();
    noKind.remove(QStringLiteral("kind"));
    EXPECT_TRUE(
        checkCertificate(*OwnershipCertificate::fromJson(QJsonDocument(noKind), &error), trusted)
            .valid);
    EXPECT_TRUE(checkCertificate(good, trusted).devnetKeys);

    const OwnershipCertificate absent =
        rig.certificate(QStringLiteral("pixel-cats#99999"), height, false);
    check = checkCertificate(absent, trusted);
    EXPECT_TRUE(check.valid) << check.summary().toStdString();
    EXPECT_FALSE(check.exists);
    EXPECT_EQ(check.summary(), QStringLiteral("did not exist"));

    QJsonObject broken = good.toJson();
    broken[QStringLiteral("proof")] = QJsonObject{{QStringLiteral("key"), 5}};
    EXPECT_FALSE(OwnershipCertificate::fromJson(QJsonDocument(broken), &error));
    EXPECT_EQ(error.path, QStringLiteral("proof.key"));

    // A version 1 file is read, and refused in words.
    const auto v1 = OwnershipCertificate::fromJson(
        QJsonDocument(QJsonObject{{QStringLiteral("version"), 1}}), &error);
    ASSERT_TRUE(v1);
    check = checkCertificate(*v1, trusted);
    EXPECT_EQ(check.failedCheck, QStringLiteral("version"));
    EXPECT_TRUE(check.detail.contains(QStringLiteral("unsigned")));
}

TEST(Certificates, OneForgedFromScratchDoesNotHold)
{
    // The attack that worked on version 1: a leaf for any owner, no
    // siblings, a header computed around it. Signed with keys of one's own,
    // or claiming the devnet set's hash with them, it never holds.
    ObjectProof proof;
    proof.displayKey = QStringLiteral("pixel-cats#42");
    proof.key = objectKey(proof.displayKey);
    proof.leaf = ProofLeaf{Address{0xde, 0xad}, Hash32{}, Hash32{}};
    OwnershipCertificate c;
    c.displayKey = proof.displayKey;
    c.header.height = 7;
    proof.height = 7;
    c.header.objectRoot = leafHash(
        proof.key, valueHash(proof.leaf->owner, proof.leaf->contentHash, proof.leaf->traitsHash));
    c.proof = proof;
    std::vector<PrivateKey> keys;
    std::vector<Address> addresses;
    for (std::uint32_t i = 0; i < 4; ++i) {
        keys.push_back(PrivateKey::derived(QByteArrayLiteral("forger"), i));
        addresses.push_back(keys.back().address());
    }
    auto sign = [&](OwnershipCertificate &cert) {
        cert.header.hash = cert.header.computeHash();
        cert.header.commit.clear();
        for (std::uint32_t i = 0; i < 4; ++i)
            cert.header.commit.push_back({i, keys[i].sign(commitMessage(6464, cert.header.hash))});
    };
    const TrustedSets trusted{ValidatorSet::devnet()};
    // Its own set, honestly named: sound, but not trusted.
    c.validators = *ValidatorSet::fromAddresses(addresses);
    c.header.validatorsHash = c.validators.hash();
    sign(c);
    EXPECT_EQ(checkCertificate(c, trusted).failedCheck, QStringLiteral("trusted"));
    // The devnet's set named, its own keys signing: the signatures fail.
    c.validators = ValidatorSet::devnet();
    c.header.validatorsHash = c.validators.hash();
    sign(c);
    EXPECT_EQ(checkCertificate(c, trusted).failedCheck, QStringLiteral("commit"));
    // No commit at all.
    c.header.commit.clear();
    EXPECT_EQ(checkCertificate(c, trusted).failedCheck, QStringLiteral("commit"));
}

TEST(Certificates, HoldingsCertificateSaysExactlyWhatIsHeld)
{
    Rig rig(DevnetHarness::fastConfig(40, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    const TrustedSets trusted{ValidatorSet::devnet()};
    const AuditReport report = rig.audit(TxFactory::dev(1));
    ASSERT_TRUE(report.proven());
    const OwnershipCertificate c =
        OwnershipCertificate::forHoldings(report.header, ValidatorSet::devnet(), report.holdings);
    DecodeError error;
    const auto reread = OwnershipCertificate::fromJson(QJsonDocument(c.toJson()), &error);
    ASSERT_TRUE(reread) << error.toString().toStdString();
    const CertificateCheck check = checkCertificate(*reread, trusted);
    ASSERT_TRUE(check.valid) << check.summary().toStdString();
    EXPECT_EQ(check.objects, report.holdings.objects);
    EXPECT_EQ(check.owner, TxFactory::dev(1));
    OwnershipCertificate bad = c;
    if (!bad.holdings->objects.isEmpty()) {
        bad.holdings->objects.removeLast();
        EXPECT_EQ(checkCertificate(bad, trusted).failedCheck, QStringLiteral("holdings"));
    }
    bad = c;
    bad.displayKey = QStringLiteral("pixel-cats#1");
    EXPECT_EQ(checkCertificate(bad, trusted).failedCheck, QStringLiteral("kind"));
    QJsonObject withEmptyKey = c.toJson();
    withEmptyKey[QStringLiteral("displayKey")] =
        QString(); // present, even empty: not a holdings certificate
    EXPECT_EQ(checkCertificate(*OwnershipCertificate::fromJson(QJsonDocument(withEmptyKey), &error),
                               trusted)
                  .failedCheck,
              QStringLiteral("kind"));
    QJsonObject other = c.toJson();
    other[QStringLiteral("kind")] = QStringLiteral("everything");
    const auto unknown = OwnershipCertificate::fromJson(QJsonDocument(other), &error);
    ASSERT_TRUE(unknown);
    EXPECT_EQ(checkCertificate(*unknown, trusted).failedCheck, QStringLiteral("kind"));
}
