// gifscan-devnet's command line: every option's value reaches the config,
// and every value out of range is refused in words naming the option.
#include "server/node/devnetoptions.h"

#include <QCoreApplication>
#include <gtest/gtest.h>

using gifscan::server::DevnetCommand;
using gifscan::server::parseDevnetArguments;

namespace {
DevnetCommand parseArgs(QStringList args)
{
    args.prepend(QStringLiteral("gifscan-devnet"));
    return parseDevnetArguments(args);
}
} // namespace

TEST(DevnetOptions, TheDefaultsAreTheDocumentedOnes)
{
    const DevnetCommand c = parseArgs({});
    ASSERT_TRUE(c.ok()) << c.error.toStdString();
    EXPECT_EQ(c.action, DevnetCommand::Action::Run);
    EXPECT_EQ(c.config.host.toString(), QStringLiteral("127.0.0.1"));
    EXPECT_EQ(c.config.port, 0);
    EXPECT_EQ(c.config.chain.seed, 1u);
    EXPECT_EQ(c.config.chain.objects, 2000);
    EXPECT_EQ(c.config.chain.blockTime, gifscan::server::ServerConfig().chain.blockTime)
        << "3 to 7 s at random unless given";
    EXPECT_TRUE(c.config.chain.traffic);
    EXPECT_TRUE(c.config.rateLimit);
    EXPECT_EQ(c.config.rate, 60);
    EXPECT_EQ(c.config.burst, 200);
    EXPECT_EQ(c.config.chain.validators, 4);
    EXPECT_EQ(c.config.requestBudgetMs, 250);
    EXPECT_FALSE(c.config.chain.ephemeral);
    EXPECT_FALSE(c.config.chain.forgeHeaders);
    EXPECT_TRUE(c.config.chain.dataDir.endsWith(QStringLiteral("/devnet")));
    ASSERT_NE(QCoreApplication::instance(), nullptr) << "the folder is the program's";
    EXPECT_TRUE(c.config.chain.genesisDir.endsWith(QStringLiteral("/share/gifscan/genesis")))
        << c.config.chain.genesisDir.toStdString();
}

TEST(DevnetOptions, EveryValueReachesTheConfig)
{
    const DevnetCommand c = parseArgs({QStringLiteral("--host"),
                                       QStringLiteral("::1"),
                                       QStringLiteral("--port"),
                                       QStringLiteral("18000"),
                                       QStringLiteral("--seed"),
                                       QStringLiteral("7"),
                                       QStringLiteral("--objects"),
                                       QStringLiteral("0"),
                                       QStringLiteral("--block-time"),
                                       QStringLiteral("0.25"),
                                       QStringLiteral("--traffic"),
                                       QStringLiteral("off"),
                                       QStringLiteral("--rate-limit"),
                                       QStringLiteral("off"),
                                       QStringLiteral("--data-dir"),
                                       QStringLiteral("/tmp/x"),
                                       QStringLiteral("--ephemeral"),
                                       QStringLiteral("--lie-owners"),
                                       QStringLiteral("3"),
                                       QStringLiteral("--validators"),
                                       QStringLiteral("7"),
                                       QStringLiteral("--forge-headers"),
                                       QStringLiteral("--webhook-hosts"),
                                       QStringLiteral("Hooks.Example, b.test"),
                                       QStringLiteral("--webhook-retry-scale"),
                                       QStringLiteral("0.001"),
                                       QStringLiteral("--request-budget-ms"),
                                       QStringLiteral("4000")});
    ASSERT_TRUE(c.ok()) << c.error.toStdString();
    EXPECT_EQ(c.config.host.toString(), QStringLiteral("::1"));
    EXPECT_EQ(c.config.port, 18000);
    EXPECT_EQ(c.config.chain.seed, 7u);
    EXPECT_EQ(c.config.chain.objects, 0);
    EXPECT_EQ(c.config.chain.blockTime, 0.25);
    EXPECT_FALSE(c.config.chain.traffic);
    EXPECT_FALSE(c.config.rateLimit);
    EXPECT_EQ(c.config.chain.dataDir, QStringLiteral("/tmp/x"));
    EXPECT_TRUE(c.config.chain.ephemeral);
    EXPECT_EQ(c.config.lieEvery, 3);
    EXPECT_EQ(c.config.chain.validators, 7);
    EXPECT_TRUE(c.config.chain.forgeHeaders);
    EXPECT_EQ(c.config.webhookHosts,
              (QStringList{QStringLiteral("hooks.example"), QStringLiteral("b.test")}));
    EXPECT_EQ(c.config.webhookRetryScale, 0.001);
    EXPECT_EQ(c.config.requestBudgetMs, 4000);
    const DevnetCommand limited =
        parseArgs({QStringLiteral("--rate-limit"), QStringLiteral("2:6")});
    EXPECT_EQ(limited.config.rate, 2);
    EXPECT_EQ(limited.config.burst, 6);
}

TEST(DevnetOptions, EveryOutOfRangeValueIsRefusedNamingItsOption)
{
    const std::vector<std::pair<QStringList, const char *>> refused{
        {{QStringLiteral("--host"), QStringLiteral("localhost")}, "--host"},
        {{QStringLiteral("--port"), QStringLiteral("65534")}, "--port"},
        {{QStringLiteral("--port"), QStringLiteral("-1")}, "--port"},
        {{QStringLiteral("--seed"), QStringLiteral("x")}, "--seed"},
        {{QStringLiteral("--objects"), QStringLiteral("1000001")}, "--objects"},
        {{QStringLiteral("--block-time"), QStringLiteral("soon")}, "--block-time"},
        {{QStringLiteral("--block-time"), QStringLiteral("0.01")}, "--block-time"},
        {{QStringLiteral("--traffic"), QStringLiteral("maybe")}, "--traffic"},
        {{QStringLiteral("--rate-limit"), QStringLiteral("60")}, "--rate-limit"},
        {{QStringLiteral("--rate-limit"), QStringLiteral("0:5")}, "--rate-limit"},
        {{QStringLiteral("--rate-limit"), QStringLiteral("5:0.5")}, "--rate-limit"},
        {{QStringLiteral("--lie-owners"), QStringLiteral("-2")}, "--lie-owners"},
        {{QStringLiteral("--validators"), QStringLiteral("0")}, "--validators"},
        {{QStringLiteral("--validators"), QStringLiteral("101")}, "--validators"},
        {{QStringLiteral("--webhook-retry-scale"), QStringLiteral("2")}, "--webhook-retry-scale"},
        {{QStringLiteral("--webhook-retry-scale"), QStringLiteral("0")}, "--webhook-retry-scale"},
        {{QStringLiteral("--request-budget-ms"), QStringLiteral("0")}, "--request-budget-ms"},
        {{QStringLiteral("--request-budget-ms"), QStringLiteral("600001")}, "--request-budget-ms"},
        {{QStringLiteral("--webhook-hosts"), QStringLiteral("a b")}, "--webhook-hosts"},
        {{QStringLiteral("--no-such-option")}, "no-such-option"},
        {{QStringLiteral("stray")}, "stray"},
    };
    for (const auto &[args, words] : refused) {
        const DevnetCommand c = parseArgs(args);
        EXPECT_FALSE(c.ok()) << args.join(u' ').toStdString();
        EXPECT_TRUE(c.error.contains(QLatin1String(words)))
            << args.join(u' ').toStdString() << ": " << c.error.toStdString();
    }
}

TEST(DevnetOptions, TheOperatorsCommandsAndHelp)
{
    DevnetCommand c = parseArgs(
        {QStringLiteral("--data-dir"), QStringLiteral("/d"), QStringLiteral("--list-webhooks")});
    EXPECT_EQ(c.action, DevnetCommand::Action::ListWebhooks);
    EXPECT_EQ(c.config.chain.dataDir, QStringLiteral("/d"));
    c = parseArgs({QStringLiteral("--remove-webhook"), QStringLiteral("wh_1")});
    EXPECT_EQ(c.action, DevnetCommand::Action::RemoveWebhook);
    EXPECT_EQ(c.webhookId, QStringLiteral("wh_1"));
    c = parseArgs({QStringLiteral("--objects"), QStringLiteral("24"),
                   QStringLiteral("--prepare-genesis"), QStringLiteral("/g")});
    EXPECT_EQ(c.action, DevnetCommand::Action::PrepareGenesis);
    EXPECT_EQ(c.genesisTarget, QStringLiteral("/g"));
    EXPECT_EQ(c.config.chain.objects, 24);
    c = parseArgs({QStringLiteral("--genesis-dir"), QString()});
    EXPECT_TRUE(c.config.chain.genesisDir.isEmpty()) << "an empty folder: always build it";
    c = parseArgs({QStringLiteral("--genesis-dir"), QStringLiteral("/p")});
    EXPECT_EQ(c.config.chain.genesisDir, QStringLiteral("/p"));
    c = parseArgs({QStringLiteral("--help")});
    EXPECT_EQ(c.action, DevnetCommand::Action::Help);
    for (const char *option : {"--port", "--rate-limit", "--forge-headers", "--list-webhooks",
                               "--genesis-dir", "--prepare-genesis"})
        EXPECT_TRUE(c.helpText.contains(QLatin1String(option))) << option;
    // The help lists --help-all; parse() leaves it to the caller, which
    // once ran the node instead.
    EXPECT_EQ(parseArgs({QStringLiteral("--help-all")}).action, DevnetCommand::Action::Help);
}
