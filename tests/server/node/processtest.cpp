// gifscan-devnet as a process: its first stdout line, clean shutdown on
// SIGTERM, and kill -9 at any moment losing no block that was announced and
// no webhook delivery that was owed.
#include "tests/support/activityfeed.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/testpaths.h"
#include "tests/support/webhookreceiver.h"

#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>
#include <gtest/gtest.h>
#include <map>
#include <random>
#include <set>

using namespace gifscan;
using namespace gifscan::test;

TEST(DevnetProcess, AnnouncesItsEndpointsAndStopsCleanlyOnSigterm)
{
    QTemporaryDir dir;
    DevnetProcess p({QStringLiteral("--objects"), QStringLiteral("8"),
                     QStringLiteral("--block-time"), QStringLiteral("0.3"),
                     QStringLiteral("--data-dir"), dir.path()});
    ASSERT_TRUE(p.started()) << p.process().readAllStandardError().constData();
    const QJsonObject e = p.endpoints();
    EXPECT_EQ(e[QStringLiteral("chainId")].toInteger(), 6464);
    EXPECT_EQ(e[QStringLiteral("network")].toString(), QStringLiteral("chain-devnet-1"));
    EXPECT_TRUE(
        e[QStringLiteral("base_url")].toString().startsWith(QStringLiteral("http://127.0.0.1:")));
    EXPECT_TRUE(
        e[QStringLiteral("rpc_url")].toString().startsWith(QStringLiteral("http://127.0.0.1:")));
    EXPECT_TRUE(
        e[QStringLiteral("rpc_ws_url")].toString().startsWith(QStringLiteral("ws://127.0.0.1:")));
    Http http;
    EXPECT_EQ(http.get(p.rest(QStringLiteral("/v1/blocks"))).status, 200);
    p.process().terminate(); // SIGTERM
    ASSERT_TRUE(p.process().waitForFinished(10000));
    EXPECT_EQ(p.process().exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(p.process().exitCode(), 0);
    // Said, as a supervisor's log should show why it ended.
    EXPECT_TRUE(
        p.process().readAllStandardError().contains("stopping: answering what is on its way"));
}

// A first start's long wait says how it goes in words a reader takes in:
// "genesis (…/chain.db): 50 %", and without a file no stray " :" ("genesis
// : 208 of 416").
TEST(DevnetProcess, ItsGenesisProgressReadsAsAShareOfTheWay)
{
    QTemporaryDir dir;
    for (const QStringList &where : {QStringList{QStringLiteral("--data-dir"), dir.path()},
                                     QStringList{QStringLiteral("--ephemeral")}}) {
        DevnetProcess p(QStringList{QStringLiteral("--objects"), QStringLiteral("8"),
                                    QStringLiteral("--port"), QStringLiteral("0")} +
                        where);
        ASSERT_TRUE(p.started());
        const QString log = QString::fromUtf8(p.process().readAllStandardError());
        EXPECT_TRUE(
            log.contains(QRegularExpression(QStringLiteral("genesis( \\([^)]+\\))?: 100 %"))))
            << log.toStdString();
        EXPECT_FALSE(log.contains(QStringLiteral("genesis :"))) << log.toStdString();
        EXPECT_FALSE(
            log.contains(QRegularExpression(QStringLiteral("genesis[^\\n]*: \\d+ of \\d+"))))
            << log.toStdString();
    }
}

// What the build does once and a first start then copies: the node that
// finds its genesis prebuilt says no progress at all, and serves the same
// block 0 as one that built it.
TEST(DevnetProcess, AFirstStartCopiesThePreparedGenesis)
{
    QTemporaryDir genesis, copied, built;
    QProcess prepare;
    prepare.start(gifscan::test::devnetBinary(),
                  {QStringLiteral("--objects"), QStringLiteral("40"),
                   QStringLiteral("--prepare-genesis"), genesis.path()});
    ASSERT_TRUE(prepare.waitForFinished(60000));
    ASSERT_EQ(prepare.exitCode(), 0) << prepare.readAllStandardError().constData();
    const QString file = QString::fromUtf8(prepare.readAllStandardOutput()).trimmed();
    EXPECT_TRUE(file.startsWith(genesis.path())) << file.toStdString();
    EXPECT_TRUE(QFile::exists(file)) << "it says where the file is";

    auto blockZero = [](const DevnetProcess &p) {
        return Http().get(p.rest(QStringLiteral("/v1/blocks/0"))).data().toObject();
    };
    const QStringList common{QStringLiteral("--objects"), QStringLiteral("40"),
                             QStringLiteral("--block-time"), QStringLiteral("60")};
    DevnetProcess fromCopy(common + QStringList{QStringLiteral("--data-dir"), copied.path(),
                                                QStringLiteral("--genesis-dir"), genesis.path()});
    ASSERT_TRUE(fromCopy.started()) << fromCopy.process().readAllStandardError().constData();
    EXPECT_TRUE(fromCopy.progress().isEmpty()) << "nothing to wait for";
    DevnetProcess fromScratch(common + QStringList{QStringLiteral("--data-dir"), built.path(),
                                                   QStringLiteral("--genesis-dir"), QString()});
    ASSERT_TRUE(fromScratch.started());
    EXPECT_FALSE(fromScratch.progress().isEmpty()) << "a genesis built says how it goes";
    const QJsonObject a = blockZero(fromCopy), b = blockZero(fromScratch);
    EXPECT_FALSE(a[QStringLiteral("hash")].toString().isEmpty());
    EXPECT_EQ(a, b);
}

TEST(DevnetProcess, RejectsBadArguments)
{
    QProcess p;
    p.start(gifscan::test::devnetBinary(),
            {QStringLiteral("--block-time"), QStringLiteral("soon")});
    ASSERT_TRUE(p.waitForFinished(10000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_TRUE(p.readAllStandardError().contains("--block-time"));
}

TEST(DevnetProcess, KillNineLosesNoAnnouncedBlock)
{
    QTemporaryDir dir;
    const QStringList args{QStringLiteral("--objects"),    QStringLiteral("10"),
                           QStringLiteral("--block-time"), QStringLiteral("0.05"),
                           QStringLiteral("--data-dir"),   dir.path(),
                           QStringLiteral("--rate-limit"), QStringLiteral("off")};
    std::map<qint64, QString> announced; // height -> hash, as heads were announced
    std::mt19937 rng(42);
    // Twelve kills at random phases of the 50 ms block cycle: each round
    // lands somewhere in a block's write, and the chain carries on across
    // all of them.
    for (int round = 0; round < 12; ++round) {
        DevnetProcess p(args);
        ASSERT_TRUE(p.started()) << p.process().readAllStandardError().constData();
        QWebSocket ws;
        QObject::connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
            const QJsonObject result =
                QJsonDocument::fromJson(m.toUtf8())
                    .object()[QStringLiteral("params")][QStringLiteral("result")]
                    .toObject();
            if (result.contains(QStringLiteral("hash")))
                announced[result[QStringLiteral("height")].toInteger()] =
                    result[QStringLiteral("hash")].toString();
        });
        ws.open(QUrl(p.endpoints()[QStringLiteral("rpc_ws_url")].toString()));
        ASSERT_TRUE(
            QTest::qWaitFor([&] { return ws.state() == QAbstractSocket::ConnectedState; }, 5000));
        ws.sendTextMessage(QStringLiteral(
            R"({"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]})"));

        // Everything announced before this start is still there, unchanged.
        Http http;
        for (const auto &[height, hash] : announced) {
            const HttpResult b = http.get(p.rest(QStringLiteral("/v1/blocks/%1").arg(height)));
            ASSERT_EQ(b.status, 200) << "block " << height << " was announced and then lost";
            EXPECT_EQ(b.data()[QStringLiteral("hash")].toString(), hash) << "block " << height;
        }
        // Let it announce a head in this round and run a random while more,
        // then kill -9 mid-flight. (A fixed 100-300 ms was sometimes too
        // short for a first head under ASan with another suite beside it.)
        const std::size_t before = announced.size();
        ASSERT_TRUE(QTest::qWaitFor([&] { return announced.size() > before; }, 10000))
            << "no head was announced in round " << round;
        QTest::qWait(static_cast<int>(rng() % 200));
        p.process().kill();
        ASSERT_TRUE(p.process().waitForFinished(5000));
    }
    // One more start to check the last round's blocks too.
    DevnetProcess last(args);
    ASSERT_TRUE(last.started());
    Http http;
    for (const auto &[height, hash] : announced) {
        const HttpResult b = http.get(last.rest(QStringLiteral("/v1/blocks/%1").arg(height)));
        ASSERT_EQ(b.status, 200) << "block " << height << " lost";
        EXPECT_EQ(b.data()[QStringLiteral("hash")].toString(), hash);
    }
}

TEST(DevnetProcess, KillNineLosesNoWebhookDeliveryAndRepeatsOnlyTheUnacknowledged)
{
    QTemporaryDir dir;
    // Its durability is the question, not its pace: no request is cut at
    // 250 ms (a loaded CI run once saw no delivery in 20 s).
    const QStringList args{QStringLiteral("--request-budget-ms"),
                           QStringLiteral("10000"),
                           QStringLiteral("--objects"),
                           QStringLiteral("10"),
                           QStringLiteral("--block-time"),
                           QStringLiteral("0.05"),
                           QStringLiteral("--data-dir"),
                           dir.path(),
                           QStringLiteral("--rate-limit"),
                           QStringLiteral("off"),
                           QStringLiteral("--webhook-retry-scale"),
                           QStringLiteral("0.0001")};
    WebhookReceiver receiver;
    Http http;
    auto rpc = [&](const QString &url, const QString &method, const QJsonArray &params) {
        const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                  {QStringLiteral("id"), 1},
                                  {QStringLiteral("method"), method},
                                  {QStringLiteral("params"), params}};
        return http.post(url, QJsonDocument(request).toJson()).json();
    };
    std::uint64_t from = 0;
    QJsonObject hook;
    std::vector<QByteArray> acknowledgedAtKills;
    const quint16 port = receiver.port();
    // Three kills mid-stream, each at a random phase; the receiver acks all
    // but its first two, and is away across the second kill and restart.
    std::mt19937 rng(7);
    for (int round = 0; round < 3; ++round) {
        DevnetProcess p(args);
        ASSERT_TRUE(p.started()) << p.process().readAllStandardError().constData();
        if (round == 0) {
            const QJsonObject created = rpc(
                p.rpcUrl(), QStringLiteral("gif_createWebhook"),
                QJsonArray{QJsonObject{{QStringLiteral("url"), receiver.url()},
                                       {QStringLiteral("types"),
                                        QJsonArray{QStringLiteral("mint"), QStringLiteral("sale"),
                                                   QStringLiteral("transfer")}}}});
            hook = created[QStringLiteral("result")].toObject();
            ASSERT_TRUE(hook.contains(QStringLiteral("secret")))
                << QJsonDocument(created).toJson(QJsonDocument::Compact).toStdString();
            receiver.setSecret(hook[QStringLiteral("secret")].toString());
            from = static_cast<std::uint64_t>(hook[QStringLiteral("height")].toInteger()) + 1;
            // It fails first, then asks for a second's rest.
            receiver.script({{500, {}, {}}, {429, "Retry-After: 1\r\n", {}}});
        }
        if (round == 2) {
            // Down while the node was killed and started again: the node
            // meets refused connections first, then the receiver is back.
            QTest::qWait(200);
            ASSERT_TRUE(receiver.listen(port));
        }
        const std::size_t before = receiver.accepted().size();
        ASSERT_TRUE(QTest::qWaitFor([&] { return receiver.accepted().size() > before + 5; }, 20000))
            << "no deliveries in round " << round;
        QTest::qWait(static_cast<int>(rng() % 60));
        if (round == 1) {
            receiver.goAway();
            QTest::qWait(100);
        }
        p.process().kill();
        ASSERT_TRUE(p.process().waitForFinished(5000));
        QCoreApplication::processEvents();
        acknowledgedAtKills.push_back(receiver.accepted().back().id);
    }
    DevnetProcess last(args);
    ASSERT_TRUE(last.started());
    const std::uint64_t head = static_cast<std::uint64_t>(
        rpc(last.rpcUrl(), QStringLiteral("gif_blockNumber"), {})[QStringLiteral("result")]
            .toInteger());
    const auto expected = activityBetween(http, last.baseUrl(), from, head);
    ASSERT_GT(expected.size(), 20u);
    std::map<QString, int> times;
    for (const auto &e : expected)
        times[e[QStringLiteral("id")].toString()] = 0;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            std::set<QString> got;
            for (const auto &r : receiver.accepted())
                got.insert(r.json[QStringLiteral("data")][QStringLiteral("id")].toString());
            return std::all_of(times.begin(), times.end(),
                               [&](const auto &t) { return got.count(t.first) > 0; });
        },
        30000));
    // Each event came; one came twice only if it was the last one acknowledged
    // before a kill (the node may have died before writing the ack down).
    std::uint64_t lastHeight = 0;
    std::map<QByteArray, int> seen;
    for (const auto &r : receiver.accepted()) {
        EXPECT_TRUE(r.signatureValid);
        const QJsonObject data = r.json[QStringLiteral("data")].toObject();
        const auto height = static_cast<std::uint64_t>(data[QStringLiteral("height")].toInteger());
        EXPECT_GE(height, lastHeight) << "out of height order";
        lastHeight = height;
        if (++seen[r.id] > 1) {
            EXPECT_NE(std::find(acknowledgedAtKills.begin(), acknowledgedAtKills.end(), r.id),
                      acknowledgedAtKills.end())
                << r.id.constData() << " repeated, but it was not in flight at a kill";
            EXPECT_EQ(seen[r.id], 2) << r.id.constData();
        }
        if (height <= head)
            ++times[data[QStringLiteral("id")].toString()];
    }
    for (const auto &[id, n] : times)
        EXPECT_GE(n, 1) << "event " << id.toStdString() << " never delivered";
    const QJsonObject status =
        rpc(last.rpcUrl(), QStringLiteral("gif_webhookStatus"),
            QJsonArray{hook[QStringLiteral("id")],
                       hook[QStringLiteral("secret")]})[QStringLiteral("result")]
            .toObject();
    EXPECT_FALSE(status[QStringLiteral("disabled")].toBool(true));
}

TEST(DevnetEmbedded, StartsAsynchronouslyAndStopsEvenMidGenesis)
{
    server::NodeServer devnet;
    QSignalSpy started(&devnet, &server::NodeServer::started);
    auto config = DevnetHarness::fastConfig(30, 0.3, false);
    devnet.startAsync(config);
    EXPECT_FALSE(devnet.isRunning()) << "startAsync must not wait for the genesis";
    ASSERT_TRUE(started.wait(20000));
    EXPECT_TRUE(devnet.isRunning());
    Http http;
    EXPECT_EQ(http.get(devnet.endpoints().baseUrl + QStringLiteral("/v1/blocks")).status, 200);
    devnet.stop();
    EXPECT_FALSE(devnet.isRunning());

    // Closed while the genesis is still being built: no crash, no leak.
    server::NodeServer early;
    early.startAsync(DevnetHarness::fastConfig(400, 0.3, false));
    early.stop();
    EXPECT_FALSE(early.isRunning());

    server::NodeServer clash;
    QSignalSpy failed(&clash, &server::NodeServer::startFailed);
    auto taken = DevnetHarness::fastConfig(8, 0.3, false);
    QTcpServer holder;
    ASSERT_TRUE(holder.listen(QHostAddress::LocalHost, 0));
    taken.port = holder.serverPort();
    clash.startAsync(taken);
    ASSERT_TRUE(failed.wait(20000));
    EXPECT_TRUE(failed.first().first().toString().contains(QStringLiteral("cannot listen")));
}

// The operator's hand on webhooks: listed with the address that registered
// each (never a secret), and removed while the node runs.
TEST(DevnetProcess, TheOperatorListsAndRemovesWebhooks)
{
    QTemporaryDir dir;
    DevnetProcess p({QStringLiteral("--objects"), QStringLiteral("8"),
                     QStringLiteral("--block-time"), QStringLiteral("0.3"),
                     QStringLiteral("--data-dir"), dir.path()});
    ASSERT_TRUE(p.started()) << p.process().readAllStandardError().constData();
    Http http;
    auto rpc = [&](const QString &method, const QJsonArray &params) {
        const QJsonObject request{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                  {QStringLiteral("id"), 1},
                                  {QStringLiteral("method"), method},
                                  {QStringLiteral("params"), params}};
        return http.post(p.rpcUrl(), QJsonDocument(request).toJson()).json();
    };
    const QJsonObject hook =
        rpc(QStringLiteral("gif_createWebhook"),
            QJsonArray{QJsonObject{{QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/h")},
                                   {QStringLiteral("types"),
                                    QJsonArray{QStringLiteral("mint")}}}})[QStringLiteral("result")]
            .toObject();
    const QString id = hook[QStringLiteral("id")].toString();
    ASSERT_FALSE(id.isEmpty());
    auto run = [&](const QStringList &args) {
        QProcess admin;
        admin.start(devnetBinary(), QStringList{QStringLiteral("--data-dir"), dir.path()} + args);
        admin.waitForFinished(10000);
        return std::make_tuple(admin.exitCode(), admin.readAllStandardOutput(),
                               admin.readAllStandardError());
    };
    auto [code, out, err] = run({QStringLiteral("--list-webhooks")});
    ASSERT_EQ(code, 0) << err.constData();
    const QJsonObject listed = QJsonDocument::fromJson(out.trimmed()).object();
    EXPECT_EQ(listed[QStringLiteral("id")].toString(), id);
    // Every loopback address is one client, the machine.
    EXPECT_EQ(listed[QStringLiteral("owner")].toString(), QStringLiteral("loopback"));
    EXPECT_EQ(listed[QStringLiteral("url")].toString(), QStringLiteral("http://127.0.0.1:9/h"));
    EXPECT_FALSE(out.contains("whsec_")) << "the secret stays the owner's";

    std::tie(code, out, err) = run({QStringLiteral("--remove-webhook"), id});
    EXPECT_EQ(code, 0) << err.constData();
    const QJsonObject status =
        rpc(QStringLiteral("gif_webhookStatus"), QJsonArray{id, hook[QStringLiteral("secret")]});
    EXPECT_EQ(status[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32001);
    std::tie(code, out, err) = run({QStringLiteral("--remove-webhook"), id});
    EXPECT_EQ(code, 1);
    EXPECT_TRUE(err.contains(QByteArray("no webhook " + id.toUtf8()))) << err.constData();
    std::tie(code, out, err) = run({QStringLiteral("--list-webhooks")});
    EXPECT_EQ(code, 0);
    EXPECT_TRUE(out.isEmpty());
}
