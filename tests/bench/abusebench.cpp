// The node under each abuse of docs/RELIABILITY.md, measured side by side
// with the same node left alone: a normal client's request latency (p50,
// p99) and the node's resident memory while a stranger abuses it.
//
// gifscan-devnet runs as a child process, so its RSS is its own. The
// stranger connects from 127.0.0.2 and the normal client from 127.0.0.1:
// the per-address caps and the rate limit are what keep them apart, as
// they would on a network. Each runs on a thread of its own with Qt's
// blocking socket calls (no event loop); the main thread samples the
// node's RSS. Run by hand: bench_abuse [--benchmark_filter=...]
#include "core/base/bytes.h"
#include "tests/bench/abusenode.h"
#include "tests/support/residentmemory.h"
#include "tests/support/txfactory.h"

#include <QCoreApplication>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QThread>
#include <QUrl>
#include <algorithm>
#include <atomic>
#include <benchmark/benchmark.h>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

using namespace gifscan;
using namespace gifscan::test;
using namespace gifscan::test::abuse;
using Clock = std::chrono::steady_clock;

namespace {

constexpr auto kAbuseTime = std::chrono::seconds(5);
// One GET on a new connection, as a browser of the explorer would: the
// milliseconds to the whole answer, or a negative number when it failed.
double timedGet(quint16 port, const QByteArray &path)
{
    const auto start = Clock::now();
    std::unique_ptr<QTcpSocket> s(connected(port, QHostAddress::LocalHost));
    if (!s)
        return -1;
    s->write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const QByteArray answer = readAnswer(*s);
    if (!answer.startsWith("HTTP/1.1 200"))
        return -1;
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The abuses. Each runs until `stop`, from the stranger's address.
const QHostAddress kStranger = stranger();

void idleConnections(const std::atomic<bool> &stop)
{
    std::vector<std::unique_ptr<QTcpSocket>> held;
    while (!stop) {
        std::erase_if(held,
                      [](const auto &s) { return s->state() != QAbstractSocket::ConnectedState; });
        while (held.size() < 200 && !stop)
            if (auto *s = connected(node().rest, kStranger))
                held.emplace_back(s);
            else
                break;
        QThread::msleep(50);
    }
}

void slowloris(const std::atomic<bool> &stop)
{
    std::vector<std::unique_ptr<QTcpSocket>> trickling;
    while (!stop) {
        std::erase_if(trickling,
                      [](const auto &s) { return s->state() != QAbstractSocket::ConnectedState; });
        while (trickling.size() < 64 && !stop) {
            auto *s = connected(node().rest, kStranger);
            if (!s)
                break;
            s->write("GET /v1/blocks HTTP/1.1\r\n");
            trickling.emplace_back(s);
        }
        for (auto &s : trickling) {
            s->write("X");
            s->waitForBytesWritten(10);
        }
        QThread::msleep(100);
    }
}

void rpcBatches(const std::atomic<bool> &stop)
{
    QJsonArray batch;
    for (int i = 0; i < 100; ++i)
        batch.append(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                 {QStringLiteral("id"), i},
                                 {QStringLiteral("method"), QStringLiteral("gif_getBlockByHeight")},
                                 {QStringLiteral("params"), QJsonArray{i % 10, true}}});
    const QByteArray body = QJsonDocument(batch).toJson(QJsonDocument::Compact);
    const QByteArray request =
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
        QByteArray::number(body.size()) + "\r\n\r\n" + body;
    while (!stop) {
        std::unique_ptr<QTcpSocket> s(connected(node().rpc, kStranger));
        if (!s)
            continue;
        for (int i = 0; i < 20 && !stop && s->state() == QAbstractSocket::ConnectedState; ++i) {
            s->write(request);
            readAnswer(*s);
        }
    }
}

void streamedBody(const std::atomic<bool> &stop, bool announced)
{
    const QByteArray head =
        announced
            ? QByteArray("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 419430400\r\n\r\n")
            : QByteArray(
                  "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n");
    const QByteArray chunk = announced ? QByteArray(256 * 1024, ' ')
                                       : "40000\r\n" + QByteArray(256 * 1024, ' ') + "\r\n";
    while (!stop) {
        std::unique_ptr<QTcpSocket> s(connected(node().rpc, kStranger));
        if (!s)
            continue;
        s->write(head);
        while (!stop && s->state() == QAbstractSocket::ConnectedState) {
            s->write(chunk);
            s->waitForBytesWritten(200);
            if (s->isOpen())
                s->readAll();
        }
    }
}

// The body of a GET answered 200, or empty.
QByteArray bodyOf(quint16 port, const QByteArray &path)
{
    std::unique_ptr<QTcpSocket> s(connected(port, QHostAddress::LocalHost));
    if (!s)
        return {};
    s->write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const QByteArray answer = readAnswer(*s);
    const qsizetype split = answer.indexOf("\r\n\r\n");
    return answer.startsWith("HTTP/1.1 200") && split > 0 ? answer.mid(split + 4) : QByteArray();
}

void sendRaw(std::unique_ptr<QTcpSocket> &s, const Bytes &raw)
{
    if (!s || s->state() != QAbstractSocket::ConnectedState)
        s.reset(connected(node().rpc, kStranger));
    if (!s)
        return;
    const QByteArray body =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_sendRawTransaction\",\"params\":[\"0x" +
        QByteArray(reinterpret_cast<const char *>(raw.data()), static_cast<qsizetype>(raw.size()))
            .toHex() +
        "\"]}";
    s->write(
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
        QByteArray::number(body.size()) + "\r\n\r\n" + body);
    readAnswer(*s);
}

void mempoolFlood(const std::atomic<bool> &stop)
{
    // 400 KiB mints into collections of two funded senders' own, as fast as
    // the rate limit lets them through: the pool's bounds (per sender, in
    // bytes) are what is measured.
    std::unique_ptr<QTcpSocket> s;
    QList<Bytes> mints;
    QByteArray content = TxFactory::smallGif();
    content.append(QByteArray(400 * 1024, '\0'));
    const QString tag = QString::number(QRandomGenerator::global()->bounded(1000000));
    for (std::uint32_t dev : {3u, 4u}) {
        const QJsonObject wallet =
            QJsonDocument::fromJson(
                bodyOf(node().rest, "/v1/wallets/" + toHexString(TxFactory::dev(dev)).toLatin1()))
                .object();
        std::uint64_t nonce = wallet.value(QStringLiteral("data"))
                                  .toObject()
                                  .value(QStringLiteral("nonce"))
                                  .toInteger();
        auto signed_ = [&](Transaction tx) {
            tx.nonce = nonce++;
            tx.gasPrice = 2000000000;
            tx.gasLimit = tx.intrinsicGas() + 100000;
            return TxFactory::sign(tx, dev);
        };
        const QString slug = QStringLiteral("flood-%1-%2").arg(dev).arg(tag);
        Transaction create;
        create.kind = TxKind::CreateCollection;
        create.slug = slug;
        create.name = slug;
        create.category = QStringLiteral("art");
        sendRaw(s, signed_(create));
        for (std::uint64_t id = 1; id <= 60; ++id) {
            Transaction mint;
            mint.kind = TxKind::Mint;
            mint.slug = slug;
            mint.tokenId = id;
            mint.to = TxFactory::dev(dev);
            mint.content = content;
            mints.append(signed_(mint));
        }
    }
    QThread::msleep(600); // the collections mined
    for (qsizetype i = 0; i < mints.size() && !stop; ++i)
        sendRaw(s, mints[i]);
    while (!stop)
        QThread::msleep(50);
}

void deafSubscribers(const std::atomic<bool> &stop)
{
    // Websocket clients that subscribe as much as they may and never read.
    auto frame = [](const QByteArray &text) {
        QByteArray f;
        f.append(char(0x81));
        f.append(char(0x80 | 126));
        f.append(char(text.size() >> 8));
        f.append(char(text.size() & 0xff));
        const char mask[4] = {1, 2, 3, 4};
        f.append(mask, 4);
        for (qsizetype i = 0; i < text.size(); ++i)
            f.append(char(text[i] ^ mask[i % 4]));
        return f;
    };
    std::vector<std::unique_ptr<QTcpSocket>> deaf;
    while (!stop) {
        std::erase_if(deaf,
                      [](const auto &s) { return s->state() != QAbstractSocket::ConnectedState; });
        while (deaf.size() < 60 && !stop) {
            auto *s = connected(node().ws, kStranger);
            if (!s)
                break;
            s->setReadBufferSize(4096); // Qt must not read for it either
            s->write(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
            // Frames sent before the handshake's answer would be lost.
            while (s->bytesAvailable() < 12 && s->waitForReadyRead(2000)) {
            }
            s->read(s->bytesAvailable());
            for (int i = 0; i < 32; ++i)
                s->write(frame(QByteArrayLiteral("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"gif_"
                                                 "subscribe\",\"params\":[\"") +
                               (i % 2 ? "newHeads" : "objectEvents") + "\"]}"));
            s->waitForBytesWritten(1000);
            deaf.emplace_back(s);
        }
        QThread::msleep(100);
    }
}

// The normal client's latencies and the node's RSS while `abuse` runs.
void measure(benchmark::State &state, const Abuse &abuse)
{
    Node &n = node();
    if (!n.process->started()) {
        state.SkipWithError("gifscan-devnet did not start");
        return;
    }
    const qint64 pid = n.process->process().processId();
    for (auto _ : state) {
        std::atomic<bool> stop = false;
        std::vector<double> latencies;
        int failed = 0;
        const double rssBefore = residentMb(pid);
        double rssPeak = rssBefore;
        std::thread stranger([&] {
            if (abuse)
                abuse(stop);
        });
        std::thread client([&] {
            QThread::msleep(300); // let the abuse start
            while (!stop) {
                const double ms = timedGet(n.rest, QByteArrayLiteral("/v1/blocks?limit=10"));
                if (ms < 0)
                    ++failed;
                else
                    latencies.push_back(ms);
                QThread::msleep(20);
            }
        });
        const auto end = Clock::now() + kAbuseTime;
        while (Clock::now() < end) {
            rssPeak = std::max(rssPeak, residentMb(pid));
            QThread::msleep(50);
        }
        stop = true;
        client.join();
        stranger.join();
        std::sort(latencies.begin(), latencies.end());
        auto at = [&](double q) {
            return latencies.empty()
                       ? 0.0
                       : latencies[std::min(latencies.size() - 1,
                                            static_cast<std::size_t>(q * latencies.size()))];
        };
        state.counters["p50_ms"] = at(0.50);
        state.counters["p99_ms"] = at(0.99);
        state.counters["requests"] = static_cast<double>(latencies.size());
        state.counters["failed"] = failed;
        state.counters["rss_before_MB"] = rssBefore;
        state.counters["rss_peak_MB"] = rssPeak;
        state.counters["node_alive"] = n.process->process().state() == QProcess::Running ? 1 : 0;
    }
}

} // namespace

BENCHMARK_CAPTURE(measure, quiet, Abuse{})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, idle_connections, Abuse(idleConnections))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, slowloris, Abuse(slowloris))->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, rpc_batches, Abuse(rpcBatches))->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, announced_400MB_body,
                  Abuse([](const auto &stop) { streamedBody(stop, true); })) -> Iterations(1)
    -> Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, chunked_endless_body,
                  Abuse([](const auto &stop) { streamedBody(stop, false); })) -> Iterations(1)
    -> Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, mempool_flood, Abuse(mempoolFlood))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, deaf_subscribers, Abuse(deafSubscribers))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, graphql_scans, Abuse(graphqlScans))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, websocket_frame_of_1_9GB, Abuse(hugeWebsocketFrame))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, unread_pongs, Abuse(unreadPongs))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, page_flood, Abuse(pageFlood))->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, page_mints, Abuse(pageMints))->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, introspection_aliases, Abuse(introspectionAliases))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, forged_feed_cursors, Abuse(forgedFeedCursors))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, rest_price_sorts, Abuse(restPriceSorts))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, subscription_fanout, Abuse(subscriptionFanout))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(measure, binary_frames, Abuse(binaryFrames))
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
