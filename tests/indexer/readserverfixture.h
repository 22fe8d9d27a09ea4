#pragma once

// The read servers' shared fixture (tests/indexer/readservertest.cpp and
// readserveropstest.cpp, one suite, its set-up made once): a real
// PostgreSQL, a devnet with every kind of activity standing still, its
// follower and two read servers, as processes (the second with reader
// threads). Not in an anonymous
// namespace: both files' tests are of this one fixture class.
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/txfactory.h"

#include <QJsonArray>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>
#include <gtest/gtest.h>

namespace gifscan::test {

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
            // Blocks, not seconds: 2.5 s made 19 blocks under ASan on a slow
            // day, and SetUp wants more than 20.
            (void)QTest::qWaitFor(
                [&] {
                    return Http()
                               .get(busy.rest(QStringLiteral("/v1/blocks?limit=1")))
                               .json()
                               .value(QStringLiteral("height"))
                               .toInteger() >= 50;
                },
                60000);
        }
        s_node = new DevnetProcess(DevnetProcess::smallNodeArgs(
            s_port, s_dir->path(), QStringLiteral("--block-time 3600")));
        s_follower = new IndexerProcess(s_db, *s_node);
        // Every comparison below is made of both: one answering on its node
        // thread, one through two reader threads (ReaderPool).
        s_a = startServer();
        s_b = startServer(2);
    }
    // A read server of the suite's database and node. Its reads are not
    // cut at the default 250 ms unless `more` says otherwise: these tests
    // compare its bytes with the node's, and a loaded CI run once had a
    // page answered 503 "timeout" (ReadServerTest.RestAnswersAreTheNodesPageByPage).
    static IndexerProcess *startServer(int readerThreads = 0, const QStringList &more = {})
    {
        QStringList args{QStringLiteral("serve"),
                         QStringLiteral("--db"),
                         s_db,
                         QStringLiteral("--rpc"),
                         s_node->rpcUrl(),
                         QStringLiteral("--reader-threads"),
                         QString::number(readerThreads)};
        if (!more.contains(QStringLiteral("--request-budget-ms")))
            args << QStringLiteral("--request-budget-ms") << QStringLiteral("10000");
        return new IndexerProcess(args + more);
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
            ASSERT_TRUE(readsUpToTheNodesHead(*s))
                << s_follower->log().toStdString() << s->log().toStdString();
        }
    }
    // Whether `server` answers at the node's head within 60 s.
    bool readsUpToTheNodesHead(IndexerProcess &server) const
    {
        return QTest::qWaitFor(
            [&] {
                const HttpResult r =
                    Http().get(server.base() + QStringLiteral("/v1/blocks?limit=1"));
                return r.status == 200 && r.header("X-Block-Height").toLongLong() == nodeHead;
            },
            60000);
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
    // A transaction POSTed raw on `sender` to the JSON-RPC port `port`, its
    // answer left to read (a forwarded one comes when the node answers).
    static void sendTransaction(QTcpSocket &sender, quint16 port)
    {
        TxFactory factory;
        const QByteArray body =
            QJsonDocument(
                QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), 1},
                            {QStringLiteral("method"), QStringLiteral("gif_sendRawTransaction")},
                            {QStringLiteral("params"), QJsonArray{toHexString(factory.transfer(
                                                           0, TxFactory::dev(3), oneGif()))}}})
                .toJson(QJsonDocument::Compact);
        sender.connectToHost(QHostAddress::LocalHost, port);
        ASSERT_TRUE(sender.waitForConnected(5000));
        sender.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Content-Length: " +
                     QByteArray::number(body.size()) + "\r\n\r\n" + body);
        ASSERT_TRUE(sender.waitForBytesWritten(5000));
    }
    // What came on `sender` until a result did (10 s at most). Whether one
    // came is the caller's check, on what this returns.
    static QByteArray resultOn(QTcpSocket &sender)
    {
        QByteArray answer;
        (void)QTest::qWaitFor(
            [&] {
                answer += sender.readAll();
                return answer.contains("\"result\"");
            },
            10000);
        return answer;
    }
    QJsonValue rpc(const QString &url, const QString &method, const QJsonArray &params)
    {
        return Http().rpc(url, method, params).value(QStringLiteral("result"));
    }

    static inline PostgresServer *s_server = nullptr;
    static inline QString s_db;
    static inline QTemporaryDir *s_dir = nullptr;
    static inline quint16 s_port = 0;
    static inline DevnetProcess *s_node = nullptr;
    static inline IndexerProcess *s_follower = nullptr;
    static inline IndexerProcess *s_a = nullptr;
    static inline IndexerProcess *s_b = nullptr;
    qint64 nodeHead = 0;
};

} // namespace gifscan::test
