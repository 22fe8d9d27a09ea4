// The indexer against the node it reads: catch-up from genesis on a chain of
// 10,000 blocks (blocks/s, beside the node's own production rate), REST and
// GraphQL requests/s and p99 of one read server and of two side by side
// against the node's single thread, and the PostgreSQL database's size
// beside chain.db's. A real PostgreSQL (started in a scratch folder), real
// processes; the load comes from wrk, on the same two cores.
#include "chain/engine/chain.h"
#include "chain/engine/genesis.h"
#include "chain/store/postgresdatabase.h"
#include "server/api/pagecursor.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/testpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <benchmark/benchmark.h>
#include <map>
#include <random>
#include <sys/resource.h>
#include <unistd.h>
#include <utility>

using namespace gifscan;
using namespace gifscan::test;

namespace {

constexpr int kBlocks = 10000;
constexpr int kInFlight = 12;
// New requests made for a run, more than the fastest server here answers in
// its warm-up and measured seconds together: none is asked twice.
constexpr std::size_t kNewRequests = 150000;

// The chain every case reads: 10,000 blocks of default traffic after a
// 2,000-object genesis, made once, as fast as the node makes them.
struct World
{
    PostgresServer postgres;
    QTemporaryDir node;
    QString db;
    double madePerSecond = 0;
    double followedPerSecond = 0;
    double chainDbMiB = 0;
    double postgresMiB = 0;
    // Every object's REST path and the height it was minted at.
    std::vector<std::pair<QString, std::uint64_t>> objects;
    std::unique_ptr<DevnetProcess> devnet;
    QString error;
};

World *s_world = nullptr;

World &world()
{
    static World *made = [] {
        auto *w = new World;
        // Gone with the application object, before the process ends: its
        // PostgreSQL server and devnet live outside it (a server left
        // running by every run before).
        s_world = w;
        qAddPostRoutine([] { delete std::exchange(s_world, nullptr); });
        chain::ChainOptions o;
        o.objects = 2000;
        o.dataDir = w->node.path();
        o.durable = false;
        {
            chain::Chain chain(o);
            if (const gifscan::Outcome<> opened = chain.open(); !opened) {
                w->error = opened.error().message;
                return w;
            }
            QElapsedTimer t;
            t.start();
            for (int b = 0; b < kBlocks; ++b)
                chain.produceBlock();
            w->madePerSecond = kBlocks / (static_cast<double>(t.nsecsElapsed()) / 1e9);
            for (int i = 0; i < static_cast<int>(chain.state().objectCount()); ++i) {
                const chain::ObjectRecord r = chain.state().object(i);
                w->objects.emplace_back(
                    QStringLiteral("/v1/objects/%1/%2").arg(r.slug).arg(r.tokenId), r.mintedAt);
            }
        }
        w->chainDbMiB =
            static_cast<double>(QFileInfo(w->node.filePath(QStringLiteral("chain.db"))).size()) /
            (1 << 20);
        // The node stands still on it: every reader reads the same height.
        w->devnet = std::make_unique<DevnetProcess>(
            QStringList{QStringLiteral("--data-dir"), w->node.path(), QStringLiteral("--objects"),
                        QStringLiteral("2000"), QStringLiteral("--block-time"),
                        QStringLiteral("3600"), QStringLiteral("--rate-limit"),
                        QStringLiteral("off")},
            DevnetProcess::Log::Dropped);
        w->db = w->postgres.createDatabase(QStringLiteral("bench"));
        return w;
    }();
    return *made;
}

std::int64_t storedBlocks(const QString &db)
{
    try {
        chain::PostgresDatabase pg(db);
        return pg.hasTable("blocks") ? pg.queryInt("SELECT count(*) FROM blocks") : 0;
    } catch (const std::exception &) {
        return 0;
    }
}

// wrk's script: the requests of a file, a line each ("path" or "path<TAB>JSON
// body", a POST), made once and sent in turn from the line its second
// argument names; at the end, one line of what was answered.
constexpr const char *kWrkScript = R"lua(
local requests, count, at = {}, 0, 0
function init(args)
  for line in io.lines(args[1]) do
    local path, body = line:match("^([^\t]*)\t?(.*)$")
    count = count + 1
    if body ~= "" then
      requests[count] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
    else
      requests[count] = wrk.format("GET", path)
    end
  end
  at = tonumber(args[2]) % count
end
function request()
  at = at % count + 1
  return requests[at]
end
function done(summary, latency)
  local e = summary.errors
  io.write(string.format("answered %d %d %d %d %d\n", summary.requests, e.status,
    e.connect + e.read + e.write + e.timeout, summary.duration, latency:percentile(99)))
end
)lua";

struct Load
{
    double okPerSecond = 0;
    double okRequests = 0;
    double p99Ms = 0;
    // The load generator's processor time, user and system, for each
    // request answered.
    double clientMsPerRequest = 0;
    QString error;
};

double childrenProcessorMs()
{
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

// Requests kept `kInFlight` at once, spread over `urls` in turn from `first`, for
// `seconds`: answered (status below 400) per second, and the 99th percentile of their
// latency (the highest of the servers'). A GET each, or with `bodies` a JSON
// POST: bodies[0] to every URL, or each URL's own (as many as the URLs).
// Sent by wrk (Debian's), one process a server with its share of the
// connections: QNetworkAccessManager in this process, as before, spent
// more of the two cores than the read servers it measured could spare
// (docs/BENCHMARKS.md), and held six connections a host whatever it was asked.
Load load(const std::vector<QUrl> &urls, const std::vector<QByteArray> &bodies, int seconds,
          std::size_t first = 0)
{
    Load result;
    QTemporaryDir dir;
    QFile script(dir.filePath(QStringLiteral("load.lua")));
    if (!script.open(QIODevice::WriteOnly) || script.write(kWrkScript) < 0)
        return {.error = QStringLiteral("cannot write wrk's script")};
    script.close();
    // Each server's requests, in the order they are spread over the servers.
    std::map<QString, QByteArray> lines;
    for (std::size_t i = 0; i < urls.size(); ++i) {
        const QByteArray path = urls[i].toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
        QByteArray &to = lines[urls[i].adjusted(QUrl::RemovePath | QUrl::RemoveQuery).toString()];
        to += (path.isEmpty() ? QByteArrayLiteral("/") : path);
        if (!bodies.empty())
            to += '\t' + bodies[bodies.size() == 1 ? 0 : i];
        to += '\n';
    }
    std::vector<std::unique_ptr<QProcess>> wrks;
    const double before = childrenProcessorMs();
    for (const auto &[origin, text] : lines) {
        QFile file(dir.filePath(QStringLiteral("requests%1").arg(wrks.size())));
        if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
            return {.error = QStringLiteral("cannot write wrk's requests")};
        auto &wrk = wrks.emplace_back(std::make_unique<QProcess>());
        wrk->start(QStringLiteral("wrk"),
                   {QStringLiteral("-t1"),
                    QStringLiteral("-c%1").arg(kInFlight / static_cast<int>(lines.size())),
                    QStringLiteral("-d%1s").arg(seconds), QStringLiteral("--timeout"),
                    QStringLiteral("10s"), QStringLiteral("-s"), script.fileName(), origin,
                    QStringLiteral("--"), file.fileName(), QString::number(first / lines.size())});
    }
    double requests = 0;
    for (const auto &wrk : wrks) {
        if (!wrk->waitForFinished((seconds + 60) * 1000) || wrk->exitCode() != 0)
            return {.error = QStringLiteral("wrk failed (scripts/setup.sh installs it): ") +
                             QString::fromUtf8(wrk->readAllStandardError())};
        const QByteArray out = wrk->readAllStandardOutput();
        // answered <requests> <non-2xx> <other errors> <duration µs> <p99 µs>
        const QList<QByteArray> f = out.mid(out.lastIndexOf("answered ")).trimmed().split(' ');
        if (f.size() != 6 || f.at(3).toLongLong() != 0)
            return {.error = QStringLiteral("wrk: ") + QString::fromUtf8(out)};
        const double ok = f.at(1).toDouble() - f.at(2).toDouble();
        requests += ok;
        result.okPerSecond += ok / (f.at(4).toDouble() / 1e6);
        result.p99Ms = std::max(result.p99Ms, f.at(5).toDouble() / 1000);
    }
    result.okRequests = requests;
    if (requests > 0)
        result.clientMsPerRequest = (childrenProcessorMs() - before) / requests;
    return result;
}

class Server
{
public:
    explicit Server(const QString &db, int readerThreads = 0)
    {
        m_process.setStandardErrorFile(QProcess::nullDevice());
        // No rate limit, as the node's: the servers' speed is measured, not the limit's.
        m_process.start(indexerBinary(),
                        {QStringLiteral("serve"), QStringLiteral("--db"), db,
                         QStringLiteral("--rpc"), world().devnet->rpcUrl(),
                         QStringLiteral("--rate-limit"), QStringLiteral("off"),
                         QStringLiteral("--reader-threads"), QString::number(readerThreads)});
        if (!QTest::qWaitFor([this] { return m_process.canReadLine(); }, 60000))
            return;
        const QJsonObject ready = QJsonDocument::fromJson(m_process.readLine()).object();
        m_base = ready.value(QStringLiteral("base_url")).toString();
        m_rpc = ready.value(QStringLiteral("rpc_url")).toString();
    }
    ~Server()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    QString base() const { return m_base; }
    QString rpc() const { return m_rpc; }

private:
    QProcess m_process;
    QString m_base;
    QString m_rpc;
};

// Requests no server was asked before, at past heights drawn at random:
// an object as it was (`?height=H`), a wallet as it was, and a page of the
// object list as a cursor issued at H goes on from a random object, in turn.
std::vector<QString> pastHeightPaths(const World &w, std::size_t count)
{
    std::mt19937_64 draw(6464);
    std::vector<QString> wallets;
    for (const PrivateKey &key : chain::Genesis::trafficKeys())
        wallets.push_back(toHexString(key.address()));
    auto height = [&](std::uint64_t from) {
        return from + draw() % (static_cast<std::uint64_t>(kBlocks) - from + 1);
    };
    std::vector<QString> paths;
    for (std::size_t i = 0; i < count; ++i) {
        if (i % 3 == 0) {
            const auto &[path, minted] = w.objects[draw() % w.objects.size()];
            paths.push_back(path + QStringLiteral("?height=%1").arg(height(minted)));
        } else if (i % 3 == 1) {
            paths.push_back(QStringLiteral("/v1/wallets/%1?height=%2")
                                .arg(wallets[draw() % wallets.size()])
                                .arg(height(0)));
        } else {
            const std::uint64_t after = draw() % 2000;
            paths.push_back(QStringLiteral("/v1/objects?limit=10&cursor=%1")
                                .arg(server::PageCursor::keyed(height(0), after).encode()));
        }
    }
    return paths;
}

// The same through GraphQL, each a GET of its own (/graphql?query=): an
// object as it was and a wallet as it was, in turn.
std::vector<QString> pastHeightQueries(const World &w, std::size_t count)
{
    std::mt19937_64 draw(6464);
    std::vector<QString> wallets;
    for (const PrivateKey &key : chain::Genesis::trafficKeys())
        wallets.push_back(toHexString(key.address()));
    auto height = [&](std::uint64_t from) {
        return from + draw() % (static_cast<std::uint64_t>(kBlocks) - from + 1);
    };
    std::vector<QString> paths;
    for (std::size_t i = 0; i < count; ++i) {
        QString query;
        if (i % 2 == 0) {
            const auto &[path, minted] = w.objects[draw() % w.objects.size()];
            const QStringList parts = path.split(u'/'); // "", v1, objects, slug, id
            query = QStringLiteral("{ object(slug: \"%1\", tokenId: %2, height: %3) "
                                   "{ key owner listing { price } } }")
                        .arg(parts.at(3), parts.at(4))
                        .arg(height(minted));
        } else {
            query = QStringLiteral("{ wallet(address: \"%1\", height: %2) { balance } }")
                        .arg(wallets[draw() % wallets.size()])
                        .arg(height(0));
        }
        paths.push_back(QStringLiteral("/graphql?query=") +
                        QString::fromLatin1(QUrl::toPercentEncoding(query)));
    }
    return paths;
}

// The same through JSON-RPC, each a POST of its own: an object's proof and
// the object as it was, in turn (an auditor's calls).
std::vector<QByteArray> pastHeightCalls(const World &w, std::size_t count)
{
    std::mt19937_64 draw(6464);
    std::vector<QByteArray> bodies;
    for (std::size_t i = 0; i < count; ++i) {
        const auto &[path, minted] = w.objects[draw() % w.objects.size()];
        const QStringList parts = path.split(u'/'); // "", v1, objects, slug, id
        const auto h = static_cast<qint64>(
            minted + draw() % (static_cast<std::uint64_t>(kBlocks) - minted + 1));
        const QJsonObject call{
            {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
            {QStringLiteral("id"), static_cast<qint64>(i)},
            {QStringLiteral("method"),
             i % 2 == 0 ? QStringLiteral("gif_proof") : QStringLiteral("gif_getObject")},
            {QStringLiteral("params"), QJsonArray{parts.at(3), parts.at(4).toLongLong(), h}}};
        bodies.push_back(QJsonDocument(call).toJson(QJsonDocument::Compact));
    }
    return bodies;
}

const QByteArray kGraphql =
    R"({"query":"{ head { height } objects(first: 10) { nodes { key owner } } }"})";
// Processor time in milliseconds, user and system, of every process whose
// name is one of `names`, as /proc has it now: what the processes that
// answer a load spent on it, measured before and after (a ratio of
// requests a second is one run's; this is each request's cost).
double processorMs(const QStringList &names)
{
    const double tick = 1000.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
    double total = 0;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!pid.front().isDigit() || !stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < open ||
            !names.contains(QString::fromUtf8(line.mid(open + 1, close - open - 1))))
            continue;
        // After the name: state is field 3 of stat(5), utime and stime 14 and 15.
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() > 12)
            total +=
                static_cast<double>(fields.at(11).toLongLong() + fields.at(12).toLongLong()) * tick;
    }
    return total;
}
} // namespace

// The follower from genesis to the node's head, as a process against the
// node's process; then the database's size beside chain.db's.
static void FollowerCatchUp(benchmark::State &state)
{
    World &w = world();
    if (!w.error.isEmpty() || !w.postgres.running()) {
        state.SkipWithError(qPrintable(w.error + w.postgres.error()));
        return;
    }
    for (auto _ : state) {
        QProcess follower;
        follower.setStandardErrorFile(QProcess::nullDevice());
        QElapsedTimer t;
        t.start();
        follower.start(indexerBinary(),
                       {QStringLiteral("--db"), w.db, QStringLiteral("--rpc"), w.devnet->rpcUrl(),
                        QStringLiteral("--ws"), w.devnet->wsUrl(), QStringLiteral("--rpc-rate"),
                        QStringLiteral("off")});
        // Asked four times a second, not at qWaitFor's pace: a connection
        // and a count each time took half a core from the follower measured.
        while (storedBlocks(w.db) <= kBlocks && t.elapsed() < 3600000)
            QThread::msleep(250);
        if (storedBlocks(w.db) <= kBlocks)
            state.SkipWithError("the follower did not catch up within an hour");
        w.followedPerSecond = (kBlocks + 1) / (static_cast<double>(t.nsecsElapsed()) / 1e9);
        // At the head, the follower vacuums and analyzes its tables
        // (--vacuum-after): the read servers measured next plan with them.
        QElapsedTimer vacuum;
        vacuum.start();
        while (chain::PostgresDatabase(w.db).queryInt(
                   "SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'holding_spans' "
                   "AND last_analyze IS NOT NULL") == 0 &&
               vacuum.elapsed() < 600000)
            QThread::msleep(250);
        state.counters["vacuum_s"] = static_cast<double>(vacuum.elapsed()) / 1000;
        if (vacuum.elapsed() >= 600000)
            state.SkipWithError("the follower did not vacuum its tables within 10 minutes");
        follower.kill();
        follower.waitForFinished(5000);
    }
    chain::PostgresDatabase pg(w.db);
    w.postgresMiB =
        static_cast<double>(pg.queryInt("SELECT pg_database_size(current_database())")) / (1 << 20);
    state.counters["followed_blocks_per_s"] = w.followedPerSecond;
    state.counters["node_made_blocks_per_s"] = w.madePerSecond;
    state.counters["chain_db_MiB"] = w.chainDbMiB;
    state.counters["postgres_MiB"] = w.postgresMiB;
}
BENCHMARK(FollowerCatchUp)->Iterations(1)->Unit(benchmark::kSecond);

// range(0): 0 the node itself, 1 one read server, 2 two side by side, 3
// one read server with two reader threads (--reader-threads 2), 4 the same
// over the node's own chain.db instead of PostgreSQL (beside the node);
// range(1): 0 REST GET /v1/objects?limit=10, 1 the same through GraphQL
// (one request asked again and again: a read server answers it from its
// cache after the first), 2 the first ten objects, each request a URL of
// its own (/v1/objects?limit=10&height=H: a list ignores `height`, so this
// is the head's page, which no cache answers until the 10,000 heights are
// all asked: `passes_over_urls`), 3 the same ordered by price
// (every object's listing read until 1bc8711; since, the listings' indexes
// at the head), 4 new requests at random past heights
// (pastHeightPaths), 5 and 6 as 2 by rarity and by last sale (every
// object's row, and version, read until the commit after 305cf99; since,
// the ranks kept and the sales' index), 7 as 3 at a past height (a cursor
// of height H, from an offset under 100: every object's version read until
// the listing spans), 8 as 4 through GraphQL (objects and wallets, each a
// GET /graphql?query= of its own: on the node thread until the commit
// after 7264286; since, on reader threads as REST), 9 as 4 through
// JSON-RPC (gif_proof and gif_getObject, each a POST of its own: on the
// node thread until the commit after 6eb66eb).
static void ReadThroughput(benchmark::State &state)
{
    World &w = world();
    if (storedBlocks(w.db) <= kBlocks) {
        state.SkipWithError("FollowerCatchUp runs first");
        return;
    }
    std::vector<std::unique_ptr<Server>> servers;
    if (state.range(0) == 3)
        servers.push_back(std::make_unique<Server>(w.db, 2));
    if (state.range(0) == 4)
        servers.push_back(std::make_unique<Server>(w.node.filePath(QStringLiteral("chain.db")), 2));
    for (int i = 0; i < state.range(0) && state.range(0) < 3; ++i)
        servers.push_back(std::make_unique<Server>(w.db));
    // JSON-RPC's calls go to the RPC port.
    const bool rpc = state.range(1) == 9;
    std::vector<QString> bases;
    for (const auto &s : servers)
        bases.push_back(rpc ? s->rpc() : s->base());
    if (bases.empty())
        bases.push_back(rpc ? w.devnet->rpcUrl() : w.devnet->baseUrl());
    std::vector<QByteArray> bodies;
    const bool graphql = state.range(1) == 1;
    std::vector<QUrl> urls;
    if (state.range(1) == 4 || state.range(1) == 8) {
        const std::vector<QString> paths = state.range(1) == 4 ? pastHeightPaths(w, kNewRequests)
                                                               : pastHeightQueries(w, kNewRequests);
        for (std::size_t i = 0; i < paths.size(); ++i)
            urls.emplace_back(bases[i % bases.size()] + paths[i]);
    } else if (rpc) {
        bodies = pastHeightCalls(w, kNewRequests);
        for (std::size_t i = 0; i < bodies.size(); ++i)
            urls.emplace_back(bases[i % bases.size()]);
    } else if (state.range(1) == 7) {
        for (int h = kBlocks; h > 0; --h)
            urls.emplace_back(
                bases[static_cast<std::size_t>(h) % bases.size()] +
                QStringLiteral("/v1/objects?sort=price&limit=10&cursor=%1")
                    .arg(server::PageCursor::at(static_cast<std::uint64_t>(h), h % 100).encode()));
    } else if (state.range(1) >= 2) {
        static const std::map<std::int64_t, const char *> kLists{
            {2, "/v1/objects?limit=10&height=%1"},
            {3, "/v1/objects?sort=price&limit=10&height=%1"},
            {5, "/v1/objects?sort=rarity&limit=10&height=%1"},
            {6, "/v1/objects?sort=lastSale&limit=10&height=%1"}};
        const QString list = QString::fromLatin1(kLists.at(state.range(1)));
        for (int h = kBlocks; h > 0; --h)
            urls.emplace_back(bases[static_cast<std::size_t>(h) % bases.size()] + list.arg(h));
    } else {
        for (const QString &b : bases)
            urls.emplace_back(b + (graphql ? QStringLiteral("/graphql")
                                           : QStringLiteral("/v1/objects?limit=10")));
    }
    // Connections and the servers' own caches warmed, with requests the
    // measured ones (from the first) do not repeat where they are many.
    if (graphql)
        bodies = {kGraphql};
    const Load warm = load(urls, bodies, 1, urls.size() / 2);
    if (!warm.error.isEmpty()) {
        state.SkipWithError(qPrintable(warm.error));
        return;
    }
    // Those that answer: the node, or a read server and its database.
    const QStringList answering =
        servers.empty() ? QStringList{QStringLiteral("gifscan-devnet")}
        : state.range(0) == 4
            ? QStringList{QStringLiteral("gifscan-indexer")}
            : QStringList{QStringLiteral("gifscan-indexer"), QStringLiteral("postgres")};
    const double before = processorMs(answering);
    Load result;
    for (auto _ : state)
        result = load(urls, bodies, 5);
    if (!result.error.isEmpty()) {
        state.SkipWithError(qPrintable(result.error));
        return;
    }
    state.counters["requests_per_s"] = result.okPerSecond;
    if (result.okRequests > 0)
        state.counters["cpu_ms_per_request"] =
            (processorMs(answering) - before) / result.okRequests;
    state.counters["client_cpu_ms_per_request"] = result.clientMsPerRequest;
    // Over 1, URLs were asked again, and a server's answer cache may answer
    // them: the lists by height have only the chain's 10,000 (above).
    state.counters["passes_over_urls"] =
        (warm.okRequests + result.okRequests) / static_cast<double>(urls.size());
    state.counters["p99_ms"] = result.p99Ms;
}
BENCHMARK(ReadThroughput)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
