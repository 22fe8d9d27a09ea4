// The websocket of PROTOCOL §7: subscriptions, ordering (head first, then
// that block's events in transaction order), keep-alive.
#include "chain/content/gifgenerator.h"
#include "tests/support/devnetharness.h"
#include "tests/support/rawwebsocket.h"
#include "tests/support/txfactory.h"
#include "tests/support/wsclient.h"

#include <QJsonArray>
#include <QMutex>
#include <QSet>
#include <QTcpSocket>
#include <QTest>
#include <QWebSocket>
#include <gtest/gtest.h>
#include <memory>

using namespace gifscan;
using namespace gifscan::test;
using gifscan::chain::ArtSpec;
using gifscan::chain::GifGenerator;

namespace {

QByteArray hex(const Bytes &raw)
{
    return toHexString(raw).toLatin1();
}

} // namespace

TEST(WebSocket, HeadsThenEventsThroughAFullCycle)
{
    DevnetHarness d(DevnetHarness::fastConfig(16, 0.1, true));
    ASSERT_TRUE(d.ok()) << d.error().toStdString();
    WsClient ws(d.endpoints().wsUrl);
    ASSERT_TRUE(ws.open());
    const QString heads = ws.call(QStringLiteral("gif_subscribe"),
                                  {QStringLiteral("newHeads")})[QStringLiteral("result")]
                              .toString();
    const QString events =
        ws.call(QStringLiteral("gif_subscribe"),
                {QStringLiteral("objectEvents"),
                 QJsonObject{{QStringLiteral("collection"),
                              QStringLiteral("ws-cycle")}}})[QStringLiteral("result")]
            .toString();
    ASSERT_FALSE(heads.isEmpty());
    ASSERT_FALSE(events.isEmpty());
    EXPECT_NE(heads, events);

    TxFactory f;
    const Address alice = TxFactory::dev(2), bob = TxFactory::dev(3);
    ArtSpec spec;
    spec.width = spec.height = 20;
    spec.frames = 4;
    ASSERT_TRUE(d.sendAndWait(hex(
        f.createCollection(2, QStringLiteral("ws-cycle"))))[QStringLiteral("receipt")]
                    .isObject());
    const QJsonObject mint = d.sendAndWait(
        hex(f.mint(2, QStringLiteral("ws-cycle"), 1, alice, GifGenerator::render(spec))));
    ASSERT_EQ(mint[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    const QJsonObject list = d.sendAndWait(
        hex(f.objectTx(TxKind::List, 2, QStringLiteral("ws-cycle"), 1, {}, oneGif())));
    ASSERT_EQ(list[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    const QJsonObject buy =
        d.sendAndWait(hex(f.objectTx(TxKind::Buy, 3, QStringLiteral("ws-cycle"), 1, {}, oneGif())));
    ASSERT_EQ(buy[QStringLiteral("receipt")][QStringLiteral("status")].toString(),
              QStringLiteral("success"));
    const auto buyHeight =
        buy[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            for (const auto &n : ws.notifications())
                if (n[QStringLiteral("subscription")] == heads &&
                    n[QStringLiteral("result")][QStringLiteral("height")].toInteger() > buyHeight)
                    return true;
            return false;
        },
        10000));

    // Heads arrive once each, in order; each event comes after its block's head.
    qint64 lastHead = -1;
    QStringList types;
    for (const auto &n : ws.notifications()) {
        const QJsonObject result = n[QStringLiteral("result")].toObject();
        if (n[QStringLiteral("subscription")] == heads) {
            const qint64 h = result[QStringLiteral("height")].toInteger();
            if (lastHead >= 0) {
                EXPECT_EQ(h, lastHead + 1);
            }
            lastHead = h;
        } else {
            EXPECT_EQ(n[QStringLiteral("subscription")].toString(), events);
            EXPECT_EQ(result[QStringLiteral("height")].toInteger(), lastHead)
                << "event before its head";
            EXPECT_EQ(result[QStringLiteral("slug")].toString(), QStringLiteral("ws-cycle"));
            types.append(result[QStringLiteral("type")].toString());
        }
    }
    EXPECT_EQ(types, (QStringList{QStringLiteral("mint"), QStringLiteral("list"),
                                  QStringLiteral("sale")}));

    // The same cycle as REST and JSON-RPC see it.
    const HttpResult object = d.get(QStringLiteral("/v1/objects/ws-cycle/1"));
    EXPECT_EQ(object.data()[QStringLiteral("owner")].toString(), toHexString(bob));
    EXPECT_EQ(object.data()[QStringLiteral("lastSale")][QStringLiteral("price")].toString(),
              amountToString(oneGif()));
    EXPECT_TRUE(object.data()[QStringLiteral("listing")].isNull());
    const QJsonArray feed =
        d.get(QStringLiteral("/v1/activity?collection=ws-cycle")).data().toArray();
    ASSERT_EQ(feed.size(), 3);
    EXPECT_EQ(feed[0][QStringLiteral("type")].toString(), QStringLiteral("sale"));
    EXPECT_EQ(feed[0][QStringLiteral("from")].toString(), toHexString(alice));
    EXPECT_EQ(feed[0][QStringLiteral("to")].toString(), toHexString(bob));
    const QJsonObject collection =
        d.get(QStringLiteral("/v1/collections?sort=newest")).data().toArray()[0].toObject();
    EXPECT_EQ(collection[QStringLiteral("volumeTotal")].toString(), amountToString(oneGif()));
    const auto listHeight =
        list[QStringLiteral("receipt")][QStringLiteral("blockHeight")].toInteger();
    const QJsonObject listing =
        d.rpcResult(QStringLiteral("gif_getListing"), {QStringLiteral("ws-cycle"), 1, listHeight})
            .toObject();
    EXPECT_EQ(listing[QStringLiteral("seller")].toString(), toHexString(alice));
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_getObject"),
                          {QStringLiteral("ws-cycle"), 1, listHeight})[QStringLiteral("owner")],
              listing[QStringLiteral("escrow")]);

    // Unsubscribed: no more heads.
    EXPECT_TRUE(
        ws.call(QStringLiteral("gif_unsubscribe"), {heads})[QStringLiteral("result")].toBool());
    EXPECT_FALSE(
        ws.call(QStringLiteral("gif_unsubscribe"), {heads})[QStringLiteral("result")].toBool());
    const auto before = ws.notifications().size();
    QTest::qWait(700);
    for (qsizetype i = before; i < ws.notifications().size(); ++i)
        EXPECT_NE(ws.notifications()[i][QStringLiteral("subscription")].toString(), heads);
}

TEST(WebSocket, RpcOverTheSocketAndBadRequests)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.5, false));
    ASSERT_TRUE(d.ok());
    WsClient ws(d.endpoints().wsUrl);
    ASSERT_TRUE(ws.open());
    EXPECT_EQ(ws.call(QStringLiteral("gif_chainId"), {})[QStringLiteral("result")].toInteger(),
              6464);
    EXPECT_EQ(
        ws.call(QStringLiteral("gif_subscribe"),
                {QStringLiteral("everything")})[QStringLiteral("error")][QStringLiteral("code")]
            .toInt(),
        -32602);
    EXPECT_EQ(ws.call(QStringLiteral("gif_subscribe"),
                      {QStringLiteral("objectEvents"),
                       5})[QStringLiteral("error")][QStringLiteral("code")]
                  .toInt(),
              -32602);
    // A filter of the wrong form is refused, never taken for "everything".
    auto code = [&](const QJsonObject &filter) {
        return ws
            .call(QStringLiteral("gif_subscribe"),
                  {QStringLiteral("objectEvents"),
                   filter})[QStringLiteral("error")][QStringLiteral("code")]
            .toInt();
    };
    EXPECT_EQ(code({{QStringLiteral("collection"), 5}}), -32602);
    EXPECT_EQ(code({{QStringLiteral("collection"), QStringLiteral("Not A Slug")}}), -32602);
    EXPECT_EQ(code({{QStringLiteral("key"), QStringLiteral("pixel-cats#01")}}), -32602);
    EXPECT_EQ(code({{QStringLiteral("types"), QStringLiteral("mint")}}), -32602);
    EXPECT_EQ(code({{QStringLiteral("types"), QJsonArray{QStringLiteral("mint"), 3}}}), -32602);
    EXPECT_EQ(code({{QStringLiteral("types"), QJsonArray{QStringLiteral("burn")}}}), -32602);
    EXPECT_TRUE(
        ws.call(QStringLiteral("gif_subscribe"),
                {QStringLiteral("objectEvents"),
                 QJsonObject{{QStringLiteral("types"),
                              QJsonArray{QStringLiteral("sale")}}}})[QStringLiteral("result")]
            .isString());
}

TEST(WebSocket, AConnectionGetsAFewSubscriptionsNotThousands)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    WsClient ws(d.endpoints().wsUrl);
    ASSERT_TRUE(ws.open());
    int accepted = 0;
    QString first;
    QJsonObject refused;
    for (int i = 0; i < 40 && refused.isEmpty(); ++i) {
        const QJsonObject answer =
            ws.call(QStringLiteral("gif_subscribe"), {QStringLiteral("newHeads")});
        if (answer.contains(QStringLiteral("result"))) {
            ++accepted;
            if (first.isEmpty())
                first = answer[QStringLiteral("result")].toString();
        } else {
            refused = answer;
        }
    }
    EXPECT_EQ(accepted, 32);
    EXPECT_EQ(refused[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32600);
    // Unsubscribing makes room again.
    EXPECT_TRUE(
        ws.call(QStringLiteral("gif_unsubscribe"), {first})[QStringLiteral("result")].toBool());
    EXPECT_TRUE(ws.call(QStringLiteral("gif_subscribe"),
                        {QStringLiteral("newHeads")})[QStringLiteral("result")]
                    .isString());
}

TEST(WebSocket, PingsAndClosesASilentPeer)
{
    auto config = DevnetHarness::fastConfig(8, 1.0, false);
    config.pingMs = 100;
    config.silenceMs = 600;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());

    // A well-behaved client answers pings (QWebSocket does) and stays.
    WsClient good(d.endpoints().wsUrl);
    ASSERT_TRUE(good.open());
    int pings = 0;
    QObject::connect(&good.socket(), &QWebSocket::pong, &good.socket(), [] {});
    // A peer that completed the handshake and then says nothing at all.
    QTcpSocket silent;
    const QUrl url(d.endpoints().wsUrl);
    silent.connectToHost(url.host(), static_cast<quint16>(url.port()));
    ASSERT_TRUE(silent.waitForConnected(3000));
    silent.write(
        "GET / HTTP/1.1\r\nHost: " + url.host().toLatin1() +
        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    QByteArray received;
    QObject::connect(&silent, &QTcpSocket::readyRead, &silent, [&] {
        const QByteArray chunk = silent.readAll();
        received += chunk;
        // Frames after the handshake: opcode 0x9 is a ping.
        if (chunk.startsWith(char(0x89)))
            ++pings;
    });
    const bool closed =
        QTest::qWaitFor([&] { return silent.state() == QAbstractSocket::UnconnectedState; }, 5000);
    EXPECT_TRUE(closed) << "a silent peer must be closed";
    EXPECT_TRUE(received.startsWith("HTTP/1.1 101"));
    EXPECT_TRUE(received.contains(char(0x89))) << "the node pings";
    EXPECT_EQ(good.socket().state(), QAbstractSocket::ConnectedState)
        << "a peer that answers pings stays";
    (void)pings;
}

// A subscriber that never reads is dropped once what waits for it passes
// the cap, instead of being buffered for without end; one that reads stays.
namespace {
// The node says when it drops a subscriber, and whose port, on its own
// thread; the test reads the ports on its.
struct DroppedPorts
{
    QMutex mutex;
    QSet<int> ports;
    // All drops, those the log only counts in its summary line too.
    int total = 0;
    void clear()
    {
        QMutexLocker lock(&mutex);
        ports.clear();
        total = 0;
    }
    int count()
    {
        QMutexLocker lock(&mutex);
        return total;
    }
    bool contains(int port)
    {
        QMutexLocker lock(&mutex);
        return ports.contains(port);
    }
} droppedPorts;
QtMessageHandler previousHandler = nullptr;
void noteDrops(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const bool node =
        context.category && QByteArrayView(context.category) == "gifscan.devnet.websocket";
    if (node && message.startsWith(QLatin1String("dropping a subscriber"))) {
        QMutexLocker lock(&droppedPorts.mutex);
        droppedPorts.ports.insert(
            message.section(QLatin1String("port "), 1).section(u' ', 0, 0).toInt());
        ++droppedPorts.total;
    } else if (node && message.contains(QLatin1String(" more subscribers dropped"))) {
        // The node says a flood of drops once a second, as a count.
        QMutexLocker lock(&droppedPorts.mutex);
        droppedPorts.total += message.section(u' ', 0, 0).toInt();
    }
    previousHandler(type, context, message);
}

// A client's text frame (RFC 6455 §5.2), masked as a client must, of up to 125 bytes.
QByteArray maskedTextFrame(const QByteArray &text)
{
    QByteArray frame;
    frame.append(char(0x81)).append(char(0x80 | text.size()));
    const char mask[4] = {7, 1, 9, 3};
    frame.append(mask, 4);
    for (qsizetype i = 0; i < text.size(); ++i)
        frame.append(char(text[i] ^ mask[i % 4]));
    return frame;
}

// A websocket client that subscribes 32 times and then reads nothing: Qt
// must not read for it past 4 KiB, so the node's own buffer is what fills.
std::unique_ptr<QTcpSocket> deafSubscriber(const QUrl &url)
{
    auto deaf = rawWebSocketClient(url, 4096);
    if (!deaf)
        return nullptr;
    const QByteArray subscribe =
        R"({"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":["newHeads"]})";
    for (int i = 0; i < 32; ++i)
        deaf->write(maskedTextFrame(subscribe));
    deaf->flush();
    return deaf;
}

// Reading again, a dropped subscriber finds the end of what was sent before the drop.
bool closedOnceRead(QTcpSocket &socket)
{
    socket.setReadBufferSize(0);
    return QTest::qWaitFor(
        [&] {
            socket.readAll();
            return socket.state() == QAbstractSocket::UnconnectedState;
        },
        10000);
}
} // namespace

TEST(WebSocket, ASubscriberThatNeverReadsIsDropped)
{
    auto config = DevnetHarness::fastConfig(8, 0.01, false);
    config.maxUnsentBytes = 64 * 1024;
    config.silenceMs = 600000; // the cap, not the silence, must close it
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    WsClient reader(d.endpoints().wsUrl);
    ASSERT_TRUE(reader.open());
    ASSERT_TRUE(reader
                    .call(QStringLiteral("gif_subscribe"),
                          {QStringLiteral("newHeads")})[QStringLiteral("result")]
                    .isString());

    droppedPorts.clear();
    previousHandler = qInstallMessageHandler(noteDrops);
    const auto deaf = deafSubscriber(QUrl(d.endpoints().wsUrl));
    ASSERT_TRUE(deaf);
    const int port = deaf->localPort(); // forgotten once it sees the close
    const bool dropped = QTest::qWaitFor([&] { return droppedPorts.contains(port); }, 30000);
    qInstallMessageHandler(previousHandler);
    EXPECT_TRUE(dropped) << "a subscriber that never reads must be dropped";
    EXPECT_TRUE(closedOnceRead(*deaf));
    EXPECT_EQ(reader.socket().state(), QAbstractSocket::ConnectedState) << "one that reads stays";
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// Many subscribers each within their own cap still add up: past the total,
// the ones furthest behind are dropped until the rest fit.
TEST(WebSocket, ManyDeafSubscribersAreBoundedTogether)
{
    auto config = DevnetHarness::fastConfig(8, 0.01, false);
    config.maxUnsentBytes = 64 * 1024 * 1024; // never reached alone
    config.maxUnsentTotalBytes = 96 * 1024;
    config.silenceMs = 600000;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    droppedPorts.clear();
    previousHandler = qInstallMessageHandler(noteDrops);
    std::vector<std::unique_ptr<QTcpSocket>> deaf;
    for (int i = 0; i < 3; ++i) {
        deaf.push_back(deafSubscriber(QUrl(d.endpoints().wsUrl)));
        ASSERT_TRUE(deaf.back());
    }
    const bool dropped = QTest::qWaitFor([&] { return droppedPorts.count() >= 3; }, 30000);
    qInstallMessageHandler(previousHandler);
    EXPECT_TRUE(dropped) << "deaf subscribers must not add up past the total";
    for (auto &s : deaf)
        EXPECT_TRUE(closedOnceRead(*s));
    EXPECT_EQ(d.rpcResult(QStringLiteral("gif_chainId")).toInt(), 6464);
}

// RFC 6455 §5.1: a server closes a client that sends an unmasked frame (Qt's
// server answered it); masked frames in odd pieces are read as ever.
TEST(WebSocket, AnUnmaskedFrameClosesTheConnection)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QUrl url(d.endpoints().wsUrl);
    auto handshaken = [&] { return rawWebSocketClient(url); };
    const QByteArray call = R"({"jsonrpc":"2.0","id":7,"method":"gif_chainId"})";

    // Masked, sent a byte at a time (each its own arrival, so Qt's reader
    // leaves header tails for the next round): answered.
    const auto honest = handshaken();
    ASSERT_TRUE(honest);
    for (char c : maskedTextFrame(call)) {
        honest->write(&c, 1);
        honest->flush();
        QTest::qWait(1);
    }
    QByteArray answer;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            answer += honest->readAll();
            return answer.contains("6464");
        },
        5000));

    // Unmasked: closed, not answered.
    const auto rude = handshaken();
    ASSERT_TRUE(rude);
    QByteArray plain;
    plain.append(char(0x81)).append(char(call.size())).append(call);
    rude->write(plain);
    QByteArray rudeAnswer;
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            rudeAnswer += rude->readAll();
            return rude->state() == QAbstractSocket::UnconnectedState;
        },
        5000));
    EXPECT_FALSE(rudeAnswer.contains("6464")) << rudeAnswer.toStdString();
    // The honest one goes on.
    EXPECT_EQ(honest->state(), QAbstractSocket::ConnectedState);
}
