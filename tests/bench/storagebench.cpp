// The node's memory and restart as its chain grows, side by side: this
// build's node (the chain database) against the block-log node it replaced,
// built from an earlier commit and named by GIFSCAN_BASELINE_DEVNET. Each
// makes a chain of default traffic with a block every 50 ms (the least the node takes) in a data
// folder of its own; at each mark the node's RSS is read, and at the end it is stopped and started
// again on the same folder: the time to its ready line and its RSS then. Run by hand:
//   GIFSCAN_BASELINE_DEVNET=/path/to/old/gifscan-devnet bench_storage
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/residentmemory.h"
#include "tests/support/testpaths.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>

using namespace gifscan::test;

namespace {

constexpr int kBlocks = 2000;

qint64 headOf(const DevnetProcess &p)
{
    Http http;
    const HttpResult r = http.get(p.rest(QStringLiteral("/v1/blocks?limit=1")));
    return r.status == 200 ? r.json()[QStringLiteral("height")].toInteger() : -1;
}

void growAndRestart(benchmark::State &state, const QString &program)
{
    if (program.isEmpty()) {
        state.SkipWithError("GIFSCAN_BASELINE_DEVNET is not set");
        return;
    }
    for (auto _ : state) {
        QTemporaryDir dir;
        const QStringList args{QStringLiteral("--port"),       QStringLiteral("0"),
                               QStringLiteral("--block-time"), QStringLiteral("0.05"),
                               QStringLiteral("--rate-limit"), QStringLiteral("off"),
                               QStringLiteral("--data-dir"),   dir.path()};
        double rssAtHalf = 0;
        double rssAtEnd = 0;
        {
            DevnetProcess node(program, args);
            if (!node.started()) {
                state.SkipWithError("the node did not start");
                return;
            }
            if (!QTest::qWaitFor([&] { return headOf(node) >= kBlocks / 2; }, 600000)) {
                state.SkipWithError("the node did not make the blocks in 10 minutes");
                return;
            }
            rssAtHalf = residentMb(node.process().processId());
            if (!QTest::qWaitFor([&] { return headOf(node) >= kBlocks; }, 600000)) {
                state.SkipWithError("the node did not make the blocks in 10 minutes");
                return;
            }
            rssAtEnd = residentMb(node.process().processId());
            node.process().terminate();
            node.process().waitForFinished(30000);
        }
        QElapsedTimer restart;
        restart.start();
        DevnetProcess again(program, args);
        const double seconds = restart.elapsed() / 1000.0;
        state.counters["rss_mb_1000_blocks"] = rssAtHalf;
        state.counters["rss_mb_2000_blocks"] = rssAtEnd;
        state.counters["restart_s"] = seconds;
        state.counters["rss_mb_after_restart"] = residentMb(again.process().processId());
        state.counters["head"] = static_cast<double>(headOf(again));
    }
}

void BM_ChainDatabase(benchmark::State &state)
{
    growAndRestart(state, gifscan::test::devnetBinary());
}
BENCHMARK(BM_ChainDatabase)->Iterations(1)->Unit(benchmark::kSecond);

void BM_BlockLogBaseline(benchmark::State &state)
{
    growAndRestart(state, qEnvironmentVariable("GIFSCAN_BASELINE_DEVNET"));
}
BENCHMARK(BM_BlockLogBaseline)->Iterations(1)->Unit(benchmark::kSecond);

} // namespace
