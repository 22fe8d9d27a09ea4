// The indexer's read servers against the node they index (the fixture:
// tests/indexer/readserverfixture.h). At the same height the servers answer
// REST, GraphQL and JSON-RPC byte for byte as the node does, page after
// page; a server behind the height a client demands says 503, never older
// data; a transaction sent to a server reaches the node; the CLI proves
// owners through a server as through the node.
#include "chain/store/postgresdatabase.h"
#include "server/net/guardedtcpserver.h"
#include "tests/indexer/readserverfixture.h"
#include "tests/support/testpaths.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTcpSocket>
#include <gtest/gtest.h>
#include <memory>

using namespace gifscan;
using namespace gifscan::server;
using namespace gifscan::test;

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

namespace {

// The answers on `socket` to `count` requests written at once, each as
// its status line, its headers and its body, until the server closes the
// connection or 20 s pass.
struct RawAnswer
{
    QByteArray head;
    QByteArray body;
};
std::vector<RawAnswer> readAnswers(QTcpSocket &socket, std::size_t count)
{
    std::vector<RawAnswer> out;
    QByteArray buffer;
    QElapsedTimer clock;
    clock.start();
    while (out.size() < count && clock.elapsed() < 20000) {
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end >= 0) {
            const QByteArray head = buffer.left(end);
            const qsizetype at = head.toLower().indexOf("content-length: ");
            const qsizetype length = head.mid(at + 16).split('\r').front().toLongLong();
            if (buffer.size() >= end + 4 + length) {
                out.push_back({head, buffer.mid(end + 4, length)});
                buffer.remove(0, end + 4 + length);
                continue;
            }
        }
        if (socket.state() != QAbstractSocket::ConnectedState && socket.bytesAvailable() == 0)
            break;
        socket.waitForReadyRead(100);
        buffer += socket.readAll();
    }
    return out;
}

} // namespace

// Forty clients asking one record at once, a reader's read of it held up
// (its table locked): the first is handed to a reader, the other 39 wait
// for that read rather than reading it again, and all get its bytes, the
// node's.
TEST_F(ReadServerTest, IdenticalRequestsAtOnceAreReadOnce)
{
    const std::unique_ptr<IndexerProcess> server(
        startServer(2, {QStringLiteral("--rate-limit"), QStringLiteral("off"),
                        QStringLiteral("--request-budget-ms"), QStringLiteral("60000")}));
    ASSERT_TRUE(readsUpToTheNodesHead(*server)) << server->log().toStdString();
    const QString key = Http()
                            .get(s_node->rest(QStringLiteral("/v1/objects?limit=1")))
                            .data()
                            .toArray()[0][QStringLiteral("key")]
                            .toString();
    const QString path = QStringLiteral("/v1/objects/%1/%2?height=%3&q=once")
                             .arg(key.section(u'#', 0, 0), key.section(u'#', 1))
                             .arg(nodeHead - 1);
    chain::PostgresDatabase lock(s_db);
    lock.exec("BEGIN");
    lock.exec("LOCK TABLE object_versions IN ACCESS EXCLUSIVE MODE");
    std::vector<std::unique_ptr<QTcpSocket>> clients;
    for (int i = 0; i < 40; ++i) {
        clients.push_back(std::make_unique<QTcpSocket>());
        clients.back()->connectToHost(QHostAddress::LocalHost, QUrl(server->base()).port());
        ASSERT_TRUE(clients.back()->waitForConnected(5000));
        clients.back()->write("GET " + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        ASSERT_TRUE(clients.back()->waitForBytesWritten(5000));
    }
    auto joined = [&] {
        const QByteArray metrics = Http().get(server->base() + QStringLiteral("/metrics")).body;
        for (const QByteArray &line : metrics.split('\n')) {
            if (line.startsWith("gifscan_reads_joined_total "))
                return line.mid(27).toDouble();
        }
        return -1.0;
    };
    EXPECT_TRUE(QTest::qWaitFor([&] { return joined() == 39; }, 20000)) << joined();
    lock.exec("COMMIT");
    const QByteArray expected = Http().get(s_node->rest(path)).body;
    for (auto &client : clients) {
        const std::vector<RawAnswer> answer = readAnswers(*client, 1);
        ASSERT_EQ(answer.size(), 1u);
        EXPECT_TRUE(answer[0].head.startsWith("HTTP/1.1 200")) << answer[0].head.constData();
        EXPECT_EQ(answer[0].body, expected);
    }
    EXPECT_EQ(joined(), 39) << "each waited for the one read";
}

// Through reader threads, answers come in the order a connection asked
// them, however the readers finish: 105 requests written at once, for
// records of as many heights (answers of unlike cost), each the node's.
// Past the last answer a connection takes held and let go (Qt keeps a
// request object for each), that answer says "Connection: close" and the
// connection closes after it, the requests after it unanswered. A client
// gone before its answer is not written to.
TEST_F(ReadServerTest, ReaderThreadsAnswerAConnectionInItsOrderAndSayWhenItCloses)
{
    const QJsonArray objects =
        Http().get(s_node->rest(QStringLiteral("/v1/objects?limit=5"))).data().toArray();
    ASSERT_EQ(objects.size(), 5);
    std::vector<QString> paths;
    for (int i = 0; i < 105; ++i) {
        const QString key = objects[i % 5][QStringLiteral("key")].toString();
        paths.push_back(i % 3 == 0 ? QStringLiteral("/v1/objects/%1/%2?height=%3")
                                         .arg(key.section(u'#', 0, 0), key.section(u'#', 1))
                                         .arg(1 + i % nodeHead)
                        : i % 3 == 1 ? QStringLiteral("/v1/wallets/%1?height=%2")
                                           .arg(objects[i % 5][QStringLiteral("owner")].toString())
                                           .arg(1 + i % nodeHead)
                                     : QStringLiteral("/v1/blocks/%1").arg(i % nodeHead));
    }
    // Each its own URL, so that none is answered from the cache, here.
    for (std::size_t i = 0; i < paths.size(); ++i)
        paths[i] +=
            (paths[i].contains(u'?') ? QStringLiteral("&q=%1") : QStringLiteral("?q=%1")).arg(i);
    QByteArray requests;
    for (const QString &path : paths)
        requests += "GET " + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    // A server of its own, unlimited: 105 requests at once would take the
    // suite's servers' rate-limit tokens from the tests after this one.
    const std::unique_ptr<IndexerProcess> server(
        startServer(2, {QStringLiteral("--rate-limit"), QStringLiteral("off")}));
    ASSERT_FALSE(server->base().isEmpty()) << server->log().toStdString();
    ASSERT_TRUE(readsUpToTheNodesHead(*server)) << server->log().toStdString();
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, QUrl(server->base()).port());
    ASSERT_TRUE(socket.waitForConnected(5000));
    socket.write(requests);
    const std::vector<RawAnswer> answers = readAnswers(socket, paths.size());
    ASSERT_EQ(answers.size(), GuardedTcpServer::kMostReleases + 1);
    for (std::size_t i = 0; i < answers.size(); ++i) {
        // Each answer is its own request's: the height it names (a record's
        // pinned one, a block's own) is the one asked, and every tenth is
        // the node's to the byte (all of them would take the node's
        // rate-limit tokens from the tests after this one).
        const QJsonObject answer = QJsonDocument::fromJson(answers[i].body).object();
        const qint64 asked = static_cast<qint64>(i % 3 == 2 ? i % nodeHead : 1 + i % nodeHead);
        EXPECT_EQ(i % 3 == 2 ? answer[QStringLiteral("data")][QStringLiteral("height")].toInteger()
                             : answer[QStringLiteral("height")].toInteger(),
                  asked)
            << "answer " << i << " to " << paths[i].toStdString() << ": "
            << answers[i].body.left(200).constData();
        if (i % 10 == 0) {
            EXPECT_EQ(answers[i].body, Http().get(s_node->rest(paths[i])).body)
                << "answer " << i << " to " << paths[i].toStdString();
        }
        EXPECT_EQ(answers[i].head.toLower().contains("connection: close"), i + 1 == answers.size())
            << "answer " << i;
    }
    EXPECT_FALSE(socket.waitForReadyRead(500) && socket.bytesAvailable() > 0)
        << "a request after the closing answer was answered";

    // Clients gone before their readers answered (their sockets deleted
    // meanwhile) leave the server answering the next.
    for (int i = 0; i < 40; ++i) {
        QTcpSocket leaving;
        leaving.connectToHost(QHostAddress::LocalHost, QUrl(server->base()).port());
        ASSERT_TRUE(leaving.waitForConnected(5000));
        leaving.write("GET /v1/objects?sort=price&limit=5&q=" + QByteArray::number(i) +
                      " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        leaving.waitForBytesWritten(1000);
        leaving.abort();
    }
    const HttpResult after = Http().get(server->base() + QStringLiteral("/v1/objects?limit=2"));
    EXPECT_EQ(after.status, 200) << server->log().toStdString();
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

namespace {
// How many of a read server's reader answers its node thread gave as read,
// and how many it asked again (its pool held what they looked for).
std::pair<double, double> readerAnswers(IndexerProcess &server)
{
    const QByteArray metrics = Http().get(server.base() + QStringLiteral("/metrics")).body;
    auto sample = [&metrics](const QByteArray &result) {
        const QByteArray name = "gifscan_reader_answers_total{result=\"" + result + "\"} ";
        for (const QByteArray &line : metrics.split('\n'))
            if (line.startsWith(name))
                return line.mid(name.size()).toDouble();
        return -1.0;
    };
    return {sample("given"), sample("asked_again")};
}
} // namespace

// A read server's pool is its node's: a transaction sent to the node alone
// is pending on every server, in the node's bytes, by REST, JSON-RPC and
// GraphQL, and the pool's size is the node's. On reader threads, only a
// request the node's pool answers otherwise is asked again on the node
// thread: a transaction no one sent is a reader's to answer.
TEST_F(ReadServerTest, ServersMirrorTheNodesMempool)
{
    const QString neverSent = QStringLiteral("0x") + QString(64, u'7');
    const std::pair<double, double> before = readerAnswers(*s_b);
    ASSERT_GE(before.first, 0) << "no reader metrics";
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(Http().get(s_b->base() + QStringLiteral("/v1/txs/") + neverSent).status, 404);
        EXPECT_EQ(Http().rpc(s_b->rpc(), QStringLiteral("gif_getTransaction"), {neverSent}),
                  Http().rpc(s_node->rpcUrl(), QStringLiteral("gif_getTransaction"), {neverSent}));
    }
    const std::pair<double, double> unknown = readerAnswers(*s_b);
    EXPECT_EQ(unknown.first, before.first + 4) << "read and given";
    EXPECT_EQ(unknown.second, before.second) << "asked again on the node thread";

    TxFactory factory;
    Transaction tx = factory.base(TxKind::Transfer, 1);
    tx.nonce = 40; // far enough ahead to wait in this still chain for good
    tx.to = TxFactory::dev(4);
    tx.amount = 7;
    const QJsonValue sent = rpc(s_node->rpcUrl(), QStringLiteral("gif_sendRawTransaction"),
                                {toHexString(TxFactory::sign(tx, 1))});
    ASSERT_TRUE(sent.isString()) << "the node refused it";
    const QString path = QStringLiteral("/v1/txs/") + sent.toString();
    const HttpResult onNode = Http().get(s_node->rest(path));
    ASSERT_EQ(onNode.status, 200);
    for (IndexerProcess *s : {s_a, s_b}) {
        EXPECT_TRUE(QTest::qWaitFor(
            [&] { return Http().get(s->base() + path).body == onNode.body; }, 10000))
            << Http().get(s->base() + path).body.constData() << s->log().toStdString();
        EXPECT_EQ(Http().get(s->base() + QStringLiteral("/v1/mempool")).body,
                  Http().get(s_node->rest(QStringLiteral("/v1/mempool"))).body);
    }
    const std::pair<double, double> pooled = readerAnswers(*s_b);
    for (IndexerProcess *s : {s_a, s_b})
        EXPECT_EQ(Http().rpc(s->rpc(), QStringLiteral("gif_getTransaction"), {sent}),
                  Http().rpc(s_node->rpcUrl(), QStringLiteral("gif_getTransaction"), {sent}));
    expectSameGraphql(
        QStringLiteral("{ transaction(hash: \"%1\") { hash nonce receipt { status } } }")
            .arg(sent.toString()));
    EXPECT_EQ(readerAnswers(*s_b).second, pooled.second + 2) << "JSON-RPC's and GraphQL's";
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
