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
#include "tests/bench/wrkload.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/testpaths.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <benchmark/benchmark.h>
#include <map>
#include <random>
#include <utility>

using namespace gifscan;
using namespace gifscan::test;

namespace {

constexpr int kBlocks = 10000;
// New requests made for a run: the warm-up takes the last eighth, and the
// measured seconds start from the first, which the fastest here (the node's
// JSON-RPC, some 62,000 in 5 s) does not reach (`asked_again`).
constexpr std::size_t kNewRequests = 150000;

// GIFSCAN_BENCH_STATEMENTS=1: PostgreSQL counts its statements
// (pg_stat_statements, loaded only then: it costs the server's side), and
// ReadThroughput reports them a request and prints the most called, the
// way to see which round trips a read server's request still makes.
bool statementsCounted()
{
    return qEnvironmentVariableIntValue("GIFSCAN_BENCH_STATEMENTS") == 1;
}

// The chain every case reads: 10,000 blocks of default traffic after a
// 2,000-object genesis, made once, as fast as the node makes them.
struct World
{
    PostgresServer postgres{statementsCounted()
                                ? QStringLiteral("-c shared_preload_libraries=pg_stat_statements")
                                : QString()};
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

namespace {

// The URLs `range` (ReadThroughput's range(1)) asks, spread over `bases` in
// turn; `bodies` the POSTs' when it posts.
std::vector<QUrl> readUrls(const World &w, std::int64_t range, const std::vector<QString> &bases,
                           std::vector<QByteArray> *bodies)
{
    std::vector<QUrl> urls;
    if (range == 4 || range == 8) {
        const std::vector<QString> paths =
            range == 4 ? pastHeightPaths(w, kNewRequests) : pastHeightQueries(w, kNewRequests);
        for (std::size_t i = 0; i < paths.size(); ++i)
            urls.emplace_back(bases[i % bases.size()] + paths[i]);
    } else if (range == 9) {
        *bodies = pastHeightCalls(w, kNewRequests);
        for (std::size_t i = 0; i < bodies->size(); ++i)
            urls.emplace_back(bases[i % bases.size()]);
    } else if (range == 7) {
        for (int h = kBlocks; h > 0; --h)
            urls.emplace_back(
                bases[static_cast<std::size_t>(h) % bases.size()] +
                QStringLiteral("/v1/objects?sort=price&limit=10&cursor=%1")
                    .arg(server::PageCursor::at(static_cast<std::uint64_t>(h), h % 100).encode()));
    } else if (range >= 2) {
        static const std::map<std::int64_t, const char *> kLists{
            {2, "/v1/objects?limit=10&height=%1"},
            {3, "/v1/objects?sort=price&limit=10&height=%1"},
            {5, "/v1/objects?sort=rarity&limit=10&height=%1"},
            {6, "/v1/objects?sort=lastSale&limit=10&height=%1"}};
        const QString list = QString::fromLatin1(kLists.at(range));
        for (int h = kBlocks; h > 0; --h)
            urls.emplace_back(bases[static_cast<std::size_t>(h) % bases.size()] + list.arg(h));
    } else {
        for (const QString &b : bases)
            urls.emplace_back(b + (range == 1 ? QStringLiteral("/graphql")
                                              : QStringLiteral("/v1/objects?limit=10")));
        if (range == 1)
            *bodies = {kGraphql};
    }
    return urls;
}

// The share of the measured requests whose URL was asked before in the same
// case, in the warm-up (`warm` requests from `first`) or earlier in the run
// once it went round the list: a read server's answer cache may answer
// those, and the node has none. The servers taken as asked evenly.
double askedAgain(std::size_t urls, std::size_t hosts, std::size_t first, double warm,
                  double measured)
{
    const std::size_t count = urls / hosts, from = first / hosts;
    const auto w = static_cast<std::size_t>(warm) / hosts;
    const auto n = static_cast<std::size_t>(measured) / hosts;
    if (count == 0 || n == 0)
        return 0;
    std::vector<bool> seen(count);
    for (std::size_t i = 0; i < w; ++i)
        seen[(from + i) % count] = true;
    std::size_t again = 0;
    for (std::size_t i = 0; i < n; ++i) {
        again += seen[i % count] ? 1 : 0;
        seen[i % count] = true;
    }
    return static_cast<double>(again) / static_cast<double>(n);
}

// The statements PostgreSQL ran since it was last called with `report`
// false (which starts the count); with it true, the ten most called are
// printed. Only with statementsCounted().
std::int64_t countStatements(const QString &db, bool report)
{
    chain::PostgresDatabase pg(db);
    if (!report) {
        pg.exec("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        pg.exec("SELECT pg_stat_statements_reset()");
        return 0;
    }
    QProcess psql;
    psql.setProcessChannelMode(QProcess::ForwardedChannels);
    psql.start(PostgresServer::binary(QStringLiteral("psql")),
               {db, QStringLiteral("-c"),
                QStringLiteral("SELECT calls, round(total_exec_time) AS ms, "
                               "left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS statement "
                               "FROM pg_stat_statements ORDER BY calls DESC LIMIT 10")});
    psql.waitForFinished(30000);
    // Its own reset and this count left out.
    return pg.queryInt("SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE query NOT "
                       "LIKE '%pg_stat_statements%'");
}

} // namespace

// range(0): 0 the node itself, 1 one read server, 2 two side by side, 3
// one read server with two reader threads (--reader-threads 2), 4 the same
// over the node's own chain.db instead of PostgreSQL (beside the node);
// range(1): 0 REST GET /v1/objects?limit=10, 1 the same through GraphQL
// (one request asked again and again: a read server answers it from its
// cache after the first), 2 the first ten objects, each request a URL of
// its own (/v1/objects?limit=10&height=H: a list ignores `height`, so this
// is the head's page, which no cache answers until its URLs are asked again:
// `asked_again`), 3 the same ordered by price
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
    const std::vector<QUrl> urls = readUrls(w, state.range(1), bases, &bodies);
    // Connections and the servers' own caches warmed, with the list's last
    // eighth: the measured requests start from its first.
    const std::size_t warmFrom = urls.size() - urls.size() / 8;
    const WrkLoad warm = wrkLoad(urls, bodies, 1, warmFrom);
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
    if (statementsCounted())
        countStatements(w.db, false);
    const double before = processorMs(answering);
    WrkLoad result;
    for (auto _ : state)
        result = wrkLoad(urls, bodies, 5);
    if (!result.error.isEmpty()) {
        state.SkipWithError(qPrintable(result.error));
        return;
    }
    if (statementsCounted() && result.okRequests + result.errorResponses > 0)
        state.counters["statements_per_request"] =
            static_cast<double>(countStatements(w.db, true)) /
            static_cast<double>(result.okRequests + result.errorResponses);
    state.counters["requests_per_s"] = result.okPerSecond;
    if (result.okRequests > 0)
        state.counters["cpu_ms_per_request"] =
            (processorMs(answering) - before) / result.okRequests;
    state.counters["client_cpu_ms_per_request"] = result.clientMsPerRequest;
    state.counters["error_responses"] = result.errorResponses;
    // Above 0, some answers may have come from a read server's answer cache:
    // the lists by height have only the chain's 10,000 URLs (above).
    state.counters["asked_again"] =
        askedAgain(urls.size(), bases.size(), warmFrom, warm.okRequests + warm.errorResponses,
                   result.okRequests + result.errorResponses);
    state.counters["p99_ms"] = result.p99Ms;
}
BENCHMARK(ReadThroughput)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}})
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
