// What an operator's supervisor and Prometheus ask a node: /health, /ready
// and /metrics. Before, there was none of them, and a read server whose
// follower had died answered 200 at a frozen head.
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/promtool.h"
#include "tests/support/testpaths.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(OperatorRoutes, HealthReadyAndMetricsThatPromtoolAccepts)
{
    ManualClock clock; // no token comes back: the probes are not limited
    auto config = DevnetHarness::rateLimitedConfig(20, 5.0, 1, 3, &clock);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    d.get(QStringLiteral("/v1/objects/no-such/1"));
    for (int i = 0; i < 5; ++i) // two answered, then the burst is spent
        d.get(QStringLiteral("/v1/blocks?limit=1"));
    EXPECT_EQ(d.get(QStringLiteral("/v1/blocks")).status, 429) << "the API is limited";

    for (int i = 0; i < 10; ++i)
        ASSERT_EQ(d.get(QStringLiteral("/health")).status, 200) << "probe " << i;
    const HttpResult health = d.get(QStringLiteral("/health"));
    EXPECT_EQ(health.json()[QStringLiteral("status")].toString(), QStringLiteral("ok"));
    const HttpResult ready = d.get(QStringLiteral("/ready"));
    EXPECT_EQ(ready.status, 200) << ready.body.constData();
    EXPECT_TRUE(ready.json()[QStringLiteral("ready")].toBool());
    EXPECT_EQ(ready.json()[QStringLiteral("lagSeconds")].toDouble(), 0);

    const HttpResult metrics = d.get(QStringLiteral("/metrics"));
    ASSERT_EQ(metrics.status, 200);
    EXPECT_TRUE(metrics.header("Content-Type").startsWith("text/plain; version=0.0.4"));
    const QByteArray text = metrics.body;
    // Routes are templates, whatever the path asked.
    EXPECT_TRUE(text.contains(
        R"(gifscan_http_requests_total{server="rest",route="/v1/blocks",status="200"} 2)"))
        << text.constData();
    EXPECT_TRUE(text.contains(R"(route="/v1/objects/{}/{}",status="404"} 1)")) << text.constData();
    EXPECT_TRUE(text.contains(R"(route="/v1/blocks",status="429"})")) << text.constData();
    EXPECT_FALSE(text.contains("no-such")) << "a request's own path became a label";
    EXPECT_TRUE(text.contains("gifscan_http_request_duration_seconds_bucket{")) << text.constData();
    EXPECT_TRUE(text.contains("\ngifscan_head_height ")) << text.constData();
    d.rpc(QStringLiteral("gif_chainId"));
    const QByteArray again = d.get(QStringLiteral("/metrics")).body;
    EXPECT_TRUE(again.contains(R"(gifscan_http_requests_total{server="jsonrpc",route="/",status=)"))
        << again.constData();
    EXPECT_EQ(promtoolSays(again), QString());
}

// The scrape config and alert rules docs/OPERATIONS.md gives an operator
// are ones Prometheus loads.
TEST(OperatorRoutes, TheDocumentedScrapeConfigAndAlertsAreAcceptedByPromtool)
{
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    ASSERT_FALSE(promtool.isEmpty()) << "no promtool (Debian's prometheus package)";
    for (const auto &[what, file] :
         {std::pair{QStringLiteral("rules"), QStringLiteral("../docs/prometheus/alerts.yml")},
          std::pair{QStringLiteral("config"),
                    QStringLiteral("../docs/prometheus/prometheus.yml")}}) {
        QProcess p;
        p.start(promtool, {QStringLiteral("check"), what, testsPath(file)});
        ASSERT_TRUE(p.waitForFinished(30000));
        const QByteArray said = p.readAllStandardOutput() + p.readAllStandardError();
        EXPECT_EQ(p.exitCode(), 0) << what.toStdString() << ": " << said.constData();
    }
}
