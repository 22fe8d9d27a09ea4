// gifscan-cli as auditors and scripts use it: output, exit status, files.
#include "core/protocol/validatorset.h"
#include "tests/support/devnetharness.h"
#include "tests/support/scriptedhttpserver.h"
#include "tests/support/testpaths.h"
#include "tests/support/txfactory.h"

#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

struct CliRun
{
    int exit = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

class Cli : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        // No local devnet of this machine's user is found by a command
        // that names no node (clinodestest.cpp tests the finding).
        static QTemporaryDir noLocalDevnet;
        qputenv("XDG_DATA_HOME", noLocalDevnet.path().toUtf8());
        auto config = DevnetHarness::fastConfig(150, 0.1, false);
        s_devnet = new DevnetHarness(config);
        ASSERT_TRUE(s_devnet->ok());
        auto lying = DevnetHarness::fastConfig(150, 0.1, false);
        lying.lieEvery = 2;
        s_liar = new DevnetHarness(lying);
        ASSERT_TRUE(s_liar->ok());
        auto forging = DevnetHarness::fastConfig(20, 0.1, false);
        forging.chain.forgeHeaders = true;
        s_forger = new DevnetHarness(forging);
        ASSERT_TRUE(s_forger->ok());
        auto other = DevnetHarness::fastConfig(20, 0.1, false);
        other.chain.validators = 5;
        s_otherSet = new DevnetHarness(other);
        ASSERT_TRUE(s_otherSet->ok());
    }
    static void TearDownTestSuite()
    {
        delete s_devnet;
        delete s_liar;
        delete s_forger;
        delete s_otherSet;
    }

    static CliRun cli(const QStringList &args, DevnetHarness *node = s_devnet,
                      int timeoutMs = 30000)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (node) {
            env.insert(QStringLiteral("GIFSCAN_REST"), node->endpoints().baseUrl);
            env.insert(QStringLiteral("GIFSCAN_RPC"), node->endpoints().rpcUrl);
            env.insert(QStringLiteral("GIFSCAN_WS"), node->endpoints().wsUrl);
        }
        p.setProcessEnvironment(env);
        p.start(gifscan::test::cliBinary(), args);
        CliRun r;
        // The devnet answers from its own thread; the test thread only waits.
        // waitForFinished may return early (an error on a pipe of a busy
        // machine): only the clock says the command took too long.
        QElapsedTimer clock;
        clock.start();
        while (p.state() != QProcess::NotRunning && clock.elapsed() < timeoutMs)
            p.waitForFinished(static_cast<int>(std::max<qint64>(1, timeoutMs - clock.elapsed())));
        const bool finished = p.state() == QProcess::NotRunning;
        if (!finished) {
            p.kill();
            p.waitForFinished();
        }
        r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        // No command may crash or hang: said with what it printed, so that a
        // rare failure on another machine can be read from its log.
        if (r.exit == -1)
            ADD_FAILURE() << "gifscan-cli " << args.join(u' ').toStdString() << ": "
                          << (finished ? "died of signal " + std::to_string(p.exitCode())
                                       : "still running after " + std::to_string(timeoutMs) + " ms")
                          << " (" << p.errorString().toStdString() << ", after " << clock.elapsed()
                          << " ms)\nstdout:\n"
                          << r.out.constData() << "\nstderr:\n"
                          << r.err.constData();
        return r;
    }
    // The dev account holding the most objects.
    static QString richDev(DevnetHarness *node)
    {
        QString best;
        qsizetype most = -1;
        for (std::uint32_t i = 0; i < 10; ++i) {
            const qsizetype n = node->get(QStringLiteral("/v1/objects?limit=100&owner=") +
                                          toHexString(TxFactory::dev(i)))
                                    .data()
                                    .toArray()
                                    .size();
            if (n > most) {
                most = n;
                best = toHexString(TxFactory::dev(i));
            }
        }
        return best;
    }

    static DevnetHarness *s_devnet;
    static DevnetHarness *s_liar;
    static DevnetHarness *s_forger;   // signs with keys outside the set it names
    static DevnetHarness *s_otherSet; // five validators: a set not trusted by default
};
DevnetHarness *Cli::s_devnet = nullptr;
DevnetHarness *Cli::s_liar = nullptr;
DevnetHarness *Cli::s_forger = nullptr;
DevnetHarness *Cli::s_otherSet = nullptr;

} // namespace

TEST_F(Cli, HeadAndRecords)
{
    CliRun r = cli({QStringLiteral("head")});
    ASSERT_EQ(r.exit, 0) << r.err.constData();
    EXPECT_TRUE(r.json()[QStringLiteral("verified")].toBool());
    EXPECT_TRUE(r.json()[QStringLiteral("hash")].toString().startsWith(QStringLiteral("0x")));

    r = cli({QStringLiteral("object"), QStringLiteral("pixel-cats#1"), QStringLiteral("--height"),
             QStringLiteral("0")});
    ASSERT_EQ(r.exit, 0) << r.err.constData();
    EXPECT_EQ(r.json()[QStringLiteral("key")].toString(), QStringLiteral("pixel-cats#1"));
    r = cli({QStringLiteral("block"), QStringLiteral("0")});
    ASSERT_EQ(r.exit, 0);
    const QString txHash =
        r.json()[QStringLiteral("transactions")].toArray()[3][QStringLiteral("hash")].toString();
    r = cli({QStringLiteral("tx"), txHash});
    ASSERT_EQ(r.exit, 0);
    EXPECT_EQ(r.json()[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    r = cli({QStringLiteral("wallet"), toHexString(TxFactory::dev(1))});
    ASSERT_EQ(r.exit, 0);
    EXPECT_TRUE(r.json()[QStringLiteral("balance")].isString());

    EXPECT_EQ(cli({QStringLiteral("object"), QStringLiteral("pixel-cats#424242")}).exit, 1);
    EXPECT_EQ(cli({QStringLiteral("object"), QStringLiteral("not a key")}).exit, 2);
    EXPECT_EQ(cli({QStringLiteral("tx"), QStringLiteral("0x12")}).exit, 2);
    EXPECT_EQ(cli({QStringLiteral("frobnicate")}).exit, 2);
    EXPECT_EQ(cli({QStringLiteral("head")}, nullptr).exit, 2); // no node named
}

// For scripts: the node's GraphQL, its answer as written, exit 1 on errors.
TEST_F(Cli, GraphqlQueriesTheNodeAndExitsByItsErrors)
{
    CliRun r = cli({QStringLiteral("graphql"),
                    QStringLiteral("query($h: Int) { object(slug: \"pixel-cats\", tokenId: 1, "
                                   "height: $h) { key owner } head { height } }"),
                    QStringLiteral("--variables"), QStringLiteral("{\"h\": 0}")});
    ASSERT_EQ(r.exit, 0) << r.err.constData() << r.out.constData();
    EXPECT_EQ(r.json()[QStringLiteral("data")][QStringLiteral("object")][QStringLiteral("key")]
                  .toString(),
              QStringLiteral("pixel-cats#1"));
    EXPECT_EQ(r.json()[QStringLiteral("extensions")][QStringLiteral("height")].toInteger(), 0);
    EXPECT_LT(r.out.indexOf("\"object\""), r.out.indexOf("\"head\"")) << "the order asked for";
    r = cli({QStringLiteral("graphql"), QStringLiteral("{ nope }")});
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.out.contains("Cannot query field")) << r.out.constData();
    EXPECT_EQ(cli({QStringLiteral("graphql"), QStringLiteral("{ head { height } }"),
                   QStringLiteral("--variables"), QStringLiteral("[1]")})
                  .exit,
              2);
    EXPECT_EQ(cli({QStringLiteral("graphql")}).exit, 2);
}

TEST_F(Cli, ConnectionErrorsExitTwo)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIFSCAN_REST"), QStringLiteral("http://127.0.0.1:1"));
    env.insert(QStringLiteral("GIFSCAN_RPC"), QStringLiteral("http://127.0.0.1:1"));
    p.setProcessEnvironment(env);
    p.start(gifscan::test::cliBinary(), {QStringLiteral("verify"), QStringLiteral("pixel-cats#1")});
    ASSERT_TRUE(p.waitForFinished(30000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_TRUE(p.readAllStandardError().contains("network error"));
}

TEST_F(Cli, VerifyHoldsAndCatchesALiar)
{
    CliRun r =
        cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#1"), QStringLiteral("--json")});
    ASSERT_EQ(r.exit, 0) << r.err.constData() << r.out.constData();
    EXPECT_EQ(r.json()[QStringLiteral("badge")].toString(), QStringLiteral("verified"));
    EXPECT_EQ(r.json()[QStringLiteral("checks")][QStringLiteral("indexer")].toString(),
              QStringLiteral("match"));
    r = cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#1")});
    EXPECT_TRUE(r.out.contains("[ok  ] proof")) << r.exit << r.err.constData();
    EXPECT_TRUE(r.out.contains("header hash  0x"));
    EXPECT_TRUE(r.out.contains("[ok  ] header signed by the trusted validators (set "
                               "29b0:5fef:2346:bfe9): signed by 4 of 4"))
        << r.out.constData();

    // An object that does not exist is proven absent, said so, with its own
    // exit status: never "verified" and 0.
    r = cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#9999")});
    EXPECT_EQ(r.exit, 3) << r.out.constData() << r.err.constData();
    EXPECT_TRUE(r.out.contains("pixel-cats#9999 at height")) << r.out.constData();
    EXPECT_TRUE(r.out.contains(": proven absent")) << r.out.constData();
    EXPECT_FALSE(r.out.contains(": verified")) << r.out.constData();
    r = cli(
        {QStringLiteral("verify"), QStringLiteral("pixel-cats#9999"), QStringLiteral("--json")});
    EXPECT_EQ(r.exit, 3);
    EXPECT_EQ(r.json()[QStringLiteral("badge")].toString(), QStringLiteral("proven-absent"));

    // pixel-cats objects with an even index are misreported by the liar.
    bool caught = false;
    for (int id = 1; id <= 6 && !caught; ++id) {
        const CliRun lie = cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#%1").arg(id),
                                QStringLiteral("--json")},
                               s_liar);
        if (lie.exit == 1) {
            EXPECT_EQ(lie.json()[QStringLiteral("badge")].toString(), QStringLiteral("mismatch"));
            caught = true;
        }
    }
    EXPECT_TRUE(caught);
}

TEST_F(Cli, AuditWritesCsvAndExitsByVerdict)
{
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("audit.csv"));
    CliRun r = cli({QStringLiteral("audit"), richDev(s_devnet), QStringLiteral("--csv"), csv});
    ASSERT_EQ(r.exit, 0) << r.err.constData() << r.out.constData();
    EXPECT_TRUE(r.out.contains("verified, 0 absent, 0 mismatched, 0 failed; indexer compared"));
    EXPECT_TRUE(r.out.contains("[ok  ] holdings proof")) << r.out.constData();
    EXPECT_TRUE(r.out.contains("objects at height")) << r.out.constData();
    EXPECT_TRUE(r.out.contains(", proven")) << r.out.constData();
    // Into a pipe, each step of the progress is a line of its own.
    EXPECT_TRUE(r.err.startsWith("audited ")) << r.err.constData();
    EXPECT_FALSE(r.err.contains('\r')) << r.err.constData();
    const QList<QByteArray> progress = r.err.trimmed().split('\n');
    for (const QByteArray &line : progress)
        EXPECT_TRUE(line.startsWith("audited ")) << line.constData();
    QFile f(csv);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    EXPECT_GT(lines.size(), 1);
    EXPECT_TRUE(lines[1].contains(",verified,"));

    // The liar misreports every second object: some dev account's audit must show it.
    bool caught = false;
    for (std::uint32_t i = 0; i < 10 && !caught; ++i) {
        r = cli({QStringLiteral("audit"), toHexString(TxFactory::dev(i))}, s_liar);
        if (r.exit == 1) {
            EXPECT_TRUE(r.out.contains("mismatch")) << r.out.constData();
            caught = true;
        } else {
            EXPECT_EQ(r.exit, 0) << r.err.constData();
        }
    }
    EXPECT_TRUE(caught);
}

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

TEST_F(Cli, DecodeWritesFramesAndMetadata)
{
    QTemporaryDir dir;
    CliRun r =
        cli({QStringLiteral("decode"), sharedPath(QStringLiteral("gifs/animated-red-blue.gif")),
             QStringLiteral("--out"), dir.path()},
            nullptr);
    ASSERT_EQ(r.exit, 0) << r.err.constData();
    QFile meta(dir.filePath(QStringLiteral("frames.json")));
    ASSERT_TRUE(meta.open(QIODevice::ReadOnly));
    const QJsonObject m = QJsonDocument::fromJson(meta.readAll()).object();
    EXPECT_EQ(m[QStringLiteral("frames")].toArray().size(), 4);
    const QImage first(dir.filePath(QStringLiteral("frame_000.png")));
    EXPECT_EQ(first.width(), m[QStringLiteral("width")].toInt());

    r = cli({QStringLiteral("decode"),
             sharedPath(QStringLiteral("gifs/hippopotamus.interlaced.truncated.gif")),
             QStringLiteral("--out"), dir.filePath(QStringLiteral("t"))},
            nullptr);
    EXPECT_EQ(r.exit, 1);
    EXPECT_FALSE(r.err.isEmpty());
}

TEST_F(Cli, SendValidAndRejected)
{
    TxFactory f;
    CliRun r = cli({QStringLiteral("send"), toHexString(f.transfer(7, TxFactory::dev(8), 1))});
    ASSERT_EQ(r.exit, 0) << r.err.constData();
    EXPECT_EQ(r.out.trimmed().size(), 66);
    Transaction cheap = TxFactory().base(TxKind::Transfer, 7);
    cheap.nonce = 5;
    cheap.gasPrice = 1;
    r = cli({QStringLiteral("send"), toHexString(TxFactory::sign(cheap, 7))});
    EXPECT_EQ(r.exit, 1);
    EXPECT_TRUE(r.err.contains("underpriced")) << r.err.constData();
    // Not hex at all: refused input (1), not a usage error (2).
    r = cli({QStringLiteral("send"), QStringLiteral("garbage")});
    EXPECT_EQ(r.exit, 1) << r.err.constData();
    EXPECT_TRUE(r.err.contains("not a transaction")) << r.err.constData();
    r = cli({QStringLiteral("send")});
    EXPECT_EQ(r.exit, 2);
}

TEST_F(Cli, HeadFollowPrintsEveryHeightOnce)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIFSCAN_REST"), s_devnet->endpoints().baseUrl);
    env.insert(QStringLiteral("GIFSCAN_RPC"), s_devnet->endpoints().rpcUrl);
    env.insert(QStringLiteral("GIFSCAN_WS"), s_devnet->endpoints().wsUrl);
    p.setProcessEnvironment(env);
    p.start(gifscan::test::cliBinary(), {QStringLiteral("head"), QStringLiteral("--follow")});
    QList<qint64> heights;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            while (p.canReadLine())
                heights.append(QJsonDocument::fromJson(p.readLine())
                                   .object()[QStringLiteral("height")]
                                   .toInteger());
            return heights.size() >= 6;
        },
        20000));
    p.terminate();
    ASSERT_TRUE(p.waitForFinished(5000));
    EXPECT_EQ(p.exitCode(), 0);
    for (qsizetype i = 1; i < heights.size(); ++i)
        EXPECT_EQ(heights[i], heights[i - 1] + 1);
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
    EXPECT_TRUE(r.out.contains("[FAIL] commit")) << r.out.constData();
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
    r = cli({QStringLiteral("check-certificate"), file}, nullptr);
    ASSERT_EQ(r.exit, 0) << r.out.constData();
    EXPECT_TRUE(r.out.contains("[ok  ] trusted"));
    EXPECT_TRUE(r.out.contains("[ok  ] holdings"));

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
    EXPECT_TRUE(r.out.contains(
        QByteArray(QByteArray("[FAIL] trusted: signed by an unknown validator set, fingerprint ") +
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
    auto answer = [](const QJsonValue &result) {
        return ScriptedHttpServer::response(
            200, QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                           {QStringLiteral("id"), 1},
                                           {QStringLiteral("result"), result}})
                     .toJson(QJsonDocument::Compact));
    };
    ScriptedHttpServer liar(
        {answer(s_devnet->rpcResult(QStringLiteral("gif_validators"))),
         answer(s_devnet->rpcResult(QStringLiteral("gif_getBlockByHeight"), {h, false})),
         answer(s_devnet->rpcResult(QStringLiteral("gif_holdingsProof"),
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
