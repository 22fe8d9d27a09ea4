// The explorer's and the CLI's websocket client against a node gone hostile,
// whose peer writes from a thread of its own faster than the client reads:
// Qt 6.4's QWebSocket took `gifscan-cli head --follow` to 490-811 MB on a
// frame announcing 1.9 GB, 483-615 MB on endless continuation frames and
// 568-608 MB on a ping flood whose pongs it queued. WebSocketConnection
// refuses on the header, caps a message and queues no pongs past its cap.
#include "core/client/websocketconnection.h"

#include "core/client/websocketstream.h"
#include "tests/support/devnetharness.h"
#include "tests/support/hostilewebsocketpeer.h"
#include "tests/support/residentmemory.h"
#include "tests/support/sanitizers.h"

#include <QCoreApplication>
#include <QTest>
#include <atomic>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

double rssMb()
{
    return residentMb(QCoreApplication::applicationPid());
}

// AddressSanitizer keeps what is freed in quarantine (256 MiB by default):
// a process's growth there says nothing of what the client holds. The
// caps themselves are checked in every build.
#if GIFSCAN_TEST_ASAN
constexpr double kMaxGrowthMb = 1e9;
#else
constexpr double kMaxGrowthMb = 32;
#endif

// Opens `url`; true once the handshake was done (the connection may have
// been failed since, by what came right after it).
bool openedOn(WebSocketConnection &ws, const QString &url)
{
    bool up = false;
    const auto c = QObject::connect(&ws, &WebSocketConnection::connected, [&] { up = true; });
    ws.open(QUrl(url));
    const bool done = QTest::qWaitFor([&] { return up; }, 5000);
    QObject::disconnect(c);
    return done;
}

} // namespace

TEST(WebSocketConnection, AFrameAnnouncingGigabytesIsRefusedOnItsHeader)
{
    const double before = rssMb();
    HostileWebSocketPeer peer(HostileWebSocketPeer::Attack::HugeFrame);
    WebSocketConnection ws;
    bool closed = false;
    QObject::connect(&ws, &WebSocketConnection::disconnected, [&] { closed = true; });
    ASSERT_TRUE(openedOn(ws, peer.url()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return closed && peer.finished(); }, 10000))
        << peer.written() / (1 << 20) << " MiB taken and still reading";
    EXPECT_LT(peer.written(), qint64(8) << 20);
    EXPECT_LT(rssMb() - before, kMaxGrowthMb) << "MiB grown";
    EXPECT_TRUE(ws.closeReason().contains(QStringLiteral("larger than 1048576 bytes")))
        << ws.closeReason().toStdString();
}

TEST(WebSocketConnection, EndlessFragmentsAreCutAtTheMessageCap)
{
    const double before = rssMb();
    HostileWebSocketPeer peer(HostileWebSocketPeer::Attack::EndlessFragments);
    WebSocketConnection ws;
    bool closed = false;
    QObject::connect(&ws, &WebSocketConnection::disconnected, [&] { closed = true; });
    ASSERT_TRUE(openedOn(ws, peer.url()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return closed && peer.finished(); }, 10000))
        << peer.written() / (1 << 20) << " MiB taken and still reading";
    EXPECT_LT(peer.written(), qint64(8) << 20);
    EXPECT_LT(rssMb() - before, kMaxGrowthMb) << "MiB grown";
}

TEST(WebSocketConnection, APingFloodQueuesNoPongsPastTheCap)
{
    const double before = rssMb();
    HostileWebSocketPeer peer(HostileWebSocketPeer::Attack::PingFlood);
    WebSocketConnection ws;
    ASSERT_TRUE(openedOn(ws, peer.url()));
    qint64 mostUnsent = 0;
    const bool closed = QTest::qWaitFor(
        [&] {
            mostUnsent = std::max(mostUnsent, ws.bytesToWrite());
            return !ws.isOpen();
        },
        3000);
    EXPECT_FALSE(closed) << "pings are the node's right; only their pongs wait";
    EXPECT_GT(peer.written(), qint64(4) << 20) << "the flood was not one";
    // One pong past the cap at most: a pong is 131 bytes with its header.
    EXPECT_LE(mostUnsent, 64 * 1024 + 131);
    EXPECT_LT(rssMb() - before, kMaxGrowthMb) << "MiB grown";
}

TEST(WebSocketConnection, BrokenRulesCloseTheConnectionInWords)
{
    const std::vector<std::pair<QByteArray, QString>> cases{
        {QByteArray("\x81\x85\x01\x02\x03\x04hello", 11), QStringLiteral("masked")},
        {QByteArray("\xc1\x02hi", 4), QStringLiteral("reserved bits")},
        {QByteArray("\x82\x02hi", 4), QStringLiteral("binary")},
        {QByteArray("\x89\x7e\x00\x80", 4) + QByteArray(128, 'p'), QStringLiteral("control frame")},
        {QByteArray("\x80\x02hi", 4), QStringLiteral("out of order")},
        {QByteArray("\x81\x02\xff\xfe", 4), QStringLiteral("not UTF-8")},
        {QByteArray("\x88\x01\x03", 3), QStringLiteral("close frame breaks")},
        {QByteArray("\x88\x02\x03\xee", 4), QStringLiteral("close frame breaks")}, // 1006
        {QByteArray("\x88\x04\x03\xe8\xff\xfe", 6), QStringLiteral("close reason is not UTF-8")},
    };
    for (const auto &[bytes, words] : cases) {
        HostileWebSocketPeer peer(HostileWebSocketPeer::Attack::Once, bytes);
        WebSocketConnection ws;
        bool closed = false;
        QObject::connect(&ws, &WebSocketConnection::disconnected, [&] { closed = true; });
        ASSERT_TRUE(openedOn(ws, peer.url())) << words.toStdString();
        ASSERT_TRUE(QTest::qWaitFor([&] { return closed; }, 5000)) << words.toStdString();
        EXPECT_TRUE(ws.closeReason().contains(words))
            << words.toStdString() << ": " << ws.closeReason().toStdString();
    }
}

TEST(WebSocketConnection, SubscribesToARealNodeAndAnswersItsPings)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.2, false));
    ASSERT_TRUE(d.ok());
    WebSocketConnection ws;
    QStringList messages;
    bool ponged = false;
    QObject::connect(&ws, &WebSocketConnection::textMessageReceived,
                     [&](const QString &m) { messages.append(m); });
    QObject::connect(&ws, &WebSocketConnection::pong, [&] { ponged = true; });
    ASSERT_TRUE(openedOn(ws, d.endpoints().wsUrl));
    ws.sendTextMessage(QStringLiteral(
        R"({"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]})"));
    ws.ping("are you there");
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return ponged && std::any_of(messages.begin(), messages.end(), [](const QString &m) {
                       return m.contains(QLatin1String("gif_subscription"));
                   });
        },
        10000))
        << messages.join(u'\n').toStdString();
    // A message of 200 KiB in one frame (a block with its transactions) is read whole.
    const QString big(200 * 1024, u'a');
    ws.sendTextMessage(
        QStringLiteral(R"({"jsonrpc":"2.0","id":2,"method":"gif_chainId","params":["%1"]})")
            .arg(big));
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return messages.last().contains(QLatin1String("\"id\":2")); }, 5000));
    // Refused: a handshake to what is not a websocket.
    WebSocketConnection rest;
    rest.open(QUrl(d.endpoints().baseUrl.replace(QStringLiteral("http"), QStringLiteral("ws"))));
    bool down = false;
    QObject::connect(&rest, &WebSocketConnection::disconnected, [&] { down = true; });
    EXPECT_TRUE(QTest::qWaitFor([&] { return down; }, 5000));
    EXPECT_FALSE(rest.isOpen());
    EXPECT_TRUE(rest.errorString().contains(QStringLiteral("answered the handshake")))
        << rest.errorString().toStdString();
}

// A node whose websocket floods messages that mean nothing, from a thread of
// its own: a line says so, then one sums them up, and after a thousand in a
// row the connection is dropped (whoever follows the stream opens it
// again). Before, each was a warning of its own: 3.97 million lines, 296 MB
// of log in 30 s at full CPU, on the indexer's follower.
TEST(WebSocketStream, AFloodOfGarbageIsSummedUpAndDropped)
{
    HostileWebSocketPeer peer(HostileWebSocketPeer::Attack::TextFlood);
    static std::atomic<int> lines{0};
    lines = 0;
    const QtMessageHandler before =
        qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &) {
            if (type == QtWarningMsg)
                ++lines;
        });
    WebSocketStream stream{QUrl(peer.url())};
    bool closed = false;
    QObject::connect(&stream, &NodeStream::closed, [&](const QString &) { closed = true; });
    stream.open();
    const bool dropped = QTest::qWaitFor([&] { return closed; }, 15000);
    qInstallMessageHandler(before);
    EXPECT_TRUE(dropped) << "the connection was kept";
    EXPECT_TRUE(peer.upgraded());
    EXPECT_GT(peer.written(), 9 * 1000) << "a thousand messages and more came";
    EXPECT_LE(lines.load(), 10) << "a line for each message";
}
