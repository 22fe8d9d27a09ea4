// The devnet's own speed: genesis, proofs and REST over loopback, and the
// memory an archive node needs after 20,000 blocks of default traffic.
#include "devnet/chain.h"
#include "tests/support/devnetharness.h"

#include <benchmark/benchmark.h>

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>

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
// Keeps `inFlight` requests going at once (QNetworkAccessManager opens up to
// six connections per host), so the server, not one client's round trips,
// sets the pace. Returns how many answered 200.
int burst(QNetworkAccessManager &nam, const std::function<QNetworkReply *(QNetworkAccessManager &, int)> &send,
          int inFlight)
{
    QEventLoop loop;
    int pending = inFlight, ok = 0;
    for (int i = 0; i < inFlight; ++i) {
        QNetworkReply *reply = send(nam, i);
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply] {
            ok += reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200;
            reply->deleteLater();
            if (--pending == 0)
                loop.quit();
        });
    }
    loop.exec();
    return ok;
}
constexpr int kInFlight = 12;
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
    QNetworkAccessManager nam;
    const QUrl url(d.endpoints().rpcUrl);
    std::int64_t served = 0;
    for (auto _ : state) {
        served += burst(nam, [&](QNetworkAccessManager &n, int i) {
            QNetworkRequest request(url);
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
            return n.post(request, QByteArrayLiteral(R"({"jsonrpc":"2.0","id":1,"method":"gif_proof","params":["pixel-cats",)")
                                       + QByteArray::number(1 + i * 17 % 200) + "]}");
        }, kInFlight);
    }
    state.counters["proofs/s"] = benchmark::Counter(static_cast<double>(served), benchmark::Counter::kIsRate);
}
BENCHMARK(ProofsServedOverRpc)->UseRealTime();

static void RestBlocksPage(benchmark::State &state)
{
    test::DevnetHarness d(test::DevnetHarness::fastConfig(200, 5.0, false));
    QNetworkAccessManager nam;
    const QUrl url(d.rest(QStringLiteral("/v1/blocks?limit=1")));
    std::int64_t served = 0;
    for (auto _ : state)
        served += burst(nam, [&](QNetworkAccessManager &n, int) { return n.get(QNetworkRequest(url)); }, kInFlight);
    state.counters["requests/s"] = benchmark::Counter(static_cast<double>(served), benchmark::Counter::kIsRate);
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
        state.counters["activity_per_block"] = static_cast<double>(chain.state().activityCount()) / static_cast<double>(state.range(0));
    }
}
BENCHMARK(ArchiveMemoryAfterBlocks)->Arg(20000)->Iterations(1)->Unit(benchmark::kSecond);
