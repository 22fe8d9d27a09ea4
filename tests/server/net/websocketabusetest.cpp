// Websocket peers that mean harm: a frame announcing gigabytes, pings that
// are never read, binary frames. Each is closed; the node answers others.
#include "core/client/websocketconnection.h"
#include "tests/support/devnetharness.h"
#include "tests/support/rawwebsocket.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// Writes `chunk` again and again until the node closes the connection or
// `limit` bytes went out; how many did.
qint64 sendUntilClosed(QTcpSocket &s, const QByteArray &chunk, qint64 limit)
{
    qint64 sent = 0;
    QElapsedTimer clock;
    clock.start();
    while (sent < limit && s.state() == QAbstractSocket::ConnectedState &&
           clock.elapsed() < 20000) {
        if (s.bytesToWrite() < 4 * chunk.size()) {
            s.write(chunk);
            sent += chunk.size();
        }
        s.waitForBytesWritten(10);
    }
    return sent;
}
} // namespace

// A text frame announcing 1.9 GB: refused on its header. Before, the node
// read it for as long as it came (310 MB in 45 s); Qt's limit counts whole
// frames only.
TEST(WebSocketAbuse, AFrameAnnouncingGigabytesIsRefusedOnItsHeader)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    const auto attacker = rawWebSocketClient(QUrl(d.endpoints().wsUrl));
    ASSERT_TRUE(attacker);
    QByteArray header = QByteArray("\x81\xff", 2);
    for (int i = 7; i >= 0; --i)
        header.append(char((std::uint64_t{1'900'000'000} >> (8 * i)) & 0xff));
    header.append("\1\2\3\4", 4);
    attacker->write(header);
    const qint64 sent = sendUntilClosed(*attacker, QByteArray(64 * 1024, 'x'), 256 * 1024 * 1024);
    EXPECT_NE(attacker->state(), QAbstractSocket::ConnectedState)
        << sent << " bytes of payload were taken";
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// A peer that pings and never reads: the pongs Qt queues for it count
// against what it may leave unread, as notifications do (the node held
// 851 MB of them between blocks).
TEST(WebSocketAbuse, APeerThatPingsAndNeverReadsIsDropped)
{
    server::ServerConfig config = DevnetHarness::fastConfig(8, 5.0, false);
    config.maxUnsentBytes = 64 * 1024;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const auto pinger = rawWebSocketClient(QUrl(d.endpoints().wsUrl), 4096);
    ASSERT_TRUE(pinger);
    // Masked pings of 125 bytes, the largest a control frame may be.
    QByteArray ping = QByteArray("\x89\xfd", 2) + QByteArray("\1\2\3\4", 4) + QByteArray(125, 'p');
    QByteArray pings;
    for (int i = 0; i < 256; ++i)
        pings += ping;
    const qint64 sent = sendUntilClosed(*pinger, pings, 512 * 1024 * 1024);
    EXPECT_NE(pinger->state(), QAbstractSocket::ConnectedState)
        << sent << " bytes of pings were answered into a buffer nobody reads";
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// Binary frames are not part of the protocol: closed, not read past the
// rate limiter (24 GB were taken in 15 s).
TEST(WebSocketAbuse, ABinaryFrameClosesTheConnection)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    const auto client = rawWebSocketClient(QUrl(d.endpoints().wsUrl));
    ASSERT_TRUE(client);
    QByteArray binary = QByteArray("\x82\xfe\x10\x00", 4) + QByteArray("\1\2\3\4", 4);
    binary += QByteArray(4096, 'b');
    const qint64 sent = sendUntilClosed(*client, binary, 64 * 1024 * 1024);
    EXPECT_NE(client->state(), QAbstractSocket::ConnectedState) << sent << " bytes were taken";
}

// A connection the node closes gives its place back. The per-address count
// used to be given back by a signal Qt's websocket disconnects when it lets
// its socket go: after 256 refused frames (the cap) an address could never
// connect again, honest clients behind it included.
TEST(WebSocketAbuse, ClosedConnectionsGiveTheirPlaceBack)
{
    server::ServerConfig config = DevnetHarness::fastConfig(8, 5.0, false);
    config.connections.perAddress = 3;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    QByteArray binary = QByteArray("\x82\x84", 2) + QByteArray("\1\2\3\4", 4) + "bbbb";
    for (int i = 0; i < 6; ++i) {
        const auto client = rawWebSocketClient(QUrl(d.endpoints().wsUrl));
        ASSERT_TRUE(client) << "connection " << i << " was refused";
        client->write(binary);
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return client->state() != QAbstractSocket::ConnectedState; }, 5000));
    }
    // And ones the client closes, after a request.
    for (int i = 0; i < 6; ++i) {
        const auto client = rawWebSocketClient(QUrl(d.endpoints().wsUrl));
        ASSERT_TRUE(client) << "connection " << i << " was refused";
        client->disconnectFromHost();
        QTest::qWait(20);
    }
}

// Subscriptions cost the node a check per event each: a client holds 256 in
// all, on however many connections (162 connections of 32 from one address
// held the node's thread through every block).
TEST(WebSocketAbuse, AClientHoldsAFewHundredSubscriptionsOnAllItsConnections)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    std::vector<std::unique_ptr<WebSocketConnection>> connections;
    std::vector<QStringList> answers;
    auto subscribe = [&](std::size_t on) {
        const qsizetype before = answers[on].size();
        connections[on]->sendTextMessage(QStringLiteral(
            R"({"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]})"));
        EXPECT_TRUE(QTest::qWaitFor([&] { return answers[on].size() > before; }, 5000));
        return answers[on].value(before);
    };
    int accepted = 0;
    QString refusal;
    for (std::size_t c = 0; c < 9 && refusal.isEmpty(); ++c) {
        connections.push_back(std::make_unique<WebSocketConnection>());
        answers.emplace_back();
        QObject::connect(connections.back().get(), &WebSocketConnection::textMessageReceived,
                         [&answers, c](const QString &m) { answers[c].append(m); });
        bool up = false;
        QObject::connect(connections.back().get(), &WebSocketConnection::connected,
                         [&up] { up = true; });
        connections.back()->open(QUrl(d.endpoints().wsUrl));
        ASSERT_TRUE(QTest::qWaitFor([&] { return up; }, 5000));
        for (int i = 0; i < 32 && refusal.isEmpty(); ++i) {
            const QString answer = subscribe(c);
            if (answer.contains(QLatin1String("\"result\"")))
                ++accepted;
            else
                refusal = answer;
        }
    }
    EXPECT_EQ(accepted, 256);
    EXPECT_TRUE(refusal.contains(
        QLatin1String("too many subscriptions from this address (at most 256 on all its")))
        << refusal.toStdString();
    // A connection gone gives its subscriptions back.
    connections.front()->abort();
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return subscribe(connections.size() - 1).contains(QLatin1String("\"result\"")); },
        5000));
}
