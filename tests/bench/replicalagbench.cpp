// Push lag: how long after the node pushes a new head over its websocket a
// read server pushes the same head to its own subscribers (the follower's
// fetch, proof, execution and store, its notification, the server's read
// and push), for a read server on the primary and one on a hot standby
// that takes the primary's notifications (--notify-db). A node making a
// block every 0.1 s (40 objects, traffic on), a real PostgreSQL 15 (commits
// flushed, as by default) and its streaming standby, processes on the same
// two cores as the subscribers.
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>
#include <benchmark/benchmark.h>
#include <map>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// When each head came, in ns on one clock shared by every subscriber.
class HeadTimes
{
public:
    HeadTimes(const QString &url, const QElapsedTimer &clock)
    {
        QObject::connect(
            &m_socket, &QWebSocket::textMessageReceived, &m_socket,
            [this, &clock](const QString &text) {
                const QJsonObject m = QJsonDocument::fromJson(text.toUtf8()).object();
                const QJsonObject head =
                    m[QStringLiteral("params")].toObject()[QStringLiteral("result")].toObject();
                if (head.contains(QStringLiteral("height")))
                    m_at.emplace(head[QStringLiteral("height")].toInteger(), clock.nsecsElapsed());
            });
        QObject::connect(&m_socket, &QWebSocket::connected, &m_socket, [this] {
            m_socket.sendTextMessage(QStringLiteral(
                R"({"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]})"));
        });
        m_socket.open(QUrl(url));
    }
    const std::map<qint64, qint64> &at() const { return m_at; }

private:
    QWebSocket m_socket;
    std::map<qint64, qint64> m_at;
};

} // namespace

// range(0): 0 a read server on the primary, 1 one on the standby.
static void PushLag(benchmark::State &state)
{
    // PostgreSQL's default, which the test servers turn off for speed: a
    // commit's WAL is flushed, and so sent to the standby, at once, not at
    // the WAL writer's next round (200 ms), which was the replica's lag.
    PostgresServer primary(QStringLiteral("-c synchronous_commit=on"));
    const QString db = primary.createDatabase(QStringLiteral("lag"));
    std::unique_ptr<PostgresServer> standby;
    if (state.range(0) == 1)
        standby = PostgresServer::standbyOf(primary);
    if (!primary.running() || (standby && !standby->running())) {
        state.SkipWithError("no PostgreSQL, or no standby of it");
        return;
    }
    DevnetProcess node({QStringLiteral("--ephemeral"), QStringLiteral("--objects"),
                        QStringLiteral("40"), QStringLiteral("--block-time"), QStringLiteral("0.1"),
                        QStringLiteral("--rate-limit"), QStringLiteral("off")},
                       DevnetProcess::Log::Dropped);
    IndexerProcess follower({QStringLiteral("--db"), db, QStringLiteral("--rpc"), node.rpcUrl(),
                             QStringLiteral("--ws"), node.wsUrl(), QStringLiteral("--rpc-rate"),
                             QStringLiteral("off")});
    QStringList serve{QStringLiteral("serve"), QStringLiteral("--rpc"), node.rpcUrl(),
                      QStringLiteral("--rate-limit"), QStringLiteral("off")};
    serve += standby ? QStringList{QStringLiteral("--db"), standby->url(QStringLiteral("lag")),
                                   QStringLiteral("--notify-db"), db}
                     : QStringList{QStringLiteral("--db"), db};
    IndexerProcess server(serve);
    if (server.ws().isEmpty()) {
        state.SkipWithError("the read server did not start");
        return;
    }
    QTest::qWait(2000); // the follower caught up with the node's first blocks
    std::vector<double> lags;
    for (auto _ : state) {
        QElapsedTimer clock;
        clock.start();
        HeadTimes atNode(node.wsUrl(), clock);
        HeadTimes atServer(server.ws(), clock);
        QTest::qWait(20000);
        for (const auto &[height, nodeNs] : atNode.at()) {
            const auto it = atServer.at().find(height);
            if (it != atServer.at().end())
                lags.push_back(static_cast<double>(it->second - nodeNs) / 1e6);
        }
    }
    std::sort(lags.begin(), lags.end());
    const auto at = [&](double q) {
        return lags.empty() ? 0.0 : lags[static_cast<std::size_t>(q * (lags.size() - 1))];
    };
    state.counters["heads"] = static_cast<double>(lags.size());
    state.counters["p50_ms"] = at(0.5);
    state.counters["p99_ms"] = at(0.99);
    state.counters["max_ms"] = lags.empty() ? 0 : lags.back();
}
BENCHMARK(PushLag)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond);
