// The devnet's own speed: genesis, proofs and REST over loopback, and the
// memory an archive node needs after 20,000 blocks of default traffic.
#include "devnet/chain.h"
#include "tests/support/devnetharness.h"

#include <benchmark/benchmark.h>

#include <QCoreApplication>
#include <QFile>

using namespace gifscan;
using namespace gifscan::devnet;

namespace {
double residentMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return 0;
}
} // namespace

static void GenesisObjects(benchmark::State &state)
{
    for (auto _ : state) {
        ChainOptions o;
        o.objects = static_cast<int>(state.range(0));
        o.ephemeral = true;
        o.traffic = false;
        Chain chain(o);
        QString error;
        if (!chain.open(&error))
            state.SkipWithError(qPrintable(error));
    }
    state.counters["objects/s"] = benchmark::Counter(static_cast<double>(state.range(0)) * static_cast<double>(state.iterations()),
                                                     benchmark::Counter::kIsRate);
}
BENCHMARK(GenesisObjects)->Arg(10000)->Iterations(1)->Unit(benchmark::kSecond);

static void ProofsServedOverRpc(benchmark::State &state)
{
    test::DevnetHarness d(test::DevnetHarness::fastConfig(2000, 5.0, false));
    int i = 0;
    for (auto _ : state) {
        const QJsonObject r = d.rpc(QStringLiteral("gif_proof"), {QStringLiteral("pixel-cats"), 1 + (i++ % 200)});
        benchmark::DoNotOptimize(r);
    }
    state.counters["proofs/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(ProofsServedOverRpc)->UseRealTime();

static void RestBlocksPage(benchmark::State &state)
{
    test::DevnetHarness d(test::DevnetHarness::fastConfig(200, 5.0, false));
    for (auto _ : state)
        benchmark::DoNotOptimize(d.get(QStringLiteral("/v1/blocks?limit=1")));
    state.counters["requests/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(RestBlocksPage)->UseRealTime();

static void ArchiveMemoryAfterBlocks(benchmark::State &state)
{
    for (auto _ : state) {
        const double before = residentMiB();
        ChainOptions o;
        o.objects = 2000;
        o.ephemeral = true;
        Chain chain(o);
        QString error;
        if (!chain.open(&error))
            state.SkipWithError(qPrintable(error));
        const double afterGenesis = residentMiB();
        for (std::int64_t b = 0; b < state.range(0); ++b)
            chain.produceBlock();
        const double after = residentMiB();
        state.counters["genesis_MiB"] = afterGenesis - before;
        state.counters["blocks_MiB"] = after - afterGenesis;
        state.counters["KiB_per_block"] = (after - afterGenesis) * 1024.0 / static_cast<double>(state.range(0));
        state.counters["objects_end"] = static_cast<double>(chain.state().objectCount());
        state.counters["txs_per_block"] = static_cast<double>(chain.state().activity().size()) / static_cast<double>(state.range(0));
    }
}
BENCHMARK(ArchiveMemoryAfterBlocks)->Arg(20000)->Iterations(1)->Unit(benchmark::kSecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
