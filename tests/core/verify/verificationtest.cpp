// Verification against a real devnet: objects and audits (certificates:
// certificatetest.cpp).
#include "core/protocol/commitments.h"
#include "tests/core/verify/verificationrig.h"
#include "tests/support/txfactory.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(Verification, ObjectAtTheHeadIsVerifiedAndTheIndexerAgrees)
{
    Rig rig(DevnetHarness::fastConfig(20, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    const VerificationReport r = rig.verify(QStringLiteral("pixel-cats#1"));
    ASSERT_TRUE(r.error.ok()) << r.error.toString().toStdString();
    EXPECT_TRUE(r.headerVerdict.verified()) << r.headerVerdict.detail.toStdString();
    EXPECT_EQ(r.headerVerdict.signers.size(), 4u);
    EXPECT_EQ(r.verdict.kind, ProofVerdictKind::VerifiedOwner);
    EXPECT_EQ(r.contentOk, true);
    EXPECT_EQ(r.indexer, VerificationReport::IndexCheck::Match);
    EXPECT_EQ(r.badge(), VerificationReport::Badge::Verified);

    const VerificationReport absent = rig.verify(QStringLiteral("pixel-cats#777777"));
    EXPECT_EQ(absent.verdict.kind, ProofVerdictKind::VerifiedAbsent);
    EXPECT_EQ(absent.indexer, VerificationReport::IndexCheck::Match); // both say: does not exist
}

TEST(Verification, APastHeightShowsThePastOwner)
{
    Rig rig(DevnetHarness::fastConfig(10, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    TxFactory f;
    rig.d.sendAndWait(f.createCollection(4, QStringLiteral("past")));
    const QJsonObject minted = rig.d.sendAndWait(
        f.mint(4, QStringLiteral("past"), 1, TxFactory::dev(4), TxFactory::smallGif(2)));
    const auto mintHeight = static_cast<std::uint64_t>(
        minted[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    rig.d.sendAndWait(
        f.objectTx(TxKind::TransferObject, 4, QStringLiteral("past"), 1, TxFactory::dev(5)));

    const VerificationReport then = rig.verify(QStringLiteral("past#1"), mintHeight);
    EXPECT_EQ(then.verdict.kind, ProofVerdictKind::VerifiedOwner);
    EXPECT_EQ(then.verdict.owner, TxFactory::dev(4));
    // The indexer is asked at the same height, and agrees with the proof there.
    EXPECT_EQ(then.indexer, VerificationReport::IndexCheck::Match);
    ASSERT_TRUE(then.indexerOwner.has_value());
    EXPECT_EQ(*then.indexerOwner, TxFactory::dev(4));
    EXPECT_EQ(then.badge(), VerificationReport::Badge::Verified);
    const VerificationReport now = rig.verify(QStringLiteral("past#1"));
    EXPECT_EQ(now.verdict.owner, TxFactory::dev(5));
    EXPECT_EQ(*now.indexerOwner, TxFactory::dev(5));
    const VerificationReport before = rig.verify(QStringLiteral("past#1"), mintHeight - 1);
    EXPECT_EQ(before.verdict.kind, ProofVerdictKind::VerifiedAbsent);
    EXPECT_EQ(before.indexer, VerificationReport::IndexCheck::Match) << "absent there too";
    EXPECT_FALSE(before.indexerOwner.has_value());
}

// A lie about the past is caught at the past height, as one about the head.
TEST(Verification, ALyingIndexerIsCaughtAtAPastHeight)
{
    auto config = DevnetHarness::fastConfig(20, 0.1, false);
    config.lieEvery = 1;
    Rig rig(config);
    ASSERT_TRUE(rig.d.ok());
    ASSERT_TRUE(rig.d.waitForHeight(3));
    const VerificationReport r = rig.verify(QStringLiteral("pixel-cats#1"), 2);
    EXPECT_TRUE(r.proven());
    EXPECT_EQ(r.height, 2u);
    EXPECT_EQ(r.indexer, VerificationReport::IndexCheck::Mismatch);
    EXPECT_EQ(r.badge(), VerificationReport::Badge::Mismatch);
}

TEST(Verification, ALyingIndexerIsCaught)
{
    auto config = DevnetHarness::fastConfig(20, 0.1, false);
    config.lieEvery = 1;
    Rig rig(config);
    ASSERT_TRUE(rig.d.ok());
    const VerificationReport r = rig.verify(QStringLiteral("pixel-cats#1"));
    EXPECT_TRUE(r.proven());
    EXPECT_EQ(r.indexer, VerificationReport::IndexCheck::Mismatch);
    EXPECT_EQ(r.badge(), VerificationReport::Badge::Mismatch);
}

TEST(Verification, AuditOfADevAccountHolds)
{
    Rig rig(DevnetHarness::fastConfig(120, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    // The dev account that holds the most objects at genesis.
    Address best{};
    int most = -1;
    for (std::uint32_t i = 0; i < 10; ++i) {
        const int n = static_cast<int>(rig.d
                                           .get(QStringLiteral("/v1/objects?limit=100&owner=") +
                                                toHexString(TxFactory::dev(i)))
                                           .data()
                                           .toArray()
                                           .size());
        if (n > most) {
            most = n;
            best = TxFactory::dev(i);
        }
    }
    ASSERT_GT(most, 0);
    const AuditReport report = rig.audit(best);
    ASSERT_TRUE(report.error.ok()) << report.error.toString().toStdString();
    EXPECT_TRUE(report.headerVerdict.verified());
    ASSERT_TRUE(report.holdingsVerdict);
    EXPECT_TRUE(report.holdingsVerdict->holds());
    EXPECT_TRUE(report.proven());
    EXPECT_EQ(report.indexerCount, static_cast<std::uint64_t>(most));
    EXPECT_TRUE(report.indexerCompared);
    EXPECT_EQ(report.entries.size(), most);
    EXPECT_EQ(report.count(AuditEntry::Outcome::Verified), most);
    EXPECT_TRUE(report.holds());
    const QString csv = report.toCsv();
    EXPECT_EQ(csv.count(u'\n'), most + 1);
    EXPECT_TRUE(csv.startsWith(QStringLiteral("key,outcome,")));
    // In the order a person reads them: by collection, then by number.
    for (qsizetype i = 1; i < report.entries.size(); ++i)
        EXPECT_TRUE(displayKeyLess(report.entries[i - 1].key, report.entries[i].key))
            << report.entries[i - 1].key.toStdString() << " before "
            << report.entries[i].key.toStdString();
}

TEST(Verification, DisplayKeysSortAsPeopleReadThem)
{
    QStringList keys{QStringLiteral("pixel-cats#230"), QStringLiteral("pixel-cats#4"),
                     QStringLiteral("not a key"),      QStringLiteral("pixel-cats#12"),
                     QStringLiteral("hats#99"),        QStringLiteral("pixel-cats#207")};
    std::sort(keys.begin(), keys.end(), displayKeyLess);
    EXPECT_EQ(keys, (QStringList{QStringLiteral("hats#99"), QStringLiteral("pixel-cats#4"),
                                 QStringLiteral("pixel-cats#12"), QStringLiteral("pixel-cats#207"),
                                 QStringLiteral("pixel-cats#230"), QStringLiteral("not a key")}));
}

TEST(Verification, AuditAgainstALyingIndexerShowsMismatches)
{
    auto config = DevnetHarness::fastConfig(120, 0.1, false);
    config.lieEvery = 3;
    Rig rig(config);
    ASSERT_TRUE(rig.d.ok());
    int audited = 0;
    for (std::uint32_t i = 0; i < 10 && audited == 0; ++i) {
        const AuditReport report = rig.audit(TxFactory::dev(i));
        if (report.entries.size() < 3)
            continue;
        audited = 1;
        EXPECT_FALSE(report.holds());
        EXPECT_GT(report.count(AuditEntry::Outcome::Mismatch), 0);
        EXPECT_GT(report.count(AuditEntry::Outcome::Verified), 0);
    }
    EXPECT_EQ(audited, 1);
}

TEST(Verification, AuditCanBeCancelled)
{
    Rig rig(DevnetHarness::fastConfig(120, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    WalletAudit audit(&rig.rest, &rig.rpc, HeaderVerifier(TrustAnchor::devnet()));
    QSignalSpy finished(&audit, &WalletAudit::finished);
    audit.run(TxFactory::dev(0), std::nullopt);
    audit.cancel();
    ASSERT_EQ(finished.count(), 1);
    EXPECT_TRUE(finished.first().first().value<AuditReport>().cancelled);
    EXPECT_FALSE(finished.first().first().value<AuditReport>().holds());
}

TEST(Verification, ANodeThatForgesHeadersIsNeverVerified)
{
    auto config = DevnetHarness::fastConfig(30, 0.1, false);
    config.chain.forgeHeaders = true;
    Rig rig(config);
    ASSERT_TRUE(rig.d.ok());
    const VerificationReport r = rig.verify(QStringLiteral("pixel-cats#1"));
    ASSERT_TRUE(r.error.ok()) << r.error.toString().toStdString();
    // Everything else holds: the hash recomputes and the proof reaches the root.
    EXPECT_TRUE(r.header.hashIsValid());
    EXPECT_TRUE(r.verdict.holds());
    EXPECT_EQ(r.headerVerdict.check, HeaderCheck::BadSignature);
    EXPECT_FALSE(r.proven());
    EXPECT_NE(r.badge(), VerificationReport::Badge::Verified);

    const AuditReport audit = rig.audit(TxFactory::dev(0));
    EXPECT_FALSE(audit.proven());
    EXPECT_FALSE(audit.holds());
    EXPECT_EQ(audit.headerVerdict.check, HeaderCheck::BadSignature);
}

TEST(Verification, AuditNamesExactlyWhatIsHeldAfterTransfersSalesAndListings)
{
    Rig rig(DevnetHarness::fastConfig(10, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    TxFactory f;
    rig.d.sendAndWait(f.createCollection(6, QStringLiteral("day")));
    for (std::uint64_t id = 1; id <= 4; ++id)
        rig.d.sendAndWait(
            f.mint(6, QStringLiteral("day"), id, TxFactory::dev(6), TxFactory::smallGif(2)));
    const std::uint64_t minted = rig.d.head();
    rig.d.sendAndWait(
        f.objectTx(TxKind::TransferObject, 6, QStringLiteral("day"), 1, TxFactory::dev(7)));
    rig.d.sendAndWait(f.objectTx(TxKind::List, 6, QStringLiteral("day"), 2, {}, 1000));
    rig.d.sendAndWait(f.objectTx(TxKind::List, 6, QStringLiteral("day"), 3, {}, 1000));
    rig.d.sendAndWait(f.objectTx(TxKind::Buy, 7, QStringLiteral("day"), 3, {}, 1000));
    // dev 6 keeps #4; #2 waits in escrow; dev 7 has #1 and #3.
    const AuditReport six = rig.audit(TxFactory::dev(6));
    ASSERT_TRUE(six.proven()) << six.headerVerdict.detail.toStdString();
    QStringList sixDay = six.holdings.objects.filter(QStringLiteral("day#"));
    EXPECT_EQ(sixDay, QStringList{QStringLiteral("day#4")});
    const AuditReport seven = rig.audit(TxFactory::dev(7));
    ASSERT_TRUE(seven.proven());
    QStringList sevenDay = seven.holdings.objects.filter(QStringLiteral("day#"));
    sevenDay.sort();
    EXPECT_EQ(sevenDay, QStringList({QStringLiteral("day#1"), QStringLiteral("day#3")}));
    const AuditReport escrow = rig.audit(escrowAddress(objectKey(QStringLiteral("day#2"))));
    ASSERT_TRUE(escrow.proven());
    EXPECT_EQ(escrow.holdings.objects, QStringList{QStringLiteral("day#2")});
    EXPECT_TRUE(six.holds() && seven.holds() && escrow.holds());

    // At a past height the indexer's count is compared as it was then:
    // asked at the head, it never was. (Its list is the head's, so the
    // objects are not compared one by one: indexerCompared stays false.)
    const AuditReport then = rig.audit(TxFactory::dev(6), minted);
    ASSERT_TRUE(then.proven()) << then.error.toString().toStdString();
    EXPECT_EQ(then.height, minted);
    EXPECT_EQ(then.holdings.objects.filter(QStringLiteral("day#")).size(), 4);
    EXPECT_FALSE(then.indexerCompared);
    EXPECT_EQ(then.indexerCount, static_cast<std::uint64_t>(then.entries.size()));
}

TEST(Verification, AuditNamesWhatALyingIndexerHidesAndInvents)
{
    auto config = DevnetHarness::fastConfig(120, 0.1, false);
    config.lieEvery = 3;
    Rig rig(config);
    ASSERT_TRUE(rig.d.ok());
    bool hidden = false, invented = false;
    // The lying indexer gives every third object to a look-alike of its
    // owner (the last byte changed): audited, the owner's wallet misses
    // them and the look-alike's holds them, both against the proof.
    std::vector<Address> audited;
    for (std::uint32_t i = 0; i < 10; ++i) {
        Address lookAlike = TxFactory::dev(i);
        lookAlike[19] ^= 0x5a;
        audited.push_back(TxFactory::dev(i));
        audited.push_back(lookAlike);
    }
    for (const Address &a : audited) {
        const AuditReport report = rig.audit(a);
        ASSERT_TRUE(report.proven()) << toHexString(a).toStdString();
        for (const AuditEntry &e : report.entries) {
            if (e.outcome != AuditEntry::Outcome::Mismatch)
                continue;
            EXPECT_FALSE(report.holds());
            if (e.inHoldings && !e.indexerLists) {
                hidden = true;
                EXPECT_TRUE(report.holdings.objects.contains(e.key));
            }
            if (!e.inHoldings && e.indexerLists) {
                invented = true;
                EXPECT_FALSE(report.holdings.objects.contains(e.key));
            }
        }
    }
    EXPECT_TRUE(hidden);
    EXPECT_TRUE(invented);
}

TEST(Verification, AnAuditRunAgainAfterACancelCountsOnlyItsOwnProofs)
{
    Rig rig(DevnetHarness::fastConfig(120, 0.1, false));
    ASSERT_TRUE(rig.d.ok());
    WalletAudit audit(&rig.rest, &rig.rpc, HeaderVerifier(TrustAnchor::devnet()));
    QSignalSpy finished(&audit, &WalletAudit::finished);
    for (int i = 0; i < 3; ++i) { // started, cancelled mid-way, started again
        audit.run(TxFactory::dev(1), std::nullopt);
        QTest::qWait(i * 15);
        audit.cancel();
    }
    audit.run(TxFactory::dev(1), std::nullopt);
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 4; }, 20000));
    QTest::qWait(200); // anything a cancelled run still posts arrives now, and must be dropped
    const AuditReport report = finished.last().first().value<AuditReport>();
    ASSERT_TRUE(report.proven());
    EXPECT_EQ(report.entries.size(), report.holdings.objects.size());
    EXPECT_EQ(finished.count(), 4);
}
