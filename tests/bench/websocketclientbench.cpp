// The explorer's and the CLI's websocket client against a node gone
// hostile, side by side with Qt's QWebSocket, which it replaced: how much
// the process grows in 4 s of each attack, how much of it the peer got the
// kernel to take, and whether the client closed the connection. The peer
// writes from a thread of its own (HostileWebSocketPeer). Run each case in
// a process of its own (--benchmark_filter): memory a case took stays with
// the process. docs/RELIABILITY.md has the table.
#include "core/client/websocketconnection.h"
#include "tests/support/hostilewebsocketpeer.h"
#include "tests/support/residentmemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QWebSocket>
#include <benchmark/benchmark.h>

using namespace gifscan;
using namespace gifscan::test;
using Attack = HostileWebSocketPeer::Attack;

namespace {

constexpr int kAttackMs = 4000;

// Qt's client as the explorer had it: messages and frames capped at 1 MiB.
struct QtClient
{
    QWebSocket socket;
    bool closed = false;
    QtClient()
    {
        socket.setMaxAllowedIncomingMessageSize(1024 * 1024);
        socket.setMaxAllowedIncomingFrameSize(1024 * 1024);
        QObject::connect(&socket, &QWebSocket::disconnected, [this] {
            closed = true;
            qInfo("QWebSocket closed: %s / %s", qPrintable(socket.closeReason()),
                  qPrintable(socket.errorString()));
        });
    }
    void open(const QString &url) { socket.open(QUrl(url)); }
};

struct OwnClient
{
    WebSocketConnection socket;
    bool closed = false;
    OwnClient()
    {
        QObject::connect(&socket, &WebSocketConnection::disconnected, [this] { closed = true; });
    }
    void open(const QString &url) { socket.open(QUrl(url)); }
};

template <typename Client> void underAttack(benchmark::State &state, Attack attack)
{
    for (auto _ : state) {
        const double before = residentMb(QCoreApplication::applicationPid());
        double peak = before;
        HostileWebSocketPeer peer(attack);
        Client client;
        client.open(peer.url());
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < kAttackMs && !client.closed) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            peak = std::max(peak, residentMb(QCoreApplication::applicationPid()));
        }
        state.counters["rss_growth_MB"] = peak - before;
        state.counters["peer_sent_MB"] = static_cast<double>(peer.written()) / (1 << 20);
        state.counters["closed_s"] = client.closed ? clock.elapsed() / 1000.0 : -1;
    }
}

void ownClient(benchmark::State &state, Attack attack)
{
    underAttack<OwnClient>(state, attack);
}

void qtClient(benchmark::State &state, Attack attack)
{
    underAttack<QtClient>(state, attack);
}

} // namespace

BENCHMARK_CAPTURE(ownClient, frame_of_1_9GB, Attack::HugeFrame)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(qtClient, frame_of_1_9GB, Attack::HugeFrame)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(ownClient, endless_fragments, Attack::EndlessFragments)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(qtClient, endless_fragments, Attack::EndlessFragments)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(ownClient, ping_flood, Attack::PingFlood)
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(qtClient, ping_flood, Attack::PingFlood)->Iterations(1)->Unit(benchmark::kSecond);
