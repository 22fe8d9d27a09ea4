// Connections (PROTOCOL §6): what one client may hold of the node's
// descriptors and time, and how a request too large or too slow is
// refused, over REST and JSON-RPC alike.
#include "tests/support/devnetharness.h"
#include "tests/support/loopbacksocket.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTest>
#include <QUrl>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace gifscan;
using namespace gifscan::test;

// Descriptors are the node's to keep: one address holds at most so many
// connections, idle ones are closed, and the port keeps accepting.
TEST(Connections, IdleAndExcessConnectionsAreClosedAndThePortStaysOpen)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.connections.perAddress = 8;
    config.connections.idleMs = 700;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QUrl rpc(d.endpoints().rpcUrl);
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (int i = 0; i < 12; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QHostAddress::LocalHost, static_cast<quint16>(rpc.port()));
        ASSERT_TRUE(s->waitForConnected(2000));
        sockets.push_back(std::move(s));
    }
    // The four past the cap are answered 429 and closed at once; the eight
    // within it idle out.
    auto closed = [&] {
        return static_cast<int>(std::count_if(sockets.begin(), sockets.end(), [](const auto &s) {
            return s->state() == QAbstractSocket::UnconnectedState;
        }));
    };
    ASSERT_TRUE(QTest::qWaitFor([&] { return closed() >= 4; }, 3000)) << closed();
    EXPECT_LT(closed(), 12) << "not all at once: the idle ones wait their time";
    ASSERT_TRUE(QTest::qWaitFor([&] { return closed() == 12; }, 5000)) << closed();
    int told = 0;
    for (const auto &s : sockets) {
        const QByteArray answer = s->readAll();
        if (answer.isEmpty())
            continue;
        EXPECT_TRUE(answer.startsWith("HTTP/1.1 429 Too Many Requests\r\n")) << answer.constData();
        EXPECT_TRUE(answer.contains("\r\nRetry-After: 1\r\n")) << answer.constData();
        EXPECT_TRUE(answer.contains("\"code\":-32005")) << answer.constData();
        ++told;
    }
    EXPECT_EQ(told, 4) << "the ones past the cap are told, the idle ones are not";
    // Still answering.
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// One client's connections, whatever loopback addresses they come from: a
// stranger on eleven loopback addresses had eleven shares.
TEST(Connections, EveryLoopbackAddressIsOneClientsShare)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.connections.perAddress = 6;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const quint16 port = static_cast<quint16>(QUrl(d.endpoints().rpcUrl).port());
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (int i = 0; i < 10; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->bind(QHostAddress(QStringLiteral("127.0.0.%1").arg(2 + i % 5)));
        s->connectToHost(QHostAddress::LocalHost, port);
        ASSERT_TRUE(s->waitForConnected(2000));
        sockets.push_back(std::move(s));
    }
    // Four of the ten past the share of six are told 429 and closed.
    int told = 0;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            told = static_cast<int>(std::count_if(sockets.begin(), sockets.end(), [](auto &s) {
                return s->peek(12) == "HTTP/1.1 429";
            }));
            return told >= 4;
        },
        3000))
        << told;
    QTest::qWait(100);
    EXPECT_EQ(std::count_if(sockets.begin(), sockets.end(),
                            [](auto &s) { return s->peek(12) == "HTTP/1.1 429"; }),
              4);
}

namespace {
// `count` JSON-RPC requests from one address at once, each on a connection
// of its own; the status of each answer, or 0 for a connection closed
// unanswered (a reset).
std::vector<int> concurrentCalls(const QUrl &rpc, int count)
{
    const QByteArray body = R"({"jsonrpc":"2.0","id":1,"method":"gif_chainId"})";
    const QByteArray request =
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: " +
        QByteArray::number(body.size()) + "\r\n\r\n" + body;
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    for (int i = 0; i < count; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        QTcpSocket *raw = s.get();
        QObject::connect(raw, &QTcpSocket::connected, raw, [raw, request] { raw->write(request); });
        raw->connectToHost(QHostAddress::LocalHost, static_cast<quint16>(rpc.port()));
        sockets.push_back(std::move(s));
    }
    std::vector<QByteArray> answers(sockets.size());
    auto settled = [&] {
        for (std::size_t i = 0; i < sockets.size(); ++i) {
            answers[i] += sockets[i]->readAll();
            const bool whole = answers[i].contains("\r\n\r\n{") && answers[i].endsWith('}');
            if (!whole && sockets[i]->state() != QAbstractSocket::UnconnectedState)
                return false;
        }
        return true;
    };
    // A connect the listen queue (Qt's 50) had no room for is dropped by
    // the kernel after the client thinks it connected, and taken up at the
    // server's next SYN-ACK, sent again 1, 3, 7, 15, 31 and 63 s in
    // (tcp_synack_retries 5): on a loaded CI machine 227 of 450 were still
    // waiting at 20 s. Past the last retry, a connection still unanswered
    // is the server's doing.
    if (!QTest::qWaitFor(settled, 70000))
        ADD_FAILURE() << "some connections were neither answered nor closed in 70 s";
    std::vector<int> statuses;
    for (const QByteArray &a : answers)
        statuses.push_back(a.startsWith("HTTP/1.1 ") ? a.mid(9, 3).toInt() : 0);
    return statuses;
}
} // namespace

// PROTOCOL: a client within its rate and burst is answered; one beyond it
// gets 429 with Retry-After, an HTTP answer, never a reset. 200 concurrent
// requests (the burst) were 64 answered and 136 reset at the per-address cap.
TEST(Connections, ABurstTheProtocolAllowsIsAnsweredAndMoreIsTold)
{
    auto config = DevnetHarness::rateLimitedConfig(8, 5.0, 60, 200);
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QUrl rpc(d.endpoints().rpcUrl);
    const std::vector<int> burst = concurrentCalls(rpc, 200);
    EXPECT_EQ(std::count(burst.begin(), burst.end(), 200), 200)
        << "answered: " << std::count(burst.begin(), burst.end(), 200)
        << ", told to wait: " << std::count(burst.begin(), burst.end(), 429)
        << ", reset: " << std::count(burst.begin(), burst.end(), 0);
    // 450 at once, the bucket now nearly empty: each is answered, 200 or 429.
    const std::vector<int> flood = concurrentCalls(rpc, 450);
    EXPECT_EQ(std::count(flood.begin(), flood.end(), 0), 0) << "none reset";
    EXPECT_EQ(std::count(flood.begin(), flood.end(), 200) +
                  std::count(flood.begin(), flood.end(), 429),
              450);
    EXPECT_GT(std::count(flood.begin(), flood.end(), 429), 0);
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// Slowloris: a header trickled one byte every 100 ms never goes idle, but
// is not answered in time, and the connection is closed.
TEST(Connections, ATrickledRequestIsClosedWhenItTakesTooLong)
{
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.connections.requestMs = 600;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost,
                    static_cast<quint16>(QUrl(d.endpoints().baseUrl).port()));
    ASSERT_TRUE(s.waitForConnected(2000));
    const QByteArray header =
        "GET /v1/blocks HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + QByteArray(200, 'y');
    QElapsedTimer clock;
    clock.start();
    qsizetype sent = 0;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            if (s.state() == QAbstractSocket::ConnectedState && sent < header.size())
                s.write(header.mid(sent++, 1));
            QTest::qWait(100);
            return s.state() == QAbstractSocket::UnconnectedState;
        },
        5000));
    EXPECT_LT(sent, header.size()) << "closed before the header was done";
    EXPECT_GE(clock.elapsed(), 500);
    // An honest request on the same node is answered.
    EXPECT_EQ(d.get(QStringLiteral("/v1/blocks?limit=1")).status, 200);
}

// A body announced past the limit is refused in words before any of it is
// read: the client gets the server's own 413 while it is still uploading.
namespace {
struct Refusal
{
    QByteArray answer;
    qint64 sent = 0;
    bool closed = false;
};

Refusal announceHugeBody(quint16 port, const QByteArray &path)
{
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost, port);
    if (!s.waitForConnected(2000))
        return {};
    s.write("POST " + path +
            " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
            "419430400\r\n\r\n");
    const QByteArray chunk(64 * 1024, ' ');
    Refusal r;
    r.closed = QTest::qWaitFor(
        [&] {
            r.answer += s.readAll();
            if (s.state() == QAbstractSocket::ConnectedState &&
                s.bytesToWrite() < 2 * chunk.size() && r.sent < 64 * 1024 * 1024) {
                s.write(chunk);
                r.sent += chunk.size();
            }
            return s.state() == QAbstractSocket::UnconnectedState;
        },
        20000);
    r.answer += s.readAll();
    return r;
}
} // namespace

TEST(Connections, AnAnnouncedHugeBodyIsRefusedBeforeItIsRead)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    const Refusal rpc =
        announceHugeBody(static_cast<quint16>(QUrl(d.endpoints().rpcUrl).port()), "/");
    ASSERT_TRUE(rpc.answer.startsWith("HTTP/1.1 413 ")) << rpc.answer.left(200).toStdString();
    EXPECT_TRUE(rpc.closed);
    EXPECT_TRUE(rpc.answer.contains("Connection: close"));
    EXPECT_TRUE(rpc.answer.contains("X-Block-Height: "));
    EXPECT_TRUE(rpc.answer.contains("\"code\":-32600")) << rpc.answer.toStdString();
    EXPECT_LT(rpc.sent, 16 * 1024 * 1024);

    const Refusal rest =
        announceHugeBody(static_cast<quint16>(QUrl(d.endpoints().baseUrl).port()), "/v1/blocks");
    ASSERT_TRUE(rest.answer.startsWith("HTTP/1.1 413 ")) << rest.answer.left(200).toStdString();
    EXPECT_TRUE(rest.closed);
    EXPECT_TRUE(rest.answer.contains("\"code\":\"too_large\"")) << rest.answer.toStdString();
    // The node goes on answering.
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// A client on a slow link sends a body a little past the limit: the 413
// comes at once, and the server reads and drops the rest as it comes, for
// longer than its linger, where it closed after the linger and the
// client's next send was reset, the answer lost with it (a loopback client
// under load, uploading 1 MiB, lost it too).
namespace {
struct SlowUpload
{
    QByteArray answer;
    int failedSend = 0; // errno of the first send the server reset, or 0
};

// On its own thread: the head, then the body in 64 KiB pieces a pause apart.
SlowUpload uploadSlowly(quint16 port, int pieces, std::chrono::milliseconds pause)
{
    SlowUpload r;
    const int s = connectToLoopback(port);
    if (s < 0) {
        r.failedSend = errno;
        return r;
    }
    const QByteArray piece(64 * 1024, 'x');
    const QByteArray head = "POST /v1/blocks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                            QByteArray::number(qint64(piece.size()) * pieces) + "\r\n\r\n";
    const auto sendAll = [&](const QByteArray &bytes) {
        for (qsizetype at = 0; at < bytes.size();) {
            const ssize_t n = ::send(s, bytes.constData() + at, bytes.size() - at, MSG_NOSIGNAL);
            if (n < 0)
                return false;
            at += n;
        }
        return true;
    };
    bool sent = sendAll(head);
    for (int i = 0; sent && i < pieces; ++i) {
        std::this_thread::sleep_for(pause); // the slow link, on this thread only
        sent = sendAll(piece);
    }
    if (!sent)
        r.failedSend = errno;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(s, buffer, sizeof buffer, 0)) > 0;)
        r.answer.append(buffer, n);
    ::close(s);
    return r;
}
} // namespace

TEST(Connections, ABodyJustPastTheLimitOnASlowLinkStillGetsItsRefusal)
{
    // The body takes 17 pauses of 50 ms, twice the linger: a pause the
    // client's thread overslept on a loaded machine is still well inside it.
    auto config = DevnetHarness::fastConfig(8, 5.0, false);
    config.connections.lingerMs = 400;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const auto port = static_cast<quint16>(QUrl(d.endpoints().baseUrl).port());
    std::atomic<bool> done{false};
    SlowUpload upload;
    std::thread client([&] {
        upload = uploadSlowly(port, 17, std::chrono::milliseconds(50));
        done = true;
    });
    const bool finished = QTest::qWaitFor([&] { return done.load(); }, 30000);
    client.join();
    ASSERT_TRUE(finished);
    EXPECT_EQ(upload.failedSend, 0) << "reset while sending: " << std::strerror(upload.failedSend);
    EXPECT_TRUE(upload.answer.startsWith("HTTP/1.1 413 ")) << upload.answer.left(200).toStdString();
    EXPECT_TRUE(upload.answer.contains("\"code\":\"too_large\"")) << upload.answer.toStdString();
}

// A head that arrives in pieces is followed across them: the refusal
// comes all the same, and nothing the client goes on sending is kept.
TEST(Connections, AHeadInPiecesIsRefusedAllTheSame)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    QTcpSocket s;
    s.connectToHost(QHostAddress::LocalHost,
                    static_cast<quint16>(QUrl(d.endpoints().rpcUrl).port()));
    ASSERT_TRUE(s.waitForConnected(2000));
    // An honest request first, then the next one's head in three pieces,
    // each its own arrival (Qt's reader leaves part lines for later).
    const QByteArray honest = R"({"jsonrpc":"2.0","id":1,"method":"gif_chainId"})";
    s.write(
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
        QByteArray::number(honest.size()) + "\r\n\r\n" + honest);
    QByteArray answer;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            answer += s.readAll();
            return answer.contains("6464");
        },
        5000));
    for (const QByteArray &piece :
         {QByteArray("POST / HTTP/1.1\r\nHo"), QByteArray("st: 127.0.0.1\r\nContent-Len"),
          QByteArray("gth: 419430400\r\n\r\n")}) {
        s.write(piece);
        s.flush();
        QTest::qWait(50);
    }
    QByteArray refusal;
    const QByteArray chunk(64 * 1024, ' ');
    const bool closed = QTest::qWaitFor(
        [&] {
            refusal += s.readAll();
            if (s.state() == QAbstractSocket::ConnectedState && s.bytesToWrite() < 2 * chunk.size())
                s.write(chunk);
            return s.state() == QAbstractSocket::UnconnectedState;
        },
        10000);
    refusal += s.readAll();
    EXPECT_TRUE(closed);
    EXPECT_TRUE(refusal.startsWith("HTTP/1.1 413 ")) << refusal.left(200).toStdString();
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// A chunked body, whose size nobody knows in advance, is refused at its
// head: neither entry point needs one.
TEST(Connections, AChunkedBodyIsRefusedAtItsHead)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    for (const QString &url : {d.endpoints().rpcUrl, d.endpoints().baseUrl}) {
        QTcpSocket s;
        s.connectToHost(QHostAddress::LocalHost, static_cast<quint16>(QUrl(url).port()));
        ASSERT_TRUE(s.waitForConnected(2000));
        s.write("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                "application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
        const QByteArray chunk = "40000\r\n" + QByteArray(256 * 1024, ' ') + "\r\n";
        QByteArray answer;
        qint64 sent = 0;
        ASSERT_TRUE(QTest::qWaitFor(
            [&] {
                answer += s.readAll();
                if (s.state() == QAbstractSocket::ConnectedState &&
                    s.bytesToWrite() < 2 * chunk.size() && sent < 64 * 1024 * 1024) {
                    s.write(chunk);
                    sent += chunk.size();
                }
                return s.state() == QAbstractSocket::UnconnectedState;
            },
            20000))
            << sent << " bytes sent";
        answer += s.readAll();
        EXPECT_TRUE(answer.startsWith("HTTP/1.1 411 ")) << answer.left(200).toStdString();
        EXPECT_LT(sent, 16 * 1024 * 1024);
    }
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}
