// A stranger who sends what the node refuses, as fast as it is answered,
// must not fill the disk through the node's log (and the explorer's, which
// relays it): malformed request heads gave a line each, 7,900 a second.
// Each kind is said once in full, then summed up once a second.
#include "server/net/logsummary.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"
#include "tests/support/requestflood.h"

#include <QElapsedTimer>
#include <QTest>
#include <atomic>
#include <gtest/gtest.h>
#include <iostream>

using namespace gifscan;
using namespace gifscan::test;

namespace {

std::atomic<long> g_nodeLines{0};
QtMessageHandler g_previous = nullptr;

// Counts the node's lines from every thread; lets the rest through.
void countNodeLines(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (context.category && QByteArrayView(context.category).startsWith("gifscan.devnet.") &&
        !QByteArrayView(context.category).startsWith("gifscan.devnet.chain")) {
        ++g_nodeLines;
        return;
    }
    g_previous(type, context, message);
}

} // namespace

TEST(LogFlood, RefusalsAreSummedUpOnceASecondNotSaidOneByOne)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    g_nodeLines = 0;
    g_previous = qInstallMessageHandler(countNodeLines);
    const quint16 rest = static_cast<quint16>(QUrl(d.endpoints().baseUrl).port());
    const quint16 rpc = static_cast<quint16>(QUrl(d.endpoints().rpcUrl).port());
    long sent = 0;
    qint64 flooded = 0;
    {
        // Three kinds: malformed heads, a stranger's page, a rebinding Host.
        RequestFlood malformed(rest, " GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 2);
        RequestFlood page(rpc,
                          "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n"
                          "Content-Length: 0\r\n\r\n",
                          2);
        RequestFlood rebinding(rest, "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 2);
        // Three seconds, and on until 3,000 were refused: a sanitized node
        // on a loaded machine refused 2,952 in three.
        QElapsedTimer flooding;
        flooding.start();
        const auto total = [&] { return malformed.sent() + page.sent() + rebinding.sent(); };
        while (flooding.elapsed() < 3000 || (total() <= 3000 && flooding.elapsed() < 20000))
            QTest::qWait(100);
        sent = total();
        flooded = flooding.elapsed();
        EXPECT_GT(malformed.statuses()[400], 100);
        EXPECT_GT(page.statuses()[403], 100);
    }
    QTest::qWait(1200); // the last summaries
    qInstallMessageHandler(g_previous);
    // Per kind (three here, one for each entry point's 400 and 403): one
    // line in full, then one a second of the flood and the wait after it;
    // the node's start line besides.
    const qint64 seconds = (flooded + 1200) / 1000;
    EXPECT_LE(g_nodeLines.load(), 3 * (1 + seconds) + 2)
        << sent << " requests refused in " << flooded << " ms";
    EXPECT_GT(sent, 3000);
    std::cout << g_nodeLines.load() << " lines for " << sent << " requests refused\n";
}

TEST(LogFlood, AQuietKindIsSaidInFullAgain)
{
    // The summary's own bookkeeping, on the test's thread and its clock.
    QLoggingCategory category("gifscan.test.summary");
    ManualClock clock;
    server::LogSummary log(category, QtInfoMsg, 100);
    log.setClock(clock);
    for (int i = 0; i < 50; ++i)
        log.note(QStringLiteral("refusals"), QStringLiteral("refused #%1").arg(i));
    log.note(QStringLiteral("other things"), QStringLiteral("other thing"));
    EXPECT_EQ(log.linesSaid(), 2);
    clock.advance(150);
    EXPECT_EQ(log.linesSaid(), 3) << "one summary: 49 more refusals";
    clock.advance(150);
    EXPECT_EQ(log.linesSaid(), 3) << "a quiet period says nothing";
    log.note(QStringLiteral("refusals"), QStringLiteral("refused again"));
    EXPECT_EQ(log.linesSaid(), 4) << "said in full after a quiet period";
}
