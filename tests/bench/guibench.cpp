// The GUI's figures, each beside the alternative it beats: head-to-row
// latency (leading-edge coalescing against a plain 250 ms timer), the
// animated grid (one shared clock and a frame cache against a QMovie per
// item), a 100,000-object collection, and cold and warm start.
#include "chain/content/gifgenerator.h"
#include "session/explorersession.h"
#include "tests/support/devnetharness.h"
#include "tests/support/testpaths.h"
#include "views/animationclock.h"
#include "views/objectgridview.h"
#include "views/pageregistry.h"

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHttpServer>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMovie>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>
#include <benchmark/benchmark.h>
#include <ctime>
#include <fstream>

using namespace gifscan;
using namespace gifscan::test;

namespace {

double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

double rssMiB()
{
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * 4096.0 / (1024.0 * 1024.0);
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

// Waits for a condition; a benchmark whose setup never gets there says so.
template <typename F> bool settle(benchmark::State &state, F condition, int ms, const char *what)
{
    if (QTest::qWaitFor(condition, ms))
        return true;
    state.SkipWithError(what);
    return false;
}

// CPU of one core spent while the event loop runs for 5 s, per iteration.
void measureCpu(benchmark::State &state)
{
    double cpu = 0, wall = 0;
    for (auto _ : state) {
        const double c0 = cpuSeconds();
        QElapsedTimer w;
        w.start();
        QTest::qWait(5000);
        cpu += cpuSeconds() - c0;
        wall += static_cast<double>(w.elapsed()) / 1000.0;
    }
    state.counters["cpu_percent"] = 100.0 * cpu / wall;
}

NetworkProfile profileOf(const DevnetHarness &d)
{
    const auto e = d.endpoints();
    return {QStringLiteral("bench"), QUrl(e.baseUrl), QUrl(e.rpcUrl),
            QUrl(e.wsUrl),           kChainId,        std::nullopt};
}

// From the node announcing a block to its row in BlockListModel.
void HeadToRow(benchmark::State &state)
{
    const bool leading = state.range(0) == 1;
    std::vector<double> latencies;
    for (auto _ : state) {
        DevnetHarness d(DevnetHarness::fastConfig(24, 0.5, true));
        ExplorerSession session(profileOf(d));
        session.pages().blocks->setLeadingEdge(leading);
        QHash<quint64, qint64> announced;
        QElapsedTimer clock;
        clock.start();
        QObject::connect(&d.devnet(), &server::NodeServer::blockAnnounced, session.pages().blocks,
                         [&](quint64 h) { announced.insert(h, clock.nsecsElapsed()); });
        QObject::connect(session.pages().blocks, &QAbstractItemModel::rowsInserted,
                         session.pages().blocks, [&](const QModelIndex &, int first, int last) {
                             const qint64 now = clock.nsecsElapsed();
                             for (int r = first; r <= last; ++r) {
                                 const auto it =
                                     announced.constFind(session.pages().blocks->header(r).height);
                                 if (it != announced.constEnd())
                                     latencies.push_back(static_cast<double>(now - *it) / 1e6);
                             }
                         });
        session.start();
        settle(
            state, [&] { return latencies.size() >= 40; }, 60000, "fewer than 40 heads");
    }
    state.counters["p50_ms"] = percentile(latencies, 0.5);
    state.counters["p99_ms"] = percentile(latencies, 0.99);
    state.counters["blocks"] = static_cast<double>(latencies.size());
}
BENCHMARK(HeadToRow)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("leading_edge")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

// 200 animated thumbnails on screen: CPU per second of wall time.
constexpr int kVisible = 200;

void GridSharedClock(benchmark::State &state)
{
    DevnetHarness d(DevnetHarness::fastConfig(2000, 60.0, false));
    ExplorerSession session(profileOf(d));
    session.thumbnails().setBudget(256 * 1024 *
                                   1024); // every one of the 200 animated, as the QMovies are
    AnimationClock clock;
    ViewPreferences preferences;
    ObjectGridView grid({&clock, &preferences}, 96);
    grid.resize(20 * grid.gridSize().width() + 40,
                10 * grid.gridSize().height() + 40); // 20 × 10 cells
    grid.setModel(session.pages().collection->objects());
    session.pages().collection->objects()->setPageSize(100);
    RestClient::ObjectQuery q; // every collection: enough objects for the screen
    session.pages().collection->objects()->setQuery(q);
    grid.show();
    while (session.pages().collection->objects()->rowCount() < kVisible &&
           session.pages().collection->objects()->canFetchMore({})) {
        const int before = session.pages().collection->objects()->rowCount();
        session.pages().collection->objects()->fetchMore({});
        if (!settle(
                state, [&] { return session.pages().collection->objects()->rowCount() > before; },
                10000, "no page"))
            return;
    }
    settle(
        state, [&] { return session.thumbnails().size() >= kVisible; }, 60000,
        "thumbnails never decoded");
    QTest::qWait(500);
    const int decodedBefore = session.thumbnails().decodedCount();
    measureCpu(state);
    state.counters["decoded_while_measured"] = session.thumbnails().decodedCount() - decodedBefore;
    state.counters["animated_on_screen"] = grid.animatedCellsOnScreen();
    state.counters["cache_MiB"] =
        static_cast<double>(session.thumbnails().bytesUsed()) / (1024.0 * 1024.0);
}
BENCHMARK(GridSharedClock)->Iterations(1)->Unit(benchmark::kSecond);

void GridQMoviePerItem(benchmark::State &state)
{
    DevnetHarness d(DevnetHarness::fastConfig(2000, 60.0, false));
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    QList<QByteArray> gifs;
    const QJsonArray objects = d.get(QStringLiteral("/v1/objects?limit=100")).data().toArray();
    const QJsonArray more = d.get(QStringLiteral("/v1/objects?limit=100&cursor=") +
                                  d.get(QStringLiteral("/v1/objects?limit=100"))
                                      .json()[QStringLiteral("cursor")]
                                      .toString())
                                .data()
                                .toArray();
    for (const QJsonArray &page : {objects, more}) {
        for (const auto &o : page)
            gifs.append(d.get(QStringLiteral("/v1/objects/%1/%2/frames")
                                  .arg(o[QStringLiteral("slug")].toString())
                                  .arg(o[QStringLiteral("tokenId")].toInteger()))
                            .body);
    }
    QWidget window;
    auto *layout = new QGridLayout(&window);
    std::vector<std::unique_ptr<QBuffer>> buffers;
    for (int i = 0; i < gifs.size() && i < kVisible; ++i) {
        auto *label = new QLabel(&window);
        label->setFixedSize(96, 96);
        buffers.push_back(std::make_unique<QBuffer>());
        buffers.back()->setData(gifs[i]);
        auto *movie = new QMovie(buffers.back().get(), QByteArray("gif"), label);
        movie->setScaledSize(QSize(96, 96));
        label->setMovie(movie);
        movie->start();
        layout->addWidget(label, i / 20, i % 20);
    }
    window.show();
    QTest::qWait(500);
    measureCpu(state);
    state.counters["movies"] = static_cast<double>(buffers.size());
}
BENCHMARK(GridQMoviePerItem)->Iterations(1)->Unit(benchmark::kSecond);

// A node with a 100,000-object collection, served from a few real GIFs.
class BigCollectionNode
{
public:
    static constexpr int kObjects = 100000;
    BigCollectionNode()
    {
        for (int i = 0; i < 8; ++i) {
            chain::ArtSpec spec;
            spec.shape = i % 6;
            spec.motion = i % 6;
            spec.background = i % 4;
            m_gifs.append(chain::GifGenerator::render(spec));
        }
        m_server.route(QStringLiteral("/v1/objects"), [this](const QHttpServerRequest &request) {
            const QUrlQuery q(request.url());
            const int from = q.queryItemValue(QStringLiteral("cursor")).toInt();
            const int limit = q.queryItemValue(QStringLiteral("limit")).toInt();
            QJsonArray data;
            for (int i = from; i < std::min(kObjects, from + limit); ++i) {
                QJsonObject trait;
                trait.insert(QStringLiteral("trait"), QStringLiteral("Shape"));
                trait.insert(QStringLiteral("value"), QString::number(i % 6));
                QJsonObject o;
                o.insert(QStringLiteral("key"), QStringLiteral("big#%1").arg(i + 1));
                o.insert(QStringLiteral("slug"), QStringLiteral("big"));
                o.insert(QStringLiteral("tokenId"), i + 1);
                o.insert(QStringLiteral("owner"),
                         QString(QStringLiteral("0x") + QString(40, u'1')));
                o.insert(QStringLiteral("rarityRank"), i + 1);
                o.insert(QStringLiteral("traits"), QJsonArray{trait});
                o.insert(QStringLiteral("frames"), 16);
                data.append(o);
            }
            const int next = from + limit;
            const QJsonObject page{
                {QStringLiteral("data"), data},
                {QStringLiteral("cursor"),
                 next < kObjects ? QJsonValue(QString::number(next)) : QJsonValue()},
                {QStringLiteral("height"), 7}};
            return QHttpServerResponse(QByteArrayLiteral("application/json"),
                                       QJsonDocument(page).toJson(QJsonDocument::Compact));
        });
        m_server.route(QStringLiteral("/v1/objects/<arg>/<arg>/frames"), [this](const QString &,
                                                                                int id) {
            ++m_frameRequests;
            return QHttpServerResponse(QByteArrayLiteral("image/gif"), m_gifs[id % m_gifs.size()]);
        });
        m_port = m_server.listen(QHostAddress::LocalHost, 0);
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port)); }
    int frameRequests() const { return m_frameRequests; }

private:
    QHttpServer m_server;
    QList<QByteArray> m_gifs;
    int m_port = 0;
    int m_frameRequests = 0;
};

void HundredThousandObjects(benchmark::State &state)
{
    for (auto _ : state) {
        BigCollectionNode node;
        const double rss0 = rssMiB();
        HttpClient http;
        RestClient rest(node.url(), &http);
        ThumbnailCache cache([&](const QString &slug, std::uint64_t id, QObject *context,
                                 std::function<void(QByteArray)> done) {
            rest.frames(slug, id, std::nullopt, context, [done](const Result<QByteArray> &r) {
                done(r.ok() ? *r.value : QByteArray());
            });
        });
        ObjectListModel model(&rest, &cache);
        model.setPageSize(100);
        AnimationClock clock;
        ViewPreferences preferences;
        ObjectGridView grid({&clock, &preferences}, 96);
        grid.resize(1000, 700);
        grid.setModel(&model);
        RestClient::ObjectQuery q;
        q.collection = QStringLiteral("big");
        QElapsedTimer first;
        first.start();
        model.setQuery(q);
        model.fetchMore({});
        grid.show();
        settle(
            state,
            [&] {
                return model.rowCount() > 0 && grid.animatedCellsOnScreen() > 0 &&
                       cache.size() >= 10;
            },
            30000, "no first screen");
        settle(
            state, [&] { return cache.decodedCount() >= grid.animatedCellsOnScreen(); }, 30000,
            "first screen not decoded");
        state.counters["first_screen_ms"] = static_cast<double>(first.elapsed());
        const int decodedAtFirstScreen = cache.decodedCount();
        // Every page of the collection loaded, as a reader who pages to the end.
        while (model.canFetchMore({})) {
            const int before = model.rowCount();
            model.fetchMore({});
            if (!settle(
                    state, [&] { return model.rowCount() > before; }, 10000, "no page"))
                return;
        }
        QTest::qWait(300);
        state.counters["rows"] = model.rowCount();
        state.counters["rss_MiB"] = rssMiB() - rss0;
        // Fling through 100,000 rows to the end.
        for (int step = 1; step <= 20; ++step) {
            grid.verticalScrollBar()->setValue(grid.verticalScrollBar()->maximum() * step / 20);
            QTest::qWait(20);
        }
        QTest::qWait(2000);
        state.counters["decoded_first_screen"] = decodedAtFirstScreen;
        state.counters["decoded_after_fling"] = cache.decodedCount();
        state.counters["thumbnail_fetches"] = node.frameRequests();
    }
}
BENCHMARK(HundredThousandObjects)->Iterations(1)->Unit(benchmark::kSecond);

// From starting the local devnet to the first live head in the block list.
// From starting the local devnet to the explorer following it: the node up,
// the block list's first page, the session live (subscribed, the head on
// screen) and the first head delivered live. Three starts: 0 cold with the
// genesis built here, 1 cold with the build's prebuilt genesis copied (what
// the app does), 2 warm (a data folder with a chain in it).
enum class Start { Built, Prebuilt, Warm };

server::ServerConfig startConfig(const QString &dataDir, Start start)
{
    auto config = DevnetHarness::fastConfig(2000, 1.0, true); // the app's default genesis size
    config.chain.ephemeral = false;
    config.chain.dataDir = dataDir;
    if (start != Start::Built)
        config.chain.genesisDir = gifscan::test::genesisDir();
    return config;
}

void StartToFirstLiveHead(benchmark::State &state)
{
    QTemporaryDir dir;
    const auto start = static_cast<Start>(state.range(0));
    if (start == Start::Warm) { // a first run leaves a chain to take up
        server::NodeServer once;
        if (const auto started = once.start(startConfig(dir.path(), start)); !started) {
            state.SkipWithError(qPrintable(started.error().message));
            return;
        }
        QTest::qWait(3000);
        once.stop();
    }
    for (auto _ : state) {
        QElapsedTimer t;
        t.start();
        server::NodeServer node;
        std::unique_ptr<ExplorerSession> session;
        bool headLive = false;
        QObject::connect(&node, &server::NodeServer::started, &node, [&] {
            state.counters["node_started_ms"] = static_cast<double>(t.elapsed());
            const auto e = node.endpoints();
            session = std::make_unique<ExplorerSession>(
                NetworkProfile{QStringLiteral("bench"), QUrl(e.baseUrl), QUrl(e.rpcUrl),
                               QUrl(e.wsUrl), kChainId, std::nullopt});
            QObject::connect(session->pages().blocks, &BlockListModel::firstPageLoaded, &node, [&] {
                state.counters["first_page_ms"] = static_cast<double>(t.elapsed());
            });
            QObject::connect(
                &session->sync(), &LiveSync::stateChanged, &node, [&](LiveSync::State s) {
                    if (s == LiveSync::State::Live && !state.counters.contains("live_ms"))
                        state.counters["live_ms"] = static_cast<double>(t.elapsed());
                });
            QObject::connect(&session->sync(), &LiveSync::headDelivered, &node, [&] {
                if (!headLive)
                    state.counters["first_live_head_ms"] = static_cast<double>(t.elapsed());
                headLive = true;
            });
            session->start();
        });
        node.startAsync(startConfig(dir.path(), start));
        settle(
            state, [&] { return headLive; }, 60000, "no live head");
        session.reset();
        node.stop();
    }
}
BENCHMARK(StartToFirstLiveHead)
    ->Arg(static_cast<int>(Start::Built))
    ->Arg(static_cast<int>(Start::Prebuilt))
    ->Arg(static_cast<int>(Start::Warm))
    ->ArgName("start")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
