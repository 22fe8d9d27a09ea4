// gifscan-cli as auditors and scripts use it: output, exit status, files.
#include "core/gif/gifdecoder.h"
#include "core/protocol/validatorset.h"
#include "tests/app/clifixture.h"
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
#include <cstring>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

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

    EXPECT_EQ(cli({QStringLiteral("object"), QStringLiteral("pixel-cats#424242")}).exit, 4);
    EXPECT_EQ(cli({QStringLiteral("object"), QStringLiteral("not a key")}).exit, 2);
    EXPECT_EQ(cli({QStringLiteral("tx"), QStringLiteral("0x12")}).exit, 2);
    EXPECT_EQ(cli({QStringLiteral("frobnicate")}).exit, 2);
    EXPECT_EQ(cli({QStringLiteral("head")}, nullptr).exit, 2); // no node named
}

// For scripts: the node's GraphQL, its answer as written, exit 5 on errors.
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
    EXPECT_EQ(r.exit, 5);
    EXPECT_TRUE(r.out.contains("Cannot query field")) << r.out.constData();
    EXPECT_EQ(cli({QStringLiteral("graphql"), QStringLiteral("{ head { height } }"),
                   QStringLiteral("--variables"), QStringLiteral("[1]")})
                  .exit,
              2);
    EXPECT_EQ(cli({QStringLiteral("graphql")}).exit, 2);
}

// An --rpc given the REST URL: said once, with what is likely wrong,
// instead of the same refusal twice.
TEST_F(Cli, AnRpcUrlThatIsTheRestOneIsSaidOnceWithAHint)
{
    const QString rest = s_devnet->endpoints().baseUrl;
    const CliRun r = cli({QStringLiteral("verify"), QStringLiteral("pixel-cats#1"),
                          QStringLiteral("--rest"), rest, QStringLiteral("--rpc"), rest});
    EXPECT_EQ(r.exit, 2);
    EXPECT_TRUE(r.err.contains("is --rpc the node's JSON-RPC URL?")) << r.err.constData();
    EXPECT_EQ(r.err.trimmed().count('\n'), 0) << r.err.constData();
}

TEST_F(Cli, ConnectionErrorsExitSix)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIFSCAN_REST"), QStringLiteral("http://127.0.0.1:1"));
    env.insert(QStringLiteral("GIFSCAN_RPC"), QStringLiteral("http://127.0.0.1:1"));
    p.setProcessEnvironment(env);
    p.start(gifscan::test::cliBinary(), {QStringLiteral("verify"), QStringLiteral("pixel-cats#1")});
    ASSERT_TRUE(p.waitForFinished(30000));
    EXPECT_EQ(p.exitCode(), 6);
    // Said in words, naming the node it could not reach.
    const QByteArray err = p.readAllStandardError();
    EXPECT_TRUE(err.contains("cannot reach the node at http://127.0.0.1:1")) << err.constData();
}

TEST_F(Cli, WhatTheNodeDoesNotHaveIsSaidInWords)
{
    for (const QStringList &args :
         {QStringList{QStringLiteral("block"), QStringLiteral("999999")},
          QStringList{QStringLiteral("object"), QStringLiteral("pixel-cats#999999")},
          QStringList{QStringLiteral("tx"),
                      QStringLiteral("0x") + QString(64, QLatin1Char('a'))}}) {
        const CliRun r = cli(args);
        const std::string err = r.err.toStdString();
        EXPECT_EQ(r.exit, 4) << err;
        EXPECT_TRUE(r.err.startsWith("gifscan-cli: not found: ")) << err;
        for (const char *wire : {"RPC error", "HTTP 4", "not_found", "-32001"})
            EXPECT_FALSE(r.err.contains(wire)) << err;
    }
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
    EXPECT_TRUE(r.out.contains(
        "verified, 0 absent, 0 mismatched, 0 failed, 0 unchecked; indexer compared"));
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
    // Every frame as the decoder made it, read back by Qt's PNG reader.
    QFile source(sharedPath(QStringLiteral("gifs/animated-red-blue.gif")));
    ASSERT_TRUE(source.open(QIODevice::ReadOnly));
    const DecodedGif gif = GifDecoder::decode(source.readAll());
    ASSERT_EQ(gif.frames.size(), 4u);
    for (std::size_t i = 0; i < gif.frames.size(); ++i) {
        const QImage frame =
            QImage(dir.filePath(QStringLiteral("frame_%1.png").arg(i, 3, 10, QLatin1Char('0'))))
                .convertToFormat(QImage::Format_RGBA8888);
        ASSERT_EQ(frame.width(), m[QStringLiteral("width")].toInt());
        ASSERT_EQ(frame.height(), gif.height);
        const std::vector<std::uint8_t> &rgba = gif.frames[i].rgba();
        for (int y = 0; y < frame.height(); ++y)
            EXPECT_EQ(std::memcmp(frame.constScanLine(y), rgba.data() + y * gif.width * 4,
                                  static_cast<std::size_t>(gif.width) * 4),
                      0)
                << "frame " << i << ", row " << y;
    }

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
    EXPECT_EQ(r.exit, 5);
    // The node's reason once: "rejected (underpriced): underpriced: …" said it twice.
    EXPECT_TRUE(r.err.startsWith("gifscan-cli: rejected (underpriced): gas price"))
        << r.err.constData();
    // Not hex at all: bad input, as a hash that is none is (tx 0x12).
    r = cli({QStringLiteral("send"), QStringLiteral("garbage")});
    EXPECT_EQ(r.exit, 2) << r.err.constData();
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

// The operator's hand on the node's webhooks (a page left one behind, say):
// listed a JSON line each, never a secret, and removed without the secret
// from the node's own machine.
TEST_F(Cli, TheOperatorListsAndDeletesWebhooks)
{
    const QJsonObject hook =
        s_devnet
            ->rpcResult(QStringLiteral("gif_createWebhook"),
                        QJsonArray{QJsonObject{
                            {QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/left")},
                            {QStringLiteral("types"), QJsonArray{QStringLiteral("mint")}}}})
            .toObject();
    const QString id = hook[QStringLiteral("id")].toString();
    ASSERT_FALSE(id.isEmpty());
    CliRun r = cli({QStringLiteral("webhooks")});
    EXPECT_EQ(r.exit, 0) << r.err.constData();
    EXPECT_TRUE(r.out.contains(id.toUtf8())) << r.out.constData();
    EXPECT_TRUE(r.out.contains("http://127.0.0.1:9/left"));
    EXPECT_FALSE(r.out.contains("whsec_")) << "the secret stays its owner's";
    r = cli({QStringLiteral("webhooks"), QStringLiteral("delete"), id});
    EXPECT_EQ(r.exit, 0) << r.err.constData();
    EXPECT_EQ(r.out.trimmed(), "deleted " + id.toUtf8());
    r = cli({QStringLiteral("webhooks"), QStringLiteral("list")});
    EXPECT_FALSE(r.out.contains(id.toUtf8()));
    r = cli({QStringLiteral("webhooks"), QStringLiteral("delete"), id});
    EXPECT_EQ(r.exit, 4); // not found
    EXPECT_TRUE(r.err.contains("no webhook with this id")) << r.err.constData();
    EXPECT_EQ(cli({QStringLiteral("webhooks"), QStringLiteral("remove")}).exit, 2);
}
