// The indexer's read servers against the node they index: a real
// PostgreSQL, a devnet, a follower and two read servers, as processes. At
// the same height the servers answer REST, GraphQL and JSON-RPC byte for
// byte as the node does, page after page; a server behind the height a
// client demands says 503, never older data; a transaction sent to a server
// reaches the node; a server killed leaves the other answering.
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/scriptedhttpserver.h"
#include "tests/support/slownode.h"
#include "tests/support/testpaths.h"
#include "tests/support/txfactory.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

class ReadServerTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_server = new PostgresServer;
        s_db = s_server->createDatabase(QStringLiteral("reads"));
        s_dir = new QTemporaryDir;
        s_port = DevnetProcess::freePortTriple();
        // A chain with every kind of activity, then standing still, so that
        // node and servers are compared at one height.
        {
            DevnetProcess busy(DevnetProcess::smallNodeArgs(s_port, s_dir->path()));
            QTest::qWait(2500);
        }
        s_node = new DevnetProcess(DevnetProcess::smallNodeArgs(
            s_port, s_dir->path(), QStringLiteral("--block-time 3600")));
        s_follower = new IndexerProcess(s_db, *s_node);
        for (auto **server : {&s_a, &s_b})
            *server = new IndexerProcess({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                                          QStringLiteral("--rpc"), s_node->rpcUrl()});
    }
    static void TearDownTestSuite()
    {
        delete s_a;
        delete s_b;
        delete s_follower;
        delete s_node;
        delete s_dir;
        delete s_server;
    }
    void SetUp() override
    {
        ASSERT_TRUE(s_server->running()) << s_server->error().toStdString();
        ASSERT_TRUE(s_node->started());
        nodeHead = Http()
                       .get(s_node->rest(QStringLiteral("/v1/blocks?limit=1")))
                       .json()
                       .value(QStringLiteral("height"))
                       .toInteger();
        ASSERT_GT(nodeHead, 20);
        // Both servers have read up to the node's head.
        for (IndexerProcess *s : {s_a, s_b}) {
            ASSERT_FALSE(s->base().isEmpty()) << s->log().toStdString();
            ASSERT_TRUE(QTest::qWaitFor(
                [&] {
                    return Http().get(s->base() + QStringLiteral("/v1/blocks?limit=1")).status ==
                               200 &&
                           Http().get(s->base() + QStringLiteral("/v1/blocks?limit=1"))
                                   .header("X-Block-Height")
                                   .toLongLong() == nodeHead;
                },
                60000))
                << s_follower->log().toStdString() << s->log().toStdString();
        }
    }

    // Every page of a list (its cursor followed), or a record, from the
    // node and from each server: the same bytes.
    void expectSamePages(const QString &path, int maxPages = 6)
    {
        QString next = path;
        for (int page = 0; page < maxPages && !next.isEmpty(); ++page) {
            const HttpResult node = Http().get(s_node->rest(next));
            for (IndexerProcess *s : {s_a, s_b}) {
                const HttpResult mine = Http().get(s->base() + next);
                EXPECT_EQ(mine.status, node.status) << next.toStdString();
                EXPECT_EQ(mine.header("X-Block-Height"), node.header("X-Block-Height"));
                EXPECT_EQ(mine.body, node.body) << next.toStdString();
            }
            const QString cursor = node.json().value(QStringLiteral("cursor")).toString();
            if (cursor.isEmpty())
                break;
            QUrl url(QStringLiteral("http://x") + path);
            QUrlQuery q(url);
            q.removeAllQueryItems(QStringLiteral("cursor"));
            q.addQueryItem(QStringLiteral("cursor"), cursor);
            url.setQuery(q);
            next = url.path() + u'?' + url.query(QUrl::FullyEncoded);
        }
    }
    void expectSameGraphql(const QString &query)
    {
        const QByteArray body =
            QJsonDocument(QJsonObject{{QStringLiteral("query"), query}}).toJson();
        const HttpResult node = Http().post(s_node->rest(QStringLiteral("/graphql")), body);
        ASSERT_EQ(node.status, 200) << node.body.constData();
        EXPECT_FALSE(node.json().contains(QStringLiteral("errors"))) << node.body.constData();
        for (IndexerProcess *s : {s_a, s_b})
            EXPECT_EQ(Http().post(s->base() + QStringLiteral("/graphql"), body).body, node.body)
                << query.toStdString();
    }
    QJsonValue rpc(const QString &url, const QString &method, const QJsonArray &params)
    {
        return Http().rpc(url, method, params).value(QStringLiteral("result"));
    }

    static PostgresServer *s_server;
    static QString s_db;
    static QTemporaryDir *s_dir;
    static quint16 s_port;
    static DevnetProcess *s_node;
    static IndexerProcess *s_follower;
    static IndexerProcess *s_a;
    static IndexerProcess *s_b;
    qint64 nodeHead = 0;
};
PostgresServer *ReadServerTest::s_server = nullptr;
QString ReadServerTest::s_db;
QTemporaryDir *ReadServerTest::s_dir = nullptr;
quint16 ReadServerTest::s_port = 0;
DevnetProcess *ReadServerTest::s_node = nullptr;
IndexerProcess *ReadServerTest::s_follower = nullptr;
IndexerProcess *ReadServerTest::s_a = nullptr;
IndexerProcess *ReadServerTest::s_b = nullptr;

TEST_F(ReadServerTest, RestAnswersAreTheNodesPageByPage)
{
    for (const char *path :
         {"/v1/blocks?limit=7", "/v1/objects?limit=5", "/v1/objects?sort=price&limit=4",
          "/v1/objects?sort=rarity&reverse=true&limit=4", "/v1/objects?listed=true&limit=3",
          "/v1/collections?limit=3", "/v1/collections?sort=volume", "/v1/activity?limit=6",
          "/v1/activity?type=sale&limit=4", "/v1/blocks/0", "/v1/blocks/999999"})
        expectSamePages(QString::fromLatin1(path));
    // Records the lists name: objects (and their history), wallets, traits,
    // transactions, at the head and at an earlier height.
    const QJsonArray objects =
        Http().get(s_node->rest(QStringLiteral("/v1/objects?limit=6"))).data().toArray();
    ASSERT_FALSE(objects.isEmpty());
    for (const QJsonValue &o : objects) {
        const QString key = o[QStringLiteral("key")].toString();
        const QString slug = key.section(u'#', 0, 0);
        const QString id = key.section(u'#', 1);
        const QString owner = o[QStringLiteral("owner")].toString();
        expectSamePages(QStringLiteral("/v1/objects/%1/%2").arg(slug, id));
        expectSamePages(
            QStringLiteral("/v1/objects/%1/%2?height=%3").arg(slug, id).arg(nodeHead / 2));
        expectSamePages(QStringLiteral("/v1/wallets/%1").arg(owner));
        expectSamePages(QStringLiteral("/v1/activity?address=%1&limit=3").arg(owner));
        expectSamePages(QStringLiteral("/v1/collections/%1/traits").arg(slug));
        expectSamePages(QStringLiteral("/v1/objects?collection=%1&limit=3").arg(slug), 3);
    }
    for (const QJsonValue &tx :
         Http()
             .get(s_node->rest(QStringLiteral("/v1/blocks/%1").arg(nodeHead - 1)))
             .json()
             .value(QStringLiteral("transactions"))
             .toArray())
        expectSamePages(QStringLiteral("/v1/txs/%1").arg(tx.toString()));
}

TEST_F(ReadServerTest, GraphqlAndJsonRpcAnswerAsTheNode)
{
    expectSameGraphql(QStringLiteral("{ head { height hash } blocks(first: 5) { edges { cursor "
                                     "node { height txCount } } pageInfo { endCursor hasNextPage "
                                     "} } }"));
    expectSameGraphql(QStringLiteral(
        "{ objects(first: 6, sort: PRICE) { edges { cursor node { key owner listing { price } } "
        "} pageInfo { hasNextPage } } collections(first: 4) { nodes { slug items holders(first: "
        "3) { nodes { owner count } } } } }"));
    expectSameGraphql(QStringLiteral("{ activity(types: [MINT, SALE], first: 8) { nodes { type "
                                     "key price } } a: block(height: 0) { hash } }"));
    const QString node = s_node->rpcUrl();
    for (const QString &server : {s_a->rpc(), s_b->rpc()}) {
        for (const auto &[method, params] : std::vector<std::pair<QString, QJsonArray>>{
                 {QStringLiteral("gif_blockNumber"), {}},
                 {QStringLiteral("gif_getBlockByHeight"), {nodeHead - 2, true}},
                 {QStringLiteral("gif_validators"), {}},
                 {QStringLiteral("gif_objectRoot"), {nodeHead / 3}},
                 {QStringLiteral("gif_holdingsProof"),
                  {toHexString(TxFactory::dev(0)), nodeHead / 2}},
             }) {
            const QJsonValue mine = rpc(server, method, params);
            EXPECT_FALSE(mine.isUndefined()) << method.toStdString();
            EXPECT_EQ(mine, rpc(node, method, params)) << method.toStdString();
        }
    }
}

TEST_F(ReadServerTest, AServerBehindTheHeightAskedForSays503AndNeverOlderData)
{
    for (IndexerProcess *s : {s_a, s_b}) {
        const HttpResult behind =
            Http().get(s->base() + QStringLiteral("/v1/blocks?minHeight=%1").arg(nodeHead + 5));
        EXPECT_EQ(behind.status, 503);
        EXPECT_EQ(behind.header("Retry-After"), "1");
        EXPECT_EQ(behind.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
                  QStringLiteral("behind"));
        EXPECT_EQ(
            Http().get(s->base() + QStringLiteral("/v1/blocks?minHeight=%1").arg(nodeHead)).status,
            200);
        EXPECT_EQ(Http().get(s->base() + QStringLiteral("/v1/blocks?minHeight=-1")).status, 400);

        // GraphQL: an argument of any root field, or a variable's value.
        const auto graphql = [&](const QString &query, const QJsonObject &variables = {}) {
            return Http().post(s->base() + QStringLiteral("/graphql"),
                               QJsonDocument(QJsonObject{{QStringLiteral("query"), query},
                                                         {QStringLiteral("variables"), variables}})
                                   .toJson());
        };
        const HttpResult late =
            graphql(QStringLiteral("query($h: Int) { head { height } object(slug: \"pixel-cats\", "
                                   "tokenId: 1, minHeight: $h) { owner } }"),
                    {{QStringLiteral("h"), nodeHead + 5}});
        EXPECT_EQ(late.status, 503) << late.body.constData();
        EXPECT_EQ(late.header("Retry-After"), "1");
        EXPECT_FALSE(late.json().contains(QStringLiteral("data"))) << "no data at all";
        EXPECT_EQ(late.json()[QStringLiteral("errors")][0][QStringLiteral("extensions")]
                             [QStringLiteral("code")]
                                 .toString(),
                  QStringLiteral("BEHIND"));
        const HttpResult fresh =
            graphql(QStringLiteral("{ head(minHeight: %1) { height } }").arg(nodeHead));
        EXPECT_EQ(fresh.status, 200);
        EXPECT_EQ(
            fresh.json()[QStringLiteral("data")][QStringLiteral("head")][QStringLiteral("height")]
                .toInteger(),
            nodeHead);
        EXPECT_TRUE(graphql(QStringLiteral("{ head(minHeight: -1) { height } }"))
                        .json()
                        .contains(QStringLiteral("errors")));

        // JSON-RPC: on the endpoint's URL, for every call of the request.
        const QByteArray call =
            QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                      {QStringLiteral("id"), 1},
                                      {QStringLiteral("method"), QStringLiteral("gif_blockNumber")},
                                      {QStringLiteral("params"), QJsonArray{}}})
                .toJson();
        const HttpResult rpcLate =
            Http().post(s->rpc() + QStringLiteral("/?minHeight=%1").arg(nodeHead + 5), call);
        EXPECT_EQ(rpcLate.status, 503) << rpcLate.body.constData();
        EXPECT_EQ(rpcLate.json()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32006);
        EXPECT_EQ(
            Http().post(s->rpc() + QStringLiteral("/?minHeight=%1").arg(nodeHead), call).status,
            200);
    }
}

TEST_F(ReadServerTest, ATransactionSentToAServerReachesTheNode)
{
    // Refused by the node, in the node's words: the server added nothing.
    const QByteArray bad =
        QJsonDocument(
            QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), 1},
                        {QStringLiteral("method"), QStringLiteral("gif_sendRawTransaction")},
                        {QStringLiteral("params"), QJsonArray{QStringLiteral("0x00")}}})
            .toJson();
    EXPECT_EQ(Http().post(s_a->rpc(), bad).body, Http().post(s_node->rpcUrl(), bad).body);
    // Accepted: the node's mempool holds it.
    TxFactory factory;
    const Bytes raw = factory.transfer(0, TxFactory::dev(3), oneGif());
    const QJsonValue hash =
        rpc(s_b->rpc(), QStringLiteral("gif_sendRawTransaction"), {toHexString(raw)});
    ASSERT_TRUE(hash.isString()) << "the node refused it";
    const HttpResult pending =
        Http().get(s_node->rest(QStringLiteral("/v1/txs/%1").arg(hash.toString())));
    EXPECT_EQ(pending.status, 200) << pending.body.constData();
    EXPECT_TRUE(pending.data()[QStringLiteral("receipt")].isNull()) << "waiting for a block";
}

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
    TxFactory factory;
    const QByteArray body =
        QJsonDocument(
            QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), 1},
                        {QStringLiteral("method"), QStringLiteral("gif_sendRawTransaction")},
                        {QStringLiteral("params"), QJsonArray{toHexString(factory.transfer(
                                                       0, TxFactory::dev(3), oneGif()))}}})
            .toJson(QJsonDocument::Compact);
    QTcpSocket sender;
    sender.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(QUrl(server.rpc()).port()));
    ASSERT_TRUE(sender.waitForConnected(5000));
    sender.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 "Content-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n" + body);
    ASSERT_TRUE(sender.waitForBytesWritten(5000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return slow.transactions() == 1; }, 10000));
    // The node is still thinking: everyone else is answered now.
    QElapsedTimer t;
    t.start();
    EXPECT_TRUE(rpc(server.rpc(), QStringLiteral("gif_blockNumber"), {}).isDouble());
    EXPECT_LT(t.elapsed(), 1500) << "ms for a normal call while a transaction was forwarded";
    // And the transaction's answer is the node's, when it comes.
    QByteArray answer;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            answer += sender.readAll();
            return answer.contains("\"result\"");
        },
        10000))
        << answer.constData();
    EXPECT_EQ(slow.forwardedFor(), QList<QByteArray>{"127.0.0.1"}) << "whose it is, told";
}

// SIGTERM stops a server as a rolling restart needs: no new connection is
// taken, a request on its way (a transaction the node answers in 2 s) is
// still answered, and the process exits 0. Before, the event loop ended at
// once, the connection was reset and its answer lost.
TEST_F(ReadServerTest, SigtermFinishesWhatIsOnItsWayAndExitsZero)
{
    SlowNode slow(2000);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), s_db,
                           QStringLiteral("--rpc"), slow.url()});
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();
    const auto port = static_cast<quint16>(QUrl(server.rpc()).port());
    TxFactory factory;
    const QByteArray body =
        QJsonDocument(
            QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), 1},
                        {QStringLiteral("method"), QStringLiteral("gif_sendRawTransaction")},
                        {QStringLiteral("params"), QJsonArray{toHexString(factory.transfer(
                                                       0, TxFactory::dev(3), oneGif()))}}})
            .toJson(QJsonDocument::Compact);
    QTcpSocket sender;
    sender.connectToHost(QHostAddress::LocalHost, port);
    ASSERT_TRUE(sender.waitForConnected(5000));
    sender.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 "Content-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n" + body);
    ASSERT_TRUE(sender.waitForBytesWritten(5000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return slow.transactions() == 1; }, 10000));

    server.process().terminate();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return server.log().contains(QLatin1String("stopping: answering what is on")); },
        5000))
        << server.log().toStdString();
    QTcpSocket late;
    late.connectToHost(QHostAddress::LocalHost, port);
    EXPECT_FALSE(late.waitForConnected(2000)) << "a connection taken after SIGTERM";
    QByteArray answer;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            answer += sender.readAll();
            return answer.contains("\"result\"");
        },
        10000))
        << answer.constData() << server.log().toStdString();
    ASSERT_TRUE(server.process().waitForFinished(10000));
    EXPECT_EQ(server.process().exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(server.process().exitCode(), 0) << server.log().toStdString();
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

// The CLI (the explorer's core) pointed at a read server proves owners
// against the validators' headers as against the node: nothing in the
// server's answers is taken on its word.
TEST_F(ReadServerTest, TheCliProvesOwnersThroughAServerAsThroughTheNode)
{
    const QJsonObject object = Http()
                                   .get(s_node->rest(QStringLiteral("/v1/objects?limit=1")))
                                   .data()
                                   .toArray()
                                   .first()
                                   .toObject();
    const QStringList at{
        QStringLiteral("--rest"), s_b->base(),
        QStringLiteral("--rpc"),  s_b->rpc(),
        QStringLiteral("--ws"),   s_b->readyLine().value(QStringLiteral("rpc_ws_url")).toString()};
    for (const QStringList &command :
         {QStringList{QStringLiteral("verify"), object[QStringLiteral("key")].toString()},
          QStringList{QStringLiteral("audit"), object[QStringLiteral("owner")].toString()}}) {
        QProcess cli;
        cli.start(cliBinary(), command + at);
        ASSERT_TRUE(cli.waitForFinished(60000));
        EXPECT_EQ(cli.exitCode(), 0)
            << command.join(u' ').toStdString() << "\n"
            << cli.readAllStandardOutput().constData() << cli.readAllStandardError().constData();
    }
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
}

} // namespace
