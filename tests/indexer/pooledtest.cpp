// Read servers and a webhook worker through pgbouncer in transaction mode,
// two server connections for everyone: each answers as the node does,
// request after request on both servers, registers a webhook (the webhooks'
// own search_path, set in each transaction) and the worker delivers it.
// Before, the second server connection a client was handed failed
// ("prepared statement "s0" already exists"), and the session's settings
// were another client's.
#include "server/api/pagecursor.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/pgbouncer.h"
#include "tests/support/postgresserver.h"
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(Pooled, ReadServersAndAWorkerThroughPgbouncerInTransactionMode)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString direct = pg.createDatabase(QStringLiteral("pooled"));
    // Two server connections a read server at most (a request's read and a
    // webhook's registration): a pool of twice the servers.
    Pgbouncer bouncer(pg, 4);
    ASSERT_TRUE(bouncer.running()) << bouncer.error().toStdString();
    const QString pooled = bouncer.url(QStringLiteral("pooled"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.2")));
    ASSERT_TRUE(node.started());
    IndexerProcess follower(direct, node);
    const QStringList behind{QStringLiteral("--db"), pooled, QStringLiteral("--pooled"),
                             QStringLiteral("--notify-db"), direct};
    std::vector<std::unique_ptr<IndexerProcess>> servers;
    for (int i = 0; i < 2; ++i) {
        servers.push_back(std::make_unique<IndexerProcess>(
            QStringList{QStringLiteral("serve"), QStringLiteral("--rpc"), node.rpcUrl(),
                        QStringLiteral("--rate-limit"), QStringLiteral("off")} +
            behind));
        ASSERT_FALSE(servers.back()->base().isEmpty())
            << servers.back()->log().toStdString() << bouncer.log().toStdString();
    }
    Http http;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return http.get(servers[1]->base() + QStringLiteral("/v1/blocks/12")).status == 200;
        },
        30000));

    // Request after request on both, taking turns on two server connections.
    // Everything at height 12: the node's head is ahead of a server's a
    // moment each block (0.2 s), and a list ignores `height` and reads at
    // its cursor's, else at the head. A block's answer names the head it
    // was read at, which is left out of the comparison.
    const QString at12 = server::PageCursor::at(12, 0).encode();
    const QString keyed12 = server::PageCursor::keyed(12, 0).encode();
    const QString before12 = server::PageCursor::keyed(12, std::uint64_t{1} << 62).encode();
    const QStringList paths{QStringLiteral("/v1/blocks/12"),
                            QStringLiteral("/v1/objects?limit=5&cursor=") + keyed12,
                            QStringLiteral("/v1/objects?limit=5&sort=price&cursor=") + at12,
                            QStringLiteral("/v1/collections?cursor=") + at12,
                            QStringLiteral("/v1/activity?limit=5&cursor=") + before12};
    const auto compared = [](const HttpResult &r) {
        QJsonObject o = QJsonDocument::fromJson(r.body).object();
        o.remove(QStringLiteral("height"));
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    };
    for (int round = 0; round < 4; ++round) {
        for (const QString &path : paths) {
            const HttpResult expected = http.get(node.baseUrl() + path);
            ASSERT_EQ(expected.status, 200) << path.toStdString();
            for (const auto &server : servers) {
                const HttpResult answer = http.get(server->base() + path);
                EXPECT_EQ(answer.status, 200)
                    << path.toStdString() << answer.body.left(300).toStdString();
                EXPECT_EQ(compared(answer), compared(expected)) << path.toStdString();
                EXPECT_TRUE(
                    QJsonDocument::fromJson(answer.body).object().contains(QStringLiteral("data")))
                    << path.toStdString();
            }
        }
    }
    for (const auto &server : servers)
        EXPECT_FALSE(server->log().contains(QLatin1String("prepared statement")))
            << server->log().toStdString();

    // A webhook registered through the pooler, delivered by a worker behind it.
    WebhookReceiver receiver;
    ASSERT_FALSE(createHook(servers[0]->rpc(), receiver).isEmpty())
        << servers[0]->log().toStdString();
    // More registrations, six at once on the two servers, each on whichever
    // server connection the pooler hands it: each holds its lock for its
    // one transaction. (A session's lock stayed on one server connection,
    // and a registration handed another waited out the lock timeout.)
    QNetworkAccessManager nam;
    std::vector<QNetworkReply *> replies;
    for (int i = 0; i < 6; ++i) {
        QNetworkRequest request(QUrl(servers[static_cast<std::size_t>(i % 2)]->rpc()));
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        replies.push_back(nam.post(
            request,
            QStringLiteral(R"({"jsonrpc":"2.0","id":%1,"method":"gif_createWebhook",)"
                           R"("params":[{"url":"http://127.0.0.1:9/%1","types":["mint"]}]})")
                .arg(i)
                .toUtf8()));
    }
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return std::all_of(replies.begin(), replies.end(),
                               [](QNetworkReply *r) { return r->isFinished(); });
        },
        30000));
    for (QNetworkReply *r : replies) {
        const QByteArray body = r->readAll();
        EXPECT_TRUE(QJsonDocument::fromJson(body).object().contains(QStringLiteral("result")))
            << body.constData();
        r->deleteLater();
    }
    IndexerProcess worker(QStringList{QStringLiteral("webhooks"), QStringLiteral("--webhook-hosts"),
                                      QStringLiteral("127.0.0.1"),
                                      QStringLiteral("--webhook-retry-scale"),
                                      QStringLiteral("0.001")} +
                          behind);
    EXPECT_TRUE(QTest::qWaitFor([&] { return receiver.accepted().size() >= 3; }, 30000))
        << worker.log().toStdString() << bouncer.log().toStdString();
}

TEST(Pooled, TheFollowerNeverAndOthersOnlyWithADirectConnectionForNews)
{
    IndexerProcess follower({QStringLiteral("--db"), QStringLiteral("postgresql:///x"),
                             QStringLiteral("--rpc"), QStringLiteral("http://127.0.0.1:9"),
                             QStringLiteral("--ws"), QStringLiteral("ws://127.0.0.1:9"),
                             QStringLiteral("--pooled")});
    ASSERT_TRUE(follower.process().waitForFinished(10000));
    EXPECT_EQ(follower.process().exitCode(), 2);
    EXPECT_TRUE(follower.log().contains(QLatin1String("the follower connects directly")))
        << follower.log().toStdString();
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"),
                           QStringLiteral("postgresql:///x"), QStringLiteral("--rpc"),
                           QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--pooled")});
    ASSERT_TRUE(server.process().waitForFinished(10000));
    EXPECT_EQ(server.process().exitCode(), 2);
    EXPECT_TRUE(server.log().contains(QLatin1String("give --notify-db")))
        << server.log().toStdString();
}
