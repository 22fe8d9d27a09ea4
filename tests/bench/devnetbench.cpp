// The devnet's own speed: genesis, proofs and REST over loopback, and a
// node's memory, start and proofs after 10,000 and 100,000 blocks.
#include "chain/engine/chain.h"
#include "core/protocol/commitments.h"
#include "tests/support/devnetharness.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <benchmark/benchmark.h>

using namespace gifscan;
using namespace gifscan::chain;
using namespace gifscan::server;

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
int burst(QNetworkAccessManager &nam,
          const std::function<QNetworkReply *(QNetworkAccessManager &, int)> &send, int inFlight)
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
        if (const Outcome<> opened = chain.open(); !opened)
            state.SkipWithError(qPrintable(opened.error().message));
    }
    state.counters["objects/s"] = benchmark::Counter(static_cast<double>(state.range(0)) *
                                                         static_cast<double>(state.iterations()),
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
        served += burst(
            nam,
            [&](QNetworkAccessManager &n, int i) {
                QNetworkRequest request(url);
                request.setHeader(QNetworkRequest::ContentTypeHeader,
                                  QByteArrayLiteral("application/json"));
                return n.post(
                    request,
                    QByteArrayLiteral(
                        R"({"jsonrpc":"2.0","id":1,"method":"gif_proof","params":["pixel-cats",)") +
                        QByteArray::number(1 + i * 17 % 200) + "]}");
            },
            kInFlight);
    }
    state.counters["proofs/s"] =
        benchmark::Counter(static_cast<double>(served), benchmark::Counter::kIsRate);
}
BENCHMARK(ProofsServedOverRpc)->UseRealTime();

static void RestBlocksPage(benchmark::State &state)
{
    test::DevnetHarness d(test::DevnetHarness::fastConfig(200, 5.0, false));
    QNetworkAccessManager nam;
    const QUrl url(d.rest(QStringLiteral("/v1/blocks?limit=1")));
    std::int64_t served = 0;
    for (auto _ : state)
        served += burst(
            nam, [&](QNetworkAccessManager &n, int) { return n.get(QNetworkRequest(url)); },
            kInFlight);
    state.counters["requests/s"] =
        benchmark::Counter(static_cast<double>(served), benchmark::Counter::kIsRate);
}
BENCHMARK(RestBlocksPage)->UseRealTime();

// A node's chain at scale: `range(0)` blocks of default traffic after a
// 2,000-object genesis, made in this process as fast as it can (no fsync:
// durability has its own tests), in a data folder of its own. Reported: the
// RSS when they are made, the time to open the folder again (start) and the
// RSS then, and the latency of an object proof and a holdings proof (the
// holder's path, and its complete set) at height 1 — range(0) blocks back —
// and at the head, for the same 200 genesis objects and their owners then,
// each height from a node just started.
static void ChainAtScale(benchmark::State &state)
{
    for (auto _ : state) {
        QTemporaryDir dir;
        ChainOptions o;
        o.objects = 2000;
        o.dataDir = dir.path();
        o.durable = false;
        const double before = residentMiB();
        std::uint64_t objectsEnd = 0;
        double activityPerBlock = 0;
        {
            Chain chain(o);
            if (const Outcome<> opened = chain.open(); !opened) {
                state.SkipWithError(qPrintable(opened.error().message));
                return;
            }
            for (std::int64_t b = 0; b < state.range(0); ++b)
                chain.produceBlock();
            state.counters["rss_MiB_made"] = residentMiB();
            state.counters["made_MiB_over_start"] = residentMiB() - before;
            objectsEnd = chain.state().objectCount();
            activityPerBlock = static_cast<double>(chain.state().activityCount()) /
                               static_cast<double>(state.range(0));
        }
        QElapsedTimer opening;
        opening.start();
        {
            Chain chain(o);
            if (const Outcome<> opened = chain.open(); !opened) {
                state.SkipWithError(qPrintable(opened.error().message));
                return;
            }
            state.counters["start_ms"] = static_cast<double>(opening.nsecsElapsed()) / 1e6;
            state.counters["rss_MiB_after_start"] = residentMiB();
        }
        // Each height from a node just started: caches cold (the OS's page
        // cache is not), as a user's first question after a start would be.
        auto measure = [&](bool atHead, const char *suffix) {
            Chain chain(o);
            if (!chain.open())
                return; // the open above said why
            const ChainView &s = chain.state();
            const std::uint64_t height = atHead ? s.head() : 1;
            double objectUs = 0, pathUs = 0, setUs = 0, setSize = 0;
            for (int i = 0; i < 200; ++i) {
                const int object = i * 10;
                const Address owner = s.version(object, height).owner;
                const Hash32 key = s.object(object).key;
                QElapsedTimer t;
                t.start();
                benchmark::DoNotOptimize(s.treeAt(height)->path(key));
                objectUs += static_cast<double>(t.nsecsElapsed()) / 1e3;
                t.restart();
                benchmark::DoNotOptimize(s.holdingsAt(height)->path(holdingsKey(owner)));
                pathUs += static_cast<double>(t.nsecsElapsed()) / 1e3;
                t.restart();
                setSize += static_cast<double>(s.holdingsOf(owner, height).size());
                setUs += static_cast<double>(t.nsecsElapsed()) / 1e3;
            }
            state.counters[std::string("object_proof_us_") + suffix] = objectUs / 200;
            state.counters[std::string("holdings_path_us_") + suffix] = pathUs / 200;
            state.counters[std::string("holdings_set_us_") + suffix] = setUs / 200;
            state.counters[std::string("holdings_set_size_") + suffix] = setSize / 200;
        };
        measure(false, "back");
        measure(true, "head");
        state.counters["objects_end"] = static_cast<double>(objectsEnd);
        state.counters["activity_per_block"] = activityPerBlock;
        state.counters["db_MiB"] =
            static_cast<double>(QFileInfo(dir.filePath(QStringLiteral("chain.db"))).size()) /
            (1 << 20);
    }
}
BENCHMARK(ChainAtScale)->Arg(10000)->Arg(100000)->Iterations(1)->Unit(benchmark::kSecond);
