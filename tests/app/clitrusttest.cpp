// gifscan-cli as an auditor trusts it: certificates made, read back and
// caught when tampered with, nothing a forger serves called verified, and
// holdings certificates with the trust files they are checked against.
#include "core/protocol/commitments.h"
#include "core/protocol/validatorset.h"
#include "tests/app/clifixture.h"
#include "tests/support/scriptedhttpserver.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST_F(Cli, CertificatesRoundTripAndTamperingFails)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("cert.json"));
    CliRun r = cli({QStringLiteral("certificate"), QStringLiteral("pixel-cats#1"),
                    QStringLiteral("--with-content"), QStringLiteral("-o"), file});
    ASSERT_EQ(r.exit, 0) << r.err.constData();
    r = cli({QStringLiteral("check-certificate"), file}, nullptr); // offline
    ASSERT_EQ(r.exit, 0) << r.out.constData();
    EXPECT_TRUE(r.out.contains("owned by 0x"));

    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QJsonObject cert = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonObject proof = cert[QStringLiteral("proof")].toObject();
    QJsonObject leaf = proof[QStringLiteral("leaf")].toObject();
    leaf[QStringLiteral("owner")] = toHexString(TxFactory::dev(9));
    proof[QStringLiteral("leaf")] = leaf;
    cert[QStringLiteral("proof")] = proof;
    const QString forged = dir.filePath(QStringLiteral("forged.json"));
    QFile out(forged);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(cert).toJson());
    out.close();
    r = cli({QStringLiteral("check-certificate"), forged}, nullptr);
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.out.contains("[FAIL] proof")) << r.out.constData();

    EXPECT_EQ(
        cli({QStringLiteral("check-certificate"), dir.filePath(QStringLiteral("missing.json"))},
            nullptr)
            .exit,
        2);
}

// A node that forges headers: every command that proves refuses, and says why.
TEST_F(Cli, NothingAForgerServesIsVerified)
{
    CliRun r = cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#1")}, s_forger);
    EXPECT_EQ(r.exit, 1) << r.out.constData();
    EXPECT_TRUE(r.out.contains("[FAIL] header signed by the trusted validators"))
        << r.out.constData();
    EXPECT_TRUE(r.out.contains("does not recover to its validator")) << r.out.constData();
    EXPECT_FALSE(r.out.contains(": verified"));
    r = cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#1"), QStringLiteral("--json")},
            s_forger);
    EXPECT_EQ(r.json()[QStringLiteral("checks")][QStringLiteral("header")].toBool(true), false);
    EXPECT_NE(r.json()[QStringLiteral("badge")].toString(), QStringLiteral("verified"));

    r = cli({QStringLiteral("audit"), toHexString(TxFactory::dev(0))}, s_forger);
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.out.contains("NOT PROVEN")) << r.out.constData();

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("forged.json"));
    r = cli(
        {QStringLiteral("certificate"), QStringLiteral("pixel-cats#1"), QStringLiteral("-o"), file},
        s_forger);
    EXPECT_EQ(r.exit, 1) << r.err.constData();
    EXPECT_FALSE(QFile::exists(file));
    r = cli(
        {QStringLiteral("holdings"), toHexString(TxFactory::dev(0)), QStringLiteral("-o"), file},
        s_forger);
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.out.contains("[FAIL] signatures")) << r.out.constData();
    EXPECT_FALSE(QFile::exists(file));

    r = cli({QStringLiteral("head")}, s_forger);
    ASSERT_EQ(r.exit, 0);
    EXPECT_FALSE(r.json()[QStringLiteral("verified")].toBool(true));
    EXPECT_EQ(r.json()[QStringLiteral("check")].toString(), QStringLiteral("bad-signature"));
    r = cli({QStringLiteral("head"), QStringLiteral("--follow")}, s_forger, 20000);
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.err.contains("headers not signed by the trusted validators"))
        << r.err.constData();
}

TEST_F(Cli, HoldingsCertificatesAndTrustFiles)
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("held.json"));
    const QString owner = richDev(s_devnet);
    CliRun r = cli({QStringLiteral("holdings"), owner, QStringLiteral("-o"), file});
    ASSERT_EQ(r.exit, 0) << r.out.constData() << r.err.constData();
    EXPECT_TRUE(r.out.contains("held exactly")) << r.out.constData();
    // Listed as a reader looks for them: by collection, then id.
    QList<std::pair<QString, std::uint64_t>> listed;
    for (const QByteArray &line : r.out.split('\n')) {
        QString slug;
        std::uint64_t id = 0;
        if (line.startsWith("        ") &&
            parseDisplayKey(QString::fromUtf8(line.trimmed()), &slug, &id))
            listed.append({slug, id});
    }
    ASSERT_GT(listed.size(), 1) << r.out.constData();
    EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end())) << r.out.constData();
    r = cli({QStringLiteral("check-certificate"), file}, nullptr);
    ASSERT_EQ(r.exit, 0) << r.out.constData();
    // The checks named as the explorer names them, the address said once.
    EXPECT_TRUE(r.out.contains("[ok  ] trusted set"));
    EXPECT_TRUE(r.out.contains("[ok  ] header hash")) << r.out.constData();
    EXPECT_FALSE(r.out.contains("header-hash")) << r.out.constData();
    EXPECT_TRUE(r.out.contains("[ok  ] holdings"));
    EXPECT_EQ(r.out.count(owner.toLower().toUtf8()), 1) << r.out.constData();
    // Two objects of the list swapped: said as a list that is not the one proven.
    QFile held(file);
    ASSERT_TRUE(held.open(QIODevice::ReadOnly));
    QJsonObject cert = QJsonDocument::fromJson(held.readAll()).object();
    held.close();
    QJsonObject holdings = cert.value(QStringLiteral("holdings")).toObject();
    QJsonArray objects = holdings.value(QStringLiteral("objects")).toArray();
    ASSERT_GT(objects.size(), 1);
    const QJsonValue first = objects.at(0);
    objects.replace(0, objects.at(1));
    objects.replace(1, first);
    holdings.insert(QStringLiteral("objects"), objects);
    cert.insert(QStringLiteral("holdings"), holdings);
    const QString swapped = dir.filePath(QStringLiteral("swapped.json"));
    QFile out(swapped);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(cert).toJson());
    out.close();
    r = cli({QStringLiteral("check-certificate"), swapped}, nullptr);
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.out.contains("the object list is not as proven")) << r.out.constData();

    // A set nobody told the CLI to trust: signatures sound, verdict fails,
    // fingerprint named; trusted once given with --trust.
    const QString other = dir.filePath(QStringLiteral("other.json"));
    r = cli({QStringLiteral("certificate"), QStringLiteral("pixel-cats#1"), QStringLiteral("-o"),
             other},
            s_otherSet);
    EXPECT_EQ(r.exit, 1) << r.out.constData();
    EXPECT_TRUE(r.err.contains(ValidatorSet::devnet(5).fingerprint().toLatin1()))
        << r.err.constData();
    const QString trustFile = dir.filePath(QStringLiteral("five.json"));
    QFile t(trustFile);
    ASSERT_TRUE(t.open(QIODevice::WriteOnly));
    t.write(QJsonDocument(ValidatorSet::devnet(5).toJson()).toJson());
    t.close();
    r = cli({QStringLiteral("certificate"), QStringLiteral("pixel-cats#1"), QStringLiteral("-o"),
             other, QStringLiteral("--trust"), trustFile},
            s_otherSet);
    ASSERT_EQ(r.exit, 0) << r.out.constData() << r.err.constData();
    r = cli({QStringLiteral("check-certificate"), other}, nullptr);
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.out.contains(QByteArray(
        QByteArray("[FAIL] trusted set: signed by an unknown validator set, fingerprint ") +
        ValidatorSet::devnet(5).fingerprint().toLatin1())))
        << r.out.constData();
    r = cli({QStringLiteral("check-certificate"), other, QStringLiteral("--trust"), trustFile},
            nullptr);
    EXPECT_EQ(r.exit, 0) << r.out.constData();
    // A trust file that is not a list of addresses is a usage error.
    QFile bad(dir.filePath(QStringLiteral("bad.json")));
    ASSERT_TRUE(bad.open(QIODevice::WriteOnly));
    bad.write("{\"not\": \"a list\"}");
    bad.close();
    EXPECT_EQ(
        cli({QStringLiteral("check-certificate"), other, QStringLiteral("--trust"), bad.fileName()},
            nullptr)
            .exit,
        2);
}

// A node that answers a holdings question with a signed answer to another
// one (another address): real signatures, real proof, wrong question.
TEST_F(Cli, HoldingsRefusesAnAnswerForAnotherAddress)
{
    const qint64 h = static_cast<qint64>(s_devnet->head());
    ScriptedHttpServer liar(
        {ScriptedHttpServer::rpcAnswer(s_devnet->rpcResult(QStringLiteral("gif_validators"))),
         ScriptedHttpServer::rpcAnswer(
             s_devnet->rpcResult(QStringLiteral("gif_getBlockByHeight"), {h, false})),
         ScriptedHttpServer::rpcAnswer(s_devnet->rpcResult(QStringLiteral("gif_holdingsProof"),
                                                           {toHexString(TxFactory::dev(2)), h}))});
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIFSCAN_REST"), s_devnet->endpoints().baseUrl);
    env.insert(QStringLiteral("GIFSCAN_RPC"), liar.url());
    p.setProcessEnvironment(env);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("held.json"));
    p.start(gifscan::test::cliBinary(),
            {QStringLiteral("holdings"), toHexString(TxFactory::dev(1)), QStringLiteral("--height"),
             QString::number(h), QStringLiteral("-o"), file});
    // The scripted node answers on this thread: wait with the event loop running.
    ASSERT_TRUE(QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 20000));
    const QByteArray out = p.readAllStandardOutput();
    EXPECT_EQ(p.exitCode(), 1) << out.constData() << p.readAllStandardError().constData();
    EXPECT_TRUE(out.contains(QByteArray(QByteArray("[FAIL] the node answered for ") +
                                        toHexString(TxFactory::dev(2)).toLatin1())))
        << out.constData();
    EXPECT_FALSE(QFile::exists(file));
}

// An auditor pins a node's set: `validators -o FILE` writes it (its
// fingerprint and genesis beside it) in the form --trust reads. And the
// devnet's set, whose keys are public, is trusted by default only for a
// node on this machine: one named elsewhere without a set is told so in a
// sentence, exit 2, before anything is asked of it.
TEST_F(Cli, ValidatorsPinsANodesSetAndNoneIsTrustedOffThisMachine)
{
    QTemporaryDir dir;
    const QString five = dir.filePath(QStringLiteral("five.json"));
    CliRun r = cli({QStringLiteral("validators"), QStringLiteral("-o"), five}, s_otherSet);
    ASSERT_EQ(r.exit, 0) << r.out.constData() << r.err.constData();
    const QByteArray fingerprint = ValidatorSet::devnet(5).fingerprint().toLatin1();
    const QByteArray said = QByteArray("5 validators, fingerprint ").append(fingerprint);
    EXPECT_TRUE(r.out.contains(said)) << r.out.constData();
    QFile f(five);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject pinned = QJsonDocument::fromJson(f.readAll()).object();
    EXPECT_EQ(pinned[QStringLiteral("validators")].toArray(), ValidatorSet::devnet(5).toJson());
    EXPECT_EQ(pinned[QStringLiteral("fingerprint")].toString().toLatin1(), fingerprint);
    EXPECT_EQ(pinned[QStringLiteral("genesis")],
              s_otherSet->rpcResult(QStringLiteral("gif_getBlockByHeight"), {0, false})
                  .toObject()[QStringLiteral("hash")]);
    const QString key = s_otherSet->firstObject()[QStringLiteral("key")].toString();
    r = cli({QStringLiteral("verify"), key}, s_otherSet);
    EXPECT_EQ(r.exit, 1) << "not trusted before it is pinned\n" << r.out.constData();
    r = cli({QStringLiteral("verify"), key, QStringLiteral("--trust"), five}, s_otherSet);
    EXPECT_EQ(r.exit, 0) << r.out.constData() << r.err.constData();

    // Off this machine: no URL here is ever reached, the CLI stops first.
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIFSCAN_REST"), QStringLiteral("http://node.example:8545"));
    env.insert(QStringLiteral("GIFSCAN_RPC"), QStringLiteral("http://node.example:8546"));
    env.insert(QStringLiteral("GIFSCAN_WS"), QStringLiteral("ws://node.example:8547"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path()); // no saved profile's set
    p.setProcessEnvironment(env);
    const QStringList args{QStringLiteral("verify"), QStringLiteral("pixel-cats#1")};
    p.start(cliBinary(), args);
    r = finishCli(p, args);
    EXPECT_EQ(r.exit, 2) << r.out.constData() << r.err.constData();
    EXPECT_TRUE(
        r.err.startsWith("gifscan-cli: say which validators to trust for node.example: --trust"))
        << r.err.constData();
}
