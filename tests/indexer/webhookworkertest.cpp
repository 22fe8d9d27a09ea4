// The indexer's webhook workers: webhooks registered at a read server,
// queued and delivered by two workers at once from PostgreSQL (leases taken
// with FOR UPDATE SKIP LOCKED), every event of every webhook acknowledged
// once, in height order; both workers killed with -9 while a receiver holds
// a delivery open, and a third sends it again under the same webhook-id.
#include "tests/support/activityfeed.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/webhookchecks.h"
#include "tests/support/webhookhooks.h"
#include "tests/support/webhookreceiver.h"

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <memory>
#include <set>

using namespace gifscan;
using namespace gifscan::test;

namespace {

std::unique_ptr<IndexerProcess> worker(const QString &db)
{
    // A receiver that hangs is given 1.5 s; its lease runs out 2 s later.
    return std::make_unique<IndexerProcess>(
        QStringList{QStringLiteral("webhooks"), QStringLiteral("--db"), db,
                    QStringLiteral("--webhook-retry-scale"), QStringLiteral("0.001"),
                    QStringLiteral("--webhook-timeout"), QStringLiteral("1500"),
                    // The receivers are on this machine: a worker calls loopback only when told.
                    QStringLiteral("--webhook-hosts"), QStringLiteral("127.0.0.1")});
}

std::uint64_t storedHead(IndexerProcess &server)
{
    return static_cast<std::uint64_t>(Http()
                                          .get(server.base() + QStringLiteral("/v1/blocks?limit=1"))
                                          .json()
                                          .value(QStringLiteral("height"))
                                          .toInteger());
}

} // namespace

TEST(WebhookWorkers, TwoWorkersDeliverEachEventOnceAndAKilledWorkerLosesNothing)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("hooks"));
    QTemporaryDir dir;
    DevnetProcess node(DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                                    QStringLiteral("--block-time 0.2")));
    ASSERT_TRUE(node.started());
    IndexerProcess follower(db, node);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), db,
                           QStringLiteral("--rpc"), node.rpcUrl(), QStringLiteral("--rate-limit"),
                           QStringLiteral("off")});
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();

    // Three webhooks, each its own receiver (and secret), registered at the
    // read server; workers started after, so that the first blocks queue
    // while nobody delivers.
    std::vector<std::unique_ptr<WebhookReceiver>> receivers;
    std::uint64_t from = 0;
    for (int i = 0; i < 3; ++i) {
        receivers.push_back(std::make_unique<WebhookReceiver>());
        QJsonObject answer;
        const QJsonObject hook = createHook(server.rpc(), *receivers.back(), {}, &answer);
        ASSERT_FALSE(hook.isEmpty())
            << QJsonDocument(answer).toJson().constData() << server.log().toStdString();
        from = std::max(
            from, static_cast<std::uint64_t>(hook.value(QStringLiteral("height")).toInteger()));
    }
    ++from;
    auto first = worker(db);
    auto second = worker(db);
    ASSERT_TRUE(QTest::qWaitFor([&] { return receivers[0]->accepted().size() >= 5; }, 30000))
        << first->log().toStdString() << second->log().toStdString();

    // Receiver 0 holds its next delivery open; both workers die with it
    // (and whatever else they had on the wire) and a third takes over.
    receivers[0]->script({{0, {}, "hang"}});
    const std::size_t seen = receivers[0]->requests().size();
    ASSERT_TRUE(QTest::qWaitFor([&] { return receivers[0]->requests().size() > seen; }, 20000));
    const QByteArray held = receivers[0]->requests()[seen].id;
    // Until now two workers shared the queue: not one message twice.
    for (const auto &receiver : receivers) {
        std::set<QByteArray> ids;
        for (const auto &r : receiver->accepted())
            EXPECT_TRUE(ids.insert(r.id).second) << "two workers both sent " << r.id.constData();
    }
    first->kill(); // SIGKILL
    second->kill();
    auto third = worker(db);

    const std::uint64_t to = from + 40;
    ASSERT_TRUE(QTest::qWaitFor([&] { return storedHead(server) >= to; }, 60000))
        << follower.log().toStdString();
    Http http;
    const auto expected = activityBetween(http, node.baseUrl(), from, to);
    ASSERT_GT(expected.size(), 20u);
    for (const auto &receiver : receivers) {
        ASSERT_TRUE(awaitAll(*receiver, expected, 60000)) << third->log().toStdString();
        // A worker killed between the receiver's answer and writing it down
        // sends that message again, under its id: the receiver keeps one.
        expectExactlyOnceInOrder(*receiver, expected, to, from, Repeats::Deduplicated);
        std::set<QByteArray> ids;
        for (const auto &r : receiver->accepted())
            ids.insert(r.id);
        // At most what the two had on the wire to this receiver when killed.
        EXPECT_LE(receiver->accepted().size(), ids.size() + 2);
    }
    // The message held open went again, under its own id, and was taken.
    int sent = 0;
    bool taken = false;
    for (const auto &r : receivers[0]->requests()) {
        if (r.id == held) {
            ++sent;
            taken = taken || r.answered == 204;
        }
    }
    EXPECT_GE(sent, 2);
    EXPECT_TRUE(taken);
}

// On a chain of five validators, told by --trust like the follower: the
// worker reads the chain the follower proved. Before, workers took the
// devnet's set whatever they were told and stopped ("database … is
// damaged: the signatures of block 18 are not the validators'").
TEST(WebhookWorkers, AWorkerTrustsTheSetItIsGivenAsTheFollowerDoes)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("five"));
    QTemporaryDir dir;
    DevnetProcess node(
        DevnetProcess::smallNodeArgs(DevnetProcess::freePortTriple(), dir.path(),
                                     QStringLiteral("--block-time 0.2 --validators 5")));
    ASSERT_TRUE(node.started());
    const QJsonArray set = Http()
                               .rpc(node.rpcUrl(), QStringLiteral("gif_validators"), {})
                               .value(QStringLiteral("result"))[QStringLiteral("validators")]
                               .toArray();
    ASSERT_EQ(set.size(), 5);
    QFile trust(dir.filePath(QStringLiteral("trust.json")));
    ASSERT_TRUE(trust.open(QIODevice::WriteOnly));
    trust.write(QJsonDocument(set).toJson());
    trust.close();
    const QStringList trusted{QStringLiteral("--trust"), trust.fileName()};
    IndexerProcess follower(QStringList{QStringLiteral("--db"), db, QStringLiteral("--rpc"),
                                        node.rpcUrl(), QStringLiteral("--ws"), node.wsUrl()} +
                            trusted);
    IndexerProcess server(QStringList{QStringLiteral("serve"), QStringLiteral("--db"), db,
                                      QStringLiteral("--rpc"), node.rpcUrl()} +
                          trusted);
    ASSERT_FALSE(server.rpc().isEmpty()) << server.log().toStdString();
    // The read server names the set it trusts, the node's, not the devnet's four.
    EXPECT_EQ(Http()
                  .rpc(server.rpc(), QStringLiteral("gif_validators"), {})
                  .value(QStringLiteral("result"))[QStringLiteral("validators")]
                  .toArray(),
              set);
    WebhookReceiver receiver;
    ASSERT_FALSE(createHook(server.rpc(), receiver).isEmpty()) << server.log().toStdString();
    IndexerProcess worker(QStringList{QStringLiteral("webhooks"), QStringLiteral("--db"), db,
                                      QStringLiteral("--webhook-hosts"),
                                      QStringLiteral("127.0.0.1")} +
                          trusted);
    EXPECT_TRUE(QTest::qWaitFor([&] { return receiver.accepted().size() >= 3; }, 30000))
        << worker.log().toStdString() << follower.log().toStdString();
    for (const auto &r : receiver.accepted())
        EXPECT_TRUE(r.signatureValid);
    EXPECT_EQ(worker.process().state(), QProcess::Running) << worker.log().toStdString();
}
