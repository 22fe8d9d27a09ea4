// A read server's copy of its node's pool on a moving chain: a transaction
// goes from pending to mined on the server as the server takes up its
// block, never through "not found" between; and a node that restarted
// (its pool gone, its cursors another pool's) is mirrored whole again.
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/txfactory.h"

#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

enum class Seen { NotFound, Pending, Mined, Other };

Seen seen(const HttpResult &r)
{
    if (r.status == 404)
        return Seen::NotFound;
    if (r.status != 200)
        return Seen::Other;
    return r.data()[QStringLiteral("receipt")].isNull() ? Seen::Pending : Seen::Mined;
}

QString send(const DevnetProcess &node, std::uint32_t signer, std::uint64_t nonce)
{
    TxFactory factory;
    Transaction tx = factory.base(TxKind::Transfer, signer);
    tx.nonce = nonce;
    tx.to = TxFactory::dev(4);
    tx.amount = 1;
    return Http()
        .rpc(node.rpcUrl(), QStringLiteral("gif_sendRawTransaction"),
             {toHexString(TxFactory::sign(tx, signer))})
        .value(QStringLiteral("result"))
        .toString();
}

} // namespace

TEST(MempoolMirror, APendingTransactionIsMinedOnAServerWithoutVanishing)
{
    PostgresServer postgres;
    ASSERT_TRUE(postgres.running()) << postgres.error().toStdString();
    const QString db = postgres.createDatabase(QStringLiteral("chain"));
    QTemporaryDir dir;
    const quint16 port = DevnetProcess::freePortTriple();
    const QString nodeArgs = QStringLiteral("--block-time 1");
    auto node =
        std::make_unique<DevnetProcess>(DevnetProcess::smallNodeArgs(port, dir.path(), nodeArgs));
    ASSERT_TRUE(node->started());
    IndexerProcess follower(db, *node);
    IndexerProcess server({QStringLiteral("serve"), QStringLiteral("--db"), db,
                           QStringLiteral("--rpc"), node->rpcUrl()});
    ASSERT_FALSE(server.base().isEmpty()) << server.log().toStdString();

    // Nonce 1 waits for nonce 0, so it is pending on the server for sure.
    const QString later = send(*node, 2, 1);
    ASSERT_FALSE(later.isEmpty());
    const QString path = server.base() + QStringLiteral("/v1/txs/") + later;
    ASSERT_TRUE(QTest::qWaitFor([&] { return seen(Http().get(path)) == Seen::Pending; }, 10000))
        << Http().get(path).body.constData() << server.log().toStdString();
    // Mined at the node while the follower is stopped: the server, without
    // the block, still has it pending; then mined once it has the block.
    const auto pid = static_cast<pid_t>(follower.process().processId());
    ::kill(pid, SIGSTOP);
    ASSERT_FALSE(send(*node, 2, 0).isEmpty());
    const QString onNode = node->rest(QStringLiteral("/v1/txs/") + later);
    const bool minedThere =
        QTest::qWaitFor([&] { return seen(Http().get(onNode)) == Seen::Mined; }, 10000);
    std::vector<Seen> states{Seen::Pending};
    auto watch = [&](Seen until) {
        const Seen now = seen(Http().get(path));
        if (now != states.back())
            states.push_back(now);
        return now == until;
    };
    // A second of the mirror's asking, which learns that the node let it go.
    EXPECT_FALSE(QTest::qWaitFor([&] { return watch(Seen::NotFound); }, 1000));
    ::kill(pid, SIGCONT);
    ASSERT_TRUE(minedThere);
    ASSERT_TRUE(QTest::qWaitFor([&] { return watch(Seen::Mined); }, 15000));
    EXPECT_EQ(states, (std::vector<Seen>{Seen::Pending, Seen::Mined}))
        << "went through another state on its way to its block";

    // The node restarted: its pool is empty, and so is the server's copy.
    const QString waiting = send(*node, 2, 9);
    const QString waitingPath = server.base() + QStringLiteral("/v1/txs/") + waiting;
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return seen(Http().get(waitingPath)) == Seen::Pending; }, 10000));
    node.reset();
    node =
        std::make_unique<DevnetProcess>(DevnetProcess::smallNodeArgs(port, dir.path(), nodeArgs));
    ASSERT_TRUE(node->started());
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return seen(Http().get(waitingPath)) == Seen::NotFound; }, 15000))
        << Http().get(waitingPath).body.constData() << server.log().toStdString();
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return Http().get(server.base() + QStringLiteral("/v1/mempool")).data() ==
                   Http().get(node->rest(QStringLiteral("/v1/mempool"))).data();
        },
        10000));
}
