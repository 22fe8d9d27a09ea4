// The read servers as an operator runs them (the fixture:
// tests/indexer/readserverfixture.h, the same suite as readservertest.cpp):
// a forwarded transaction that does not hold the server, SIGTERM that
// finishes what is owed (at most what drain's cap gives), the access log, /ready against the node's
// head, a database restarted under them, one server killed beside the other.
#include "indexer/options/indexercommand.h"
#include "tests/indexer/readserverfixture.h"
#include "tests/support/scriptedhttpserver.h"
#include "tests/support/slownode.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QWebSocket>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

// A transaction forwarded to a node that answers slowly holds nothing but
// its own request: before, the server's one thread waited for the node (a
// node answering in 4.5 s left a normal client 15 answers in 30 s), and
// the node counted every user of the server as one client.
TEST_F(ReadServerTest, AForwardedTransactionWaitsForTheNodeWithoutHoldingTheServer)
{
    SlowNode slow(3000);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                           QStringLiteral("--rpc"), slow.url()});
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();
    QTcpSocket sender;
    ASSERT_NO_FATAL_FAILURE(
        sendTransaction(sender, static_cast<quint16>(QUrl(server.rpc()).port())));
    ASSERT_TRUE(QTest::qWaitFor([&] { return slow.transactions() == 1; }, 10000));
    // The node is still thinking: everyone else is answered now.
    QElapsedTimer t;
    t.start();
    EXPECT_TRUE(rpc(server.rpc(), QStringLiteral("gif_blockNumber"), {}).isDouble());
    EXPECT_LT(t.elapsed(), 1500) << "ms for a normal call while a transaction was forwarded";
    // And the transaction's answer is the node's, when it comes.
    const QByteArray answer = resultOn(sender);
    ASSERT_TRUE(answer.contains("\"result\"")) << answer.constData();
    EXPECT_EQ(slow.forwardedFor(), QList<QByteArray>{"127.0.0.1"}) << "whose it is, told";
}

// SIGTERM stops a server as a rolling restart needs: no new connection is
// taken, a request on its way (a transaction the node answers in 2 s) is
// still answered, and the process exits 0. Before, the event loop ended at
// once, the connection was reset and its answer lost.
// Its websocket clients are told the server goes away (1001), so that
// they reconnect elsewhere at once; and `--port P` lays REST, JSON-RPC and
// the websocket out on P, P+1 and P+2, as the node does.
TEST_F(ReadServerTest, SigtermFinishesWhatIsOnItsWayAndExitsZero)
{
    SlowNode slow(2000);
    const quint16 first = DevnetProcess::freePortTriple();
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                           QStringLiteral("--rpc"), slow.url(), QStringLiteral("--port"),
                           QString::number(first)});
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();
    EXPECT_EQ(QUrl(server.base()).port(), first);
    EXPECT_EQ(QUrl(server.rpc()).port(), first + 1);
    EXPECT_EQ(QUrl(server.ws()).port(), first + 2);
    const auto port = static_cast<quint16>(QUrl(server.rpc()).port());
    QWebSocket watcher;
    watcher.open(QUrl(server.ws()));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return watcher.state() == QAbstractSocket::ConnectedState; }, 10000));
    QTcpSocket sender;
    ASSERT_NO_FATAL_FAILURE(sendTransaction(sender, port));
    ASSERT_TRUE(QTest::qWaitFor([&] { return slow.transactions() == 1; }, 10000));

    server.process().terminate();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return watcher.state() == QAbstractSocket::UnconnectedState; }, 5000));
    EXPECT_EQ(watcher.closeCode(), QWebSocketProtocol::CloseCodeGoingAway)
        << watcher.closeReason().toStdString();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return server.log().contains(
                QLatin1String("stopping: answering what is on its way (10 s at most)"));
        },
        5000))
        << server.log().toStdString();
    QTcpSocket late;
    late.connectToHost(QHostAddress::LocalHost, port);
    EXPECT_FALSE(late.waitForConnected(2000)) << "a connection taken after SIGTERM";
    const QByteArray answer = resultOn(sender);
    ASSERT_TRUE(answer.contains("\"result\"")) << answer.constData() << server.log().toStdString();
    // It may be gone already (waitForFinished is then false): finished either way.
    ASSERT_TRUE(server.process().state() == QProcess::NotRunning ||
                server.process().waitForFinished(10000))
        << server.log().toStdString();
    EXPECT_EQ(server.process().exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(server.process().exitCode(), 0) << server.log().toStdString();
}

// A stop is capped: drain(maxMs) gives what is owed that long and no
// longer (SIGTERM gives 10 s), so a node that never answers a forwarded
// transaction cannot hold a rolling restart; with nothing owed, drained()
// comes at once. In this process, to give the cap in milliseconds.
TEST_F(ReadServerTest, ADrainEndsAtItsCapWhateverIsStillOwed)
{
    SlowNode never(60000);
    const indexer::IndexerCommand command = indexer::parseIndexerArguments(
        {QStringLiteral("gifscan-indexer"), QStringLiteral("serve"), QStringLiteral("--db"), s_db,
         QStringLiteral("--rpc"), never.url()});
    ASSERT_TRUE(command.ok()) << command.error.toStdString();
    for (const bool owing : {false, true}) {
        server::NodeServer server;
        const auto started = server.start(command.server);
        ASSERT_TRUE(started) << started.error().message.toStdString();
        QTcpSocket sender;
        if (owing) {
            ASSERT_NO_FATAL_FAILURE(sendTransaction(
                sender, static_cast<quint16>(QUrl(server.endpoints().rpcUrl).port())));
            ASSERT_TRUE(QTest::qWaitFor([&] { return never.transactions() == 1; }, 10000));
        }
        bool drained = false;
        // Queued to this thread (the context): drained() comes from the node's.
        QObject::connect(&server, &server::NodeServer::drained, &server, [&] { drained = true; });
        QElapsedTimer since;
        since.start();
        server.drain(owing ? 600 : 5000);
        ASSERT_TRUE(QTest::qWaitFor([&] { return drained; }, 10000));
        // The forwarder gives the node 5 s before it answers the client an
        // error: drained before that is the cap's doing.
        if (owing)
            EXPECT_TRUE(since.elapsed() >= 600 && since.elapsed() < 3000)
                << since.elapsed() << " ms: drained before its cap, or held past it";
        else
            EXPECT_LT(since.elapsed(), 2500) << "nothing owed, yet the cap was waited for";
        server.stop();
    }
}

// --access-log: a line a request, on its own category, in the program's
// log format: the client, the method and target, the status, the bytes and
// the time; JSON-RPC's too, a forwarded transaction's once it is answered.
TEST_F(ReadServerTest, AnAccessLogLineARequestWhenAsked)
{
    IndexerProcess quiet({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                          QStringLiteral("--rpc"), s_node->rpcUrl()});
    IndexerProcess logged({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                           QStringLiteral("--rpc"), s_node->rpcUrl(),
                           QStringLiteral("--access-log"), QStringLiteral("--log-format"),
                           QStringLiteral("json")});
    for (IndexerProcess *s : {&quiet, &logged}) {
        ASSERT_FALSE(s->base().isEmpty()) << s->log().toStdString();
        EXPECT_EQ(Http().get(s->base() + QStringLiteral("/v1/blocks?limit=1&x=%22%0A")).status,
                  200);
        EXPECT_TRUE(rpc(s->rpc(), QStringLiteral("gif_blockNumber"), {}).isDouble());
    }
    QJsonObject rest, json;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            for (const QString &line : logged.log().split(u'\n', Qt::SkipEmptyParts)) {
                const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
                const QString message = o.value(QStringLiteral("message")).toString();
                if (message.contains(QLatin1String("\"GET ")))
                    rest = o;
                if (message.contains(QLatin1String("\"POST /\"")))
                    json = o;
            }
            return !rest.isEmpty() && !json.isEmpty();
        },
        5000))
        << logged.log().toStdString();
    EXPECT_EQ(rest.value(QStringLiteral("category")).toString(), QStringLiteral("gifscan.access"));
    // A read server's own lines are the server's, not the node's.
    EXPECT_TRUE(logged.log().contains(QLatin1String("\"category\":\"gifscan.serve\"")))
        << logged.log().toStdString();
    EXPECT_FALSE(logged.log().contains(QLatin1String("gifscan.devnet.node")))
        << logged.log().toStdString();
    const QString line = rest.value(QStringLiteral("message")).toString();
    EXPECT_TRUE(
        line.startsWith(QLatin1String("127.0.0.1 \"GET /v1/blocks?limit=1&x=%22%0A\" 200 ")))
        << line.toStdString();
    EXPECT_TRUE(line.endsWith(QLatin1String(" ms"))) << line.toStdString();
    EXPECT_TRUE(json.value(QStringLiteral("message"))
                    .toString()
                    .startsWith(QLatin1String("127.0.0.1 \"POST /\" 200 ")))
        << json.value(QStringLiteral("message")).toString().toStdString();
    EXPECT_FALSE(quiet.log().contains(QLatin1String("gifscan.access")))
        << quiet.log().toStdString();
}

// /ready says whether a server keeps up with its node: 200 at the node's
// head, 503 with the lag once it has been behind longer than --ready-lag.
// Before, a server whose follower had died answered 200 at a frozen head.
TEST_F(ReadServerTest, ReadyAtTheNodesHeadAndNotWhenLongBehindIt)
{
    HttpResult ready;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            ready = Http().get(s_a->base() + QStringLiteral("/ready"));
            return ready.status == 200;
        },
        10000))
        << ready.body.constData();
    EXPECT_TRUE(ready.json()[QStringLiteral("ready")].toBool());
    // A node that names a head far above what this database holds.
    ScriptedHttpServer ahead(std::deque<QByteArray>(60, ScriptedHttpServer::rpcAnswer(1000000)));
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                           QStringLiteral("--rpc"), ahead.url(), QStringLiteral("--ready-lag"),
                           QStringLiteral("1")});
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            // Until the node's head is first known it says that instead.
            ready = Http().get(server.base() + QStringLiteral("/ready"));
            return ready.status == 503 &&
                   ready.json()[QStringLiteral("reason")].toString().startsWith(
                       QStringLiteral("behind the node's head for"));
        },
        10000))
        << ready.body.constData();
    EXPECT_GT(ready.json()[QStringLiteral("lagSeconds")].toDouble(), 1);
    EXPECT_EQ(Http().get(server.base() + QStringLiteral("/health")).status, 200);
    EXPECT_TRUE(Http()
                    .get(server.base() + QStringLiteral("/metrics"))
                    .body.contains("gifscan_node_head_height 1000000"));
}

// The database restarted under them: each server connects again on the
// request after, and answers at the height it had.
TEST_F(ReadServerTest, AfterTheDatabaseRestartsTheServersAnswerAgain)
{
    ASSERT_TRUE(s_server->restart()) << s_server->error().toStdString();
    for (IndexerProcess *s : {s_a, s_b}) {
        EXPECT_TRUE(QTest::qWaitFor(
            [&] {
                return Http().get(s->base() + QStringLiteral("/v1/blocks?limit=1")).status == 200;
            },
            15000))
            << s->log().toStdString();
        const HttpResult r = Http().get(s->base() + QStringLiteral("/v1/objects?limit=2"));
        EXPECT_EQ(r.status, 200) << r.body.constData();
        EXPECT_EQ(r.header("X-Block-Height").toLongLong(), nodeHead);
        // Webhooks are registered over a connection of their own, made again too.
        const QJsonObject hook =
            rpc(s->rpc(), QStringLiteral("gif_createWebhook"),
                QJsonArray{
                    QJsonObject{{QStringLiteral("url"), QStringLiteral("http://127.0.0.1:9/")},
                                {QStringLiteral("types"), QJsonArray{QStringLiteral("mint")}}}})
                .toObject();
        EXPECT_TRUE(hook.value(QStringLiteral("secret")).toString().startsWith(u"whsec_"))
            << s->log().toStdString();
    }
}

TEST_F(ReadServerTest, AServerKilledLeavesTheOtherAnswering)
{
    s_a->kill();
    const HttpResult r = Http().get(s_b->base() + QStringLiteral("/v1/blocks?limit=2"));
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("X-Block-Height").toLongLong(), nodeHead);
    // Started again for the suite's other tests, which may come after this
    // one (the suite spans two files, ordered as they are linked).
    delete s_a;
    s_a = startServer();
}
