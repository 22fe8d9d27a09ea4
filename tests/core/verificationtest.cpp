// Verification against a real devnet: objects, audits, certificates.
#include "core/awaitresult.h"
#include "core/objectverifier.h"
#include "core/ownershipcertificate.h"
#include "core/restclient.h"
#include "core/rpcclient.h"
#include "core/walletaudit.h"
#include "tests/support/devnetharness.h"
#include "tests/support/txfactory.h"

#include <gtest/gtest.h>

#include <QSignalSpy>

using namespace gifscan;
using namespace gifscan::test;

namespace {

struct Rig
{
    explicit Rig(const devnet::DevnetConfig &config) : d(config), rest(QUrl(d.endpoints().baseUrl), &http), rpc(QUrl(d.endpoints().rpcUrl), &http) {}
    DevnetHarness d;
    HttpClient http;
    RestClient rest;
    RpcClient rpc;

    VerificationReport verify(const QString &key, std::optional<std::uint64_t> height = std::nullopt, bool content = true)
    {
        ObjectVerifier verifier(&rest, &rpc);
        return awaitResult<VerificationReport>([&](QObject *c, auto done) { verifier.verify(key, height, content, c, done); });
    }
    AuditReport audit(const Address &a, std::optional<std::uint64_t> height = std::nullopt)
    {
        WalletAudit audit(&rest, &rpc);
        QSignalSpy finished(&audit, &WalletAudit::finished);
        audit.run(a, height);
        EXPECT_TRUE(finished.wait(20000));
        return finished.isEmpty() ? AuditReport{} : finished.first().first().value<AuditReport>();
    }
    OwnershipCertificate certificate(const QString &key, std::uint64_t height, bool content)
    {
        const VerificationReport r = verify(key, height, content);
        OwnershipCertificate c;
        c.displayKey = key;
        c.header = r.header;
        c.proof = r.proof;
        if (content)
            c.content = r.content;
        return c;
    }
};

} // namespace

Q_DECLARE_METATYPE(gifscan::AuditReport)

TEST(Verification, ObjectAtTheHeadIsVerifiedAndTheIndexerAgrees)
{
    Rig rig(DevnetHarness::fastConfig(20, 0.3, false));
    ASSERT_TRUE(rig.d.ok());
    const VerificationReport r = rig.verify(QStringLiteral("pixel-cats#1"));
    ASSERT_TRUE(r.error.ok()) << r.error.toString().toStdString();
    EXPECT_TRUE(r.headerHashOk);
    EXPECT_EQ(r.verdict.kind, ProofVerdictKind::VerifiedOwner);
    EXPECT_EQ(r.contentOk, true);
    EXPECT_EQ(r.indexer, VerificationReport::Indexer::Match);
    EXPECT_EQ(r.badge(), VerificationReport::Badge::Verified);

    const VerificationReport absent = rig.verify(QStringLiteral("pixel-cats#777777"));
    EXPECT_EQ(absent.verdict.kind, ProofVerdictKind::VerifiedAbsent);
    EXPECT_EQ(absent.indexer, VerificationReport::Indexer::Match); // both say: does not exist
}

TEST(Verification, APastHeightShowsThePastOwner)
{
    Rig rig(DevnetHarness::fastConfig(10, 0.2, false));
    ASSERT_TRUE(rig.d.ok());
    TxFactory f;
    rig.d.sendAndWait(f.createCollection(4, QStringLiteral("past")));
    const QJsonObject minted = rig.d.sendAndWait(f.mint(4, QStringLiteral("past"), 1, TxFactory::dev(4), TxFactory::smallGif(2)));
    const auto mintHeight = static_cast<std::uint64_t>(minted[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger());
    rig.d.sendAndWait(f.objectTx(TxKind::TransferObject, 4, QStringLiteral("past"), 1, TxFactory::dev(5)));

    const VerificationReport then = rig.verify(QStringLiteral("past#1"), mintHeight);
    EXPECT_EQ(then.verdict.kind, ProofVerdictKind::VerifiedOwner);
    EXPECT_EQ(then.verdict.owner, TxFactory::dev(4));
    EXPECT_EQ(then.indexer, VerificationReport::Indexer::Unavailable);
    EXPECT_EQ(then.badge(), VerificationReport::Badge::Verified);
    const VerificationReport now = rig.verify(QStringLiteral("past#1"));
    EXPECT_EQ(now.verdict.owner, TxFactory::dev(5));
    const VerificationReport before = rig.verify(QStringLiteral("past#1"), mintHeight - 1);
    EXPECT_EQ(before.verdict.kind, ProofVerdictKind::VerifiedAbsent);
}

TEST(Verification, ALyingIndexerIsCaught)
{
    auto config = DevnetHarness::fastConfig(20, 0.3, false);
    config.lieEvery = 1;
    Rig rig(config);
    ASSERT_TRUE(rig.d.ok());
    const VerificationReport r = rig.verify(QStringLiteral("pixel-cats#1"));
    EXPECT_TRUE(r.proven());
    EXPECT_EQ(r.indexer, VerificationReport::Indexer::Mismatch);
    EXPECT_EQ(r.badge(), VerificationReport::Badge::Mismatch);
}

TEST(Verification, AuditOfADevAccountHolds)
{
    Rig rig(DevnetHarness::fastConfig(120, 0.3, false));
    ASSERT_TRUE(rig.d.ok());
    // The dev account that holds the most objects at genesis.
    Address best{};
    int most = -1;
    for (std::uint32_t i = 0; i < 10; ++i) {
        const int n = static_cast<int>(rig.d.get(QStringLiteral("/v1/objects?limit=100&owner=") + toHexString(TxFactory::dev(i))).data().toArray().size());
        if (n > most) {
            most = n;
            best = TxFactory::dev(i);
        }
    }
    ASSERT_GT(most, 0);
    const AuditReport report = rig.audit(best);
    ASSERT_TRUE(report.error.ok()) << report.error.toString().toStdString();
    EXPECT_TRUE(report.headerHashOk);
    EXPECT_TRUE(report.indexerCompared);
    EXPECT_EQ(report.entries.size(), most);
    EXPECT_EQ(report.count(AuditEntry::Outcome::Verified), most);
    EXPECT_TRUE(report.holds());
    const QString csv = report.toCsv();
    EXPECT_EQ(csv.count(u'\n'), most + 1);
    EXPECT_TRUE(csv.startsWith(QStringLiteral("key,outcome,")));
}

TEST(Verification, AuditAgainstALyingIndexerShowsMismatches)
{
    auto config = DevnetHarness::fastConfig(120, 0.3, false);
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
    Rig rig(DevnetHarness::fastConfig(120, 0.3, false));
    ASSERT_TRUE(rig.d.ok());
    WalletAudit audit(&rig.rest, &rig.rpc);
    QSignalSpy finished(&audit, &WalletAudit::finished);
    audit.run(TxFactory::dev(0), std::nullopt);
    audit.cancel();
    ASSERT_EQ(finished.count(), 1);
    EXPECT_TRUE(finished.first().first().value<AuditReport>().cancelled);
    EXPECT_FALSE(finished.first().first().value<AuditReport>().holds());
}

TEST(Certificates, RoundTripAndEveryTamperingIsCaught)
{
    Rig rig(DevnetHarness::fastConfig(20, 0.3, false));
    ASSERT_TRUE(rig.d.ok());
    const std::uint64_t height = rig.d.head();
    const OwnershipCertificate good = rig.certificate(QStringLiteral("pixel-cats#1"), height, true);
    CertificateCheck check = checkCertificate(good);
    ASSERT_TRUE(check.valid) << check.summary().toStdString();
    EXPECT_TRUE(check.exists);
    EXPECT_TRUE(check.summary().startsWith(QStringLiteral("owned by 0x")));
    EXPECT_EQ(check.passed.size(), 7);

    // Through a file's JSON and back.
    DecodeError error;
    const auto reread = OwnershipCertificate::fromJson(QJsonDocument(good.toJson()), &error);
    ASSERT_TRUE(reread) << error.toString().toStdString();
    EXPECT_TRUE(checkCertificate(*reread).valid);

    auto failedCheck = [](OwnershipCertificate c) { return checkCertificate(c).failedCheck; };
    OwnershipCertificate bad = good;
    bad.version = 2;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("version"));
    bad = good;
    bad.chainId = 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("chain"));
    bad = good;
    bad.header.timestamp += 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("header-hash"));
    bad = good;
    bad.displayKey = QStringLiteral("pixel-cats#2");
    EXPECT_EQ(failedCheck(bad), QStringLiteral("key"));
    bad = good;
    bad.proof.height -= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("height"));
    bad = good;
    bad.proof.leaf->owner[3] ^= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("proof"));
    bad = good;
    bad.proof.siblings.front()[0] ^= 1;
    EXPECT_EQ(failedCheck(bad), QStringLiteral("proof"));
    bad = good;
    (*bad.content)[10] = static_cast<char>((*bad.content)[10] ^ 1);
    EXPECT_EQ(failedCheck(bad), QStringLiteral("content"));
    // A header of another height with a matching proof height still fails: its root differs.
    bad = good;
    bad.header = rig.verify(QStringLiteral("pixel-cats#1"), 0, false).header;
    bad.proof.height = 0;
    if (bad.header.objectRoot != good.header.objectRoot) {
        EXPECT_EQ(failedCheck(bad), QStringLiteral("proof"));
    }

    const OwnershipCertificate absent = rig.certificate(QStringLiteral("pixel-cats#99999"), height, false);
    check = checkCertificate(absent);
    EXPECT_TRUE(check.valid) << check.summary().toStdString();
    EXPECT_FALSE(check.exists);
    EXPECT_EQ(check.summary(), QStringLiteral("did not exist"));

    QJsonObject broken = good.toJson();
    broken[QStringLiteral("proof")] = QJsonObject{{QStringLiteral("key"), 5}};
    EXPECT_FALSE(OwnershipCertificate::fromJson(QJsonDocument(broken), &error));
    EXPECT_EQ(error.path, QStringLiteral("proof.key"));
}
