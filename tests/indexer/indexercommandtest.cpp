// gifscan-indexer's command line: each command's settings reach where they
// are used, the options a read server shares with the node are refused in
// the node's own words, and what a command needs is asked for by name. In
// process, so that every refusal is tried without starting the program.
#include "indexer/options/indexercommand.h"

#include "server/node/devnetoptions.h"

#include <QFile>
#include <QTemporaryDir>
#include <cmath>
#include <gtest/gtest.h>

using gifscan::indexer::IndexerCommand;
using gifscan::indexer::parseIndexerArguments;
using gifscan::server::DevnetCommand;

namespace {

IndexerCommand parseArgs(QStringList args)
{
    args.prepend(QStringLiteral("gifscan-indexer"));
    return parseIndexerArguments(args);
}

// A --trust file in `dir` holding `json`; its path.
QString trustFile(const QTemporaryDir &dir, const QByteArray &json)
{
    QFile file(dir.filePath(QStringLiteral("trust.json")));
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size())
        ADD_FAILURE() << "cannot write " << file.fileName().toStdString();
    return file.fileName();
}

const QStringList kFollow{QStringLiteral("--db"),  QStringLiteral("postgresql:///g"),
                          QStringLiteral("--rpc"), QStringLiteral("http://127.0.0.1:8546"),
                          QStringLiteral("--ws"),  QStringLiteral("ws://127.0.0.1:8547")};

} // namespace

TEST(IndexerCommand, FollowingTakesItsNodeRateAndMetricsPort)
{
    const IndexerCommand c = parseArgs(
        kFollow + QStringList{QStringLiteral("--rpc-rate"), QStringLiteral("20:40"),
                              QStringLiteral("--metrics-port"), QStringLiteral("9100"),
                              QStringLiteral("--trie-cache-nodes"), QStringLiteral("100000")});
    ASSERT_TRUE(c.ok()) << c.error.toStdString();
    EXPECT_EQ(c.action, IndexerCommand::Action::Follow);
    EXPECT_EQ(c.follower.database, QStringLiteral("postgresql:///g"));
    EXPECT_EQ(c.follower.rpc.port(), 8546);
    EXPECT_EQ(c.follower.ws.scheme(), QStringLiteral("ws"));
    EXPECT_EQ(c.follower.rpcRate, 20);
    EXPECT_EQ(c.follower.rpcBurst, 40);
    ASSERT_TRUE(c.metricsPort.has_value());
    EXPECT_EQ(*c.metricsPort, 9100);
    EXPECT_EQ(c.logFormat, QStringLiteral("text"));
    EXPECT_EQ(c.follower.trieCacheNodes, 100000u);

    const IndexerCommand off =
        parseArgs(kFollow + QStringList{QStringLiteral("--rpc-rate"), QStringLiteral("off")});
    ASSERT_TRUE(off.ok()) << off.error.toStdString();
    EXPECT_TRUE(std::isinf(off.follower.rpcRate));
    EXPECT_FALSE(off.metricsPort.has_value()) << "no operator port unless asked";
    EXPECT_EQ(off.server.readyLagMs, 10000) << "the follower's /ready: 10 s unless --ready-lag";
    EXPECT_EQ(off.follower.trieCacheNodes, std::size_t{1} << 19);
}

TEST(IndexerCommand, ServeTakesTheNodesServerRowsAndReadsOnly)
{
    const IndexerCommand c = parseArgs(
        {QStringLiteral("serve"), QStringLiteral("--db"), QStringLiteral("postgresql:///g"),
         QStringLiteral("--rpc"), QStringLiteral("http://127.0.0.1:8546"), QStringLiteral("--port"),
         QStringLiteral("18000"), QStringLiteral("--rate-limit"), QStringLiteral("5:10"),
         QStringLiteral("--poll-ms"), QStringLiteral("250"), QStringLiteral("--request-budget-ms"),
         QStringLiteral("900")});
    ASSERT_TRUE(c.ok()) << c.error.toStdString();
    EXPECT_EQ(c.action, IndexerCommand::Action::Serve);
    EXPECT_EQ(c.server.port, 18000);
    EXPECT_EQ(c.server.rate, 5);
    EXPECT_EQ(c.server.burst, 10);
    EXPECT_EQ(c.server.pollMs, 250);
    EXPECT_EQ(c.server.requestBudgetMs, 900);
    EXPECT_EQ(c.server.chain.database, QStringLiteral("postgresql:///g"));
    EXPECT_TRUE(c.server.chain.readsOnly);
    EXPECT_FALSE(c.server.chain.traffic);
    EXPECT_TRUE(c.server.chain.trusted.has_value()) << "the devnet's set unless --trust";
    EXPECT_EQ(c.server.forwardTransactionsTo.port(), 8546);
    EXPECT_EQ(c.server.readyLagMs, 10000) << "/ready's lag is 10 s unless --ready-lag says";
    // SIGTERM's cap: drain() honours it (ReadServerTest.ADrainEndsAtItsCap…);
    // the processes say it as they stop (processtest, workerweathertest).
    EXPECT_EQ(c.server.drainMs, 10000) << "what is owed is finished for 10 s at most";
}

TEST(IndexerCommand, AWorkerTakesItsScheduleHostsAndTrust)
{
    QTemporaryDir dir;
    const QString trust = trustFile(dir, R"(["0x00000000000000000000000000000000000000aa"])");
    const IndexerCommand c = parseArgs(
        {QStringLiteral("webhooks"), QStringLiteral("--db"), QStringLiteral("postgresql:///g"),
         QStringLiteral("--webhook-retry-scale"), QStringLiteral("0.001"),
         QStringLiteral("--webhook-timeout"), QStringLiteral("1500"),
         QStringLiteral("--webhook-hosts"), QStringLiteral("Hooks.Example,127.0.0.1"),
         QStringLiteral("--trust"), trust, QStringLiteral("--pooled"),
         QStringLiteral("--notify-db"), QStringLiteral("postgresql:///direct")});
    ASSERT_TRUE(c.ok()) << c.error.toStdString();
    EXPECT_EQ(c.action, IndexerCommand::Action::Webhooks);
    EXPECT_EQ(c.worker.database, QStringLiteral("postgresql:///g"));
    EXPECT_DOUBLE_EQ(c.worker.retryScale, 0.001);
    EXPECT_EQ(c.worker.timeoutMs, 1500);
    EXPECT_EQ(c.worker.hosts,
              (QStringList{QStringLiteral("hooks.example"), QStringLiteral("127.0.0.1")}));
    ASSERT_TRUE(c.worker.trusted.has_value());
    EXPECT_EQ(c.worker.trusted->size(), 1u);
    EXPECT_TRUE(c.pooled);
    EXPECT_EQ(c.worker.notifyDatabase, QStringLiteral("postgresql:///direct"));
}

// Each refusal names its option; the shared ones in the node's very words.
TEST(IndexerCommand, EveryWrongValueIsRefusedByName)
{
    const QString db = QStringLiteral("--db");
    const QString url = QStringLiteral("postgresql:///g");
    const struct
    {
        QStringList args;
        const char *starts;
    } cases[] = {
        {kFollow + QStringList{QStringLiteral("--rpc-rate"), QStringLiteral("0:5")}, "--rpc-rate:"},
        {kFollow + QStringList{QStringLiteral("--metrics-port"), QStringLiteral("70000")},
         "--metrics-port:"},
        {kFollow + QStringList{QStringLiteral("--log-format"), QStringLiteral("xml")},
         "--log-format:"},
        {kFollow + QStringList{QStringLiteral("--trie-cache-nodes"), QStringLiteral("10")},
         "--trie-cache-nodes:"},
        {{QStringLiteral("serve"), db, url, QStringLiteral("--rpc"), QStringLiteral("http://h:1"),
          QStringLiteral("--poll-ms"), QStringLiteral("5")},
         "--poll-ms:"},
        {{QStringLiteral("webhooks"), db, url, QStringLiteral("--webhook-retry-scale"),
          QStringLiteral("0")},
         "--webhook-retry-scale:"},
        {{QStringLiteral("webhooks"), db, url, QStringLiteral("--webhook-timeout"),
          QStringLiteral("10")},
         "--webhook-timeout:"},
        {{QStringLiteral("webhooks"), db, url, QStringLiteral("--trust"),
          QStringLiteral("/no/such/file")},
         "--trust: cannot read"},
        {{QStringLiteral("serve"), db, url, QStringLiteral("--rpc"), QStringLiteral("ws://h:1")},
         "--rpc: a http URL"},
        {QStringList{db, url, QStringLiteral("--rpc"), QStringLiteral("http://h:1")}, "--ws:"},
        {{QStringLiteral("webhooks")}, "--db:"},
        {kFollow + QStringList{QStringLiteral("--pooled")}, "--pooled: for serve and webhooks"},
        {{QStringLiteral("webhooks"), db, url, QStringLiteral("--pooled")},
         "--pooled: the follower's news needs a direct connection"},
        {{QStringLiteral("mirror"), db, url}, "unexpected mirror"},
        {{QStringLiteral("webhooks"), db, url, QStringLiteral("--no-such")}, "Unknown option"},
        {{QStringLiteral("webhooks"), db, url, QStringLiteral("--trust"), QStringLiteral("-")},
         "--trust: cannot read"},
    };
    for (const auto &c : cases) {
        const IndexerCommand parsed = parseArgs(c.args);
        EXPECT_TRUE(parsed.error.startsWith(QString::fromUtf8(c.starts)))
            << c.args.join(u' ').toStdString() << " -> " << parsed.error.toStdString();
    }
}

TEST(IndexerCommand, TheOptionsItSharesWithTheNodeAreRefusedInTheNodesWords)
{
    for (const QStringList &wrong :
         {QStringList{QStringLiteral("--port"), QStringLiteral("65535")},
          QStringList{QStringLiteral("--rate-limit"), QStringLiteral("60")},
          QStringList{QStringLiteral("--host"), QStringLiteral("not-an-address")},
          QStringList{QStringLiteral("--ready-lag"), QStringLiteral("0")},
          QStringList{QStringLiteral("--allowed-hosts"), QStringLiteral("http://x/")},
          QStringList{QStringLiteral("--request-budget-ms"), QStringLiteral("0")}}) {
        const DevnetCommand node = gifscan::server::parseDevnetArguments(
            QStringList{QStringLiteral("gifscan-devnet")} + wrong);
        const IndexerCommand server =
            parseArgs(QStringList{QStringLiteral("serve"), QStringLiteral("--db"),
                                  QStringLiteral("postgresql:///g"), QStringLiteral("--rpc"),
                                  QStringLiteral("http://h:1")} +
                      wrong);
        EXPECT_FALSE(node.ok()) << wrong.join(u' ').toStdString();
        EXPECT_EQ(server.error, node.error) << wrong.join(u' ').toStdString();
    }
}

TEST(IndexerCommand, ATrustFileThatIsNoListIsRefusedAndAnEmptyOneIsNoTrustGiven)
{
    QTemporaryDir dir;
    const QString trust = trustFile(dir, R"({"validators": 4})");
    const QStringList worker{QStringLiteral("webhooks"), QStringLiteral("--db"),
                             QStringLiteral("postgresql:///g"), QStringLiteral("--trust")};
    const IndexerCommand wrong = parseArgs(worker + QStringList{trust});
    EXPECT_TRUE(wrong.error.startsWith(
        QStringLiteral("--trust: %1 is not a JSON list of validator addresses").arg(trust)))
        << wrong.error.toStdString();
    const IndexerCommand none = parseArgs(worker + QStringList{QString()});
    ASSERT_TRUE(none.ok()) << none.error.toStdString();
    EXPECT_FALSE(none.worker.trusted.has_value()) << "the devnet's set, as without --trust";
}

TEST(IndexerCommand, HelpListsTheIndexersOwnAndTheSharedOptions)
{
    const IndexerCommand c = parseArgs({QStringLiteral("--help")});
    EXPECT_EQ(c.action, IndexerCommand::Action::Help);
    for (const char *option : {"--rpc-rate", "--metrics-port", "--webhook-timeout", "--port",
                               "--rate-limit", "--trusted-proxies", "--access-log"})
        EXPECT_TRUE(c.helpText.contains(QLatin1String(option))) << option;
    EXPECT_FALSE(c.helpText.contains(QLatin1String("--lie-owners")))
        << "the node's testing rows are the node's alone";
    // parse() leaves --help-all to the caller: it once ran a follower.
    EXPECT_EQ(parseArgs({QStringLiteral("--help-all")}).action, IndexerCommand::Action::Help);
    EXPECT_EQ(parseArgs({QStringLiteral("--version")}).action, IndexerCommand::Action::Version);
}
